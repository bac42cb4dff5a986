import {
  compareDecimals,
  lineAmount,
  MAX_DECIMAL_PLACES,
  PURCHASE_ORDER_LINE_STATUS,
  PURCHASE_ORDER_STATUS,
  subtractDecimals,
} from '@concord/shared';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { inventoryReports, purchaseOrderLines, purchaseOrders, receivingPlans, suppliers } from '../db/schema.ts';
import * as inventory from '../modules/receiving-plans/inventory-reports.service.ts';
import { actOnPlan } from '../modules/receiving-plans/receiving-plans.actions.ts';
import { getPlan } from '../modules/receiving-plans/receiving-plans.query.ts';
import { createPlan } from '../modules/receiving-plans/receiving-plans.service.ts';
import * as urgent from '../modules/receiving-plans/urgent-deliveries.service.ts';
import { inTenantTx, type MemberAuth } from '../platform/context.ts';
import { asMember, seedAdmin } from './context.ts';
import type { DemoWorld } from './world.ts';

/**
 * Receiving plans, urgent delivery notices and inventory reports on the orders the purchase-order seed
 * made (it runs first): a plan splitting a line into two dates, one confirmed and one with another
 * date proposed (so /receivingPlan/plansure has work), a fully confirmed plan, an urgent notice
 * answered and one waiting, and stock reports from both suppliers. Written through the services, so
 * statuses and history are what the product makes; nobody is notified.
 */

const atLeastOne = (qty: string) => (compareDecimals(qty, '1') < 0 ? '1' : qty);

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Line = typeof purchaseOrderLines.$inferSelect;

/** Huaxin's orders with lines the supplier confirmed, per supplier tenant, oldest first. */
async function confirmedLines(db: Db, huaxin: string) {
  return inTenantTx(db, huaxin, async (tx) => {
    const rows = await tx
      .select({ line: purchaseOrderLines, supplierTenantId: purchaseOrders.supplierTenantId })
      .from(purchaseOrderLines)
      .innerJoin(
        purchaseOrders,
        and(
          eq(purchaseOrders.tenantId, purchaseOrderLines.tenantId),
          eq(purchaseOrders.id, purchaseOrderLines.orderId),
        ),
      )
      .where(
        and(
          eq(purchaseOrderLines.tenantId, huaxin),
          eq(purchaseOrderLines.status, PURCHASE_ORDER_LINE_STATUS.CONFIRMED),
          inArray(purchaseOrders.status, [
            PURCHASE_ORDER_STATUS.PARTIALLY_CONFIRMED,
            PURCHASE_ORDER_STATUS.COUNTER_PROPOSED,
            PURCHASE_ORDER_STATUS.CONFIRMED,
          ]),
        ),
      )
      .orderBy(asc(purchaseOrders.orderDate), asc(purchaseOrders.orderNo), asc(purchaseOrderLines.lineNo));
    const bySupplier = new Map<string, Line[]>();
    for (const r of rows) {
      const list = bySupplier.get(r.supplierTenantId ?? '') ?? [];
      list.push(r.line);
      bySupplier.set(r.supplierTenantId ?? '', list);
    }
    return bySupplier;
  });
}

export async function seedReceivingPlans(db: Db, world: DemoWorld): Promise<void> {
  const huaxin = world.tenants.huaxin;
  const [{ n }] = await inTenantTx(db, huaxin, (tx) =>
    tx.select({ n: count() }).from(receivingPlans).where(eq(receivingPlans.tenantId, huaxin)),
  );
  if (n > 0) return;
  const buyer = seedAdmin(world.users.buyer, 'buyer', huaxin);
  const precision = seedAdmin(world.users.supplier, 'supplier', world.tenants.precision);
  const plastics = seedAdmin(world.users.supplier2, 'supplier2', world.tenants.plastics);
  const lines = await confirmedLines(db, huaxin);
  const precisionLines = lines.get(world.tenants.precision) ?? [];
  const plasticsLines = lines.get(world.tenants.plastics) ?? [];

  // One line in two dated deliveries: the supplier confirms the first and proposes a later date for the second.
  const split = precisionLines[0];
  if (split) {
    const qty = split.confirmedQty ?? '0';
    // Three fifths in whole units, the rest in the second delivery (lineAmount is round(a × b)).
    const first = lineAmount(qty, '0.6', 0);
    const created = await asMember(db, buyer, (ctx) =>
      createPlan(ctx, {
        orderId: split.orderId,
        remark: '分两批到货 Two deliveries',
        send: true,
        lines: [
          { orderLineId: split.id, plannedQty: first, plannedDate: daysFromNow(7), remark: '首批 First lot' },
          {
            orderLineId: split.id,
            plannedQty: subtractDecimals(qty, first, MAX_DECIMAL_PLACES),
            plannedDate: daysFromNow(14),
            remark: '',
          },
        ],
      }),
    );
    await asMember(db, precision, async (ctx) => {
      const plan = await getPlan(ctx, created.id);
      await actOnPlan(ctx, created.id, 'confirm', {
        lines: [
          { id: plan.lines[0]!.id },
          { id: plan.lines[1]!.id, date: daysFromNow(17), remark: '阳极氧化排期 Anodizing slot three days later' },
        ],
      });
    });
  }

  // Every confirmed line of the other supplier in one delivery each, confirmed as planned.
  const byOrder = plasticsLines.filter((l) => l.orderId === plasticsLines[0]?.orderId);
  if (byOrder.length) {
    const created = await asMember(db, buyer, (ctx) =>
      createPlan(ctx, {
        orderId: byOrder[0]!.orderId,
        remark: '',
        send: true,
        lines: byOrder.map((l, i) => ({
          orderLineId: l.id,
          plannedQty: l.confirmedQty ?? '0',
          plannedDate: daysFromNow(10 + i),
          remark: '',
        })),
      }),
    );
    await asMember(db, plastics, (ctx) =>
      actOnPlan(ctx, created.id, 'confirm', { all: true, comment: '按计划送货 As planned' }),
    );
  }

  const supplierIds = await inTenantTx(db, huaxin, async (tx) => {
    const rows = await tx
      .select({ id: suppliers.id, supplierTenantId: suppliers.supplierTenantId })
      .from(suppliers)
      .where(eq(suppliers.tenantId, huaxin));
    return new Map(rows.map((r) => [r.supplierTenantId, r.id]));
  });

  // An urgent notice the supplier has answered, and one still waiting.
  const answered = precisionLines.slice(0, 2);
  const precisionId = supplierIds.get(world.tenants.precision);
  if (answered.length && precisionId) {
    const notice = await asMember(db, buyer, (ctx) =>
      urgent.createNotice(ctx, {
        supplierId: precisionId,
        requiredDate: daysFromNow(3),
        reason: '客户插单，产线缺料 Rush customer order, line short of parts',
        lines: answered.map((l) => ({
          orderLineId: l.id,
          qty: atLeastOne(lineAmount(l.qty, '0.25', 0)),
          remark: '',
        })),
      }),
    );
    await asMember(db, precision, (ctx) => urgent.actOnNotice(ctx, notice.id, 'acknowledge', {}));
    await asMember(db, precision, async (ctx) => {
      const detail = await urgent.getNotice(ctx, notice.id);
      await urgent.actOnNotice(ctx, notice.id, 'answer', {
        remark: '可先发一半，余量加班生产 Half now, the rest after overtime',
        lines: detail.lines.map((l, i) => ({
          id: l.id,
          availableQty: lineAmount(l.qty, '0.5', 0),
          availableDate: daysFromNow(3 + i),
          remark: i === 0 ? '现货 From stock' : '',
        })),
      });
    });
  }
  const plasticsId = supplierIds.get(world.tenants.plastics);
  if (plasticsLines.length && plasticsId) {
    await asMember(db, buyer, (ctx) =>
      urgent.createNotice(ctx, {
        supplierId: plasticsId,
        requiredDate: daysFromNow(5),
        reason: '样机组装 Prototype assembly',
        lines: [{ orderLineId: plasticsLines[0]!.id, qty: '50', remark: '' }],
      }),
    );
  }

  // Stock reports from both suppliers; the precision one reported its first material twice.
  const report = (auth: MemberAuth, qtys: string[]) =>
    asMember(db, auth, async (ctx) => {
      const materials = await inventory.listReportableMaterials(ctx, { customerTenantId: huaxin });
      if (!materials.length) return;
      await inventory.createReports(ctx, {
        customerTenantId: huaxin,
        lines: materials.slice(0, qtys.length).map((m, i) => ({ materialId: m.materialId, qty: qtys[i]!, remark: '' })),
      });
    });
  await report(precision, ['1200', '1550', '1900']);
  // Yesterday's count, so the history of one material has two reports.
  await inTenantTx(db, huaxin, (tx) =>
    tx
      .update(inventoryReports)
      .set({ reportedAt: sql`now() - interval '1 day'` })
      .where(
        and(eq(inventoryReports.tenantId, huaxin), eq(inventoryReports.supplierTenantId, world.tenants.precision)),
      ),
  );
  await report(precision, ['980.5']);
  await report(plastics, ['5000', '5350']);
}
