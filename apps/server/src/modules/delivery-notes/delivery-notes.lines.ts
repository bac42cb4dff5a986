import {
  addDecimals,
  compareDecimals,
  DELIVERY_NOTE_MAX_PACKAGES,
  DELIVERY_NOTE_STATUS,
  DELIVERY_PACKAGE_KIND,
  type DeliverableLine,
  type DeliveryCustomer,
  type deliverableLineListSchema,
  type ListResult,
  lineAmount,
  PURCHASE_ORDER_LINE_STATUS,
  PURCHASE_ORDER_STATUS,
  packageCounts,
  placesOf,
  RECEIVING_PLAN_LINE_STATUS,
  RECEIVING_PLAN_STATUS,
  roundDecimal,
  subtractDecimals,
  sumDecimals,
} from '@concord/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { enterprises } from '../../db/schema.ts';
import { type MemberAuth, type RequestContext, switchTenant } from '../../platform/context.ts';
import { escapeLike } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { pageOf } from '../../platform/paging.ts';
import { settleContractQuantitiesOfLines } from '../contracts/contracts.quantities.ts';
import { materialCustomers, materials } from '../materials/materials.table.ts';
import { orderSideCondition } from '../purchase-orders/purchase-orders.common.ts';
import { purchaseOrders as po, purchaseOrderLines as pol } from '../purchase-orders/purchase-orders.table.ts';
import { receivingPlanLines as rl, receivingPlans as rp } from '../receiving-plans/receiving-plans.table.ts';
import { customers } from '../suppliers/suppliers.table.ts';
import { deliveryNotes as dn, deliveryNoteLines as dnl } from './delivery-notes.table.ts';

/** Orders that take deliveries: sent to the supplier and neither closed nor cancelled. */
export const DELIVERABLE_ORDER_STATUSES = [
  PURCHASE_ORDER_STATUS.SENT,
  PURCHASE_ORDER_STATUS.PARTIALLY_CONFIRMED,
  PURCHASE_ORDER_STATUS.COUNTER_PROPOSED,
  PURCHASE_ORDER_STATUS.CONFIRMED,
];
/** Plans in force: a draft or a cancelled plan schedules nothing. */
const LIVE_PLAN_STATUSES = [
  RECEIVING_PLAN_STATUS.SENT,
  RECEIVING_PLAN_STATUS.PARTIALLY_CONFIRMED,
  RECEIVING_PLAN_STATUS.PROPOSED,
  RECEIVING_PLAN_STATUS.CONFIRMED,
];

const ids = (values: readonly number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** An order line is planned when a live plan schedules it: then its plan lines are what is delivered. */
export const plannedCondition = sql`exists (select 1 from ${rl} join ${rp} on ${rp.tenantId} = ${rl.tenantId} and ${rp.id} = ${rl.planId}
  where ${rl.tenantId} = ${pol.tenantId} and ${rl.orderLineId} = ${pol.id}
    and ${rl.status} <> ${RECEIVING_PLAN_LINE_STATUS.CANCELLED} and ${rp.status} in (${ids(LIVE_PLAN_STATUSES)}))`;

export const isLivePlan = (status: number) => (LIVE_PLAN_STATUSES as number[]).includes(status);

// ---------------------------------------------------------------------------------------------
// Packing

export interface PackedPackage {
  kind: number;
  /** 1-based within the line; large packages are numbered after the small ones. */
  seq: number;
  qty: string;
  /** The seq of the large package holding this small one. */
  parentSeq: number | null;
}

/**
 * Packs one line by the material-customer packaging (`packageCounts`): the small packages hold
 * `materialQty` each and the last the rest, grouped `perLarge` at a time into large ones. Package
 * quantities are exact, so they add up to the line's quantity whatever places the packaging has.
 */
export function packLine(qty: string, materialQty: string | null, smallQty: string | null): PackedPackage[] {
  const counts = packageCounts(qty, materialQty, smallQty);
  if (!materialQty || counts.smalls === 1n)
    return [{ kind: DELIVERY_PACKAGE_KIND.SMALL, seq: 1, qty, parentSeq: null }];
  // Refused before a single package is built: 10^12 in packages of 0.0001 would never finish.
  if (counts.smalls > BigInt(DELIVERY_NOTE_MAX_PACKAGES))
    throw new AppError('DELIVERY_TOO_MANY_PACKAGES', {
      count: counts.smalls.toString(),
      max: DELIVERY_NOTE_MAX_PACKAGES,
    });
  const places = Math.max(placesOf(qty), placesOf(materialQty));
  // Counts of packages, at most 5,000 past the check above: safe as numbers.
  const count = Number(counts.smalls);
  const smalls: PackedPackage[] = [];
  for (let i = 0; i < count; i++) {
    const rest = subtractDecimals(qty, lineAmount(materialQty, String(i), places), places);
    const packed = compareDecimals(materialQty, rest) <= 0 ? materialQty : rest;
    smalls.push({ kind: DELIVERY_PACKAGE_KIND.SMALL, seq: i + 1, qty: packed, parentSeq: null });
  }
  const perLarge = Number(counts.perLarge < counts.smalls ? counts.perLarge : counts.smalls);
  if (!perLarge) return smalls;
  const larges: PackedPackage[] = [];
  for (let i = 0; i < count; i += perLarge) {
    const group = smalls.slice(i, i + perLarge);
    const seq = count + larges.length + 1;
    for (const s of group) s.parentSeq = seq;
    larges.push({
      kind: DELIVERY_PACKAGE_KIND.LARGE,
      seq,
      qty: sumDecimals(
        group.map((s) => s.qty),
        places,
      ),
      parentSeq: null,
    });
  }
  return [...smalls, ...larges];
}

// ---------------------------------------------------------------------------------------------
// Rates and packaging

export interface MaterialTerms {
  /** Over-delivery allowance in percent (10 for 10 %). */
  overRate: string;
  materialQty: string | null;
  smallQty: string | null;
  isCheck: boolean;
  warehouseId: string | null;
}

/** A positive archive figure in its shortest form (`12`, not the column's `12.0000`), else null. */
const positive = (value: string | null | undefined) =>
  value && compareDecimals(value, '0') > 0 ? roundDecimal(value, placesOf(value)) : null;

/**
 * What governs delivering a customer's materials: the supplier's own material-customer relation
 * (over-delivery rate, packaging), else the buyer material's order over-rate. The buyer's archive
 * is read in the buyer's context, only for materials of order lines already checked to be addressed
 * to the caller, and the transaction returns to the caller's context before anything else runs.
 */
export async function materialTerms(
  tx: Queryable,
  me: string,
  customerTenantId: string,
  lines: { materialId: string | null; prdtNo: string }[],
): Promise<(line: { materialId: string | null; prdtNo: string }) => MaterialTerms> {
  const codes = [...new Set(lines.map((l) => l.prdtNo))];
  const relations = codes.length
    ? await tx
        .select({
          code: materialCustomers.custPrdtCode,
          rate: materialCustomers.overdeliveryRate,
          materialQty: materialCustomers.materialQty,
          smallQty: materialCustomers.smallQty,
        })
        .from(materialCustomers)
        .innerJoin(
          customers,
          and(eq(customers.tenantId, materialCustomers.tenantId), eq(customers.id, materialCustomers.customerId)),
        )
        .where(
          and(
            eq(materialCustomers.tenantId, me),
            eq(customers.customerTenantId, customerTenantId),
            inArray(materialCustomers.custPrdtCode, codes),
          ),
        )
    : [];
  const materialIds = [...new Set(lines.map((l) => l.materialId).filter((v): v is string => !!v))];
  let archive: { id: string; rate: string; isCheck: boolean; warehouseId: string | null }[] = [];
  if (materialIds.length) {
    await switchTenant(tx, customerTenantId);
    archive = await tx
      .select({
        id: materials.id,
        rate: materials.orderOverRate,
        isCheck: materials.isCheck,
        warehouseId: materials.warehouseId,
      })
      .from(materials)
      .where(and(eq(materials.tenantId, customerTenantId), inArray(materials.id, materialIds)));
    await switchTenant(tx, me);
  }
  const byCode = new Map(relations.map((r) => [r.code, r]));
  const byId = new Map(archive.map((m) => [m.id, m]));
  return (line) => {
    const rel = byCode.get(line.prdtNo);
    const mat = line.materialId ? byId.get(line.materialId) : undefined;
    return {
      overRate: positive(rel?.rate) ?? mat?.rate ?? '0',
      materialQty: positive(rel?.materialQty),
      smallQty: positive(rel?.smallQty),
      isCheck: mat?.isCheck ?? false,
      warehouseId: mat?.warehouseId ?? null,
    };
  };
}

/**
 * base × (1 + percent ÷ 100), rounded once to `places`: the most a line may deliver. The factor is
 * exact: the archive keeps rates at 2 places, so percent ÷ 100 has at most 4 and 12 places keep them.
 */
export function withOverRate(base: string, percent: string, places: number): string {
  const factor = addDecimals('1', lineAmount(percent, '0.01', 12), 12);
  return lineAmount(base, factor, places);
}

/**
 * Sets the delivered quantity of order and plan lines to what live notes hold (drafts included), in
 * the caller's transaction, so cancelling or editing a note frees exactly its quantity.
 */
export async function syncDeliveredQty(
  tx: Queryable,
  tenantId: string,
  orderLineIds: readonly string[],
  planLineIds: readonly string[],
): Promise<void> {
  // Lines count unless their note is cancelled: a new note's lines are written before its header.
  const cancelled = sql`exists (select 1 from ${dn} where ${dn.tenantId} = ${dnl.tenantId}
    and ${dn.id} = ${dnl.noteId} and ${dn.status} = ${DELIVERY_NOTE_STATUS.CANCELLED})`;
  if (orderLineIds.length)
    await tx
      .update(pol)
      .set({
        deliveredQty: sql`(select coalesce(sum(${dnl.qty}), 0) from ${dnl}
          where ${dnl.tenantId} = ${pol.tenantId} and ${dnl.orderLineId} = ${pol.id} and not ${cancelled})`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(pol.tenantId, tenantId), inArray(pol.id, [...orderLineIds])));
  if (orderLineIds.length) await settleContractQuantitiesOfLines(tx, tenantId, orderLineIds);
  if (planLineIds.length)
    await tx
      .update(rl)
      .set({
        deliveredQty: sql`(select coalesce(sum(${dnl.qty}), 0) from ${dnl}
          where ${dnl.tenantId} = ${rl.tenantId} and ${dnl.planLineId} = ${rl.id} and not ${cancelled})`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(rl.tenantId, tenantId), inArray(rl.id, [...planLineIds])));
}

// ---------------------------------------------------------------------------------------------
// The "not generated" group

type DeliverableQuery = z.infer<typeof deliverableLineListSchema>;
type DeliverableRow = Omit<DeliverableLine, 'openQty' | 'maxQty' | 'materialQty' | 'smallQty'> & {
  orderQty: string;
  orderDelivered: string;
};

/**
 * Confirmed order lines without a live plan, and confirmed plan lines, of sent orders addressed to
 * the caller, with their quantity still open; the over-delivery allowance is added per material.
 */
async function deliverableRows(q: Queryable, auth: MemberAuth, f: NonNullable<DeliverableQuery['filter']>) {
  const scope = await orderSideCondition(q, auth, 'supplier');
  const orderOpen = and(
    scope,
    inArray(po.status, DELIVERABLE_ORDER_STATUSES),
    eq(pol.status, PURCHASE_ORDER_LINE_STATUS.CONFIRMED),
    f.customerTenantId ? eq(po.tenantId, f.customerTenantId) : undefined,
    f.orderNo ? sql`${po.orderNo} ilike ${escapeLike(f.orderNo)}` : undefined,
    f.material
      ? sql`(${pol.prdtNo} ilike ${escapeLike(f.material)} or ${pol.prdtName} ilike ${escapeLike(f.material)})`
      : undefined,
  ) as SQL;
  const dateOf = (col: SQL) =>
    and(f.dateFrom ? sql`${col} >= ${f.dateFrom}` : undefined, f.dateTo ? sql`${col} <= ${f.dateTo}` : undefined) ??
    sql`true`;
  const orderQty = sql`coalesce(${pol.confirmedQty}, ${pol.qty})`;
  const common = sql`${po.tenantId} as "customerTenantId", ${po.id} as "orderId", ${po.orderNo} as "orderNo",
    ${pol.id} as "orderLineId", ${pol.lineNo} as "orderLineNo", ${pol.materialId} as "materialId",
    ${pol.prdtNo} as "prdtNo", ${pol.prdtName} as "prdtName", ${pol.prdtSpc} as "prdtSpc",
    ${pol.supPrdtNo} as "supPrdtNo", ${pol.unitName} as "unitName", ${orderQty} as "orderQty",
    ${pol.deliveredQty} as "orderDelivered", ${po.decimalPlaces} as "decimalPlaces"`;
  const orderDue = sql`coalesce(${pol.confirmedDate}, ${pol.requestedDate})`;
  const union = sql`
    select ${common}, null::bigint as "planLineId", null::text as "planNo", ${orderQty} as qty,
           ${orderDue} as "dueDate", ${pol.deliveredQty} as "deliveredQty"
      from ${pol} join ${po} on ${po.tenantId} = ${pol.tenantId} and ${po.id} = ${pol.orderId}
     where ${orderOpen} and not ${plannedCondition} and ${dateOf(orderDue)}
       and ${orderQty} > ${pol.deliveredQty}
    union all
    select ${common}, ${rl.id}, ${rp.planNo}, ${rl.plannedQty}, ${rl.plannedDate}, ${rl.deliveredQty}
      from ${rl} join ${rp} on ${rp.tenantId} = ${rl.tenantId} and ${rp.id} = ${rl.planId}
      join ${pol} on ${pol.tenantId} = ${rl.tenantId} and ${pol.id} = ${rl.orderLineId}
      join ${po} on ${po.tenantId} = ${pol.tenantId} and ${po.id} = ${pol.orderId}
     where ${orderOpen} and ${rl.status} = ${RECEIVING_PLAN_LINE_STATUS.CONFIRMED}
       and ${rp.status} in (${ids(LIVE_PLAN_STATUSES)}) and ${dateOf(sql`${rl.plannedDate}`)}
       and ${rl.plannedQty} > ${rl.deliveredQty}`;
  return union;
}

export async function listDeliverableLines(
  { tx: q, auth }: RequestContext,
  query: DeliverableQuery,
): Promise<ListResult<DeliverableLine>> {
  const union = await deliverableRows(q, auth, query.filter ?? {});
  const page = pageOf(query.pageParam);
  const [rows, total] = await Promise.all([
    q.execute<DeliverableRow & { customerName: string }>(sql`
      select d.*, coalesce(nullif(e.short_name, ''), e.name, '') as "customerName"
        from (${union}) d left join ${enterprises} e on e.id = d."customerTenantId"
       order by d."dueDate", d."orderNo", d."orderLineNo", d."planNo" nulls first
       limit ${page.limit} offset ${page.offset}`),
    q.execute<{ n: number }>(sql`select count(*)::int as n from (${union}) d`),
  ]);
  return { dataList: await withAllowance(q, auth, rows.rows), totalCount: Number(total.rows[0]?.n ?? 0) };
}

export const notBelowZero = (value: string) => (compareDecimals(value, '0') < 0 ? '0' : value);
const smaller = (a: string, b: string) => (compareDecimals(a, b) <= 0 ? a : b);

/** Adds each line's open and maximum quantity and packaging, one terms lookup per customer. */
async function withAllowance(
  q: Queryable,
  auth: MemberAuth,
  rows: (DeliverableRow & { customerName: string })[],
): Promise<DeliverableLine[]> {
  const byCustomer = new Map<string, typeof rows>();
  for (const r of rows) byCustomer.set(r.customerTenantId, [...(byCustomer.get(r.customerTenantId) ?? []), r]);
  const terms = new Map<string, Awaited<ReturnType<typeof materialTerms>>>();
  for (const [customer, list] of byCustomer) terms.set(customer, await materialTerms(q, auth.tenantId, customer, list));
  return rows.map((r) => {
    const t = terms.get(r.customerTenantId)!(r);
    const places = r.decimalPlaces.quantity;
    const orderMax = notBelowZero(
      subtractDecimals(withOverRate(r.orderQty, t.overRate, places), r.orderDelivered, places),
    );
    const open = notBelowZero(subtractDecimals(r.qty, r.deliveredQty, places));
    const max = r.planLineId ? smaller(open, orderMax) : orderMax;
    const { orderQty: _q, orderDelivered: _d, ...line } = r;
    return {
      ...line,
      customerTenantId: String(r.customerTenantId),
      orderId: String(r.orderId),
      orderLineId: String(r.orderLineId),
      planLineId: r.planLineId ? String(r.planLineId) : null,
      materialId: r.materialId ? String(r.materialId) : null,
      qty: roundDecimal(r.qty, places),
      deliveredQty: roundDecimal(r.deliveredQty, places),
      dueDate: String(r.dueDate).slice(0, 10),
      openQty: smaller(open, max),
      maxQty: max,
      materialQty: t.materialQty,
      smallQty: t.smallQty,
    };
  });
}

/** Customers with lines open to deliver, for the picker of a new note. */
export async function listDeliveryCustomers({ tx: q, auth }: RequestContext): Promise<DeliveryCustomer[]> {
  const union = await deliverableRows(q, auth, {});
  const rows = await q.execute<DeliveryCustomer>(sql`
    select d."customerTenantId"::text as "tenantId", coalesce(nullif(e.short_name, ''), e.name, '') as name,
           count(*)::int as "openLines"
      from (${union}) d left join ${enterprises} e on e.id = d."customerTenantId"
     group by d."customerTenantId", e.short_name, e.name order by 2`);
  return rows.rows;
}
