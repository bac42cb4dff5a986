import {
  type ListResult,
  PURCHASE_CHANGE_STATUS,
  PURCHASE_ORDER_LINE_STATUS,
  type PurchaseChangeListItem,
  type PurchaseOrderDetail,
  type PurchaseOrderLine,
  type PurchaseOrderListItem,
  type PurchaseOrderSide,
  type purchaseOrderListSchema,
  sumTaxed,
  taxedLine,
  type UploadedFileRef,
} from '@concord/shared';
import { and, asc, count, desc, eq, exists, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { enterprises, suppliers, users, warehouses } from '../../db/schema.ts';
import type { MemberAuth, RequestContext } from '../../platform/context.ts';
import { type DataScope, resolveDataScope } from '../../platform/data-scope.ts';
import { escapeLike, historyOfDocument, requireAny } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { timeZoneOf } from '../../platform/time.ts';
import { enterpriseName } from '../enterprises/enterprises.names.ts';
import { findOrder, type OrderDims, readPermission, sideCondition } from './purchase-orders.common.ts';
import type { OrderRow } from './purchase-orders.lines.ts';
import { ORDER_MODULE } from './purchase-orders.notify.ts';
import {
  purchaseOrders as po,
  purchaseOrderChanges as poc,
  purchaseOrderLines as pol,
  purchaseOrderTallies as tallies,
} from './purchase-orders.table.ts';

/* Reading orders: the list of either side (counted from the tallies when it can) and one order's detail. */

type ListQuery = z.infer<typeof purchaseOrderListSchema>;

const listColumns = {
  id: po.id,
  orderNo: po.orderNo,
  supplierId: po.supplierId,
  supCode: sql<string>`coalesce(${suppliers.supCode}, '')`,
  supName: sql<string>`coalesce(${suppliers.supName}, '')`,
  customerTenantId: po.tenantId,
  customerName: sql<string>`coalesce(${enterpriseName}, '')`,
  status: po.status,
  revision: po.revision,
  currency: po.currency,
  taxIncluded: po.taxIncluded,
  paymentTerms: po.paymentTerms,
  orderDate: po.orderDate,
  totalAmount: po.totalAmount,
  lineCount: po.lineCount,
  decimalPlaces: po.decimalPlaces,
  ownerName: users.name,
  createdAt: po.createdAt,
  updatedAt: po.updatedAt,
  sentAt: po.sentAt,
};

const SORTABLE = {
  orderNo: po.orderNo,
  orderDate: po.orderDate,
  status: po.status,
  totalAmount: po.totalAmount,
  createdAt: po.createdAt,
  sentAt: po.sentAt,
};

/** `extra` columns ride along with the list columns (the list's total). */
function baseSelect<Extra extends Record<string, SQL>>(q: Queryable, extra: Extra = {} as Extra) {
  return q
    .select({ ...listColumns, ...extra })
    .from(po)
    .leftJoin(suppliers, and(eq(suppliers.tenantId, po.tenantId), eq(suppliers.id, po.supplierId)))
    .leftJoin(enterprises, eq(enterprises.id, po.tenantId))
    .leftJoin(users, eq(users.id, po.ownerId));
}

type ListFilter = NonNullable<ListQuery['filter']>;

/** Filters on the order's own fields, which its tallies do not carry. */
function documentFilter(q: Queryable, f: ListFilter): SQL | undefined {
  const material = f.material ? escapeLike(f.material) : null;
  return and(
    f.orderNo ? ilike(po.orderNo, escapeLike(f.orderNo)) : undefined,
    f.dateFrom ? gte(po.orderDate, f.dateFrom) : undefined,
    f.dateTo ? lte(po.orderDate, f.dateTo) : undefined,
    material
      ? exists(
          q
            .select({ one: sql`1` })
            .from(pol)
            .where(
              and(
                eq(pol.tenantId, po.tenantId),
                eq(pol.orderId, po.id),
                or(ilike(pol.prdtNo, material), ilike(pol.prdtName, material)),
              ),
            ),
        )
      : undefined,
  );
}

function dimensionFilter(auth: MemberAuth, f: ListFilter, scope: DataScope, d: OrderDims): SQL | undefined {
  return and(
    sideCondition(auth, f.side, scope, d),
    f.supplierId ? eq(d.supplierId, f.supplierId) : undefined,
    f.customerTenantId ? eq(d.tenantId, f.customerTenantId) : undefined,
    f.statuses?.length ? inArray(d.status, f.statuses) : undefined,
  );
}

export async function orderListWhere(q: Queryable, auth: MemberAuth, f: ListFilter): Promise<SQL | undefined> {
  requireAny(auth, readPermission(f.side));
  const scope = await resolveDataScope(q, auth);
  return and(dimensionFilter(auth, f, scope, po), documentFilter(q, f));
}

const tallyDims: OrderDims = {
  tenantId: tallies.tenantId,
  supplierTenantId: tallies.supplierTenantId,
  supplierId: tallies.supplierId,
  ownerId: tallies.ownerId,
  deptId: tallies.deptId,
  status: tallies.status,
};

/**
 * One statement: the page, each row carrying the total. Without a filter on the order's own fields
 * the total is summed from the tallies (a few rows) instead of counting the tenant's orders.
 */
export async function listOrders(
  { tx: q, auth }: RequestContext,
  query: ListQuery,
): Promise<ListResult<PurchaseOrderListItem>> {
  const f = query.filter ?? { side: 'buyer' };
  requireAny(auth, readPermission(f.side));
  const scope = await resolveDataScope(q, auth);
  const ownFields = documentFilter(q, f);
  const where = and(dimensionFilter(auth, f, scope, po), ownFields);
  const counted = ownFields
    ? q.select({ total: count() }).from(po).where(where)
    : q
        .select({ total: sql<number>`coalesce(sum(${tallies.n}), 0)::int` })
        .from(tallies)
        .where(dimensionFilter(auth, f, scope, tallyDims));
  const page = pageOf(query.pageParam);
  const rows = await baseSelect(q, { total: sql<number>`(${counted})`.mapWith(Number) })
    .where(where)
    .orderBy(...orderBy(query.orderParam, SORTABLE, [po.createdAt, 'desc']), desc(po.id))
    .limit(page.limit)
    .offset(page.offset);
  const totalCount = rows.length ? rows[0]!.total : (await counted)[0]!.total;
  return {
    dataList: rows.map(({ total: _, ...item }) => item as PurchaseOrderListItem),
    totalCount: Number(totalCount),
  };
}
// ---------------------------------------------------------------------------------------------
// Detail

async function linesForView(q: Queryable, row: OrderRow, side: PurchaseOrderSide) {
  const lines = await q
    .select({
      id: pol.id,
      lineNo: pol.lineNo,
      materialId: pol.materialId,
      prdtNo: pol.prdtNo,
      prdtName: pol.prdtName,
      prdtSpc: pol.prdtSpc,
      supPrdtNo: pol.supPrdtNo,
      unitNo: pol.unitNo,
      unitName: pol.unitName,
      qty: pol.qty,
      price: pol.price,
      taxRate: pol.taxRate,
      amount: pol.amount,
      requestedDate: pol.requestedDate,
      warehouseId: pol.warehouseId,
      // The warehouse is the buyer's; the supplier cannot read the buyer's archive and sees none.
      warehouseName: sql<string>`coalesce(${warehouses.name}, '')`,
      remark: pol.remark,
      status: pol.status,
      confirmedQty: pol.confirmedQty,
      confirmedDate: pol.confirmedDate,
      proposedQty: pol.proposedQty,
      proposedDate: pol.proposedDate,
      supplierRemark: pol.supplierRemark,
      deliveredQty: pol.deliveredQty,
      receivedQty: pol.receivedQty,
      contractLineId: pol.contractLineId,
      version: pol.version,
    })
    .from(pol)
    .leftJoin(
      warehouses,
      side === 'buyer' ? and(eq(warehouses.tenantId, pol.tenantId), eq(warehouses.id, pol.warehouseId)) : sql`false`,
    )
    .where(and(eq(pol.tenantId, row.tenantId), eq(pol.orderId, row.id)))
    .orderBy(asc(pol.lineNo));
  return lines as Omit<PurchaseOrderLine, 'amountExcl' | 'taxAmount' | 'amountIncl'>[];
}

export async function changesOfOrder(q: Queryable, row: OrderRow, side: PurchaseOrderSide) {
  const rows = await q
    .select({
      id: poc.id,
      changeNo: poc.changeNo,
      orderId: poc.orderId,
      supplierId: poc.supplierId,
      revision: poc.revision,
      status: poc.status,
      reason: poc.reason,
      diffCount: sql<number>`jsonb_array_length(${poc.diff})::int`,
      ownerName: users.name,
      createdAt: poc.createdAt,
      sentAt: poc.sentAt,
      confirmedAt: poc.confirmedAt,
    })
    .from(poc)
    .leftJoin(users, eq(users.id, poc.ownerId))
    .where(
      and(
        eq(poc.tenantId, row.tenantId),
        eq(poc.orderId, row.id),
        side === 'supplier'
          ? inArray(poc.status, [PURCHASE_CHANGE_STATUS.SENT, PURCHASE_CHANGE_STATUS.CONFIRMED])
          : undefined,
      ),
    )
    .orderBy(desc(poc.revision), desc(poc.createdAt));
  return rows.map((r) => ({ ...r, orderNo: row.orderNo, supName: '', customerName: '' }));
}

/** Each line's amounts excluding tax, tax and including tax, by the one rule of the money module. */
function withTax(lines: Omit<PurchaseOrderLine, 'amountExcl' | 'taxAmount' | 'amountIncl'>[], row: OrderRow) {
  return lines.map((l): PurchaseOrderLine => {
    const taxed = taxedLine(l, row.taxIncluded, row.decimalPlaces.amount);
    return { ...l, amountExcl: taxed.excl, taxAmount: taxed.tax, amountIncl: taxed.incl };
  });
}

export async function getOrder(ctx: RequestContext, id: string): Promise<PurchaseOrderDetail> {
  const { tx, auth } = ctx;
  const hit = await findOrder(tx, auth, id);
  if (!hit) throw new AppError('NOT_FOUND');
  const { side, row } = hit;
  const [item] = await baseSelect(tx).where(and(eq(po.tenantId, row.tenantId), eq(po.id, id)));
  if (!item) throw new AppError('NOT_FOUND');
  const lines = withTax(await linesForView(tx, row, side), row);
  const live = lines.filter((l) => l.status !== PURCHASE_ORDER_LINE_STATUS.CANCELLED);
  const totals = sumTaxed(
    live.map((l) => ({ excl: l.amountExcl, tax: l.taxAmount, incl: l.amountIncl })),
    row.decimalPlaces.amount,
  );
  const changes = await changesOfOrder(tx, row, side);
  return {
    ...(item as PurchaseOrderListItem),
    side,
    buyerTimeZone: await timeZoneOf(tx, row.tenantId),
    remarks: row.remarks,
    attachments: row.attachments as UploadedFileRef[],
    version: row.version,
    totalAmountExcl: totals.excl,
    totalTaxAmount: totals.tax,
    totalAmountIncl: totals.incl,
    lines,
    changes: changes.map(
      (c) => ({ ...c, supName: item.supName, customerName: item.customerName }) as PurchaseChangeListItem,
    ),
    history: await historyOfDocument(ctx, row, ORDER_MODULE, id),
  };
}
