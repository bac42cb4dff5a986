import {
  compareDecimals,
  type DecimalPlaces,
  type ListResult,
  MAX_DECIMAL_PLACES,
  OPERATION_TYPE,
  type PlannableLines,
  type PlannableOrder,
  PURCHASE_ORDER_LINE_STATUS,
  PURCHASE_ORDER_STATUS,
  type plannableOrderListSchema,
  RECEIVING_PLAN_EDITABLE_STATUSES,
  RECEIVING_PLAN_LINE_STATUS,
  RECEIVING_PLAN_STATUS,
  type ReceivingPlanCreated,
  type ReceivingPlanDetail,
  type receivingPlanCreateSchema,
  type receivingPlanUpdateSchema,
  roundDecimal,
  subtractDecimals,
  sumDecimals,
  text,
} from '@concord/shared';
import { and, asc, count, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import type { MemberAuth, RequestContext } from '../../platform/context.ts';
import { placedDecimal } from '../../platform/decimal-places.ts';
import { actorOf, escapeLike, nextDocumentNumber, requireAny } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { pageOf } from '../../platform/paging.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { orderSideCondition } from '../purchase-orders/purchase-orders.common.ts';
import { purchaseOrders as po, purchaseOrderLines as pol } from '../purchase-orders/purchase-orders.table.ts';
import { suppliers } from '../suppliers/suppliers.table.ts';
import { tellSupplier } from './receiving-plans.actions.ts';
import { PLAN_MODULE, PLANNER, type PlanRow } from './receiving-plans.common.ts';
import { findPlan, getPlan } from './receiving-plans.query.ts';
import { receivingPlanLines as rl, receivingPlans as rp } from './receiving-plans.table.ts';

/* Planning: which confirmed order lines may be planned, and the buyer's drafts. Steps are in receiving-plans.actions.ts. */

type CreateInput = z.infer<typeof receivingPlanCreateSchema>;
type UpdateInput = z.infer<typeof receivingPlanUpdateSchema>;
type PlanLineInput = CreateInput['lines'][number];

const S = RECEIVING_PLAN_STATUS;
const L = RECEIVING_PLAN_LINE_STATUS;
/** Orders with confirmed lines; a closed or cancelled order takes no new plans. */
const PLANNABLE_ORDER_STATUSES = [
  PURCHASE_ORDER_STATUS.PARTIALLY_CONFIRMED,
  PURCHASE_ORDER_STATUS.COUNTER_PROPOSED,
  PURCHASE_ORDER_STATUS.CONFIRMED,
];

// ---------------------------------------------------------------------------------------------
// What may be planned

type OrderRow = typeof po.$inferSelect;

/** A buyer's order the caller may see and plan; anything else is not found. */
async function plannableOrder(q: Queryable, auth: MemberAuth, orderId: string): Promise<OrderRow> {
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
  { tx: q, auth }: RequestContext,
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
  return { dataList: rows as PlannableOrder[], totalCount: total };
}

/** What live plans hold of each order line, leaving out one plan's own deliveries (when editing it). */
async function plannedByLine(q: Queryable, tenantId: string, lineIds: string[], exceptPlanId: string | null) {
  if (!lineIds.length) return new Map<string, string>();
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
  return new Map(rows.map((r) => [r.lineId, r.qty]));
}

export async function getPlannableLines(
  { tx: q, auth }: RequestContext,
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
      const confirmed = roundDecimal(l.confirmedQty ?? '0', places.quantity);
      const held = roundDecimal(planned.get(l.id) ?? '0', places.quantity);
      const left = subtractDecimals(confirmed, held, places.quantity);
      return {
        orderLineId: l.id,
        lineNo: l.lineNo,
        materialId: l.materialId,
        prdtNo: l.prdtNo,
        prdtName: l.prdtName,
        prdtSpc: l.prdtSpc,
        unitName: l.unitName,
        confirmedQty: confirmed,
        confirmedDate: l.confirmedDate,
        plannedQty: held,
        remainingQty: compareDecimals(left, '0') < 0 ? '0' : left,
      };
    }),
  };
}

/**
 * The confirmed quantity of an order line that confirmed deliveries still hold open: what a delivery
 * note may ship against the line's plans. Exported for the delivery module.
 */
export async function openPlanQuantity(q: Queryable, tenantId: string, orderLineId: string): Promise<string> {
  const [row] = await q
    .select({ open: sql<string>`coalesce(sum(greatest(${rl.plannedQty} - ${rl.deliveredQty}, 0)), 0)::text` })
    .from(rl)
    .where(and(eq(rl.tenantId, tenantId), eq(rl.orderLineId, orderLineId), eq(rl.status, L.CONFIRMED)));
  return roundDecimal(row?.open ?? '0', MAX_DECIMAL_PLACES);
}

/** The confirmed deliveries of an order line with quantity still open, earliest first (delivery module). */
export async function openPlanDeliveries(
  q: Queryable,
  tenantId: string,
  orderLineId: string,
): Promise<{ id: string; planId: string; plannedDate: string; openQty: string }[]> {
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
  return rows.map((r) => ({
    id: r.id,
    planId: r.planId,
    plannedDate: r.plannedDate,
    openQty: roundDecimal(r.open, MAX_DECIMAL_PLACES),
  }));
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
    const plannedQty = placedDecimal(l.plannedQty, places.quantity, `lines.${i}.plannedQty`);
    return { orderLineId: l.orderLineId, plannedQty, plannedDate: l.plannedDate, remark: l.remark };
  });
  const held = await plannedByLine(tx, order.tenantId, ids, exceptPlanId);
  for (const id of ids) {
    const line = byId.get(id)!;
    const asked = checked.filter((c) => c.orderLineId === id).map((c) => c.plannedQty);
    const total = sumDecimals([held.get(id) ?? '0', ...asked], places.quantity);
    if (compareDecimals(total, line.confirmedQty!) > 0) {
      throw new AppError(
        'RECEIVING_PLAN_OVER_CONFIRMED',
        { lineNo: line.lineNo, planned: total, confirmed: roundDecimal(line.confirmedQty!, places.quantity) },
        // Beside the quantity of each delivery of that order line, as the form shows them.
        checked.flatMap((c, i) => (c.orderLineId === id ? [{ path: `lines.${i}.plannedQty` }] : [])),
      );
    }
  }
  return checked;
}

function aggregates(lines: CheckedLine[], places: DecimalPlaces) {
  const dates = lines.map((l) => l.plannedDate).sort();
  return {
    lineCount: lines.length,
    totalQty: sumDecimals(
      lines.map((l) => l.plannedQty),
      places.quantity,
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

export async function createPlan(ctx: RequestContext, input: CreateInput): Promise<ReceivingPlanCreated> {
  const { tx, auth, tenantId: me } = ctx;
  requireAny(auth, [PLANNER]);
  return idempotent(tx, ctx.idem, async () => {
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
        planNo: await nextDocumentNumber(tx, { prefix: 'RP', table: rp, column: rp.planNo, owner: me }),
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
    const summary = text(input.send ? 'receivingPlans.createdAndSent' : 'receivingPlans.created', {
      planNo: plan!.planNo,
      orderNo: order.orderNo,
      count: lines.length,
    });
    await recordOperation(tx, actorOf(auth), { type: OPERATION_TYPE.ADD, module: PLAN_MODULE, targetId: id, summary });
    if (input.send) await tellSupplier(ctx, plan!, 'receivingPlans.sentTitle', summary);
    return { id, planNo: plan!.planNo, status: input.send ? S.SENT : S.DRAFT, version: plan!.version };
  });
}

/** Rewrites a draft (`version` as seen) and answers the plan as it now stands. */
export async function updatePlan(ctx: RequestContext, id: string, input: UpdateInput): Promise<ReceivingPlanDetail> {
  const { tx, auth, tenantId: me } = ctx;
  requireAny(auth, [PLANNER]);
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
    summary: text('receivingPlans.edited', { planNo: moved.planNo, count: lines.length }),
  });
  return getPlan(ctx, id);
}
