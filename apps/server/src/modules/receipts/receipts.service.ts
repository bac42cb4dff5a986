import type {
  DecimalPlaces,
  DocumentSide,
  ListResult,
  ReceiptDetail,
  ReceiptLine,
  ReceiptListItem,
  receiptListSchema,
} from '@concord/shared';
import { and, asc, count, desc, eq, gte, ilike, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { enterprises } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { escapeLike, partyOf, requireAny, sideCondition } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { warehouses } from '../basic-data/basic-data.table.ts';
import { readPermission } from '../delivery-notes/delivery-notes.common.ts';
import { deliveryNotes as dn } from '../delivery-notes/delivery-notes.table.ts';
import { enterpriseName } from '../enterprises/enterprises.names.ts';
import { purchaseOrders as po } from '../purchase-orders/purchase-orders.table.ts';
import { suppliers } from '../suppliers/suppliers.table.ts';
import { receipts as rc, receiptLines as rl } from './receipts.table.ts';

type ListQuery = z.infer<typeof receiptListSchema>;

const listColumns = (side: DocumentSide) => ({
  id: rc.id,
  receiptNo: rc.receiptNo,
  noteId: rc.noteId,
  noteNo: sql<string>`coalesce(${dn.noteNo}, '')`,
  supplierId: rc.supplierId,
  supCode: sql<string>`coalesce(${suppliers.supCode}, '')`,
  supName: sql<string>`coalesce(${suppliers.supName}, '')`,
  customerTenantId: rc.tenantId,
  customerName: sql<string>`coalesce(${enterpriseName}, '')`,
  // The warehouse is the buyer's archive: the supplier sees none.
  warehouseId: side === 'buyer' ? rc.warehouseId : sql<string | null>`null`,
  warehouseName: side === 'buyer' ? sql<string>`coalesce(${warehouses.name}, '')` : sql<string>`''`,
  receiptDate: rc.receiptDate,
  lineCount: rc.lineCount,
  totalQty: rc.totalQty,
  totalAmount: rc.totalAmount,
  createdAt: rc.createdAt,
});

const SORTABLE = { receiptNo: rc.receiptNo, receiptDate: rc.receiptDate, createdAt: rc.createdAt };

function baseSelect(q: Queryable, side: DocumentSide) {
  return q
    .select(listColumns(side))
    .from(rc)
    .leftJoin(dn, and(eq(dn.tenantId, rc.tenantId), eq(dn.id, rc.noteId)))
    .leftJoin(suppliers, and(eq(suppliers.tenantId, rc.tenantId), eq(suppliers.id, rc.supplierId)))
    .leftJoin(enterprises, eq(enterprises.id, rc.tenantId))
    .leftJoin(
      warehouses,
      side === 'buyer' ? and(eq(warehouses.tenantId, rc.tenantId), eq(warehouses.id, rc.warehouseId)) : sql`false`,
    );
}

/** Warehousing receipts: the buyer's within its data scope, or those of the goods a supplier delivered. */
export async function listReceipts(
  { tx: q, auth }: RequestContext,
  query: ListQuery,
): Promise<ListResult<ReceiptListItem>> {
  const f = query.filter ?? { side: 'buyer' as const };
  requireAny(auth, readPermission(f.side));
  const where: SQL | undefined = and(
    await sideCondition(q, auth, f.side, rc),
    f.receiptNo ? ilike(rc.receiptNo, escapeLike(f.receiptNo)) : undefined,
    f.noteNo ? ilike(dn.noteNo, escapeLike(f.noteNo)) : undefined,
    f.supplierId ? eq(rc.supplierId, f.supplierId) : undefined,
    f.customerTenantId ? eq(rc.tenantId, f.customerTenantId) : undefined,
    f.dateFrom ? gte(rc.receiptDate, f.dateFrom) : undefined,
    f.dateTo ? lte(rc.receiptDate, f.dateTo) : undefined,
  );
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    baseSelect(q, f.side)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [rc.createdAt, 'desc']), desc(rc.id))
      .limit(page.limit)
      .offset(page.offset),
    q
      .select({ total: count() })
      .from(rc)
      .leftJoin(dn, and(eq(dn.tenantId, rc.tenantId), eq(dn.id, rc.noteId)))
      .where(where),
  ]);
  return { dataList: rows as ReceiptListItem[], totalCount: total };
}

/** One receipt with its lines; prices and amounts are masked on the way out for a position without them. */
export async function getReceipt({ tx: q, auth, tenantId }: RequestContext, id: string): Promise<ReceiptDetail> {
  const side = await partyOf(q, tenantId, rc, id);
  if (!side) throw new AppError('NOT_FOUND');
  const [item] = await baseSelect(q, side)
    .where(and(eq(rc.id, id), await sideCondition(q, auth, side, rc)))
    .limit(1);
  if (!item) throw new AppError('NOT_FOUND');
  requireAny(auth, readPermission(side));
  const lines = await q
    .select({
      id: rl.id,
      lineNo: rl.lineNo,
      noteLineId: rl.noteLineId,
      orderId: rl.orderId,
      orderNo: rl.orderNo,
      orderLineId: rl.orderLineId,
      materialId: rl.materialId,
      prdtNo: rl.prdtNo,
      prdtName: rl.prdtName,
      prdtSpc: rl.prdtSpc,
      unitName: rl.unitName,
      qty: rl.qty,
      price: rl.price,
      taxRate: rl.taxRate,
      amount: rl.amount,
      currency: rl.currency,
      dueDate: rl.dueDate,
      arrivalDate: rl.arrivalDate,
      receiptDate: rl.receiptDate,
      reconciliationId: rl.reconciliationId,
    })
    .from(rl)
    .where(and(eq(rl.tenantId, item.customerTenantId), eq(rl.receiptId, id)))
    .orderBy(asc(rl.lineNo));
  const [order] = lines.length
    ? await q
        .select({ places: po.decimalPlaces })
        .from(po)
        .where(and(eq(po.tenantId, item.customerTenantId), eq(po.id, lines[0]!.orderId)))
    : [];
  const decimalPlaces: DecimalPlaces = order?.places ?? { quantity: 2, price: 4, amount: 2 };
  return { ...(item as ReceiptListItem), side, lines: lines as ReceiptLine[], decimalPlaces };
}
