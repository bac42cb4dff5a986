import {
  CONTRACT_STATUS,
  compareDecimals,
  OPERATION_TYPE,
  PURCHASE_ORDER_LINE_STATUS,
  PURCHASE_ORDER_STATUS,
  sumDecimals,
  text,
} from '@concord/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { enterprises } from '../../db/schema.ts';
import type { Actor } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { todayOf } from '../../platform/time.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { ORDER_MODULE } from '../purchase-orders/purchase-orders.notify.ts';
import { purchaseOrders as po, purchaseOrderLines as pol } from '../purchase-orders/purchase-orders.table.ts';
import { CONTRACT_MODULE } from './contracts.common.ts';
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

/**
 * The amount a line holds at its own price: its amount while it holds its whole quantity, else what it
 * holds times its price, at the order's amount places.
 */
export const LIVE_AMOUNT: SQL<string> = sql`(case
  when ${LIVE_QTY} = ${pol.qty} then ${pol.amount}
  else round(${LIVE_QTY} * ${pol.price}, coalesce((${po.decimalPlaces}->>'amount')::int, 2)) end)`;

const ofOrder = (order: { tenantId: string; id: string }) =>
  and(
    eq(pol.tenantId, order.tenantId),
    eq(pol.orderId, order.id),
    eq(po.tenantId, pol.tenantId),
    eq(po.id, pol.orderId),
    sql`${pol.contractLineId} is not null`,
  );

/** A cap an order went past where the buyer's enterprise makes caps a warning (the step went through). */
export type ContractCapWarning =
  | { kind: 'qty'; contractId: string; contractNo: string; prdtNo: string; cap: string; ordered: string; qty: string }
  | {
      kind: 'amount';
      contractId: string;
      contractNo: string;
      amountCap: string;
      orderedAmount: string;
      amount: string;
    };

const SYSTEM = (tenantId: string): Actor => ({ tenantId, userId: null, username: 'system', ip: null });

/** Whether the buyer's enterprise makes contract caps a warning instead of a refusal. */
async function capsWarnOnly(tx: Queryable, tenantId: string): Promise<boolean> {
  const [row] = await tx
    .select({ warn: enterprises.contractCapWarning })
    .from(enterprises)
    .where(eq(enterprises.id, tenantId));
  return row?.warn ?? false;
}

/**
 * Brings the contract quantities and amounts of one order in line with its lines, in the buyer's
 * transaction. A raise of a line's quantity passes only while the contract is effective, today (the
 * buyer's zone) is within its validity and the cap holds: `ordered_qty + Δ <= qty_cap` is the update's
 * own condition, evaluated on the row it locks, so of concurrent raises exactly those that fit succeed.
 * The contract's amount cap holds the same way on the contract row (`ordered_amount + Δ <= amount_cap`).
 * A fall always passes. Where the enterprise makes caps a warning, a raise past a cap passes (validity
 * still holds), and the warnings are returned and written to the order's and the contract's logs.
 */
export async function settleContractQuantities(
  tx: Queryable,
  order: { tenantId: string; id: string },
  actor: Actor = SYSTEM(order.tenantId),
): Promise<ContractCapWarning[]> {
  const moves = await tx
    .select({
      lineId: pol.contractLineId,
      contractId: cl.contractId,
      delta: sql<string>`sum(${LIVE_QTY} - ${pol.contractQty})::text`,
      amount: sql<string>`sum(${LIVE_AMOUNT} - ${pol.contractAmount})::text`,
    })
    .from(pol)
    .innerJoin(po, and(eq(po.tenantId, pol.tenantId), eq(po.id, pol.orderId)))
    .innerJoin(cl, and(eq(cl.tenantId, pol.tenantId), eq(cl.id, pol.contractLineId)))
    .where(ofOrder(order))
    .groupBy(pol.contractLineId, cl.contractId)
    .having(sql`sum(${LIVE_QTY} - ${pol.contractQty}) <> 0 or sum(${LIVE_AMOUNT} - ${pol.contractAmount}) <> 0`)
    // One lock order for every transaction (each contract row, then its lines): two orders over the
    // same contracts cannot deadlock.
    .orderBy(cl.contractId, pol.contractLineId);
  if (!moves.length) return [];
  const warnings: ContractCapWarning[] = [];
  let today: string | null = null;
  let warnOnly: boolean | null = null;
  const byContract = new Map<string, typeof moves>();
  for (const m of moves) byContract.set(m.contractId, [...(byContract.get(m.contractId) ?? []), m]);
  for (const [contractId, lines] of byContract) {
    const amount = sumDecimals(
      lines.map((l) => l.amount),
      10,
    );
    if (compareDecimals(amount, '0') !== 0) {
      const raise = compareDecimals(amount, '0') > 0;
      if (raise) warnOnly ??= await capsWarnOnly(tx, order.tenantId);
      const capped = raise && !warnOnly;
      const [moved] = await tx
        .update(c)
        .set({ orderedAmount: sql`${c.orderedAmount} + ${amount}::numeric`, updatedAt: sql`now()` })
        .where(
          and(
            eq(c.tenantId, order.tenantId),
            eq(c.id, contractId),
            capped
              ? sql`(${c.amountCap} is null or ${c.orderedAmount} + ${amount}::numeric <= ${c.amountCap})`
              : undefined,
          ),
        )
        .returning({
          contractNo: c.contractNo,
          amountCap: c.amountCap,
          over: sql<boolean>`${c.amountCap} is not null and ${c.orderedAmount} > ${c.amountCap}`,
          before: sql<string>`(${c.orderedAmount} - ${amount}::numeric)::text`,
        });
      if (!moved) throw await amountRefusal(tx, order.tenantId, contractId, amount);
      if (raise && moved.over)
        warnings.push({
          kind: 'amount',
          contractId,
          contractNo: moved.contractNo,
          amountCap: moved.amountCap!,
          orderedAmount: moved.before,
          amount,
        });
    }
    for (const { lineId, delta } of lines) {
      if (compareDecimals(delta, '0') === 0) continue;
      const raise = compareDecimals(delta, '0') > 0;
      if (raise) {
        today ??= await todayOf(tx, order.tenantId);
        warnOnly ??= await capsWarnOnly(tx, order.tenantId);
      }
      const [moved] = await tx
        .update(cl)
        .set({ orderedQty: sql`${cl.orderedQty} + ${delta}::numeric`, updatedAt: sql`now()` })
        .where(
          and(
            eq(cl.tenantId, order.tenantId),
            eq(cl.id, lineId!),
            raise
              ? sql`${warnOnly ? sql`true` : sql`(${cl.qtyCap} is null or ${cl.orderedQty} + ${delta}::numeric <= ${cl.qtyCap})`}
                  and exists (select 1 from ${c} where ${c.tenantId} = ${cl.tenantId} and ${c.id} = ${cl.contractId}
                                 and ${c.status} = ${CONTRACT_STATUS.EFFECTIVE}
                                 and ${c.validFrom} <= ${today}::date and ${c.validTo} >= ${today}::date)`
              : undefined,
          ),
        )
        .returning({
          prdtNo: cl.prdtNo,
          cap: cl.qtyCap,
          over: sql<boolean>`${cl.qtyCap} is not null and ${cl.orderedQty} > ${cl.qtyCap}`,
          before: sql<string>`(${cl.orderedQty} - ${delta}::numeric)::text`,
        });
      if (!moved) throw await refusal(tx, order.tenantId, lineId!, delta, today!);
      if (raise && moved.over) {
        const contractNo = await contractNoOf(tx, order.tenantId, contractId);
        warnings.push({
          kind: 'qty',
          contractId,
          contractNo,
          prdtNo: moved.prdtNo,
          cap: moved.cap!,
          ordered: moved.before,
          qty: delta,
        });
      }
    }
  }
  await tx
    .update(pol)
    .set({ contractQty: LIVE_QTY, contractAmount: LIVE_AMOUNT })
    .from(po)
    .where(and(ofOrder(order), sql`(${pol.contractQty} <> ${LIVE_QTY} or ${pol.contractAmount} <> ${LIVE_AMOUNT})`));
  await logWarnings(tx, actor, order, warnings);
  return warnings;
}

async function contractNoOf(tx: Queryable, tenantId: string, id: string): Promise<string> {
  const [row] = await tx
    .select({ contractNo: c.contractNo })
    .from(c)
    .where(and(eq(c.tenantId, tenantId), eq(c.id, id)));
  return row?.contractNo ?? '';
}

/** A cap passed as a warning is written to the order's log and to the contract's. */
async function logWarnings(
  tx: Queryable,
  actor: Actor,
  order: { tenantId: string; id: string },
  warnings: ContractCapWarning[],
): Promise<void> {
  if (!warnings.length) return;
  const [o] = await tx
    .select({ orderNo: po.orderNo })
    .from(po)
    .where(and(eq(po.tenantId, order.tenantId), eq(po.id, order.id)));
  for (const w of warnings) {
    const { kind, contractId, ...params } = w;
    const summary = text(kind === 'qty' ? 'contracts.qtyCapWarning' : 'contracts.amountCapWarning', {
      ...params,
      orderNo: o?.orderNo ?? '',
    });
    await recordOperation(tx, actor, {
      type: OPERATION_TYPE.UPDATE,
      module: ORDER_MODULE,
      targetId: order.id,
      summary,
    });
    await recordOperation(tx, actor, {
      type: OPERATION_TYPE.UPDATE,
      module: CONTRACT_MODULE,
      targetId: contractId,
      summary,
    });
  }
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

/** Why an amount raise did not pass: the contract's amount cap, named with its figures. */
async function amountRefusal(tx: Queryable, tenantId: string, contractId: string, amount: string): Promise<AppError> {
  const [row] = await tx
    .select({ contractNo: c.contractNo, amountCap: c.amountCap, orderedAmount: c.orderedAmount })
    .from(c)
    .where(and(eq(c.tenantId, tenantId), eq(c.id, contractId)));
  if (!row) return new AppError('NOT_FOUND');
  return new AppError('CONTRACT_AMOUNT_EXCEEDED', {
    contractNo: row.contractNo,
    amountCap: row.amountCap ?? '',
    orderedAmount: row.orderedAmount,
    amount,
  });
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
