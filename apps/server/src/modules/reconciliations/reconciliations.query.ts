import {
  compareDecimals,
  DEFAULT_DECIMAL_PLACES,
  type DecimalPlaces,
  type DocumentSide,
  type ListResult,
  RECONCILIATION_STATUS,
  type ReconciliationDetail,
  type ReconciliationLine,
  type ReconciliationListItem,
  type reconciliationListSchema,
  reconciliationMachine,
  reconciliationRole,
  roundDecimal,
  sumTaxed,
  taxedLine,
} from '@concord/shared';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { enterprises, users } from '../../db/schema.ts';
import type { MemberAuth, RequestContext } from '../../platform/context.ts';
import { escapeLike, findDocument, historyOfDocument, requireAny, sideCondition } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { timeZoneOf } from '../../platform/time.ts';
import { enterpriseName } from '../enterprises/enterprises.names.ts';
import { purchaseOrders as po } from '../purchase-orders/purchase-orders.table.ts';
import { receiptLines as rcl } from '../receipts/receipts.table.ts';
import { suppliers } from '../suppliers/suppliers.table.ts';
import { permissionOf, RECONCILIATION_MODULE, type StatementRow } from './reconciliations.common.ts';
import { reconciliations as rc, reconciliationLines as rl } from './reconciliations.table.ts';

/* Reading statements: which a side sees, the list, one statement's detail and its rounding. */

type ListQuery = z.infer<typeof reconciliationListSchema>;

const S = RECONCILIATION_STATUS;
/** Places a tax rate is compared at: more than any rate is entered with. */
const RATE_KEY_PLACES = 6;

// ---------------------------------------------------------------------------------------------
// Visibility

/** A draft is its drafter's alone; every other state both sides see, each within its data scope. */
async function statementSideCondition(q: Queryable, auth: MemberAuth, side: DocumentSide): Promise<SQL | undefined> {
  return and(await sideCondition(q, auth, side, rc), or(ne(rc.status, S.DRAFT), eq(rc.draftedBy, side)));
}

/** The statement as the caller sees it, and on which side; not visible → null (the route answers 404). */
export const findStatement = (
  q: Queryable,
  auth: MemberAuth,
  id: string,
): Promise<{ side: DocumentSide; row: StatementRow } | null> =>
  findDocument(q, auth, rc, id, {
    visible: (side) => statementSideCondition(q, auth, side),
    read: (side) => [permissionOf(side)],
  });

// ---------------------------------------------------------------------------------------------
// Lists and detail

const listColumns = {
  id: rc.id,
  statementNo: rc.statementNo,
  supplierId: rc.supplierId,
  supCode: sql<string>`coalesce(${suppliers.supCode}, '')`,
  supName: sql<string>`coalesce(${suppliers.supName}, '')`,
  customerTenantId: rc.tenantId,
  customerName: sql<string>`coalesce(${enterpriseName}, '')`,
  periodFrom: rc.periodFrom,
  periodTo: rc.periodTo,
  status: rc.status,
  draftedBy: rc.draftedBy,
  currency: rc.currency,
  lineCount: rc.lineCount,
  totalQty: rc.totalQty,
  totalAmount: rc.totalAmount,
  differenceAmount: rc.differenceAmount,
  remark: rc.remark,
  buyerConfirmedAt: rc.buyerConfirmedAt,
  buyerConfirmedBy: rc.buyerConfirmedBy,
  supplierConfirmedAt: rc.supplierConfirmedAt,
  supplierConfirmedBy: rc.supplierConfirmedBy,
  ownerName: users.name,
  sentAt: rc.sentAt,
  createdAt: rc.createdAt,
  updatedAt: rc.updatedAt,
};

const SORTABLE = {
  statementNo: rc.statementNo,
  status: rc.status,
  periodFrom: rc.periodFrom,
  periodTo: rc.periodTo,
  totalAmount: rc.totalAmount,
  createdAt: rc.createdAt,
  sentAt: rc.sentAt,
};

function baseSelect(q: Queryable) {
  return q
    .select(listColumns)
    .from(rc)
    .leftJoin(suppliers, and(eq(suppliers.tenantId, rc.tenantId), eq(suppliers.id, rc.supplierId)))
    .leftJoin(enterprises, eq(enterprises.id, rc.tenantId))
    .leftJoin(users, eq(users.id, rc.ownerId));
}

export async function listStatements(
  { tx: q, auth }: RequestContext,
  query: ListQuery,
): Promise<ListResult<ReconciliationListItem>> {
  const f = query.filter ?? { side: 'buyer' as const };
  requireAny(auth, [permissionOf(f.side)]);
  const where = and(
    await statementSideCondition(q, auth, f.side),
    f.statementNo ? ilike(rc.statementNo, escapeLike(f.statementNo)) : undefined,
    f.supplierId ? eq(rc.supplierId, f.supplierId) : undefined,
    f.customerTenantId ? eq(rc.tenantId, f.customerTenantId) : undefined,
    f.statuses?.length ? inArray(rc.status, f.statuses) : undefined,
    f.periodFrom ? gte(rc.periodTo, f.periodFrom) : undefined,
    f.periodTo ? lte(rc.periodFrom, f.periodTo) : undefined,
  );
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    baseSelect(q)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [rc.createdAt, 'desc']), desc(rc.id))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(rc).where(where),
  ]);
  return { dataList: rows as ReconciliationListItem[], totalCount: total };
}

const lineColumns = {
  id: rl.id,
  lineNo: rl.lineNo,
  receiptLineId: rl.receiptLineId,
  receiptNo: rl.receiptNo,
  receiptDate: rl.receiptDate,
  orderNo: rl.orderNo,
  prdtNo: rl.prdtNo,
  prdtName: rl.prdtName,
  unitName: rl.unitName,
  qty: rl.qty,
  price: rl.price,
  taxRate: rl.taxRate,
  amount: rl.amount,
  status: rl.status,
  disputeReason: rl.disputeReason,
  disputeQty: rl.disputeQty,
  disputePrice: rl.disputePrice,
  differenceAmount: rl.differenceAmount,
  // A receipt line always has its order; the table's default stands in should the order be gone.
  taxIncluded: sql<boolean>`coalesce(${po.taxIncluded}, true)`,
  prdtSpc: sql<string>`coalesce(${rcl.prdtSpc}, '')`,
};

/**
 * The statement's lines as stored, with whether each price includes tax (its order's flag) and the
 * receipt line's specification. The supplier reads both through its side of the two-party rows.
 */
function statementLinesOf(q: Queryable, row: StatementRow) {
  return q
    .select(lineColumns)
    .from(rl)
    .leftJoin(rcl, and(eq(rcl.tenantId, rl.tenantId), eq(rcl.id, rl.receiptLineId)))
    .leftJoin(po, and(eq(po.tenantId, rcl.tenantId), eq(po.id, rcl.orderId)))
    .where(and(eq(rl.tenantId, row.tenantId), eq(rl.reconciliationId, row.id)))
    .orderBy(asc(rl.lineNo));
}

export type TaxedStatementLine = ReconciliationLine & { prdtSpc: string };

/**
 * The statement's lines, each split into excluding tax, tax and including tax by the one rule of the
 * money module, with the receipt line's specification.
 */
export async function taxedLinesOf(
  q: Queryable,
  row: StatementRow,
  places: DecimalPlaces,
): Promise<TaxedStatementLine[]> {
  const rows = await statementLinesOf(q, row);
  return rows.map((l) => {
    const taxed = taxedLine(l, l.taxIncluded, places.amount);
    return { ...l, amountExcl: taxed.excl, taxAmount: taxed.tax, amountIncl: taxed.incl } as TaxedStatementLine;
  });
}

/**
 * The statement's tax split in total and per tax rate (what a 发票 groups by), each a sum of its lines
 * so that excluding tax + tax = including tax in every row.
 */
function taxTotals(lines: ReconciliationLine[], places: DecimalPlaces) {
  const split = (of: ReconciliationLine[]) =>
    sumTaxed(
      of.map((l) => ({ excl: l.amountExcl, tax: l.taxAmount, incl: l.amountIncl })),
      places.amount,
    );
  // `13` and `13.00` are one rate.
  const rateOf = (l: ReconciliationLine) => roundDecimal(l.taxRate, RATE_KEY_PLACES);
  const rates = [...new Set(lines.map(rateOf))].sort(compareDecimals);
  return {
    all: split(lines),
    byRate: rates.map((taxRate) => {
      const t = split(lines.filter((l) => rateOf(l) === taxRate));
      return { taxRate, amountExcl: t.excl, taxAmount: t.tax, amountIncl: t.incl };
    }),
  };
}

export async function getStatement(ctx: RequestContext, id: string): Promise<ReconciliationDetail> {
  const { tx, auth } = ctx;
  const hit = await findStatement(tx, auth, id);
  if (!hit) throw new AppError('NOT_FOUND');
  const { side, row } = hit;
  const [item] = await baseSelect(tx).where(and(eq(rc.tenantId, row.tenantId), eq(rc.id, id)));
  const role = reconciliationRole(side, row.draftedBy);
  const places = await placesOfStatement(tx, row);
  const lines = (await taxedLinesOf(tx, row, places)).map(({ prdtSpc: _, ...l }): ReconciliationLine => l);
  const totals = taxTotals(lines, places);
  return {
    ...(item as ReconciliationListItem),
    side,
    buyerTimeZone: await timeZoneOf(tx, row.tenantId),
    role,
    version: row.version,
    actions: auth.permissions.has(permissionOf(side))
      ? reconciliationMachine.available(role, row.status, () => true)
      : [],
    lines,
    history: await historyOfDocument(ctx, row, RECONCILIATION_MODULE, id),
    decimalPlaces: places,
    totalAmountExcl: totals.all.excl,
    totalTaxAmount: totals.all.tax,
    totalAmountIncl: totals.all.incl,
    taxTotals: totals.byRate,
  };
}

/**
 * Rounding of a statement: the buyer's decimal places as its orders recorded them (the supplier may
 * read the orders, not the buyer's settings); when the orders differ, the finest setting of each kind.
 */
export async function placesOfOrders(q: Queryable, buyerTenantId: string, orderIds: string[]): Promise<DecimalPlaces> {
  if (!orderIds.length) return { ...DEFAULT_DECIMAL_PLACES };
  const rows = await q
    .selectDistinct({ places: po.decimalPlaces })
    .from(po)
    .where(and(eq(po.tenantId, buyerTenantId), inArray(po.id, orderIds)));
  if (!rows.length) return { ...DEFAULT_DECIMAL_PLACES };
  return {
    quantity: Math.max(...rows.map((r) => r.places.quantity)),
    price: Math.max(...rows.map((r) => r.places.price)),
    amount: Math.max(...rows.map((r) => r.places.amount)),
  };
}

export async function placesOfStatement(q: Queryable, row: StatementRow): Promise<DecimalPlaces> {
  const orders = await q
    .selectDistinct({ orderId: rcl.orderId })
    .from(rl)
    .innerJoin(rcl, and(eq(rcl.tenantId, rl.tenantId), eq(rcl.id, rl.receiptLineId)))
    .where(and(eq(rl.tenantId, row.tenantId), eq(rl.reconciliationId, row.id)));
  return placesOfOrders(
    q,
    row.tenantId,
    orders.map((o) => o.orderId),
  );
}
