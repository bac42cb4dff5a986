import {
  type DecimalPlaces,
  type DocumentSide,
  derivePlanStatus,
  type ListResult,
  OPERATION_TYPE,
  type PlannableLines,
  type PlannableOrder,
  PURCHASE_ORDER_LINE_STATUS,
  PURCHASE_ORDER_STATUS,
  type plannableOrderListSchema,
  RECEIVING_PLAN_EDITABLE_STATUSES,
  RECEIVING_PLAN_LINE_STATUS,
  RECEIVING_PLAN_STATUS,
  RECEIVING_PLAN_SUPPLIER_HIDDEN_STATUSES,
  type ReceivingPlanAction,
  type ReceivingPlanDetail,
  type ReceivingPlanLine,
  type ReceivingPlanListItem,
  type ReceivingPlanScheduleItem,
  type receivingPlanActionSchema,
  type receivingPlanCreateSchema,
  type receivingPlanLineListSchema,
  type receivingPlanListSchema,
  receivingPlanMachine,
  type receivingPlanUpdateSchema,
  roundTo,
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
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.ts';
import { enterprises, users } from '../../db/schema.ts';
import { type Auth, inTenantTx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { type IdempotencyScope, idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { claimDocument } from '../../platform/state-machine.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { actorOf, bothHistories, orderSideCondition, requireAny } from '../purchase-orders/purchase-orders.service.ts';
import { purchaseOrders as po, purchaseOrderLines as pol } from '../purchase-orders/purchase-orders.table.ts';
import { enterpriseName, nameOf } from '../qualifications/qualifications.notify.ts';
import { suppliers } from '../suppliers/suppliers.table.ts';
import {
  buyerPlanConfirmLink,
  buyerPlanLink,
  type Deps,
  escapeLike,
  nextNumber,
  PLAN_MODULE,
  sideCondition,
  sideOf,
  supplierPlanLink,
  tellParty,
} from './receiving-plans.common.ts';
import { receivingPlanLines as rl, receivingPlans as rp } from './receiving-plans.table.ts';

type ListQuery = z.infer<typeof receivingPlanListSchema>;
type LineListQuery = z.infer<typeof receivingPlanLineListSchema>;
type CreateInput = z.infer<typeof receivingPlanCreateSchema>;
type UpdateInput = z.infer<typeof receivingPlanUpdateSchema>;
type ActionBody = z.infer<typeof receivingPlanActionSchema>;
type PlanLineInput = CreateInput['lines'][number];
export type PlanRow = typeof rp.$inferSelect;

export const PLANNER = 'RE_PLA';
export const PLAN_CONFIRMER = 'RE_PLA_SU';
export const PLAN_SUPPLIER = 'SURE_PL';
const S = RECEIVING_PLAN_STATUS;
const L = RECEIVING_PLAN_LINE_STATUS;
/** Orders with confirmed lines; a closed or cancelled order takes no new plans. */
const PLANNABLE_ORDER_STATUSES = [
  PURCHASE_ORDER_STATUS.PARTIALLY_CONFIRMED,
  PURCHASE_ORDER_STATUS.COUNTER_PROPOSED,
  PURCHASE_ORDER_STATUS.CONFIRMED,
];

const readPermission = (side: DocumentSide) => (side === 'buyer' ? [PLANNER, PLAN_CONFIRMER] : [PLAN_SUPPLIER]);

async function planSideCondition(q: Queryable, auth: Auth, side: DocumentSide): Promise<SQL | undefined> {
  return and(
    await sideCondition(q, auth, side, rp),
    side === 'supplier' ? notInArray(rp.status, [...RECEIVING_PLAN_SUPPLIER_HIDDEN_STATUSES]) : undefined,
  );
}

/** The plan as the caller sees it, and on which side; not visible → null (the route answers 404). */
export async function findPlan(
  q: Queryable,
  auth: Auth,
  id: string,
): Promise<{ side: DocumentSide; row: PlanRow } | null> {
  const side = await sideOf(q, auth, rp, id);
  const [row] = await q
    .select()
    .from(rp)
    .where(and(eq(rp.id, id), await planSideCondition(q, auth, side)))
    .limit(1);
  if (!row) return null;
  requireAny(auth, readPermission(side));
  return { side, row };
}

// ---------------------------------------------------------------------------------------------
// Lists

const listColumns = {
  id: rp.id,
  planNo: rp.planNo,
  orderId: rp.orderId,
  orderNo: sql<string>`coalesce(${po.orderNo}, '')`,
  supplierId: rp.supplierId,
  supCode: sql<string>`coalesce(${suppliers.supCode}, '')`,
  supName: sql<string>`coalesce(${suppliers.supName}, '')`,
  customerTenantId: rp.tenantId,
  customerName: sql<string>`coalesce(${enterpriseName}, '')`,
  status: rp.status,
  remark: rp.remark,
  lineCount: rp.lineCount,
  totalQty: rp.totalQty,
  firstDate: rp.firstDate,
  lastDate: rp.lastDate,
  ownerName: users.name,
  createdAt: rp.createdAt,
  updatedAt: rp.updatedAt,
  sentAt: rp.sentAt,
};

const SORTABLE = {
  planNo: rp.planNo,
  status: rp.status,
  firstDate: rp.firstDate,
  lastDate: rp.lastDate,
  createdAt: rp.createdAt,
  sentAt: rp.sentAt,
};

function baseSelect(q: Queryable) {
  return q
    .select(listColumns)
    .from(rp)
    .leftJoin(po, and(eq(po.tenantId, rp.tenantId), eq(po.id, rp.orderId)))
    .leftJoin(suppliers, and(eq(suppliers.tenantId, rp.tenantId), eq(suppliers.id, rp.supplierId)))
    .leftJoin(enterprises, eq(enterprises.id, rp.tenantId))
    .leftJoin(users, eq(users.id, rp.ownerId));
}

const materialMatch = (material: string) =>
  or(ilike(pol.prdtNo, escapeLike(material)), ilike(pol.prdtName, escapeLike(material)));

export async function listPlans(
  q: Queryable,
  auth: Auth,
  query: ListQuery,
): Promise<ListResult<ReceivingPlanListItem>> {
  const f = query.filter ?? { side: 'buyer' as const };
  requireAny(auth, readPermission(f.side));
  const lineWhere = (extra: SQL | undefined) =>
    exists(
      q
        .select({ one: sql`1` })
        .from(rl)
        .innerJoin(pol, and(eq(pol.tenantId, rl.tenantId), eq(pol.id, rl.orderLineId)))
        .where(and(eq(rl.tenantId, rp.tenantId), eq(rl.planId, rp.id), extra)),
    );
  const where = and(
    await planSideCondition(q, auth, f.side),
    f.planNo ? ilike(rp.planNo, escapeLike(f.planNo)) : undefined,
    f.orderNo ? ilike(po.orderNo, escapeLike(f.orderNo)) : undefined,
    f.supplierId ? eq(rp.supplierId, f.supplierId) : undefined,
    f.customerTenantId ? eq(rp.tenantId, f.customerTenantId) : undefined,
    f.statuses?.length ? inArray(rp.status, f.statuses) : undefined,
    f.material ? lineWhere(materialMatch(f.material)) : undefined,
    f.dateFrom || f.dateTo
      ? lineWhere(
          and(
            f.dateFrom ? gte(rl.plannedDate, f.dateFrom) : undefined,
            f.dateTo ? lte(rl.plannedDate, f.dateTo) : undefined,
          ),
        )
      : undefined,
  );
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    baseSelect(q)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [rp.createdAt, 'desc']), desc(rp.id))
      .limit(page.limit)
      .offset(page.offset),
    q
      .select({ total: count() })
      .from(rp)
      .leftJoin(po, and(eq(po.tenantId, rp.tenantId), eq(po.id, rp.orderId)))
      .where(where),
  ]);
  return { dataList: rows as ReceivingPlanListItem[], totalCount: total };
}

const lineColumns = {
  id: rl.id,
  lineNo: rl.lineNo,
  orderLineId: rl.orderLineId,
  orderLineNo: sql<number>`coalesce(${pol.lineNo}, 0)`,
  materialId: pol.materialId,
  prdtNo: sql<string>`coalesce(${pol.prdtNo}, '')`,
  prdtName: sql<string>`coalesce(${pol.prdtName}, '')`,
  prdtSpc: sql<string>`coalesce(${pol.prdtSpc}, '')`,
  supPrdtNo: sql<string>`coalesce(${pol.supPrdtNo}, '')`,
  unitName: sql<string>`coalesce(${pol.unitName}, '')`,
  plannedQty: rl.plannedQty,
  plannedDate: rl.plannedDate,
  remark: rl.remark,
  status: rl.status,
  proposedDate: rl.proposedDate,
  supplierRemark: rl.supplierRemark,
  deliveredQty: rl.deliveredQty,
  version: rl.version,
};

const scheduleColumns = {
  ...lineColumns,
  planId: rp.id,
  planNo: rp.planNo,
  planStatus: rp.status,
  orderId: rp.orderId,
  orderNo: sql<string>`coalesce(${po.orderNo}, '')`,
  supName: sql<string>`coalesce(${suppliers.supName}, '')`,
  customerName: sql<string>`coalesce(${enterpriseName}, '')`,
};

const SCHEDULE_SORTABLE = {
  plannedDate: rl.plannedDate,
  planNo: rp.planNo,
  status: rl.status,
  plannedQty: rl.plannedQty,
};

export const SCHEDULE_EXPORT_MAX_ROWS = 10_000;

async function scheduleWhere(q: Queryable, auth: Auth, f: NonNullable<LineListQuery['filter']>) {
  requireAny(auth, readPermission(f.side));
  return and(
    await planSideCondition(q, auth, f.side),
    f.planNo ? ilike(rp.planNo, escapeLike(f.planNo)) : undefined,
    f.orderNo ? ilike(po.orderNo, escapeLike(f.orderNo)) : undefined,
    f.supplierId ? eq(rp.supplierId, f.supplierId) : undefined,
    f.customerTenantId ? eq(rp.tenantId, f.customerTenantId) : undefined,
    f.statuses?.length ? inArray(rl.status, f.statuses) : ne(rl.status, L.CANCELLED),
    f.material ? materialMatch(f.material) : undefined,
    f.dateFrom ? gte(rl.plannedDate, f.dateFrom) : undefined,
    f.dateTo ? lte(rl.plannedDate, f.dateTo) : undefined,
  );
}

function scheduleSelect(q: Queryable) {
  return q
    .select(scheduleColumns)
    .from(rl)
    .innerJoin(rp, and(eq(rp.tenantId, rl.tenantId), eq(rp.id, rl.planId)))
    .leftJoin(pol, and(eq(pol.tenantId, rl.tenantId), eq(pol.id, rl.orderLineId)))
    .leftJoin(po, and(eq(po.tenantId, rl.tenantId), eq(po.id, rl.orderId)))
    .leftJoin(suppliers, and(eq(suppliers.tenantId, rp.tenantId), eq(suppliers.id, rp.supplierId)))
    .leftJoin(enterprises, eq(enterprises.id, rp.tenantId));
}

/** The schedule: every planned delivery the caller may see, one row each. */
export async function listSchedule(
  q: Queryable,
  auth: Auth,
  query: LineListQuery,
): Promise<ListResult<ReceivingPlanScheduleItem>> {
  const where = await scheduleWhere(q, auth, query.filter ?? { side: 'buyer' });
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    scheduleSelect(q)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SCHEDULE_SORTABLE, [rl.plannedDate, 'asc']), asc(rp.planNo), asc(rl.lineNo))
      .limit(page.limit)
      .offset(page.offset),
    q
      .select({ total: count() })
      .from(rl)
      .innerJoin(rp, and(eq(rp.tenantId, rl.tenantId), eq(rp.id, rl.planId)))
      .leftJoin(pol, and(eq(pol.tenantId, rl.tenantId), eq(pol.id, rl.orderLineId)))
      .leftJoin(po, and(eq(po.tenantId, rl.tenantId), eq(po.id, rl.orderId)))
      .where(where),
  ]);
  return { dataList: rows as ReceivingPlanScheduleItem[], totalCount: total };
}

/** The whole schedule for an export, all or nothing: beyond the cap the caller is told so. */
export async function scheduleForExport(
  q: Queryable,
  auth: Auth,
  filter: NonNullable<LineListQuery['filter']>,
): Promise<ReceivingPlanScheduleItem[]> {
  const rows = await scheduleSelect(q)
    .where(await scheduleWhere(q, auth, filter))
    .orderBy(asc(rl.plannedDate), asc(rp.planNo), asc(rl.lineNo))
    .limit(SCHEDULE_EXPORT_MAX_ROWS + 1);
  if (rows.length > SCHEDULE_EXPORT_MAX_ROWS) throw new AppError('EXPORT_TOO_LARGE', { max: SCHEDULE_EXPORT_MAX_ROWS });
  await recordOperation(q, actorOf(auth), {
    type: OPERATION_TYPE.EXPORT,
    module: PLAN_MODULE,
    summary: `exported ${rows.length} planned deliveries (${filter.side} side)`,
  });
  return rows as ReceivingPlanScheduleItem[];
}

// ---------------------------------------------------------------------------------------------
// Detail

async function linesOf(q: Queryable, plan: PlanRow): Promise<ReceivingPlanLine[]> {
  const rows = await q
    .select(lineColumns)
    .from(rl)
    .leftJoin(pol, and(eq(pol.tenantId, rl.tenantId), eq(pol.id, rl.orderLineId)))
    .where(and(eq(rl.tenantId, plan.tenantId), eq(rl.planId, plan.id)))
    .orderBy(asc(rl.lineNo));
  return rows as ReceivingPlanLine[];
}

export async function getPlan(db: Db, auth: Auth, id: string): Promise<ReceivingPlanDetail> {
  const found = await inTenantTx(db, auth.tenantId, async (tx) => {
    const hit = await findPlan(tx, auth, id);
    if (!hit) return null;
    const [item] = await baseSelect(tx).where(and(eq(rp.tenantId, hit.row.tenantId), eq(rp.id, id)));
    const [order] = await tx
      .select({ decimalPlaces: po.decimalPlaces })
      .from(po)
      .where(and(eq(po.tenantId, hit.row.tenantId), eq(po.id, hit.row.orderId)));
    return { ...hit, item: item!, lines: await linesOf(tx, hit.row), places: order?.decimalPlaces };
  });
  if (!found) throw new AppError('NOT_FOUND');
  const { side, row, item, lines, places } = found;
  return {
    ...(item as ReceivingPlanListItem),
    side,
    version: row.version,
    lines,
    history: await bothHistories(db, row, PLAN_MODULE, id),
    decimalPlaces: places ?? { quantity: 2, price: 4, amount: 2 },
  };
}

// ---------------------------------------------------------------------------------------------
// What may be planned

type OrderRow = typeof po.$inferSelect;

/** A buyer's order the caller may see and plan; anything else is not found. */
async function plannableOrder(q: Queryable, auth: Auth, orderId: string): Promise<OrderRow> {
  const [order] = await q
    .select()
    .from(po)
    .where(and(eq(po.id, orderId), await orderSideCondition(q, auth, 'buyer')))
    .limit(1);
  if (!order) throw new AppError('NOT_FOUND');
  if (!(PLANNABLE_ORDER_STATUSES as number[]).includes(order.status))
    throw new AppError('PURCHASE_ORDER_STATE_CHANGED');
  return order;
}

export async function listPlannableOrders(
  q: Queryable,
  auth: Auth,
  query: z.infer<typeof plannableOrderListSchema>,
): Promise<ListResult<PlannableOrder>> {
  requireAny(auth, [PLANNER]);
  const f = query.filter ?? {};
  const confirmedLines = sql<number>`(select count(*)::int from ${pol}
    where ${pol.tenantId} = ${po.tenantId} and ${pol.orderId} = ${po.id} and ${pol.status} = ${PURCHASE_ORDER_LINE_STATUS.CONFIRMED})`;
  const where = and(
    await orderSideCondition(q, auth, 'buyer'),
    inArray(po.status, PLANNABLE_ORDER_STATUSES),
    f.orderNo ? ilike(po.orderNo, escapeLike(f.orderNo)) : undefined,
    f.supplierId ? eq(po.supplierId, f.supplierId) : undefined,
  );
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    q
      .select({
        id: po.id,
        orderNo: po.orderNo,
        supplierId: po.supplierId,
        supName: sql<string>`coalesce(${suppliers.supName}, '')`,
        orderDate: po.orderDate,
        status: po.status,
        confirmedLines,
      })
      .from(po)
      .leftJoin(suppliers, and(eq(suppliers.tenantId, po.tenantId), eq(suppliers.id, po.supplierId)))
      .where(where)
      .orderBy(desc(po.orderDate), desc(po.id))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(po).where(where),
  ]);
  return { dataList: rows, totalCount: total };
}

/** What live plans hold of each order line, leaving out one plan's own deliveries (when editing it). */
async function plannedByLine(q: Queryable, tenantId: string, lineIds: string[], exceptPlanId: string | null) {
  if (!lineIds.length) return new Map<string, number>();
  const rows = await q
    .select({ lineId: rl.orderLineId, qty: sql<string>`sum(${rl.plannedQty})::text` })
    .from(rl)
    .where(
      and(
        eq(rl.tenantId, tenantId),
        inArray(rl.orderLineId, lineIds),
        ne(rl.status, L.CANCELLED),
        exceptPlanId ? ne(rl.planId, exceptPlanId) : undefined,
      ),
    )
    .groupBy(rl.orderLineId);
  return new Map(rows.map((r) => [r.lineId, Number(r.qty)]));
}

export async function getPlannableLines(
  q: Queryable,
  auth: Auth,
  orderId: string,
  exceptPlanId: string | null,
): Promise<PlannableLines> {
  requireAny(auth, [PLANNER]);
  const order = await plannableOrder(q, auth, orderId);
  const lines = await q
    .select()
    .from(pol)
    .where(
      and(
        eq(pol.tenantId, order.tenantId),
        eq(pol.orderId, order.id),
        eq(pol.status, PURCHASE_ORDER_LINE_STATUS.CONFIRMED),
      ),
    )
    .orderBy(asc(pol.lineNo));
  const planned = await plannedByLine(
    q,
    order.tenantId,
    lines.map((l) => l.id),
    exceptPlanId,
  );
  const [s] = await q
    .select({ supName: suppliers.supName })
    .from(suppliers)
    .where(and(eq(suppliers.tenantId, order.tenantId), eq(suppliers.id, order.supplierId)));
  const places = order.decimalPlaces;
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    supName: s?.supName ?? '',
    decimalPlaces: places,
    lines: lines.map((l) => {
      const confirmed = Number(l.confirmedQty ?? 0);
      const held = planned.get(l.id) ?? 0;
      return {
        orderLineId: l.id,
        lineNo: l.lineNo,
        materialId: l.materialId,
        prdtNo: l.prdtNo,
        prdtName: l.prdtName,
        prdtSpc: l.prdtSpc,
        unitName: l.unitName,
        confirmedQty: String(roundTo(confirmed, places.quantity)),
        confirmedDate: l.confirmedDate,
        plannedQty: String(roundTo(held, places.quantity)),
        remainingQty: String(roundTo(Math.max(confirmed - held, 0), places.quantity)),
      };
    }),
  };
}

/**
 * The confirmed quantity of an order line that confirmed deliveries still hold open: what a delivery
 * note may ship against the line's plans. Exported for the delivery module.
 */
export async function openPlanQuantity(q: Queryable, tenantId: string, orderLineId: string): Promise<number> {
  const [row] = await q
    .select({ open: sql<string>`coalesce(sum(greatest(${rl.plannedQty} - ${rl.deliveredQty}, 0)), 0)::text` })
    .from(rl)
    .where(and(eq(rl.tenantId, tenantId), eq(rl.orderLineId, orderLineId), eq(rl.status, L.CONFIRMED)));
  return Number(row?.open ?? 0);
}

/** The confirmed deliveries of an order line with quantity still open, earliest first (delivery module). */
export async function openPlanDeliveries(
  q: Queryable,
  tenantId: string,
  orderLineId: string,
): Promise<{ id: string; planId: string; plannedDate: string; openQty: number }[]> {
  const rows = await q
    .select({
      id: rl.id,
      planId: rl.planId,
      plannedDate: rl.plannedDate,
      open: sql<string>`(${rl.plannedQty} - ${rl.deliveredQty})::text`,
    })
    .from(rl)
    .where(
      and(
        eq(rl.tenantId, tenantId),
        eq(rl.orderLineId, orderLineId),
        eq(rl.status, L.CONFIRMED),
        sql`${rl.plannedQty} > ${rl.deliveredQty}`,
      ),
    )
    .orderBy(asc(rl.plannedDate), asc(rl.id));
  return rows.map((r) => ({ id: r.id, planId: r.planId, plannedDate: r.plannedDate, openQty: Number(r.open) }));
}

interface CheckedLine {
  orderLineId: string;
  plannedQty: string;
  plannedDate: string;
  remark: string;
}

/**
 * Checks a plan's deliveries against the order: each names a confirmed line of the order, and the
 * live deliveries of each line stay within its confirmed quantity. The order lines are locked first
 * (in id order, so two planners cannot deadlock), so two plans made at once are checked one after
 * the other and the second sees the first's quantities.
 */
async function checkLines(
  tx: Queryable,
  order: OrderRow,
  input: PlanLineInput[],
  exceptPlanId: string | null,
): Promise<CheckedLine[]> {
  const places: DecimalPlaces = order.decimalPlaces;
  const ids = [...new Set(input.map((l) => l.orderLineId))].sort();
  const lines = await tx
    .select()
    .from(pol)
    .where(and(eq(pol.tenantId, order.tenantId), eq(pol.orderId, order.id), inArray(pol.id, ids)))
    .orderBy(asc(pol.id))
    .for('update');
  const byId = new Map(lines.map((l) => [l.id, l]));
  const checked = input.map((l, i) => {
    const line = byId.get(l.orderLineId);
    if (!line) throw new AppError('VALIDATION_FAILED', {}, { line: i + 1 });
    if (line.status !== PURCHASE_ORDER_LINE_STATUS.CONFIRMED || line.confirmedQty === null)
      throw new AppError('RECEIVING_PLAN_LINE_NOT_CONFIRMED', { lineNo: line.lineNo });
    const qty = roundTo(l.plannedQty, places.quantity);
    if (qty <= 0) throw new AppError('VALIDATION_FAILED', {}, { line: i + 1 });
    return { orderLineId: l.orderLineId, plannedQty: String(qty), plannedDate: l.plannedDate, remark: l.remark };
  });
  const held = await plannedByLine(tx, order.tenantId, ids, exceptPlanId);
  for (const id of ids) {
    const line = byId.get(id)!;
    const asked = checked.filter((c) => c.orderLineId === id).reduce((sum, c) => sum + Number(c.plannedQty), 0);
    const total = roundTo((held.get(id) ?? 0) + asked, places.quantity);
    if (total > Number(line.confirmedQty)) {
      throw new AppError('RECEIVING_PLAN_OVER_CONFIRMED', {
        lineNo: line.lineNo,
        planned: String(total),
        confirmed: String(roundTo(Number(line.confirmedQty), places.quantity)),
      });
    }
  }
  return checked;
}

function aggregates(lines: CheckedLine[], places: DecimalPlaces) {
  const dates = lines.map((l) => l.plannedDate).sort();
  return {
    lineCount: lines.length,
    totalQty: String(
      roundTo(
        lines.reduce((sum, l) => sum + Number(l.plannedQty), 0),
        places.quantity,
      ),
    ),
    firstDate: dates[0] ?? null,
    lastDate: dates[dates.length - 1] ?? null,
  };
}

async function insertPlanLines(tx: Queryable, plan: PlanRow, lines: CheckedLine[]) {
  await tx.insert(rl).values(
    lines.map((l, i) => ({
      tenantId: plan.tenantId,
      supplierTenantId: plan.supplierTenantId,
      id: newId(),
      planId: plan.id,
      orderId: plan.orderId,
      orderLineId: l.orderLineId,
      lineNo: i + 1,
      plannedQty: l.plannedQty,
      plannedDate: l.plannedDate,
      remark: l.remark,
      status: L.PENDING,
    })),
  );
}

// ---------------------------------------------------------------------------------------------
// Buyer: create, edit

interface Created {
  id: string;
  planNo: string;
  status: number;
  version: number;
}

export async function createPlan(deps: Deps, auth: Auth, input: CreateInput, idem: IdempotencyScope): Promise<Created> {
  requireAny(auth, [PLANNER]);
  const me = auth.tenantId!;
  const created = await inTenantTx(deps.db, me, (tx) =>
    idempotent(tx, idem, async () => {
      const order = await plannableOrder(tx, auth, input.orderId);
      const lines = await checkLines(tx, order, input.lines, null);
      const id = newId();
      const [plan] = await tx
        .insert(rp)
        .values({
          tenantId: me,
          // Like an order, a draft is the buyer's alone, for RLS as well: the supplier is set on sending.
          supplierTenantId: input.send ? order.supplierTenantId : null,
          id,
          planNo: await nextNumber(tx, me, 'RP', rp, 'plan_no'),
          orderId: order.id,
          supplierId: order.supplierId,
          status: input.send ? S.SENT : S.DRAFT,
          remark: input.remark,
          ...aggregates(lines, order.decimalPlaces),
          ownerId: auth.userId,
          deptId: auth.deptId,
          sentAt: input.send ? sql`now()` : null,
        })
        .returning();
      await insertPlanLines(tx, plan!, lines);
      await recordOperation(tx, actorOf(auth), {
        type: OPERATION_TYPE.ADD,
        module: PLAN_MODULE,
        targetId: id,
        summary: `created receiving plan ${plan!.planNo} for order ${order.orderNo}: ${lines.length} deliveries${input.send ? ', sent' : ''}`,
      });
      return { id, planNo: plan!.planNo, status: plan!.status, version: plan!.version, sent: input.send };
    }),
  );
  if (created.sent) {
    const plan = await inTenantTx(deps.db, me, (tx) =>
      tx
        .select()
        .from(rp)
        .where(and(eq(rp.tenantId, me), eq(rp.id, created.id))),
    );
    await tellSupplier(deps, auth, plan[0]!, 'sent', '');
  }
  return { id: created.id, planNo: created.planNo, status: created.status, version: created.version };
}

export async function updatePlan(db: Db, auth: Auth, id: string, input: UpdateInput): Promise<void> {
  requireAny(auth, [PLANNER]);
  const me = auth.tenantId!;
  await inTenantTx(db, me, async (tx) => {
    const hit = await findPlan(tx, auth, id);
    if (hit?.side !== 'buyer') throw new AppError('NOT_FOUND');
    if (!RECEIVING_PLAN_EDITABLE_STATUSES.includes(hit.row.status as never))
      throw new AppError('RECEIVING_PLAN_NOT_EDITABLE');
    const order = await plannableOrder(tx, auth, hit.row.orderId);
    const lines = await checkLines(tx, order, input.lines, id);
    const [moved] = await tx
      .update(rp)
      .set({
        remark: input.remark,
        ...aggregates(lines, order.decimalPlaces),
        version: sql`${rp.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(rp.tenantId, me),
          eq(rp.id, id),
          eq(rp.version, input.version),
          inArray(rp.status, [...RECEIVING_PLAN_EDITABLE_STATUSES]),
        ),
      )
      .returning();
    if (!moved) throw new AppError('CONFLICT');
    await tx.delete(rl).where(and(eq(rl.tenantId, me), eq(rl.planId, id)));
    await insertPlanLines(tx, moved, lines);
    await recordOperation(tx, actorOf(auth), {
      type: OPERATION_TYPE.UPDATE,
      module: PLAN_MODULE,
      targetId: id,
      summary: `edited draft ${moved.planNo}: ${lines.length} deliveries`,
    });
  });
}

// ---------------------------------------------------------------------------------------------
// State changes

const VERBS: Record<ReceivingPlanAction, string> = {
  send: 'sent',
  confirm: 'answered',
  accept: 'accepted proposed dates on',
  reject: 'rejected proposed dates on',
  cancel: 'cancelled',
};

type LineRow = typeof rl.$inferSelect;

/** The deliveries an answer names, all in `expected` status; none named and not `all` → refused. */
async function answeredLines(tx: Queryable, plan: PlanRow, body: ActionBody, expected: number): Promise<LineRow[]> {
  if (body.all) {
    return tx
      .select()
      .from(rl)
      .where(and(eq(rl.tenantId, plan.tenantId), eq(rl.planId, plan.id), eq(rl.status, expected)));
  }
  const ids = [...new Set((body.lines ?? []).map((l) => l.id))];
  if (!ids.length) throw new AppError('RECEIVING_PLAN_NOTHING_TO_ANSWER');
  const rows = await tx
    .select()
    .from(rl)
    .where(and(eq(rl.tenantId, plan.tenantId), eq(rl.planId, plan.id), inArray(rl.id, ids)));
  if (rows.length !== ids.length) throw new AppError('NOT_FOUND');
  const stale = rows.find((r) => r.status !== expected);
  if (stale) throw new AppError('RECEIVING_PLAN_LINE_STATE_CHANGED', { lineNo: stale.lineNo });
  return rows;
}

/**
 * Writes many deliveries in one statement: each row of `values` is matched by id and must still be
 * in status `from`, so a delivery answered meanwhile is counted as missing and the step is refused.
 */
async function updateLinesFrom(
  tx: Queryable,
  plan: PlanRow,
  from: number,
  values: Record<string, unknown>[],
  columns: string,
  assignments: SQL,
): Promise<void> {
  if (!values.length) throw new AppError('RECEIVING_PLAN_NOTHING_TO_ANSWER');
  const result = await tx.execute(sql`
    update ${rl} as l set ${assignments}, version = l.version + 1, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(${sql.raw(columns)})
     where l.tenant_id = ${plan.tenantId} and l.plan_id = ${plan.id} and l.id = v.id and l.status = ${from}`);
  if ((result.rowCount ?? 0) !== values.length) throw new AppError('RECEIVING_PLAN_STATE_CHANGED');
}

/** The supplier's answer: confirms a delivery, or proposes another date for it. Never a quantity (T-03). */
async function answerAsSupplier(tx: Queryable, plan: PlanRow, body: ActionBody): Promise<string> {
  const rows = await answeredLines(tx, plan, body, L.PENDING);
  const byId = new Map((body.lines ?? []).map((l) => [l.id, l]));
  let confirmed = 0;
  let proposed = 0;
  const values = rows.map((line) => {
    const answer = byId.get(line.id);
    const date = answer?.date ?? line.plannedDate;
    const proposal = date !== line.plannedDate;
    if (proposal) proposed++;
    else confirmed++;
    return {
      id: line.id,
      status: proposal ? L.PROPOSED : L.CONFIRMED,
      pd: proposal ? date : null,
      remark: answer?.remark ?? null,
    };
  });
  await updateLinesFrom(
    tx,
    plan,
    L.PENDING,
    values,
    'id bigint, status int, pd date, remark text',
    sql`status = v.status, proposed_date = v.pd, supplier_remark = coalesce(v.remark, l.supplier_remark)`,
  );
  return `${confirmed} delivery(ies) confirmed, ${proposed} with another date proposed`;
}

/** The buyer accepts proposed dates (the delivery moves to it) or rejects them (the supplier answers again). */
async function answerAsBuyer(tx: Queryable, plan: PlanRow, body: ActionBody, accept: boolean): Promise<string> {
  const rows = await answeredLines(tx, plan, body, L.PROPOSED);
  await updateLinesFrom(
    tx,
    plan,
    L.PROPOSED,
    rows.map((l) => ({ id: l.id })),
    'id bigint',
    accept
      ? sql`status = ${L.CONFIRMED}, planned_date = coalesce(l.proposed_date, l.planned_date), proposed_date = null`
      : sql`status = ${L.PENDING}, proposed_date = null`,
  );
  const detail = rows
    .slice(0, 20)
    .map((l) => `delivery ${l.lineNo}: ${l.proposedDate ?? l.plannedDate}`)
    .join('; ');
  return `${rows.length} delivery(ies) (${detail}${rows.length > 20 ? '; …' : ''})`;
}

/** Header status and aggregates after deliveries moved. */
async function settlePlan(tx: Queryable, plan: PlanRow): Promise<void> {
  const counts = await tx
    .select({ status: rl.status, n: count() })
    .from(rl)
    .where(and(eq(rl.tenantId, plan.tenantId), eq(rl.planId, plan.id)))
    .groupBy(rl.status);
  const n = (s: number) => counts.find((c) => c.status === s)?.n ?? 0;
  const status = derivePlanStatus({ pending: n(L.PENDING), confirmed: n(L.CONFIRMED), proposed: n(L.PROPOSED) });
  await tx.execute(sql`
    update ${rp} set status = ${status}, updated_at = now(),
      first_date = (select min(planned_date) from ${rl} where tenant_id = ${plan.tenantId} and plan_id = ${plan.id}),
      last_date = (select max(planned_date) from ${rl} where tenant_id = ${plan.tenantId} and plan_id = ${plan.id})
     where tenant_id = ${plan.tenantId} and id = ${plan.id}`);
}

/**
 * Claims the plan for one step: the header row moves only from a status the step allows (and, when
 * the caller says which version it saw, only from that version). The row lock makes concurrent steps
 * on one plan run one after the other; the loser finds the status moved and answers 409 (R-03/R-04).
 */
const claimPlan = (
  tx: Queryable,
  plan: PlanRow,
  from: readonly number[],
  version: number | undefined,
  side: DocumentSide,
  me: string,
): Promise<PlanRow> => claimDocument(tx, rp, plan, { from, version, side, me }, 'RECEIVING_PLAN_STATE_CHANGED');

/**
 * Runs one row of RECEIVING_PLAN_TRANSITIONS. Each side writes only its own fields: the supplier its
 * answer (a proposed date and remark), the buyer its verdict on a proposal (T-03).
 */
export async function actOnPlan(
  deps: Deps,
  auth: Auth,
  id: string,
  action: ReceivingPlanAction,
  body: ActionBody,
): Promise<ReceivingPlanDetail> {
  const t = receivingPlanMachine.transition(action)!;
  const me = auth.tenantId!;
  const outcome = await inTenantTx(deps.db, me, async (tx) => {
    const hit = await findPlan(tx, auth, id);
    if (!hit) throw new AppError('NOT_FOUND');
    if (hit.side !== t.side) throw new AppError('RECEIVING_PLAN_WRONG_SIDE');
    requireAny(auth, [t.permission]);
    const plan = await claimPlan(tx, hit.row, t.from, body.version, t.side, me);
    let details = '';
    if (action === 'send') {
      const [order] = await tx
        .select({ supplierTenantId: po.supplierTenantId })
        .from(po)
        .where(and(eq(po.tenantId, me), eq(po.id, plan.orderId)));
      await tx
        .update(rp)
        .set({ status: S.SENT, sentAt: sql`now()`, supplierTenantId: order?.supplierTenantId ?? plan.supplierTenantId })
        .where(and(eq(rp.tenantId, me), eq(rp.id, id)));
      await tx
        .update(rl)
        .set({ supplierTenantId: order?.supplierTenantId ?? plan.supplierTenantId })
        .where(and(eq(rl.tenantId, me), eq(rl.planId, id)));
    } else if (t.lineStep) {
      details =
        action === 'confirm'
          ? await answerAsSupplier(tx, plan, body)
          : await answerAsBuyer(tx, plan, body, action === 'accept');
      await settlePlan(tx, plan);
    } else {
      const [shipped] = await tx
        .select({ n: count() })
        .from(rl)
        .where(and(eq(rl.tenantId, me), eq(rl.planId, id), sql`${rl.deliveredQty} > 0`));
      if ((shipped?.n ?? 0) > 0) throw new AppError('RECEIVING_PLAN_DELIVERED');
      await tx
        .update(rp)
        .set({ status: S.CANCELLED })
        .where(and(eq(rp.tenantId, me), eq(rp.id, id)));
      await tx
        .update(rl)
        .set({ status: L.CANCELLED, updatedAt: sql`now()` })
        .where(and(eq(rl.tenantId, me), eq(rl.planId, id)));
    }
    const comment = body.comment?.trim() ? ` — ${body.comment.trim()}` : '';
    await recordOperation(tx, actorOf(auth), {
      type: OPERATION_TYPE.UPDATE,
      module: PLAN_MODULE,
      targetId: id,
      summary: `${VERBS[action]} receiving plan ${plan.planNo}${details ? `: ${details}` : ''}${comment}`,
    });
    const [after] = await tx
      .select()
      .from(rp)
      .where(and(eq(rp.tenantId, plan.tenantId), eq(rp.id, id)));
    return { before: hit.row, after: after!, text: `${details}${comment}` };
  });
  if (t.side === 'supplier') await tellBuyer(deps, auth, outcome.after, VERBS[action], outcome.text);
  // A draft being cancelled was never shown to the supplier.
  else if (outcome.before.status !== S.DRAFT || action === 'send') {
    await tellSupplier(deps, auth, outcome.after, VERBS[action], outcome.text);
  }
  return getPlan(deps.db, auth, id);
}

async function tellSupplier(deps: Deps, auth: Auth, plan: PlanRow, verb: string, text: string) {
  if (!plan.supplierTenantId) return;
  const name = await nameOf(deps.db, auth.tenantId!);
  await tellParty(deps, [
    {
      tenantId: plan.supplierTenantId,
      title: `${name} ${verb} receiving plan ${plan.planNo}`,
      content: `${text.replace(/^ — /, '') || `Receiving plan ${plan.planNo}`}.`,
      link: supplierPlanLink(plan.id),
    },
  ]);
}

async function tellBuyer(deps: Deps, auth: Auth, plan: PlanRow, verb: string, text: string) {
  const name = await nameOf(deps.db, auth.tenantId!);
  await tellParty(deps, [
    {
      tenantId: plan.tenantId,
      userId: plan.ownerId,
      title: `${name} ${verb} receiving plan ${plan.planNo}`,
      content: `${text}.`,
      link: plan.status === S.PROPOSED ? buyerPlanConfirmLink(plan.id) : buyerPlanLink(plan.id),
    },
  ]);
}
