import {
  DEFAULT_DECIMAL_PLACES,
  type DecimalPlaces,
  type DocumentSide,
  type ListResult,
  type ReceiptDetail,
  type ReceiptLine,
  type ReceiptListItem,
  type receiptListSchema,
  sumTaxed,
  taxedLine,
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

/** Per kind, the widest places of the receipt's orders: every line and every sum is exact at these. */
function widestPlaces(all: DecimalPlaces[]): DecimalPlaces {
  if (!all.length) return DEFAULT_DECIMAL_PLACES;
  const widest = (kind: keyof DecimalPlaces) => Math.max(...all.map((p) => p[kind]));
  return { quantity: widest('quantity'), price: widest('price'), amount: widest('amount') };
}

/**
 * One receipt with its lines, each split into amounts excluding tax, tax and including tax by the one
 * rule of the money module; whether a price includes tax is its order's. Prices and amounts are masked
 * on the way out for a position without them.
 */
export async function getReceipt({ tx: q, auth, tenantId }: RequestContext, id: string): Promise<ReceiptDetail> {
  const side = await partyOf(q, tenantId, rc, id);
  if (!side) throw new AppError('NOT_FOUND');
  const [item] = await baseSelect(q, side)
    .where(and(eq(rc.id, id), await sideCondition(q, auth, side, rc)))
    .limit(1);
  if (!item) throw new AppError('NOT_FOUND');
  requireAny(auth, readPermission(side));
  const rows = await q
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
      taxIncluded: po.taxIncluded,
      places: po.decimalPlaces,
    })
    .from(rl)
    .innerJoin(po, and(eq(po.tenantId, rl.tenantId), eq(po.id, rl.orderId)))
    .where(and(eq(rl.tenantId, item.customerTenantId), eq(rl.receiptId, id)))
    .orderBy(asc(rl.lineNo));
  const lines = rows.map(({ taxIncluded, places, ...l }): ReceiptLine => {
    // At the places of the line's own order, as its amount was computed when warehoused.
    const taxed = taxedLine(l, taxIncluded, places.amount);
    return { ...l, amountExcl: taxed.excl, taxAmount: taxed.tax, amountIncl: taxed.incl };
  });
  const decimalPlaces = widestPlaces(rows.map((r) => r.places));
  const totals = sumTaxed(
    lines.map((l) => ({ excl: l.amountExcl, tax: l.taxAmount, incl: l.amountIncl })),
    decimalPlaces.amount,
  );
  return {
    ...(item as ReceiptListItem),
    side,
    lines,
    totalAmountExcl: totals.excl,
    totalTaxAmount: totals.tax,
    totalAmountIncl: totals.incl,
    decimalPlaces,
  };
}
