import {
  deriveOrderStatus,
  type ListResult,
  OPERATION_TYPE,
  PURCHASE_CHANGE_STATUS,
  PURCHASE_ORDER_EDITABLE_STATUSES,
  PURCHASE_ORDER_LINE_STATUS,
  PURCHASE_ORDER_STATUS,
  PURCHASE_ORDER_SUPPLIER_HIDDEN_STATUSES,
  type PurchaseChangeListItem,
  type PurchaseOrderAction,
  type PurchaseOrderDetail,
  type PurchaseOrderHistoryEntry,
  type PurchaseOrderLine,
  type PurchaseOrderListItem,
  type PurchaseOrderSide,
  type purchaseOrderActionSchema,
  type purchaseOrderCreateSchema,
  type purchaseOrderListSchema,
  purchaseOrderMachine,
  type purchaseOrderUpdateSchema,
  type UploadedFileRef,
} from '@concord/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.ts';
import { enterprises, operationLogs, suppliers, users, warehouses } from '../../db/schema.ts';
import { type Auth, inTenantTx } from '../../platform/context.ts';
import { type DataScope, resolveDataScope, scopeCondition, twoPartyCondition } from '../../platform/data-scope.ts';
import { AppError } from '../../platform/errors.ts';
import { attachFiles } from '../../platform/file-documents.ts';
import { type IdempotencyScope, idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { claimDocument } from '../../platform/state-machine.ts';
import { getDecimalPlaces } from '../basic-data/decimal-places.service.ts';
import { type Actor, recordOperation } from '../operation-logs/operation-logs.service.ts';
import { enterpriseName, nameOf } from '../qualifications/qualifications.notify.ts';
import { assertSupplierAddressable } from '../suppliers/suppliers.service.ts';
import {
  amountOf,
  decimalText,
  insertLines,
  keepHiddenPrices,
  type LineInput,
  loadLines,
  type OrderRow,
  resolveLines,
  totalOf,
} from './purchase-orders.lines.ts';
import {
  buyerOrderLink,
  type NotifyDeps,
  ORDER_MODULE,
  supplierOrderLink,
  tellOrder,
} from './purchase-orders.notify.ts';
import {
  purchaseOrders as po,
  purchaseOrderChanges as poc,
  purchaseOrderLines as pol,
  purchaseOrderTallies as tallies,
} from './purchase-orders.table.ts';

type ListQuery = z.infer<typeof purchaseOrderListSchema>;
type CreateInput = z.infer<typeof purchaseOrderCreateSchema>;
type UpdateInput = z.infer<typeof purchaseOrderUpdateSchema>;
type ActionBody = z.infer<typeof purchaseOrderActionSchema>;

export type OrderDeps = NotifyDeps;

export const BUYER_READ = 'CG_TG_SURE';
export const BUYER_CHANGE = 'CHAN_SU';
export const SUPPLIER_READ = 'CU_OR_CO';
const S = PURCHASE_ORDER_STATUS;
const L = PURCHASE_ORDER_LINE_STATUS;

export const actorOf = (auth: Auth): Actor => ({
  tenantId: auth.tenantId!,
  userId: auth.userId,
  username: auth.username,
  ip: auth.ip,
});

export function requireAny(auth: Auth, codes: readonly string[]) {
  if (!codes.some((c) => auth.permissions.has(c))) throw new AppError('FORBIDDEN');
}

const escapeLike = (v: string) => `%${v.replace(/[%_\\]/g, '\\$&')}%`;

// ---------------------------------------------------------------------------------------------
// Scope and side

/**
 * The columns an order list is narrowed by before any document field: on the orders themselves, or
 * on their tallies, which carry the same dimensions and count the orders without reading them.
 */
type OrderDims = Record<'tenantId' | 'supplierTenantId' | 'supplierId' | 'ownerId' | 'deptId' | 'status', AnyPgColumn>;

/** Both sides' two-party view; a supplier never sees the buyer's drafts. */
function sideCondition(auth: Auth, side: PurchaseOrderSide, scope: DataScope, d: OrderDims): SQL | undefined {
  return and(
    twoPartyCondition(auth.tenantId!, side, scope, d),
    side === 'supplier' ? notInArray(d.status, [...PURCHASE_ORDER_SUPPLIER_HIDDEN_STATUSES]) : undefined,
  );
}

export async function orderSideCondition(q: Queryable, auth: Auth, side: PurchaseOrderSide): Promise<SQL | undefined> {
  return sideCondition(auth, side, await resolveDataScope(q, auth), po);
}

const readPermission = (side: PurchaseOrderSide) => (side === 'buyer' ? [BUYER_READ, BUYER_CHANGE] : [SUPPLIER_READ]);

/**
 * The order as the caller sees it, and on which side: my enterprise's order opens as the buyer's, an
 * order a customer placed with me as the supplier's. Not visible → null (the route answers 404).
 */
export async function findOrder(
  q: Queryable,
  auth: Auth,
  id: string,
): Promise<{ side: PurchaseOrderSide; row: OrderRow } | null> {
  const me = auth.tenantId!;
  // One cheap look first: an id that is neither my order nor addressed to me ends here (T-01 probes).
  const [party] = await q
    .select({ tenantId: po.tenantId })
    .from(po)
    .where(and(eq(po.id, id), or(eq(po.tenantId, me), eq(po.supplierTenantId, me))))
    .limit(1);
  if (!party) return null;
  const side: PurchaseOrderSide = party.tenantId === me ? 'buyer' : 'supplier';
  const [row] = await q
    .select()
    .from(po)
    .where(and(eq(po.id, id), await orderSideCondition(q, auth, side)))
    .limit(1);
  if (!row) return null;
  requireAny(auth, readPermission(side));
  return { side, row };
}

// ---------------------------------------------------------------------------------------------
// List

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

function dimensionFilter(auth: Auth, f: ListFilter, scope: DataScope, d: OrderDims): SQL | undefined {
  return and(
    sideCondition(auth, f.side, scope, d),
    f.supplierId ? eq(d.supplierId, f.supplierId) : undefined,
    f.customerTenantId ? eq(d.tenantId, f.customerTenantId) : undefined,
    f.statuses?.length ? inArray(d.status, f.statuses) : undefined,
  );
}

export async function orderListWhere(q: Queryable, auth: Auth, f: ListFilter): Promise<SQL | undefined> {
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
  q: Queryable,
  auth: Auth,
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

export async function historyOf(
  db: Db,
  tenantId: string,
  module: string,
  id: string,
  side: PurchaseOrderSide,
): Promise<PurchaseOrderHistoryEntry[]> {
  const rows = await inTenantTx(db, tenantId, (tx) =>
    tx
      .select({ at: operationLogs.createdAt, username: operationLogs.username, summary: operationLogs.summary })
      .from(operationLogs)
      .where(
        and(eq(operationLogs.tenantId, tenantId), eq(operationLogs.module, module), eq(operationLogs.targetId, id)),
      )
      .orderBy(asc(operationLogs.createdAt), asc(operationLogs.id))
      .limit(500),
  );
  return rows.map((r) => ({ ...r, side }));
}

/** Both enterprises' log entries of one document, in time order. */
export async function bothHistories(
  db: Db,
  row: { tenantId: string; supplierTenantId: string | null },
  module: string,
  id: string,
): Promise<PurchaseOrderHistoryEntry[]> {
  return [
    ...(await historyOf(db, row.tenantId, module, id, 'buyer')),
    ...(row.supplierTenantId ? await historyOf(db, row.supplierTenantId, module, id, 'supplier') : []),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

async function linesForView(q: Queryable, row: OrderRow, side: PurchaseOrderSide): Promise<PurchaseOrderLine[]> {
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
      version: pol.version,
    })
    .from(pol)
    .leftJoin(
      warehouses,
      side === 'buyer' ? and(eq(warehouses.tenantId, pol.tenantId), eq(warehouses.id, pol.warehouseId)) : sql`false`,
    )
    .where(and(eq(pol.tenantId, row.tenantId), eq(pol.orderId, row.id)))
    .orderBy(asc(pol.lineNo));
  return lines as PurchaseOrderLine[];
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

export async function getOrder(db: Db, auth: Auth, id: string): Promise<PurchaseOrderDetail> {
  const found = await inTenantTx(db, auth.tenantId, async (tx) => {
    const hit = await findOrder(tx, auth, id);
    if (!hit) return null;
    const [item] = await baseSelect(tx).where(and(eq(po.tenantId, hit.row.tenantId), eq(po.id, id)));
    const lines = await linesForView(tx, hit.row, hit.side);
    const changes = await changesOfOrder(tx, hit.row, hit.side);
    return { ...hit, item: item!, lines, changes };
  });
  if (!found) throw new AppError('NOT_FOUND');
  const { side, row, item, lines, changes } = found;
  return {
    ...(item as PurchaseOrderListItem),
    side,
    remarks: row.remarks,
    attachments: row.attachments as UploadedFileRef[],
    version: row.version,
    lines,
    changes: changes.map(
      (c) => ({ ...c, supName: item.supName, customerName: item.customerName }) as PurchaseChangeListItem,
    ),
    history: await bothHistories(db, row, ORDER_MODULE, id),
  };
}

// ---------------------------------------------------------------------------------------------
// Buyer: create, edit, copy

/** The supplier must be one the caller may see and that can receive documents. */
async function checkSupplier(q: Queryable, auth: Auth, supplierId: string, sending: boolean) {
  const me = auth.tenantId!;
  const scope = await resolveDataScope(q, auth);
  const [seen] = await q
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(
      and(
        eq(suppliers.tenantId, me),
        eq(suppliers.id, supplierId),
        scopeCondition(scope, {
          owner: suppliers.ownerId,
          dept: suppliers.deptId,
          partner: { column: suppliers.supplierTenantId, kind: 'supplier' },
        }),
      ),
    )
    .limit(1);
  if (!seen) throw new AppError('NOT_FOUND');
  const s = await assertSupplierAddressable(q, me, supplierId);
  if (sending && !s.supplierTenantId) throw new AppError('PURCHASE_ORDER_SUPPLIER_NOT_JOINED', { name: s.supName });
  return s;
}

/**
 * Order numbers run PO + yyMMdd + a 4-digit daily sequence per enterprise. Numbering is serialized
 * per enterprise by a transaction-scoped advisory lock; the unique index is the last guard.
 */
export async function nextNumber(q: Queryable, tenantId: string, prefix: 'PO' | 'CH', today: string): Promise<string> {
  await q.execute(sql`select pg_advisory_xact_lock(7322, hashtext(${`${prefix}${tenantId}`}))`);
  const stem = `${prefix}${today.slice(2, 4)}${today.slice(5, 7)}${today.slice(8, 10)}`;
  const table = prefix === 'PO' ? po : poc;
  const column = prefix === 'PO' ? sql.raw('order_no') : sql.raw('change_no');
  const result = await q.execute<{ n: number }>(sql`
    select coalesce(max(substring(${column} from ${stem.length + 1}::int)::int), 0) as n
      from ${table} where tenant_id = ${tenantId} and ${column} like ${`${stem}%`} and ${column} ~ ${`^${stem}[0-9]{4,6}$`}`);
  return `${stem}${String(Number(result.rows[0]?.n ?? 0) + 1).padStart(4, '0')}`;
}

export const today = () => new Date().toISOString().slice(0, 10);

interface Created {
  id: string;
  orderNo: string;
  status: number;
  version: number;
}

/** Writes a new order and its lines in the caller's transaction (create, copy, import). */
export async function insertOrder(
  tx: Queryable,
  auth: Auth,
  input: Omit<CreateInput, 'lines'> & { lines: LineInput[] },
): Promise<Created & { supplierTenantId: string | null; supName: string; lineCount: number }> {
  const me = auth.tenantId!;
  const s = await checkSupplier(tx, auth, input.supplierId, input.send);
  const places = await getDecimalPlaces(tx, me);
  const lines = await resolveLines(
    tx,
    me,
    input.supplierId,
    input.lines,
    places,
    input.lines.map((_, i) => i + 1),
  );
  const id = newId();
  const orderNo = await nextNumber(tx, me, 'PO', today());
  const supplierTenantId = input.send ? s.supplierTenantId : null;
  await tx.insert(po).values({
    tenantId: me,
    supplierTenantId,
    id,
    orderNo,
    supplierId: input.supplierId,
    status: input.send ? S.SENT : S.DRAFT,
    currency: input.currency,
    taxIncluded: input.taxIncluded,
    paymentTerms: input.paymentTerms,
    orderDate: input.orderDate,
    remarks: input.remarks,
    attachments: input.attachments,
    totalAmount: totalOf(lines, places),
    lineCount: lines.length,
    decimalPlaces: places,
    ownerId: auth.userId,
    deptId: auth.deptId,
    sentAt: input.send ? sql`now()` : null,
  } as typeof po.$inferInsert);
  await insertLines(tx, { tenantId: me, id, supplierTenantId }, lines);
  await attachFiles(
    tx,
    auth.userId,
    { table: po, id, ownerTenantId: me, partnerTenantId: supplierTenantId },
    input.attachments,
  );
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.ADD,
    module: ORDER_MODULE,
    targetId: id,
    // Supplier names stay out of log summaries: a reader may be one who must not see them (T-06).
    summary: `${input.send ? 'created and sent' : 'drafted'} order ${orderNo} with ${lines.length} line(s)`,
  });
  return {
    id,
    orderNo,
    status: input.send ? S.SENT : S.DRAFT,
    version: 1,
    supplierTenantId: s.supplierTenantId,
    supName: s.supName,
    lineCount: lines.length,
  };
}

export async function tellSent(
  deps: OrderDeps,
  buyerTenantId: string,
  sent: { id: string; orderNo: string; supplierTenantId: string | null; lineCount: number }[],
): Promise<void> {
  if (!sent.length) return;
  const buyerName = await nameOf(deps.db, buyerTenantId);
  await tellOrder(
    deps,
    sent
      .filter((o) => o.supplierTenantId)
      .map((o) => ({
        tenantId: o.supplierTenantId!,
        title: `${buyerName} sent you order ${o.orderNo}`,
        content: `${o.lineCount} line(s). Please confirm each line or propose another quantity or date.`,
        link: supplierOrderLink(o.id),
      })),
  );
}

export async function createOrder(
  deps: OrderDeps,
  auth: Auth,
  input: CreateInput,
  idem: IdempotencyScope,
): Promise<Created> {
  requireAny(auth, [BUYER_READ]);
  let sent: Awaited<ReturnType<typeof insertOrder>> | null = null;
  const result = await inTenantTx(deps.db, auth.tenantId, (tx) =>
    idempotent(tx, idem, async () => {
      const created = await insertOrder(tx, auth, input);
      sent = input.send ? created : null;
      return { id: created.id, orderNo: created.orderNo, status: created.status, version: created.version };
    }),
  );
  // A replayed Idempotency-Key returns the stored reply and tells nobody twice.
  if (sent) await tellSent(deps, auth.tenantId!, [sent]);
  return result;
}

export async function updateOrder(db: Db, auth: Auth, id: string, input: UpdateInput): Promise<void> {
  requireAny(auth, [BUYER_READ]);
  const me = auth.tenantId!;
  await inTenantTx(db, me, async (tx) => {
    const hit = await findOrder(tx, auth, id);
    if (hit?.side !== 'buyer') throw new AppError('NOT_FOUND');
    if (!PURCHASE_ORDER_EDITABLE_STATUSES.includes(hit.row.status as never))
      throw new AppError('PURCHASE_ORDER_NOT_EDITABLE');
    await checkSupplier(tx, auth, input.supplierId, false);
    const places = await getDecimalPlaces(tx, me);
    const given = keepHiddenPrices(auth.showPrice, input.lines, await loadLines(tx, me, id));
    const lines = await resolveLines(
      tx,
      me,
      input.supplierId,
      given,
      places,
      given.map((_, i) => i + 1),
    );
    const [moved] = await tx
      .update(po)
      .set({
        supplierId: input.supplierId,
        currency: input.currency,
        taxIncluded: input.taxIncluded,
        paymentTerms: input.paymentTerms,
        orderDate: input.orderDate,
        remarks: input.remarks,
        attachments: input.attachments,
        totalAmount: totalOf(lines, places),
        lineCount: lines.length,
        decimalPlaces: places,
        version: sql`${po.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(po.tenantId, me),
          eq(po.id, id),
          eq(po.version, input.version),
          inArray(po.status, [...PURCHASE_ORDER_EDITABLE_STATUSES]),
        ),
      )
      .returning({ id: po.id });
    if (!moved) throw new AppError('CONFLICT');
    await tx.delete(pol).where(and(eq(pol.tenantId, me), eq(pol.orderId, id)));
    await insertLines(tx, { tenantId: me, id, supplierTenantId: null }, lines);
    await attachFiles(tx, auth.userId, { table: po, id, ownerTenantId: me }, input.attachments);
    await recordOperation(tx, actorOf(auth), {
      type: OPERATION_TYPE.UPDATE,
      module: ORDER_MODULE,
      targetId: id,
      summary: `edited draft ${hit.row.orderNo}: ${lines.length} line(s)`,
    });
  });
}

/** A new draft with the same supplier, terms and lines, dated today. */
export async function copyOrder(db: Db, auth: Auth, id: string, idem: IdempotencyScope): Promise<Created> {
  requireAny(auth, [BUYER_READ]);
  return inTenantTx(db, auth.tenantId, (tx) =>
    idempotent(tx, idem, async () => {
      const hit = await findOrder(tx, auth, id);
      if (hit?.side !== 'buyer') throw new AppError('NOT_FOUND');
      const lines = (await loadLines(tx, hit.row.tenantId, id)).filter((l) => l.status !== L.CANCELLED);
      const created = await insertOrder(tx, auth, {
        supplierId: hit.row.supplierId,
        currency: hit.row.currency,
        taxIncluded: hit.row.taxIncluded,
        paymentTerms: hit.row.paymentTerms,
        orderDate: today(),
        remarks: hit.row.remarks,
        attachments: hit.row.attachments,
        send: false,
        lines: lines.map((l) => ({
          materialId: l.materialId,
          prdtNo: l.prdtNo,
          prdtName: l.prdtName,
          prdtSpc: l.prdtSpc,
          unitNo: l.unitNo,
          unitName: l.unitName,
          qty: Number(l.qty),
          price: Number(l.price),
          taxRate: Number(l.taxRate),
          requestedDate: l.requestedDate,
          warehouseId: l.warehouseId,
          remark: l.remark,
        })),
      });
      await recordOperation(tx, actorOf(auth), {
        type: OPERATION_TYPE.ADD,
        module: ORDER_MODULE,
        targetId: created.id,
        summary: `copied from order ${hit.row.orderNo}`,
      });
      return { id: created.id, orderNo: created.orderNo, status: created.status, version: created.version };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// State changes

const VERBS: Record<PurchaseOrderAction, string> = {
  send: 'sent',
  confirm: 'answered',
  accept: 'accepted counter-proposals on',
  reject: 'rejected counter-proposals on',
  close: 'closed',
  cancel: 'cancelled',
};

type LineAnswer = NonNullable<ActionBody['lines']>[number];

/** The lines named by an answer, all in `expected` status; none named and not `all` → refused. */
async function answeredLines(tx: Queryable, order: OrderRow, body: ActionBody, expected: number) {
  if (body.all) {
    return tx
      .select()
      .from(pol)
      .where(and(eq(pol.tenantId, order.tenantId), eq(pol.orderId, order.id), eq(pol.status, expected)));
  }
  const ids = [...new Set((body.lines ?? []).map((l) => l.id))];
  if (!ids.length) throw new AppError('PURCHASE_ORDER_NOTHING_TO_ANSWER');
  const rows = await tx
    .select()
    .from(pol)
    .where(and(eq(pol.tenantId, order.tenantId), eq(pol.orderId, order.id), inArray(pol.id, ids)));
  if (rows.length !== ids.length) throw new AppError('NOT_FOUND');
  const stale = rows.find((r) => r.status !== expected);
  if (stale) throw new AppError('PURCHASE_ORDER_LINE_STATE_CHANGED', { lineNo: stale.lineNo });
  return rows;
}

/**
 * Writes many lines in one statement: each row of `values` is matched by id and must still be in
 * status `from`, so a line answered meanwhile is counted as missing and the step is refused.
 */
async function updateLinesFrom(
  tx: Queryable,
  order: OrderRow,
  from: number,
  values: Record<string, unknown>[],
  columns: string,
  assignments: SQL,
): Promise<number> {
  if (!values.length) return 0;
  const result = await tx.execute(sql`
    update ${pol} as l set ${assignments}, version = l.version + 1, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(${sql.raw(columns)})
     where l.tenant_id = ${order.tenantId} and l.order_id = ${order.id} and l.id = v.id and l.status = ${from}`);
  return result.rowCount ?? 0;
}

/** The supplier's answer: a line with another quantity or date becomes a counter-proposal. */
async function answerAsSupplier(tx: Queryable, order: OrderRow, body: ActionBody) {
  if (body.all && !body.lines?.length) {
    // Every waiting line as ordered: one statement, however many lines.
    const confirmed = await tx
      .update(pol)
      .set({
        status: L.CONFIRMED,
        confirmedQty: sql`${pol.qty}`,
        confirmedDate: sql`${pol.requestedDate}`,
        proposedQty: null,
        proposedDate: null,
        version: sql`${pol.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(pol.tenantId, order.tenantId), eq(pol.orderId, order.id), eq(pol.status, L.PENDING)))
      .returning({ id: pol.id });
    if (!confirmed.length) throw new AppError('PURCHASE_ORDER_NOTHING_TO_ANSWER');
    return `${confirmed.length} line(s) confirmed, 0 counter-proposed`;
  }
  const rows = await answeredLines(tx, order, body, L.PENDING);
  if (!rows.length) throw new AppError('PURCHASE_ORDER_NOTHING_TO_ANSWER');
  const byId = new Map((body.lines ?? []).map((l) => [l.id, l] as [string, LineAnswer]));
  const places = order.decimalPlaces;
  let confirmed = 0;
  let proposed = 0;
  const values = rows.map((line) => {
    const answer = byId.get(line.id);
    const qty = answer?.qty !== undefined ? decimalText(answer.qty, places.quantity) : line.qty;
    const date = answer?.date ?? line.requestedDate;
    const proposal = Number(qty) !== Number(line.qty) || date !== line.requestedDate;
    if (Number(qty) <= 0) throw new AppError('VALIDATION_FAILED');
    if (proposal) proposed++;
    else confirmed++;
    return {
      id: line.id,
      status: proposal ? L.PROPOSED : L.CONFIRMED,
      cq: proposal ? null : line.qty,
      cd: proposal ? null : line.requestedDate,
      pq: proposal ? qty : null,
      pd: proposal ? date : null,
      remark: answer?.remark ?? null,
    };
  });
  const updated = await updateLinesFrom(
    tx,
    order,
    L.PENDING,
    values,
    'id bigint, status int, cq numeric, cd date, pq numeric, pd date, remark text',
    sql`status = v.status, confirmed_qty = v.cq, confirmed_date = v.cd, proposed_qty = v.pq, proposed_date = v.pd,
        supplier_remark = coalesce(v.remark, l.supplier_remark)`,
  );
  if (updated !== values.length) throw new AppError('PURCHASE_ORDER_STATE_CHANGED');
  return `${confirmed} line(s) confirmed, ${proposed} counter-proposed`;
}

/** The buyer accepts proposals (the line takes the proposed quantity and date) or rejects them. */
async function answerAsBuyer(tx: Queryable, order: OrderRow, body: ActionBody, accept: boolean) {
  const rows = await answeredLines(tx, order, body, L.PROPOSED);
  if (!rows.length) throw new AppError('PURCHASE_ORDER_NOTHING_TO_ANSWER');
  if (accept) {
    for (const line of rows) {
      if (line.proposedQty !== null && Number(line.proposedQty) < Number(line.deliveredQty))
        throw new AppError('PURCHASE_ORDER_QTY_BELOW_DELIVERED', { lineNo: line.lineNo, qty: line.deliveredQty });
    }
  }
  const values = rows.map((line) => {
    const qty = line.proposedQty ?? line.qty;
    return {
      id: line.id,
      qty,
      date: line.proposedDate ?? line.requestedDate,
      amount: amountOf(qty, line.price, order.decimalPlaces),
    };
  });
  const assignments = accept
    ? sql`status = ${L.CONFIRMED}, qty = v.qty, requested_date = v.date, amount = v.amount, confirmed_qty = v.qty,
          confirmed_date = v.date, proposed_qty = null, proposed_date = null`
    : sql`status = ${L.PENDING}, proposed_qty = null, proposed_date = null, confirmed_qty = null, confirmed_date = null`;
  const updated = await updateLinesFrom(
    tx,
    order,
    L.PROPOSED,
    values,
    'id bigint, qty numeric, date date, amount numeric',
    assignments,
  );
  if (updated !== values.length) throw new AppError('PURCHASE_ORDER_STATE_CHANGED');
  const detail = rows
    .slice(0, 20)
    .map((l) => `line ${l.lineNo}: ${l.proposedQty ?? l.qty} on ${l.proposedDate ?? l.requestedDate}`)
    .join('; ');
  return `${rows.length} line(s)${detail ? ` (${detail}${rows.length > 20 ? '; …' : ''})` : ''}`;
}

/** Header status, amount and line count after lines moved; a confirmed order closes its sent changes. */
export async function settleOrder(tx: Queryable, order: OrderRow): Promise<number> {
  const counts = await tx
    .select({ status: pol.status, n: count(), amount: sql<string>`coalesce(sum(${pol.amount}), 0)::text` })
    .from(pol)
    .where(and(eq(pol.tenantId, order.tenantId), eq(pol.orderId, order.id)))
    .groupBy(pol.status);
  const n = (s: number) => counts.find((c) => c.status === s)?.n ?? 0;
  const status = deriveOrderStatus({ pending: n(L.PENDING), confirmed: n(L.CONFIRMED), proposed: n(L.PROPOSED) });
  const total = counts.filter((c) => c.status !== L.CANCELLED).reduce((sum, c) => sum + Number(c.amount), 0);
  await tx
    .update(po)
    .set({
      status,
      totalAmount: decimalText(total, order.decimalPlaces.amount),
      lineCount: counts.filter((c) => c.status !== L.CANCELLED).reduce((sum, c) => sum + c.n, 0),
      updatedAt: sql`now()`,
    })
    .where(and(eq(po.tenantId, order.tenantId), eq(po.id, order.id)));
  if (status === S.CONFIRMED) {
    await tx
      .update(poc)
      .set({ status: PURCHASE_CHANGE_STATUS.CONFIRMED, confirmedAt: sql`now()`, version: sql`${poc.version} + 1` })
      .where(
        and(eq(poc.tenantId, order.tenantId), eq(poc.orderId, order.id), eq(poc.status, PURCHASE_CHANGE_STATUS.SENT)),
      );
  }
  return status;
}

/**
 * Claims the order for one step: the header row moves only from a status the step allows (and, when
 * the caller says which version it saw, only from that version). The row lock makes concurrent steps
 * on one order run one after the other; the loser finds the status moved and answers 409 (R-03/R-04).
 */
export const claimOrder = (
  tx: Queryable,
  order: OrderRow,
  from: readonly number[],
  version: number | undefined,
  side: PurchaseOrderSide,
  me: string,
): Promise<OrderRow> => claimDocument(tx, po, order, { from, version, side, me }, 'PURCHASE_ORDER_STATE_CHANGED');

/**
 * Runs one row of PURCHASE_ORDER_TRANSITIONS. Each side writes only its own fields: the supplier its
 * answer (confirmed or proposed quantity and date, remark), the buyer its verdict on a proposal, never
 * the other way round (T-03).
 */
export async function actOnOrder(
  deps: OrderDeps,
  auth: Auth,
  id: string,
  action: PurchaseOrderAction,
  body: ActionBody,
): Promise<PurchaseOrderDetail> {
  const t = purchaseOrderMachine.transition(action)!;
  const me = auth.tenantId!;
  const outcome = await inTenantTx(deps.db, me, async (tx) => {
    const hit = await findOrder(tx, auth, id);
    if (!hit) throw new AppError('NOT_FOUND');
    if (hit.side !== t.side) throw new AppError('PURCHASE_ORDER_WRONG_SIDE');
    requireAny(auth, [t.permission]);
    let order = await claimOrder(tx, hit.row, t.from, body.version, t.side, me);
    let details = '';
    if (action === 'send') {
      const s = await checkSupplier(tx, auth, order.supplierId, true);
      [order] = await tx
        .update(po)
        .set({ status: S.SENT, supplierTenantId: s.supplierTenantId, sentAt: sql`now()` })
        .where(and(eq(po.tenantId, me), eq(po.id, id)))
        .returning();
      await tx
        .update(pol)
        .set({ supplierTenantId: s.supplierTenantId })
        .where(and(eq(pol.tenantId, me), eq(pol.orderId, id)));
    } else if (t.lineStep) {
      details =
        action === 'confirm'
          ? `: ${await answerAsSupplier(tx, order, body)}`
          : `: ${await answerAsBuyer(tx, order, body, action === 'accept')}`;
      await settleOrder(tx, order);
    } else {
      await tx
        .update(po)
        .set({ status: t.to as number })
        .where(and(eq(po.tenantId, me), eq(po.id, id)));
    }
    const comment = body.comment?.trim() ? ` — ${body.comment.trim()}` : '';
    await recordOperation(tx, actorOf(auth), {
      type: OPERATION_TYPE.UPDATE,
      module: ORDER_MODULE,
      targetId: id,
      summary: `${VERBS[action]} order ${order.orderNo}${details}${comment}`,
    });
    const [after] = await tx
      .select()
      .from(po)
      .where(and(eq(po.tenantId, order.tenantId), eq(po.id, id)));
    return { before: hit.row, after: after!, details, comment };
  });
  await tellOtherSide(deps, auth, action, outcome);
  return getOrder(deps.db, auth, id);
}

async function tellOtherSide(
  deps: OrderDeps,
  auth: Auth,
  action: PurchaseOrderAction,
  o: { before: OrderRow; after: OrderRow; details: string; comment: string },
): Promise<void> {
  const { before, after } = o;
  if (action === 'send') {
    await tellSent(deps, after.tenantId, [after]);
    return;
  }
  const me = auth.tenantId!;
  const myName = await nameOf(deps.db, me);
  if (purchaseOrderMachine.transition(action)!.side === 'supplier') {
    await tellOrder(deps, [
      {
        tenantId: after.tenantId,
        userId: after.ownerId,
        title: `${myName} ${VERBS[action]} order ${after.orderNo}`,
        content: `${o.details.replace(/^: /, '')}${o.comment}.`,
        link: buyerOrderLink(after.id),
      },
    ]);
    return;
  }
  // A draft being cancelled was never shown to the supplier.
  if (!after.supplierTenantId || before.status === S.DRAFT) return;
  await tellOrder(deps, [
    {
      tenantId: after.supplierTenantId,
      title: `${myName} ${VERBS[action]} order ${after.orderNo}`,
      content: `${o.details.replace(/^: /, '') || after.orderNo}${o.comment}.`,
      link: supplierOrderLink(after.id),
    },
  ]);
}
