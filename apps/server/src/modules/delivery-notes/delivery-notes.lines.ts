import {
  DELIVERY_NOTE_STATUS,
  DELIVERY_PACKAGE_KIND,
  type DeliverableLine,
  type DeliveryCustomer,
  type deliverableLineListSchema,
  type ListResult,
  PURCHASE_ORDER_LINE_STATUS,
  PURCHASE_ORDER_STATUS,
  RECEIVING_PLAN_LINE_STATUS,
  RECEIVING_PLAN_STATUS,
  roundTo,
} from '@concord/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { enterprises } from '../../db/schema.ts';
import { type MemberAuth, type RequestContext, switchTenant } from '../../platform/context.ts';
import { escapeLike } from '../../platform/documents.ts';
import { pageOf } from '../../platform/paging.ts';
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

/** A plain decimal string (no grouping): the web sends these values back as quantities. */
export const dec = (v: number | string, places: number) => String(roundTo(Number(v), places));

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
  qty: number;
  /** The seq of the large package holding this small one. */
  parentSeq: number | null;
}

/**
 * Packs one line by the material-customer packaging: ceil(qty / materialQty) small packages, the
 * last holding the rest, grouped `smallQty` at a time into large ones. Without packaging (or with
 * a package bigger than the line) the line ships as one package.
 */
export function packLine(
  qty: number,
  materialQty: number | null,
  smallQty: number | null,
  places: number,
): PackedPackage[] {
  if (!materialQty || materialQty <= 0 || materialQty >= qty)
    return [{ kind: DELIVERY_PACKAGE_KIND.SMALL, seq: 1, qty, parentSeq: null }];
  const count = Math.ceil(roundTo(qty / materialQty, 9));
  const smalls: PackedPackage[] = [];
  for (let i = 0; i < count; i++) {
    const rest = roundTo(qty - materialQty * i, places);
    smalls.push({ kind: DELIVERY_PACKAGE_KIND.SMALL, seq: i + 1, qty: Math.min(materialQty, rest), parentSeq: null });
  }
  const perLarge = smallQty && smallQty >= 2 ? Math.floor(smallQty) : 0;
  if (!perLarge || count <= 1) return smalls;
  const larges: PackedPackage[] = [];
  for (let i = 0; i < count; i += perLarge) {
    const group = smalls.slice(i, i + perLarge);
    const seq = count + larges.length + 1;
    for (const s of group) s.parentSeq = seq;
    larges.push({
      kind: DELIVERY_PACKAGE_KIND.LARGE,
      seq,
      qty: roundTo(
        group.reduce((sum, s) => sum + s.qty, 0),
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
  overRate: number;
  materialQty: number | null;
  smallQty: number | null;
  isCheck: boolean;
  warehouseId: string | null;
}

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
  let archive: { id: string; rate: number; isCheck: boolean; warehouseId: string | null }[] = [];
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
      overRate: rel?.rate ? Number(rel.rate) : Number(mat?.rate ?? 0),
      materialQty: rel?.materialQty ? Number(rel.materialQty) : null,
      smallQty: rel?.smallQty ? Number(rel.smallQty) : null,
      isCheck: mat?.isCheck ?? false,
      warehouseId: mat?.warehouseId ?? null,
    };
  };
}

/** Base quantity × (1 + rate %), at the order's quantity places. */
export const withOverRate = (base: number, rate: number, places: number) => roundTo(base * (1 + rate / 100), places);

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
  places: number;
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
    ${pol.deliveredQty} as "orderDelivered", (${po.decimalPlaces} ->> 'quantity')::int as places`;
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
    const places = Number.isFinite(r.places) ? r.places : 2;
    const orderMax = Math.max(0, withOverRate(Number(r.orderQty), t.overRate, places) - Number(r.orderDelivered));
    const open = Math.max(0, roundTo(Number(r.qty) - Number(r.deliveredQty), places));
    const max = r.planLineId ? Math.min(open, orderMax) : orderMax;
    const { orderQty: _q, orderDelivered: _d, places: _p, ...line } = r;
    return {
      ...line,
      customerTenantId: String(r.customerTenantId),
      orderId: String(r.orderId),
      orderLineId: String(r.orderLineId),
      planLineId: r.planLineId ? String(r.planLineId) : null,
      materialId: r.materialId ? String(r.materialId) : null,
      qty: dec(r.qty, places),
      deliveredQty: dec(r.deliveredQty, places),
      dueDate: String(r.dueDate).slice(0, 10),
      openQty: dec(Math.min(open, max), places),
      maxQty: dec(roundTo(max, places), places),
      materialQty: t.materialQty === null ? null : String(t.materialQty),
      smallQty: t.smallQty === null ? null : String(t.smallQty),
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
