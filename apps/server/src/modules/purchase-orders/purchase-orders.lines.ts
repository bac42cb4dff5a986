import {
  compareDecimals,
  type DecimalPlaces,
  lineAmount,
  MATERIAL_STATUS,
  PURCHASE_ORDER_LINE_STATUS,
  type purchaseOrderLineInputSchema,
  sumDecimals,
} from '@concord/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { materials, warehouses } from '../../db/schema.ts';
import { placedDecimal, RATE_INPUT_PLACES } from '../../platform/decimal-places.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { checkContractLines } from '../contracts/contracts.quantities.ts';
import { findSupplierPartNo } from '../materials/material-suppliers.service.ts';
import {
  type OrderLineDiff,
  type OrderLineSnapshot,
  purchaseOrderLines as pol,
  type purchaseOrders,
  type StoredLineDiff,
} from './purchase-orders.table.ts';

export type LineInput = z.infer<typeof purchaseOrderLineInputSchema>;
export type OrderRow = typeof purchaseOrders.$inferSelect;
export type LineRow = typeof pol.$inferSelect;

/** round(qty × price) at the order's amount places (shared money module). */
export const amountOf = (qty: string, price: string, places: DecimalPlaces) => lineAmount(qty, price, places.amount);

/**
 * Turns the buyer's lines into stored line values: archive materials fill in code, name,
 * specification, unit and the supplier's part number (approved-supplier mapping); numbers are rounded
 * to the decimal places and the amount computed. Each distinct material and warehouse is read once,
 * so a 5,000-line order costs a handful of queries per distinct material.
 */
export async function resolveLines(
  q: Queryable,
  tenantId: string,
  supplierId: string,
  lines: LineInput[],
  places: DecimalPlaces,
  numbers: number[],
  existing: ReadonlyMap<number, LineRow> = new Map(),
): Promise<OrderLineSnapshot[]> {
  // A changed line that keeps its material keeps the material as the order has it, even if the
  // archive has since disabled it or renamed it.
  const kept = (l: LineInput, i: number) => {
    const line = existing.get(numbers[i]!);
    return line && line.materialId !== null && line.materialId === l.materialId ? line : undefined;
  };
  const materialIds = [
    ...new Set(
      lines
        .filter((l, i) => !kept(l, i))
        .map((l) => l.materialId)
        .filter((v): v is string => !!v),
    ),
  ];
  const warehouseIds = [...new Set(lines.map((l) => l.warehouseId).filter((v): v is string => !!v))];
  const found = materialIds.length
    ? await q
        .select({
          id: materials.id,
          prdtNo: materials.prdtNo,
          prdtName: materials.prdtName,
          prdtSpc: materials.prdtSpc,
          poUnitNo: materials.poUnitNo,
          poUnitName: materials.poUnitName,
          status: materials.status,
        })
        .from(materials)
        .where(and(eq(materials.tenantId, tenantId), inArray(materials.id, materialIds)))
    : [];
  const byId = new Map(found.map((m) => [m.id, m]));
  const partNos = new Map<string, string>();
  for (const id of materialIds) {
    if (!byId.has(id)) continue;
    partNos.set(id, (await findSupplierPartNo(q, tenantId, id, supplierId))?.supPrdtNo ?? '');
  }
  const knownWarehouses = warehouseIds.length
    ? new Set(
        (
          await q
            .select({ id: warehouses.id })
            .from(warehouses)
            .where(and(eq(warehouses.tenantId, tenantId), inArray(warehouses.id, warehouseIds)))
        ).map((w) => w.id),
      )
    : new Set<string>();
  const resolved = lines.map((l, i) => {
    const lineNo = numbers[i]!;
    const same = kept(l, i);
    const m = same
      ? {
          id: same.materialId!,
          prdtNo: same.prdtNo,
          prdtName: same.prdtName,
          prdtSpc: same.prdtSpc,
          poUnitNo: same.unitNo,
          poUnitName: same.unitName,
          status: MATERIAL_STATUS.ENABLED,
        }
      : l.materialId
        ? byId.get(l.materialId)
        : undefined;
    if (l.materialId && (!m || m.status !== MATERIAL_STATUS.ENABLED))
      throw new AppError('PURCHASE_ORDER_MATERIAL_NOT_FOUND', { lineNo });
    if (l.warehouseId && !knownWarehouses.has(l.warehouseId))
      throw new AppError('PURCHASE_ORDER_WAREHOUSE_NOT_FOUND', { lineNo });
    const qty = placedDecimal(l.qty, places.quantity, `lines.${i}.qty`);
    if (compareDecimals(qty, '0') <= 0) throw new AppError('VALIDATION_FAILED');
    const price = placedDecimal(l.price, places.price, `lines.${i}.price`);
    return {
      lineNo,
      materialId: m ? m.id : null,
      prdtNo: m ? m.prdtNo : l.prdtNo,
      prdtName: m ? m.prdtName : l.prdtName,
      prdtSpc: m ? m.prdtSpc : l.prdtSpc,
      supPrdtNo: same ? same.supPrdtNo : m ? (partNos.get(m.id) ?? '') : '',
      unitNo: l.unitNo || (m?.poUnitNo ?? ''),
      unitName: l.unitName || (m?.poUnitName ?? ''),
      qty,
      price,
      taxRate: placedDecimal(l.taxRate, RATE_INPUT_PLACES, `lines.${i}.taxRate`),
      amount: amountOf(qty, price, places),
      requestedDate: l.requestedDate,
      warehouseId: l.warehouseId,
      remark: l.remark,
      contractLineId: existing.has(lineNo) ? existing.get(lineNo)!.contractLineId : (l.contractLineId ?? null),
    };
  });
  await checkContractLines(q, tenantId, supplierId, resolved);
  return resolved;
}

export const totalOf = (lines: { amount: string }[], places: DecimalPlaces) =>
  sumDecimals(
    lines.map((l) => l.amount),
    places.amount,
  );

/**
 * Inserts new lines of an order in one statement: the lines travel as one JSON parameter, which keeps
 * a 5,000-line order far below PostgreSQL's 65,535-parameter limit and costs one round trip.
 * `supplierTenantId` is set once the supplier has the order.
 */
export async function insertLines(
  q: Queryable,
  order: { tenantId: string; id: string; supplierTenantId: string | null },
  lines: OrderLineSnapshot[],
): Promise<void> {
  if (!lines.length) return;
  const rows = JSON.stringify(lines.map((l) => ({ ...l, id: newId() })));
  await q.execute(sql`
    insert into ${pol} (tenant_id, supplier_tenant_id, id, order_id, line_no, material_id, prdt_no, prdt_name,
                        prdt_spc, sup_prdt_no, unit_no, unit_name, qty, price, tax_rate, amount, requested_date,
                        warehouse_id, remark, status, contract_line_id)
    select ${order.tenantId}::bigint, ${order.supplierTenantId}::bigint, v.id, ${order.id}::bigint, v."lineNo",
           v."materialId", v."prdtNo",
           v."prdtName", v."prdtSpc", v."supPrdtNo", v."unitNo", v."unitName", v.qty, v.price, v."taxRate", v.amount,
           v."requestedDate", v."warehouseId", v.remark, ${PURCHASE_ORDER_LINE_STATUS.PENDING}::int, v."contractLineId"
      from jsonb_to_recordset(${rows}::jsonb) as v(
        id bigint, "lineNo" int, "materialId" bigint, "prdtNo" text, "prdtName" text, "prdtSpc" text,
        "supPrdtNo" text, "unitNo" text, "unitName" text, qty numeric, price numeric, "taxRate" numeric,
        amount numeric, "requestedDate" date, "warehouseId" bigint, remark text, "contractLineId" bigint)`);
}

export async function loadLines(q: Queryable, tenantId: string, orderId: string): Promise<LineRow[]> {
  return q
    .select()
    .from(pol)
    .where(and(eq(pol.tenantId, tenantId), eq(pol.orderId, orderId)))
    .orderBy(asc(pol.lineNo));
}

export const snapshotOf = (l: LineRow | OrderLineSnapshot): OrderLineSnapshot => ({
  lineNo: l.lineNo,
  materialId: l.materialId,
  prdtNo: l.prdtNo,
  prdtName: l.prdtName,
  prdtSpc: l.prdtSpc,
  supPrdtNo: l.supPrdtNo,
  unitNo: l.unitNo,
  unitName: l.unitName,
  qty: l.qty,
  price: l.price,
  taxRate: l.taxRate,
  amount: l.amount,
  requestedDate: l.requestedDate,
  warehouseId: l.warehouseId,
  remark: l.remark,
});

/** Fields a change compares; numbers compare by value so "10" and "10.00" are the same quantity. */
const COMPARED: (keyof OrderLineSnapshot)[] = [
  'materialId',
  'prdtNo',
  'prdtName',
  'prdtSpc',
  'unitNo',
  'unitName',
  'qty',
  'price',
  'taxRate',
  'requestedDate',
  'warehouseId',
  'remark',
];
const NUMERIC = new Set<keyof OrderLineSnapshot>(['qty', 'price', 'taxRate']);

function differingFields(before: OrderLineSnapshot, after: OrderLineSnapshot): string[] {
  return COMPARED.filter((k) =>
    NUMERIC.has(k)
      ? compareDecimals(before[k] as string, after[k] as string) !== 0
      : (before[k] ?? null) !== (after[k] ?? null),
  );
}

/**
 * The line-by-line difference between the order's live lines and a change's new line set: lines
 * whose number is missing are cancelled, new numbers are added, the rest compared field by field.
 * A quantity may not fall below what was delivered; a line with deliveries cannot be cancelled.
 */
export function diffLines(current: LineRow[], next: OrderLineSnapshot[]): OrderLineDiff[] {
  const live = current.filter((l) => l.status !== PURCHASE_ORDER_LINE_STATUS.CANCELLED);
  const byNo = new Map(live.map((l) => [l.lineNo, l]));
  const nextNos = new Set(next.map((l) => l.lineNo));
  const diff: OrderLineDiff[] = [];
  for (const after of next) {
    const line = byNo.get(after.lineNo);
    if (!line) {
      diff.push({ lineNo: after.lineNo, kind: 'added', before: null, after, fields: [] });
      continue;
    }
    const before = snapshotOf(line);
    const fields = differingFields(before, after);
    if (!fields.length) continue;
    if (compareDecimals(after.qty, line.deliveredQty) < 0) {
      throw new AppError('PURCHASE_ORDER_QTY_BELOW_DELIVERED', { lineNo: line.lineNo, qty: line.deliveredQty });
    }
    diff.push({ lineNo: after.lineNo, kind: 'changed', before, after, fields });
  }
  for (const line of live) {
    if (nextNos.has(line.lineNo)) continue;
    if (compareDecimals(line.deliveredQty, '0') > 0) {
      throw new AppError('PURCHASE_ORDER_QTY_BELOW_DELIVERED', { lineNo: line.lineNo, qty: line.deliveredQty });
    }
    diff.push({ lineNo: line.lineNo, kind: 'cancelled', before: snapshotOf(line), after: null, fields: [] });
  }
  return diff.sort((a, b) => a.lineNo - b.lineNo);
}

/**
 * Line numbers for a change's line set: existing numbers must belong to the order's live lines and
 * appear once; new lines continue after the highest number the order ever used.
 */
export function numberChangeLines(current: LineRow[], lines: LineInput[]): number[] {
  const live = new Set(current.filter((l) => l.status !== PURCHASE_ORDER_LINE_STATUS.CANCELLED).map((l) => l.lineNo));
  let next = current.reduce((max, l) => Math.max(max, l.lineNo), 0);
  const seen = new Set<number>();
  return lines.map((l) => {
    if (l.lineNo === undefined) return ++next;
    if (!live.has(l.lineNo) || seen.has(l.lineNo))
      throw new AppError('PURCHASE_ORDER_LINE_DUPLICATE', { lineNo: l.lineNo });
    seen.add(l.lineNo);
    return l.lineNo;
  });
}

/**
 * A viewer without the price flag sees `***` and cannot send a price back: an existing line (named by
 * `lineNo`) keeps its stored price, so editing quantities or dates never zeroes or guesses prices.
 */
export function keepHiddenPrices(showPrice: boolean, lines: LineInput[], current: LineRow[]): LineInput[] {
  if (showPrice) return lines;
  const byNo = new Map(current.map((l) => [l.lineNo, l]));
  return lines.map((l) => {
    const stored = l.lineNo !== undefined ? byNo.get(l.lineNo) : undefined;
    return stored ? { ...l, price: stored.price } : l;
  });
}

const SHOWN: (keyof OrderLineSnapshot)[] = ['lineNo', 'prdtNo', 'prdtName', 'qty', 'price', 'requestedDate'];

/** The diff as a change stores it: added and cancelled lines whole, changed lines by what they show. */
export function storedDiff(diff: OrderLineDiff[]): StoredLineDiff[] {
  return diff.map((d) => {
    if (d.kind !== 'changed') return d;
    const keys = [...SHOWN, ...(d.fields as (keyof OrderLineSnapshot)[])];
    const pick = (l: OrderLineSnapshot | null) =>
      l ? (Object.fromEntries(keys.map((k) => [k, l[k]])) as Partial<OrderLineSnapshot>) : null;
    return { ...d, before: pick(d.before), after: pick(d.after) };
  });
}
