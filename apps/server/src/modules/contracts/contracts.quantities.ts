import { CONTRACT_STATUS, compareDecimals, PURCHASE_ORDER_LINE_STATUS, PURCHASE_ORDER_STATUS } from '@concord/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { todayOf } from '../../platform/time.ts';
import { purchaseOrders as po, purchaseOrderLines as pol } from '../purchase-orders/purchase-orders.table.ts';
import { contracts as c, contractLines as cl } from './contracts.table.ts';

/*
 * What orders draw on contracts (issue 22 scope 4). An order line naming a contract line holds
 * `contract_qty` of it, and the contract line's `ordered_qty` is the sum of what its order lines hold.
 * After every step that moves an order's quantities the purchase-order module calls
 * `settleContractQuantities` once: it brings each line's `contract_qty` to what the line should hold
 * now (`LIVE_QTY`) and moves `ordered_qty` by the difference, one conditional update per contract line,
 * so concurrent orders never overshoot a cap.
 */

const O = PURCHASE_ORDER_STATUS;
const L = PURCHASE_ORDER_LINE_STATUS;

/**
 * What an order line holds of its contract line: nothing while the order is a draft (drafts reserve
 * nothing) or once it or the line is cancelled; what was delivered once the order is closed (closing
 * gives the rest back); its quantity otherwise, which follows changes and accepted counter-proposals.
 */
export const LIVE_QTY: SQL<string> = sql`(case
  when ${po.status} in (${O.DRAFT}, ${O.CANCELLED}) or ${pol.status} = ${L.CANCELLED} then 0::numeric
  when ${po.status} = ${O.CLOSED} then least(${pol.deliveredQty}, ${pol.qty})
  else ${pol.qty} end)`;

const ofOrder = (order: { tenantId: string; id: string }) =>
  and(
    eq(pol.tenantId, order.tenantId),
    eq(pol.orderId, order.id),
    eq(po.tenantId, pol.tenantId),
    eq(po.id, pol.orderId),
    sql`${pol.contractLineId} is not null`,
  );

/**
 * Brings the contract quantities of one order in line with its lines, in the buyer's transaction. A
 * raise passes only while the contract is effective, today (the buyer's zone) is within its validity
 * and the cap holds: `ordered_qty + Δ <= qty_cap` is the update's own condition, evaluated on the row
 * it locks, so of concurrent raises exactly those that fit succeed. A fall always passes.
 */
export async function settleContractQuantities(tx: Queryable, order: { tenantId: string; id: string }): Promise<void> {
  const moves = await tx
    .select({ lineId: pol.contractLineId, delta: sql<string>`sum(${LIVE_QTY} - ${pol.contractQty})::text` })
    .from(pol)
    .innerJoin(po, and(eq(po.tenantId, pol.tenantId), eq(po.id, pol.orderId)))
    .where(ofOrder(order))
    .groupBy(pol.contractLineId)
    .having(sql`sum(${LIVE_QTY} - ${pol.contractQty}) <> 0`)
    // One lock order for every transaction: two orders over the same contract lines cannot deadlock.
    .orderBy(pol.contractLineId);
  if (!moves.length) return;
  let today: string | null = null;
  for (const { lineId, delta } of moves) {
    const raise = compareDecimals(delta, '0') > 0;
    if (raise) today ??= await todayOf(tx, order.tenantId);
    const [moved] = await tx
      .update(cl)
      .set({ orderedQty: sql`${cl.orderedQty} + ${delta}::numeric`, updatedAt: sql`now()` })
      .where(
        and(
          eq(cl.tenantId, order.tenantId),
          eq(cl.id, lineId!),
          raise
            ? sql`(${cl.qtyCap} is null or ${cl.orderedQty} + ${delta}::numeric <= ${cl.qtyCap})
                  and exists (select 1 from ${c} where ${c.tenantId} = ${cl.tenantId} and ${c.id} = ${cl.contractId}
                                 and ${c.status} = ${CONTRACT_STATUS.EFFECTIVE}
                                 and ${c.validFrom} <= ${today}::date and ${c.validTo} >= ${today}::date)`
            : undefined,
        ),
      )
      .returning({ id: cl.id });
    if (!moved) throw await refusal(tx, order.tenantId, lineId!, delta, today!);
  }
  await tx
    .update(pol)
    .set({ contractQty: LIVE_QTY })
    .from(po)
    .where(and(ofOrder(order), sql`${pol.contractQty} <> ${LIVE_QTY}`));
}

/**
 * After deliveries moved on order lines: a closed order holds what was delivered, so a delivery note
 * cancelled after its order closed gives its quantity back. Orders still open hold their quantity
 * whatever is delivered, and settle to nothing.
 */
export async function settleContractQuantitiesOfLines(
  tx: Queryable,
  tenantId: string,
  orderLineIds: readonly string[],
): Promise<void> {
  const orders = await tx
    .selectDistinct({ id: pol.orderId })
    .from(pol)
    .where(and(eq(pol.tenantId, tenantId), inArray(pol.id, [...orderLineIds]), sql`${pol.contractLineId} is not null`));
  for (const o of orders) await settleContractQuantities(tx, { tenantId, id: o.id });
}

/** Why a raise did not pass: the contract is not in force that day, or the cap, named with its figures. */
async function refusal(tx: Queryable, tenantId: string, lineId: string, qty: string, today: string): Promise<AppError> {
  const [line] = await tx
    .select({
      contractNo: c.contractNo,
      status: c.status,
      validFrom: c.validFrom,
      validTo: c.validTo,
      prdtNo: cl.prdtNo,
      cap: cl.qtyCap,
      ordered: cl.orderedQty,
    })
    .from(cl)
    .innerJoin(c, and(eq(c.tenantId, cl.tenantId), eq(c.id, cl.contractId)))
    .where(and(eq(cl.tenantId, tenantId), eq(cl.id, lineId)));
  if (!line) return new AppError('NOT_FOUND');
  const inForce = line.status === CONTRACT_STATUS.EFFECTIVE && line.validFrom <= today && line.validTo >= today;
  if (!inForce) return new AppError('CONTRACT_NOT_IN_FORCE', { contractNo: line.contractNo, date: today });
  return new AppError('CONTRACT_QTY_EXCEEDED', {
    contractNo: line.contractNo,
    prdtNo: line.prdtNo,
    cap: line.cap ?? '',
    ordered: line.ordered,
    qty,
  });
}

/**
 * An order line may name only a line of a contract with the order's supplier, for the same material;
 * whether the contract is in force is decided when the order line starts to count (send).
 */
export async function checkContractLines(
  q: Queryable,
  tenantId: string,
  supplierId: string,
  lines: { lineNo: number; materialId: string | null; contractLineId?: string | null }[],
): Promise<void> {
  const named = lines.filter((l) => l.contractLineId);
  if (!named.length) return;
  const found = await q
    .select({ id: cl.id, materialId: cl.materialId, supplierId: c.supplierId })
    .from(cl)
    .innerJoin(c, and(eq(c.tenantId, cl.tenantId), eq(c.id, cl.contractId)))
    .where(and(eq(cl.tenantId, tenantId), inArray(cl.id, [...new Set(named.map((l) => l.contractLineId!))])));
  const byId = new Map(found.map((f) => [f.id, f]));
  for (const l of named) {
    const line = byId.get(l.contractLineId!);
    if (line?.materialId !== l.materialId || line.supplierId !== supplierId)
      throw new AppError('CONTRACT_LINE_MISMATCH', { lineNo: l.lineNo });
  }
}
