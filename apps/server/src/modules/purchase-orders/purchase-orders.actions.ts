import {
  compareDecimals,
  deriveOrderStatus,
  OPERATION_TYPE,
  PURCHASE_CHANGE_STATUS,
  PURCHASE_ORDER_LINE_STATUS,
  PURCHASE_ORDER_STATUS,
  type PurchaseOrderAction,
  type PurchaseOrderDetail,
  type PurchaseOrderSide,
  type purchaseOrderActionSchema,
  purchaseOrderMachine,
  sumDecimals,
  type TextParam,
  type TextRef,
  text,
} from '@concord/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import type { RequestContext } from '../../platform/context.ts';
import { placedDecimal } from '../../platform/decimal-places.ts';
import {
  type AnsweredLines,
  actorOf,
  answeredLines as answeredLinesOf,
  claimDocument,
  requireAny,
  writeLineAnswers,
} from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import type { TellDeps } from '../../platform/services.ts';
import { settleContractQuantities } from '../contracts/contracts.quantities.ts';
import { nameOf } from '../enterprises/enterprises.names.ts';
import { tellParty } from '../messages/messages.tell.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { findOrder } from './purchase-orders.common.ts';
import { amountOf, type LineRow, type OrderRow } from './purchase-orders.lines.ts';
import { buyerOrderLink, ORDER_MODULE, supplierOrderLink } from './purchase-orders.notify.ts';
import { getOrder } from './purchase-orders.query.ts';
import { checkSupplier, tellSent } from './purchase-orders.service.ts';
import {
  purchaseOrders as po,
  purchaseOrderChanges as poc,
  purchaseOrderLines as pol,
} from './purchase-orders.table.ts';

/* The steps of PURCHASE_ORDER_TRANSITIONS on a sent order: the supplier's answers, the buyer's verdicts. */

type ActionBody = z.infer<typeof purchaseOrderActionSchema>;

const S = PURCHASE_ORDER_STATUS;
const L = PURCHASE_ORDER_LINE_STATUS;

/** The step itself, as the other side's note names it. */
const stepOf = (action: PurchaseOrderAction, orderNo: string): TextRef =>
  text(`purchaseOrders.step.${action}`, { orderNo });

/** At most 20 items, then an ellipsis: the history entry stays readable however many lines moved. */
function listOf(items: TextParam[]): TextParam {
  const shown = items.length > 20 ? [...items.slice(0, 20), '…'] : items;
  return shown.reduceRight((rest, first) => text('purchaseOrders.list', { first, rest }));
}

type LineAnswer = NonNullable<ActionBody['lines']>[number];

/** The order's lines as the kernel answers them, with this domain's refusals. */
const ORDER_LINES: AnsweredLines = {
  table: pol,
  parent: pol.orderId,
  nothing: 'PURCHASE_ORDER_NOTHING_TO_ANSWER',
  lineChanged: 'PURCHASE_ORDER_LINE_STATE_CHANGED',
  changed: 'PURCHASE_ORDER_STATE_CHANGED',
};

const answeredLines = (tx: Queryable, order: OrderRow, body: ActionBody, expected: number) =>
  answeredLinesOf<LineRow>(tx, ORDER_LINES, order, body, expected);

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
    const n = confirmed.length;
    return text('purchaseOrders.answered', { orderNo: order.orderNo, count: n, confirmed: n, proposed: 0 });
  }
  const rows = await answeredLines(tx, order, body, L.PENDING);
  const byId = new Map((body.lines ?? []).map((l, i) => [l.id, { ...l, i }] as [string, LineAnswer & { i: number }]));
  const places = order.decimalPlaces;
  let confirmed = 0;
  let proposed = 0;
  const values = rows.map((line) => {
    const answer = byId.get(line.id);
    const qty =
      answer?.qty !== undefined ? placedDecimal(answer.qty, places.quantity, `lines.${answer.i}.qty`) : line.qty;
    const date = answer?.date ?? line.requestedDate;
    const proposal = compareDecimals(qty, line.qty) !== 0 || date !== line.requestedDate;
    if (compareDecimals(qty, '0') <= 0) throw new AppError('VALIDATION_FAILED');
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
  await writeLineAnswers(
    tx,
    ORDER_LINES,
    order,
    L.PENDING,
    values,
    'id bigint, status int, cq numeric, cd date, pq numeric, pd date, remark text',
    sql`status = v.status, confirmed_qty = v.cq, confirmed_date = v.cd, proposed_qty = v.pq, proposed_date = v.pd,
        supplier_remark = coalesce(v.remark, l.supplier_remark)`,
  );
  return text('purchaseOrders.answered', {
    orderNo: order.orderNo,
    count: confirmed + proposed,
    confirmed,
    proposed,
  });
}

/** The buyer accepts proposals (the line takes the proposed quantity and date) or rejects them. */
async function answerAsBuyer(tx: Queryable, order: OrderRow, body: ActionBody, accept: boolean) {
  const rows = await answeredLines(tx, order, body, L.PROPOSED);
  if (accept) {
    for (const line of rows) {
      if (line.proposedQty !== null && compareDecimals(line.proposedQty, line.deliveredQty) < 0)
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
  await writeLineAnswers(
    tx,
    ORDER_LINES,
    order,
    L.PROPOSED,
    values,
    'id bigint, qty numeric, date date, amount numeric',
    assignments,
  );
  return text(accept ? 'purchaseOrders.accepted' : 'purchaseOrders.rejected', {
    orderNo: order.orderNo,
    count: rows.length,
    lines: listOf(
      rows.map((l) =>
        text('purchaseOrders.lineProposal', {
          lineNo: l.lineNo,
          qty: l.proposedQty ?? l.qty,
          date: l.proposedDate ?? l.requestedDate,
        }),
      ),
    ),
  });
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
  const live = counts.filter((c) => c.status !== L.CANCELLED);
  const total = sumDecimals(
    live.map((c) => c.amount),
    order.decimalPlaces.amount,
  );
  await tx
    .update(po)
    .set({
      status,
      totalAmount: total,
      lineCount: live.reduce((sum, c) => sum + c.n, 0),
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
 * on one order run one after the other; the loser finds the status moved and answers 409.
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
  ctx: RequestContext,
  id: string,
  action: PurchaseOrderAction,
  body: ActionBody,
): Promise<PurchaseOrderDetail> {
  const { tx, auth, tenantId: me } = ctx;
  const t = purchaseOrderMachine.transition(action)!;
  const hit = await findOrder(tx, auth, id);
  if (!hit) throw new AppError('NOT_FOUND');
  if (hit.side !== t.side) throw new AppError('PURCHASE_ORDER_WRONG_SIDE');
  requireAny(auth, [t.permission]);
  let order = await claimOrder(tx, hit.row, t.from, body.version, t.side, me);
  let step = stepOf(action, order.orderNo);
  if (action === 'send') {
    const s = await checkSupplier(ctx, order.supplierId, true);
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
    step =
      action === 'confirm'
        ? await answerAsSupplier(tx, order, body)
        : await answerAsBuyer(tx, order, body, action === 'accept');
    await settleOrder(tx, order);
  } else {
    await tx
      .update(po)
      .set({ status: t.to as number })
      .where(and(eq(po.tenantId, me), eq(po.id, id)));
  }
  await settleContractQuantities(tx, order);
  const comment = body.comment?.trim();
  const summary = comment ? text('purchaseOrders.withComment', { text: step, comment }) : step;
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: ORDER_MODULE,
    targetId: id,
    summary,
  });
  const [after] = await tx
    .select()
    .from(po)
    .where(and(eq(po.tenantId, order.tenantId), eq(po.id, id)));
  if (!after) throw new AppError('NOT_FOUND');
  const outcome = { before: hit.row, after, summary };
  ctx.afterCommit(() => tellOtherSide(ctx.tell, me, action, outcome));
  return getOrder(ctx, id);
}

async function tellOtherSide(
  deps: TellDeps,
  me: string,
  action: PurchaseOrderAction,
  o: { before: OrderRow; after: OrderRow; summary: TextRef },
): Promise<void> {
  const { before, after, summary } = o;
  if (action === 'send') {
    await tellSent(deps, after.tenantId, [after]);
    return;
  }
  const title = text('purchaseOrders.partyStep', {
    party: await nameOf(deps.db, me),
    step: stepOf(action, after.orderNo),
  });
  if (purchaseOrderMachine.transition(action)!.side === 'supplier') {
    await tellParty(deps, 'order', [
      {
        tenantId: after.tenantId,
        userId: after.ownerId,
        title,
        content: summary,
        link: buyerOrderLink(after.id),
      },
    ]);
    return;
  }
  // A draft being cancelled was never shown to the supplier.
  if (!after.supplierTenantId || before.status === S.DRAFT) return;
  await tellParty(deps, 'order', [
    {
      tenantId: after.supplierTenantId,
      title,
      content: summary,
      link: supplierOrderLink(after.id),
    },
  ]);
}
