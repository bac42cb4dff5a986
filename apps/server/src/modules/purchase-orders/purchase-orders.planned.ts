import {
  compareDecimals,
  type PurchaseChangeDiffLine,
  RECEIVING_PLAN_LINE_STATUS,
  RECEIVING_PLAN_STATUS,
  type ReceivingPlanStatus,
} from '@concord/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { receivingPlanLines as rl, receivingPlans as rp } from '../receiving-plans/receiving-plans.table.ts';
import { purchaseOrderLines as pol, type StoredLineDiff } from './purchase-orders.table.ts';

const P = RECEIVING_PLAN_STATUS;

/**
 * Plans that promise deliveries. Drafts are left out: the supplier cannot read them (they get its
 * tenant only when sent), and both sides of a change must be shown the same planned quantity.
 */
const LIVE_PLAN_STATUSES: ReceivingPlanStatus[] = [P.SENT, P.PARTIALLY_CONFIRMED, P.PROPOSED, P.CONFIRMED];

/**
 * What live receiving plans schedule of each line of one order, by line number, in one statement
 * (an order may have 5,000 lines, QUALITY P-03). Read in the caller's transaction, so row-level
 * security limits it to plans the caller's enterprise is a party to.
 */
export async function loadPlannedQuantities(
  q: Queryable,
  tenantId: string,
  orderId: string,
): Promise<Map<number, string>> {
  const rows = await q
    .select({ lineNo: pol.lineNo, qty: sql<string>`sum(${rl.plannedQty})::text` })
    .from(rp)
    .innerJoin(rl, and(eq(rl.tenantId, rp.tenantId), eq(rl.planId, rp.id)))
    .innerJoin(pol, and(eq(pol.tenantId, rl.tenantId), eq(pol.id, rl.orderLineId)))
    .where(
      and(
        eq(rp.tenantId, tenantId),
        eq(rp.orderId, orderId),
        inArray(rp.status, LIVE_PLAN_STATUSES),
        ne(rl.status, RECEIVING_PLAN_LINE_STATUS.CANCELLED),
      ),
    )
    .groupBy(pol.lineNo);
  return new Map(rows.map((r) => [r.lineNo, r.qty]));
}

/**
 * Gives changed and cancelled lines the quantity planned of them and flags those whose new quantity
 * (none once cancelled) falls below it. Added lines cannot have plans yet.
 */
export function markBelowPlanned(
  diff: StoredLineDiff[],
  planned: ReadonlyMap<number, string>,
): PurchaseChangeDiffLine[] {
  return diff.map((d) => {
    if (d.kind === 'added') return d;
    const plannedQty = planned.get(d.lineNo) ?? '0';
    const newQty = d.kind === 'cancelled' ? '0' : (d.after?.qty ?? '0');
    return { ...d, plannedQty, belowPlanned: compareDecimals(newQty, plannedQty) < 0 };
  });
}
