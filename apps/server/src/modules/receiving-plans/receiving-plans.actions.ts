import {
  type DocumentSide,
  derivePlanStatus,
  OPERATION_TYPE,
  RECEIVING_PLAN_LINE_STATUS,
  RECEIVING_PLAN_STATUS,
  type ReceivingPlanAction,
  type ReceivingPlanDetail,
  type receivingPlanActionSchema,
  receivingPlanMachine,
  type TextKey,
  type TextRef,
  text,
} from '@concord/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import type { RequestContext } from '../../platform/context.ts';
import {
  type AnsweredLines,
  actorOf,
  answeredLines as answeredLinesOf,
  claimDocument,
  requireAny,
  writeLineAnswers,
} from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { nameOf } from '../enterprises/enterprises.names.ts';
import { tellParty } from '../messages/messages.tell.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { purchaseOrders as po } from '../purchase-orders/purchase-orders.table.ts';
import {
  buyerPlanConfirmLink,
  buyerPlanLink,
  PLAN_MODULE,
  type PlanRow,
  supplierPlanLink,
} from './receiving-plans.common.ts';
import { findPlan, getPlan } from './receiving-plans.query.ts';
import { receivingPlanLines as rl, receivingPlans as rp } from './receiving-plans.table.ts';

/* The steps of RECEIVING_PLAN_TRANSITIONS: sending, the supplier's answers, the buyer's verdicts, cancelling. */

type ActionBody = z.infer<typeof receivingPlanActionSchema>;

const S = RECEIVING_PLAN_STATUS;
const L = RECEIVING_PLAN_LINE_STATUS;

/** What each step tells the other party, as the title of its message. */
const TITLES: Record<ReceivingPlanAction, TextKey> = {
  send: 'receivingPlans.sentTitle',
  confirm: 'receivingPlans.answeredTitle',
  accept: 'receivingPlans.acceptedTitle',
  reject: 'receivingPlans.rejectedTitle',
  cancel: 'receivingPlans.cancelledTitle',
};

type LineRow = typeof rl.$inferSelect;

/** The plan's deliveries as the kernel answers them, with this domain's refusals. */
const PLAN_LINES: AnsweredLines = {
  table: rl,
  parent: rl.planId,
  nothing: 'RECEIVING_PLAN_NOTHING_TO_ANSWER',
  lineChanged: 'RECEIVING_PLAN_LINE_STATE_CHANGED',
  changed: 'RECEIVING_PLAN_STATE_CHANGED',
};

const answeredLines = (tx: Queryable, plan: PlanRow, body: ActionBody, expected: number) =>
  answeredLinesOf<LineRow>(tx, PLAN_LINES, plan, body, expected);

/** The supplier's answer: confirms a delivery, or proposes another date for it. Never a quantity (T-03). */
async function answerAsSupplier(tx: Queryable, plan: PlanRow, body: ActionBody): Promise<TextRef> {
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
  await writeLineAnswers(
    tx,
    PLAN_LINES,
    plan,
    L.PENDING,
    values,
    'id bigint, status int, pd date, remark text',
    sql`status = v.status, proposed_date = v.pd, supplier_remark = coalesce(v.remark, l.supplier_remark)`,
  );
  return text('receivingPlans.answered', { planNo: plan.planNo, confirmed, proposed });
}

/** The buyer accepts proposed dates (the delivery moves to it) or rejects them (the supplier answers again). */
async function answerAsBuyer(tx: Queryable, plan: PlanRow, body: ActionBody, accept: boolean): Promise<TextRef> {
  const rows = await answeredLines(tx, plan, body, L.PROPOSED);
  await writeLineAnswers(
    tx,
    PLAN_LINES,
    plan,
    L.PROPOSED,
    rows.map((l) => ({ id: l.id })),
    'id bigint',
    accept
      ? sql`status = ${L.CONFIRMED}, planned_date = coalesce(l.proposed_date, l.planned_date), proposed_date = null`
      : sql`status = ${L.PENDING}, proposed_date = null`,
  );
  const dates = rows
    .slice(0, 20)
    .map((l) => `#${l.lineNo} ${l.proposedDate ?? l.plannedDate}`)
    .join('; ');
  return text(accept ? 'receivingPlans.accepted' : 'receivingPlans.rejected', {
    planNo: plan.planNo,
    count: rows.length,
    dates: `${dates}${rows.length > 20 ? '; …' : ''}`,
  });
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
 * on one plan run one after the other; the loser finds the status moved and answers 409.
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
  ctx: RequestContext,
  id: string,
  action: ReceivingPlanAction,
  body: ActionBody,
): Promise<ReceivingPlanDetail> {
  const { tx, auth, tenantId: me } = ctx;
  const t = receivingPlanMachine.transition(action)!;
  const hit = await findPlan(tx, auth, id);
  if (!hit) throw new AppError('NOT_FOUND');
  if (hit.side !== t.side) throw new AppError('RECEIVING_PLAN_WRONG_SIDE');
  requireAny(auth, [t.permission]);
  const plan = await claimPlan(tx, hit.row, t.from, body.version, t.side, me);
  let step: TextRef = text(action === 'send' ? 'receivingPlans.sent' : 'receivingPlans.cancelled', {
    planNo: plan.planNo,
  });
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
    step =
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
  const comment = body.comment?.trim();
  const summary = comment ? text('receivingPlans.withComment', { text: step, comment }) : step;
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: PLAN_MODULE,
    targetId: id,
    summary,
  });
  const [after] = await tx
    .select()
    .from(rp)
    .where(and(eq(rp.tenantId, plan.tenantId), eq(rp.id, id)));
  if (t.side === 'supplier') await tellBuyer(ctx, after!, TITLES[action], summary);
  // A draft being cancelled was never shown to the supplier.
  else if (hit.row.status !== S.DRAFT || action === 'send') await tellSupplier(ctx, after!, TITLES[action], summary);
  return getPlan(ctx, id);
}

/** Tells the supplier of a plan it has seen, once the step has committed; `content` is the step as logged. */
export async function tellSupplier(ctx: RequestContext, plan: PlanRow, title: TextKey, content: TextRef) {
  if (!plan.supplierTenantId) return;
  const party = await nameOf(ctx.tx, ctx.tenantId);
  const note = {
    tenantId: plan.supplierTenantId,
    title: text(title, { party, planNo: plan.planNo }),
    content,
    link: supplierPlanLink(plan.id),
  };
  ctx.afterCommit(() => tellParty(ctx.tell, 'delivery', [note]));
}

async function tellBuyer(ctx: RequestContext, plan: PlanRow, title: TextKey, content: TextRef) {
  const party = await nameOf(ctx.tx, ctx.tenantId);
  const note = {
    tenantId: plan.tenantId,
    userId: plan.ownerId,
    title: text(title, { party, planNo: plan.planNo }),
    content,
    link: plan.status === S.PROPOSED ? buyerPlanConfirmLink(plan.id) : buyerPlanLink(plan.id),
  };
  ctx.afterCommit(() => tellParty(ctx.tell, 'delivery', [note]));
}
