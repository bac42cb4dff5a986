import {
  addDecimals,
  compareDecimals,
  DELIVERY_NOTE_MAX_PACKAGES,
  type deliveryNoteCreateSchema,
  PURCHASE_ORDER_LINE_STATUS,
  RECEIVING_PLAN_LINE_STATUS,
  subtractDecimals,
  sumDecimals,
} from '@concord/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { type MemberAuth, switchTenant } from '../../platform/context.ts';
import { placedDecimal } from '../../platform/decimal-places.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { orderSideCondition } from '../purchase-orders/purchase-orders.common.ts';
import { purchaseOrders as po, purchaseOrderLines as pol } from '../purchase-orders/purchase-orders.table.ts';
import { receivingPlanLines as rl, receivingPlans as rp } from '../receiving-plans/receiving-plans.table.ts';
import {
  DELIVERABLE_ORDER_STATUSES,
  isLivePlan,
  materialTerms,
  notBelowZero,
  packLine,
  plannedCondition,
  syncDeliveredQty,
  withOverRate,
} from './delivery-notes.lines.ts';
import { type deliveryNotes as dn, deliveryNoteLines as dnl, deliveryPackages as dp } from './delivery-notes.table.ts';

type LineInput = z.infer<typeof deliveryNoteCreateSchema>['lines'][number];
export type NoteRow = typeof dn.$inferSelect;

/** The order lines a note names, locked (in id order, so two writers never deadlock) and checked. */
async function lockOrderLines(tx: Queryable, auth: MemberAuth, orderLineIds: string[]) {
  const rows = await tx
    .select({
      id: pol.id,
      tenantId: pol.tenantId,
      orderId: pol.orderId,
      lineNo: pol.lineNo,
      status: pol.status,
      materialId: pol.materialId,
      prdtNo: pol.prdtNo,
      prdtName: pol.prdtName,
      prdtSpc: pol.prdtSpc,
      supPrdtNo: pol.supPrdtNo,
      unitName: pol.unitName,
      qty: pol.qty,
      confirmedQty: pol.confirmedQty,
      confirmedDate: pol.confirmedDate,
      requestedDate: pol.requestedDate,
      warehouseId: pol.warehouseId,
      deliveredQty: pol.deliveredQty,
      planned: sql<boolean>`${plannedCondition}`,
      orderNo: po.orderNo,
      orderStatus: po.status,
      supplierId: po.supplierId,
      ownerId: po.ownerId,
      deptId: po.deptId,
      places: po.decimalPlaces,
    })
    .from(pol)
    .innerJoin(po, and(eq(po.tenantId, pol.tenantId), eq(po.id, pol.orderId)))
    .where(and(inArray(pol.id, orderLineIds), await orderSideCondition(tx, auth, 'supplier')))
    .orderBy(asc(pol.id))
    .for('update', { of: pol });
  return new Map(rows.map((r) => [r.id, r]));
}

async function lockPlanLines(tx: Queryable, planLineIds: string[]) {
  if (!planLineIds.length) return new Map();
  const rows = await tx
    .select({
      id: rl.id,
      orderLineId: rl.orderLineId,
      status: rl.status,
      plannedQty: rl.plannedQty,
      plannedDate: rl.plannedDate,
      deliveredQty: rl.deliveredQty,
      planStatus: rp.status,
    })
    .from(rl)
    .innerJoin(rp, and(eq(rp.tenantId, rl.tenantId), eq(rp.id, rl.planId)))
    .where(inArray(rl.id, planLineIds))
    .orderBy(asc(rl.id))
    .for('update', { of: rl });
  return new Map(rows.map((r) => [r.id, r]));
}

export interface NoteHeader {
  customerTenantId: string;
  supplierId: string;
  ownerId: string | null;
  deptId: string | null;
}

/**
 * Checks the lines of one note against what is open and writes them with their packages, in the
 * caller's transaction: every order line must be confirmed, on a sent open order of this customer
 * addressed to the caller; each quantity within the open quantity plus the over-delivery rate and,
 * for a plan line, within the plan line. The note's own earlier lines must already be gone (edit).
 * Returns the header fields taken from the lines; rows are inserted in the buyer's context.
 */
export async function writeNoteLines(
  tx: Queryable,
  auth: MemberAuth,
  note: { id: string; noteNo: string; customerTenantId: string },
  input: LineInput[],
): Promise<NoteHeader & { lineCount: number; packageCount: number; totalQty: string }> {
  const me = auth.tenantId;
  const orderLines = await lockOrderLines(tx, auth, [...new Set(input.map((l) => l.orderLineId))]);
  const planLines = await lockPlanLines(tx, [
    ...new Set(input.map((l) => l.planLineId).filter((v): v is string => !!v)),
  ]);
  for (const l of input) {
    const o = orderLines.get(l.orderLineId);
    if (!o) throw new AppError('NOT_FOUND');
    const named = { orderNo: o.orderNo, lineNo: o.lineNo };
    if (o.tenantId !== note.customerTenantId) throw new AppError('DELIVERY_LINE_OTHER_CUSTOMER', named);
    if (
      o.status !== PURCHASE_ORDER_LINE_STATUS.CONFIRMED ||
      !(DELIVERABLE_ORDER_STATUSES as number[]).includes(o.orderStatus)
    )
      throw new AppError('DELIVERY_LINE_NOT_DELIVERABLE', named);
    if (l.planLineId) {
      const p = planLines.get(l.planLineId);
      if (!p || p.orderLineId !== o.id) throw new AppError('NOT_FOUND');
      if (p.status !== RECEIVING_PLAN_LINE_STATUS.CONFIRMED || !isLivePlan(p.planStatus))
        throw new AppError('DELIVERY_LINE_NOT_DELIVERABLE', named);
    } else if (o.planned) throw new AppError('DELIVERY_LINE_PLANNED', named);
  }
  const terms = await materialTerms(tx, me, note.customerTenantId, [...orderLines.values()]);

  // Totals per order line and plan line: two lines of one note may share an order line.
  const qtyPlaces = (orderLineId: string) => orderLines.get(orderLineId)!.places?.quantity ?? 2;
  const placed = input.map((l, i) => ({
    ...l,
    qty: placedDecimal(l.qty, qtyPlaces(l.orderLineId), `lines.${i}.qty`),
  }));
  /** The quantity fields of the note lines a refusal is about, for the form to show it beside each. */
  const qtyFields = (about: (l: LineInput) => boolean) =>
    placed.flatMap((l, i) => (about(l) ? [{ path: `lines.${i}.qty` }] : []));
  const perOrderLine = new Map<string, string>();
  const perPlanLine = new Map<string, string>();
  for (const l of placed) {
    const places = qtyPlaces(l.orderLineId);
    perOrderLine.set(l.orderLineId, addDecimals(perOrderLine.get(l.orderLineId) ?? '0', l.qty, places));
    if (l.planLineId) perPlanLine.set(l.planLineId, addDecimals(perPlanLine.get(l.planLineId) ?? '0', l.qty, places));
  }
  for (const [id, total] of perOrderLine) {
    const o = orderLines.get(id)!;
    const places = qtyPlaces(id);
    const max = subtractDecimals(
      withOverRate(o.confirmedQty ?? o.qty, terms(o).overRate, places),
      o.deliveredQty,
      places,
    );
    if (compareDecimals(total, max) > 0)
      throw new AppError(
        'DELIVERY_OVER_OPEN',
        { orderNo: o.orderNo, lineNo: o.lineNo, qty: total, max: notBelowZero(max) },
        qtyFields((l) => l.orderLineId === id),
      );
  }
  for (const [id, total] of perPlanLine) {
    const p = planLines.get(id)!;
    const o = orderLines.get(p.orderLineId)!;
    const max = subtractDecimals(p.plannedQty, p.deliveredQty, qtyPlaces(o.id));
    if (compareDecimals(total, max) > 0)
      throw new AppError(
        'DELIVERY_OVER_PLAN',
        { orderNo: o.orderNo, lineNo: o.lineNo, qty: total, max: notBelowZero(max) },
        qtyFields((l) => l.planLineId === id),
      );
  }

  const lines: (typeof dnl.$inferInsert)[] = [];
  const packages: (typeof dp.$inferInsert)[] = [];
  placed.forEach((l, i) => {
    const o = orderLines.get(l.orderLineId)!;
    const t = terms(o);
    const plan = l.planLineId ? planLines.get(l.planLineId) : undefined;
    const lineId = newId();
    const lineNo = i + 1;
    lines.push({
      tenantId: note.customerTenantId,
      supplierTenantId: me,
      id: lineId,
      noteId: note.id,
      lineNo,
      orderId: o.orderId,
      orderLineId: o.id,
      orderNo: o.orderNo,
      orderLineNo: o.lineNo,
      planLineId: l.planLineId ?? null,
      materialId: o.materialId,
      prdtNo: o.prdtNo,
      prdtName: o.prdtName,
      prdtSpc: o.prdtSpc,
      supPrdtNo: o.supPrdtNo,
      unitName: o.unitName,
      qty: l.qty,
      batchNo: l.batchNo,
      isCheck: t.isCheck,
      dueDate: plan?.plannedDate ?? o.confirmedDate ?? o.requestedDate,
      warehouseId: o.warehouseId ?? t.warehouseId,
      remark: l.remark,
    });
    const packed = packLine(l.qty, t.materialQty, t.smallQty);
    const idBySeq = new Map(packed.map((p) => [p.seq, newId()]));
    for (const p of packed)
      packages.push({
        tenantId: note.customerTenantId,
        supplierTenantId: me,
        id: idBySeq.get(p.seq)!,
        noteId: note.id,
        lineId,
        packageNo: `${note.noteNo}-${lineNo}-${p.seq}`,
        kind: p.kind,
        parentId: p.parentSeq === null ? null : idBySeq.get(p.parentSeq)!,
        seq: p.seq,
        qty: p.qty,
        batchNo: l.batchNo,
      });
  });
  if (packages.length > DELIVERY_NOTE_MAX_PACKAGES)
    throw new AppError('DELIVERY_TOO_MANY_PACKAGES', { count: packages.length, max: DELIVERY_NOTE_MAX_PACKAGES });

  await switchTenant(tx, note.customerTenantId);
  for (let i = 0; i < lines.length; i += 500) await tx.insert(dnl).values(lines.slice(i, i + 500));
  for (let i = 0; i < packages.length; i += 500) await tx.insert(dp).values(packages.slice(i, i + 500));
  await syncDeliveredQty(tx, note.customerTenantId, [...perOrderLine.keys()], [...perPlanLine.keys()]);
  await switchTenant(tx, me);

  const first = orderLines.get(input[0]!.orderLineId)!;
  return {
    customerTenantId: note.customerTenantId,
    supplierId: first.supplierId,
    ownerId: first.ownerId,
    deptId: first.deptId,
    lineCount: lines.length,
    packageCount: packages.length,
    // Lines of orders with different places: the widest keeps the sum exact.
    totalQty: sumDecimals(
      placed.map((l) => l.qty),
      Math.max(...placed.map((l) => qtyPlaces(l.orderLineId))),
    ),
  };
}

/** Removes a draft's lines and packages (buyer-owned rows) and frees what they held. */
export async function dropNoteLines(tx: Queryable, auth: MemberAuth, note: NoteRow): Promise<void> {
  const old = await tx
    .select({ orderLineId: dnl.orderLineId, planLineId: dnl.planLineId })
    .from(dnl)
    .where(and(eq(dnl.tenantId, note.tenantId), eq(dnl.noteId, note.id)));
  await switchTenant(tx, note.tenantId);
  await tx.delete(dp).where(and(eq(dp.tenantId, note.tenantId), eq(dp.noteId, note.id)));
  await tx.delete(dnl).where(and(eq(dnl.tenantId, note.tenantId), eq(dnl.noteId, note.id)));
  await syncDeliveredQty(
    tx,
    note.tenantId,
    [...new Set(old.map((o) => o.orderLineId))],
    [...new Set(old.map((o) => o.planLineId).filter((v): v is string => !!v))],
  );
  await switchTenant(tx, auth.tenantId);
}

/** Frees what a cancelled note held on its order and plan lines. */
export async function releaseNote(tx: Queryable, note: NoteRow): Promise<void> {
  const old = await tx
    .select({ orderLineId: dnl.orderLineId, planLineId: dnl.planLineId })
    .from(dnl)
    .where(and(eq(dnl.tenantId, note.tenantId), eq(dnl.noteId, note.id)));
  await syncDeliveredQty(
    tx,
    note.tenantId,
    [...new Set(old.map((o) => o.orderLineId))],
    [...new Set(old.map((o) => o.planLineId).filter((v): v is string => !!v))],
  );
}
