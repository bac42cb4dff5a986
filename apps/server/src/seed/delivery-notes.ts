import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { materials, suppliers } from '../db/schema.ts';
import * as notes from '../modules/delivery-notes/delivery-notes.service.ts';
import { actOnOrder } from '../modules/purchase-orders/purchase-orders.actions.ts';
import { createOrder } from '../modules/purchase-orders/purchase-orders.service.ts';
import { inTenantTx } from '../platform/context.ts';
import { asMember, seedAdmin } from './context.ts';
import type { DemoWorld } from './world.ts';

/**
 * Delivery notes for the demo (issue 7 §8), written through the services so statuses, packages and
 * history are what the product makes; nobody is notified. Huaxin orders from both suppliers and they
 * confirm; Shenzhen Precision then keeps a draft, a cancelled note and sent notes over different
 * orders and due dates (the receiving seed registers their arrivals, inspections and warehousing),
 * and one confirmed order, remark '演示发货 Demo delivery', stays open for the end-to-end flow.
 */

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const DEMO_DELIVERY_REMARK = '演示发货 Demo delivery';

export async function seedDeliveryNotes(db: Db, world: DemoWorld): Promise<{ sentNoteIds: string[] }> {
  const huaxin = world.tenants.huaxin;
  const buyer = seedAdmin(world.users.buyer, 'buyer', huaxin);
  const sides = {
    precision: seedAdmin(world.users.supplier, 'supplier', world.tenants.precision),
    plastics: seedAdmin(world.users.supplier2, 'supplier2', world.tenants.plastics),
  };
  const { supplierIds, materialIds } = await inTenantTx(db, huaxin, async (tx) => {
    const rows = await tx
      .select({ id: suppliers.id, supCode: suppliers.supCode })
      .from(suppliers)
      .where(eq(suppliers.tenantId, huaxin));
    // Lines alternate between materials to inspect and materials that are not, so the notes carry
    // both, and the inspections (with their partial rejections) feed the yield and reason reports.
    const active = (isCheck: boolean) =>
      tx
        .select({ id: materials.id })
        .from(materials)
        .where(and(eq(materials.tenantId, huaxin), eq(materials.status, 1), eq(materials.isCheck, isCheck)))
        .orderBy(asc(materials.prdtNo))
        .limit(3);
    const [checked, unchecked] = [await active(true), await active(false)];
    return {
      supplierIds: {
        precision: rows.find((r) => r.supCode === 'S00001')!.id,
        plastics: rows.find((r) => r.supCode === 'S00002')!.id,
      },
      materialIds: checked.flatMap((m, i) => (unchecked[i] ? [m.id, unchecked[i].id] : [m.id])),
    };
  });

  /** A confirmed order whose line k is due `due[k]` days from now. */
  const confirmedOrder = async (who: 'precision' | 'plastics', due: number[], remarks: string) => {
    const created = await asMember(db, buyer, (ctx) =>
      createOrder(ctx, {
        supplierId: supplierIds[who],
        currency: 'CNY',
        taxIncluded: true,
        paymentTerms: '月结 60 天 Net 60 days',
        orderDate: daysFromNow(-30),
        remarks,
        attachments: [],
        send: true,
        lines: due.map((d, i) => {
          const materialId = materialIds.length ? materialIds[i % materialIds.length]! : null;
          return {
            materialId,
            prdtNo: materialId ? '' : `DL-${i + 1}`,
            prdtName: materialId ? '' : `送货演示物料 Delivery part ${i + 1}`,
            prdtSpc: '',
            unitName: materialId ? '' : 'pcs',
            qty: '1000',
            price: String(5 + i),
            taxRate: '13',
            requestedDate: daysFromNow(d),
            warehouseId: null,
            remark: '',
          };
        }) as never,
      }),
    );
    return asMember(db, sides[who], (ctx) => actOnOrder(ctx, created.id, 'confirm', { all: true } as never));
  };

  const make = async (
    who: 'precision' | 'plastics',
    lines: { orderLineId: string; qty: string; batchNo: string }[],
    shipIn: number,
    send: boolean,
  ) =>
    asMember(db, sides[who], (ctx) =>
      notes.createNote(ctx, {
        customerTenantId: huaxin,
        shipDate: daysFromNow(shipIn),
        expectedDate: daysFromNow(shipIn + 2),
        carrier: '顺丰速运 SF Express',
        trackingNo: `SF${Math.floor(Math.random() * 1e10)}`,
        remark: '',
        send,
        lines: lines.map((l) => ({ ...l, remark: '' })),
      }),
    );

  const early = await confirmedOrder('precision', [-12, -8, -4], '送货演示一 Delivery demo 1');
  const later = await confirmedOrder('precision', [-2, 3, 6], '送货演示二 Delivery demo 2');
  const plastic = await confirmedOrder('plastics', [-6, 2], '送货演示三 Delivery demo 3');
  await confirmedOrder('precision', [10, 14], DEMO_DELIVERY_REMARK);

  const sentNoteIds: string[] = [];
  const sent = async (...args: Parameters<typeof make>) => {
    const created = await make(...args);
    sentNoteIds.push(created.id);
  };
  await sent('precision', [{ orderLineId: early.lines[0]!.id, qty: '400', batchNo: 'B2611-01' }], -14, true);
  await sent('precision', [{ orderLineId: early.lines[0]!.id, qty: '600', batchNo: 'B2611-02' }], -10, true);
  await sent(
    'precision',
    [
      { orderLineId: early.lines[1]!.id, qty: '1000', batchNo: 'B2611-03' },
      { orderLineId: later.lines[0]!.id, qty: '500', batchNo: 'B2611-04' },
    ],
    -7,
    true,
  );
  await sent('precision', [{ orderLineId: early.lines[2]!.id, qty: '800', batchNo: 'B2611-05' }], -3, true);
  await sent('precision', [{ orderLineId: later.lines[1]!.id, qty: '300', batchNo: 'B2611-06' }], -1, true);
  await sent('plastics', [{ orderLineId: plastic.lines[0]!.id, qty: '1000', batchNo: 'P2611-01' }], -8, true);
  await sent('plastics', [{ orderLineId: plastic.lines[1]!.id, qty: '500', batchNo: 'P2611-02' }], 0, true);

  await make('precision', [{ orderLineId: later.lines[2]!.id, qty: '200', batchNo: 'B2611-07' }], 2, false);
  const withdrawn = await make(
    'precision',
    [{ orderLineId: later.lines[1]!.id, qty: '100', batchNo: 'B2611-08' }],
    1,
    true,
  );
  await asMember(db, sides.precision, (ctx) =>
    notes.actOnNote(ctx, withdrawn.id, 'cancel', { comment: '车辆故障改期 Truck broke down' }),
  );
  return { sentNoteIds };
}
