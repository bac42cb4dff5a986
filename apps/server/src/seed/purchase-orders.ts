import { addDecimals, PURCHASE_ORDER_LINE_STATUS } from '@concord/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { materials, purchaseOrderLines, purchaseOrders, suppliers, warehouses } from '../db/schema.ts';
import { actOnOrder } from '../modules/purchase-orders/purchase-orders.actions.ts';
import * as changes from '../modules/purchase-orders/purchase-orders.changes.ts';
import type { LineInput } from '../modules/purchase-orders/purchase-orders.lines.ts';
import { getOrder } from '../modules/purchase-orders/purchase-orders.query.ts';
import { createOrder } from '../modules/purchase-orders/purchase-orders.service.ts';
import { inTenantTx, type MemberAuth, type RequestContext } from '../platform/context.ts';
import { asMember, seedAdmin } from './context.ts';
import type { DemoWorld } from './world.ts';

/**
 * Demo orders between Huaxin and both suppliers in every state (draft, sent, partially confirmed,
 * counter-proposed, confirmed, closed, cancelled), one changed twice, some owned by buyer.clerk so the
 * clerk's masked, own-documents view has something to show. Written through the services, so statuses,
 * revisions and history are exactly what the product makes; nobody is notified.
 */

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

interface Catalogue {
  materialIds: string[];
  warehouseId: string | null;
}

async function catalogue(db: Db, huaxin: string): Promise<Catalogue> {
  return inTenantTx(db, huaxin, async (tx) => {
    const rows = await tx
      .select({ id: materials.id })
      .from(materials)
      .where(and(eq(materials.tenantId, huaxin), eq(materials.status, 1)))
      .orderBy(asc(materials.prdtNo))
      .limit(8);
    const [wh] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(eq(warehouses.tenantId, huaxin))
      .orderBy(asc(warehouses.code))
      .limit(1);
    return { materialIds: rows.map((r) => r.id), warehouseId: wh?.id ?? null };
  });
}

/** Lines from the material archive when it is seeded, free-text lines otherwise. */
function linesOf(c: Catalogue, n: number, offset: number): LineInput[] {
  const free = [
    ['HX-AL-120', '铝合金外壳 Aluminium housing', 'AL6061-T6 120×80×40', 'pcs', '18.5'],
    ['HX-HS-060', '散热片 Heat sink', 'AL6063 60×60×20', 'pcs', '6.8'],
    ['HX-BR-015', '安装支架 Mounting bracket', 'SPCC t=1.5', 'pcs', '2.35'],
    ['HX-PL-210', '注塑外壳 Moulded enclosure', 'ABS V0 黑色', 'pcs', '9.6'],
    ['HX-CN-008', '连接器护套 Connector boot', 'PA66 8P', 'pcs', '0.42'],
  ] as const;
  return Array.from({ length: n }, (_, i) => {
    const f = free[(offset + i) % free.length]!;
    const materialId = c.materialIds.length ? c.materialIds[(offset + i) % c.materialIds.length]! : null;
    return {
      materialId,
      prdtNo: materialId ? '' : f[0],
      prdtName: materialId ? '' : f[1],
      prdtSpc: materialId ? '' : f[2],
      unitNo: '',
      unitName: materialId ? '' : f[3],
      qty: String(500 * (i + 1)),
      price: f[4],
      taxRate: '13',
      requestedDate: daysFromNow(14 + 7 * i),
      warehouseId: c.warehouseId,
      remark: '',
    };
  });
}

export async function seedPurchaseOrders(db: Db, world: DemoWorld): Promise<void> {
  const huaxin = world.tenants.huaxin;
  const [{ n }] = await inTenantTx(db, huaxin, (tx) =>
    tx.select({ n: count() }).from(purchaseOrders).where(eq(purchaseOrders.tenantId, huaxin)),
  );
  if (n > 0) return;
  const buyer = seedAdmin(world.users.buyer, 'buyer', huaxin);
  const precisionSide = seedAdmin(world.users.supplier, 'supplier', world.tenants.precision);
  const plasticsSide = seedAdmin(world.users.supplier2, 'supplier2', world.tenants.plastics);
  const asBuyer = <T>(work: (ctx: RequestContext) => Promise<T>) => asMember(db, buyer, work);
  const ids = await inTenantTx(db, huaxin, async (tx) => {
    const rows = await tx
      .select({ id: suppliers.id, supCode: suppliers.supCode })
      .from(suppliers)
      .where(eq(suppliers.tenantId, huaxin));
    return {
      precision: rows.find((r) => r.supCode === 'S00001')!.id,
      plastics: rows.find((r) => r.supCode === 'S00002')!.id,
    };
  });
  const c = await catalogue(db, huaxin);
  const place = async (supplierId: string, lines: number, offset: number, send: boolean, remarks: string) => {
    return asBuyer(async (ctx) => {
      const created = await createOrder(ctx, {
        supplierId,
        currency: 'CNY',
        taxIncluded: true,
        paymentTerms: '月结 60 天 Net 60 days',
        orderDate: daysFromNow(-offset),
        remarks,
        attachments: [],
        send,
        lines: linesOf(c, lines, offset),
      });
      return getOrder(ctx, created.id);
    });
  };
  const answer = (side: MemberAuth, id: string, body: Record<string, unknown>) =>
    asMember(db, side, (ctx) => actOnOrder(ctx, id, 'confirm', body));

  await place(ids.precision, 3, 0, false, '草稿：等待确认价格 Draft, prices to be checked');
  await place(ids.plastics, 2, 1, true, '新模具首批 First batch from the new mould');

  const partial = await place(ids.precision, 3, 2, true, '部分确认 Partly confirmed');
  await answer(precisionSide, partial.id, { lines: [{ id: partial.lines[0]!.id }] });

  const proposed = await place(ids.precision, 4, 3, true, '供应商反馈数量与交期 Supplier proposes quantity and date');
  await answer(precisionSide, proposed.id, {
    lines: [
      { id: proposed.lines[0]!.id },
      {
        id: proposed.lines[1]!.id,
        qty: '800',
        date: daysFromNow(30),
        remark: '产能不足，分批交货 Capacity: deliver in two lots',
      },
      { id: proposed.lines[2]!.id },
    ],
  });

  const confirmed = await place(ids.plastics, 2, 4, true, '已确认 Confirmed');
  await answer(plasticsSide, confirmed.id, { all: true });

  const closed = await place(ids.precision, 2, 5, true, '已关闭 Closed');
  await answer(precisionSide, closed.id, { all: true });
  await asBuyer((ctx) => actOnOrder(ctx, closed.id, 'close', {}));

  const cancelled = await place(ids.plastics, 1, 6, true, '需求取消 Demand withdrawn');
  await asBuyer((ctx) => actOnOrder(ctx, cancelled.id, 'cancel', { comment: '项目取消 Project cancelled' }));

  // Changed twice: revision 2 confirmed by the supplier, revision 3 waiting for it.
  const changed = await place(ids.precision, 4, 7, true, '已变更两次 Changed twice');
  await answer(precisionSide, changed.id, { all: true });
  const asInput = (lines: Awaited<ReturnType<typeof getOrder>>['lines']) =>
    lines
      .filter((l) => l.status !== PURCHASE_ORDER_LINE_STATUS.CANCELLED)
      .map((l) => ({
        lineNo: l.lineNo,
        materialId: l.materialId,
        prdtNo: l.prdtNo,
        prdtName: l.prdtName,
        prdtSpc: l.prdtSpc,
        unitNo: l.unitNo,
        unitName: l.unitName,
        qty: l.qty,
        price: l.price,
        taxRate: l.taxRate,
        requestedDate: l.requestedDate,
        warehouseId: l.warehouseId,
        remark: l.remark,
      }));
  const rev1 = asInput((await asBuyer((ctx) => getOrder(ctx, changed.id))).lines);
  const first = await asBuyer((ctx) =>
    changes.createChange(ctx, {
      orderId: changed.id,
      reason: '客户需求增加 Customer demand up',
      lines: [{ ...rev1[0]!, qty: addDecimals(rev1[0]!.qty, '300', 6) }, ...rev1.slice(1)],
      send: true,
    }),
  );
  await asMember(db, precisionSide, (ctx) => changes.actOnChange(ctx, first.id, 'confirm', {}));
  const rev2 = asInput((await asBuyer((ctx) => getOrder(ctx, changed.id))).lines);
  await asBuyer((ctx) =>
    changes.createChange(ctx, {
      orderId: changed.id,
      reason: '交期提前，取消第 4 行 Earlier date, line 4 dropped',
      lines: [rev2[0]!, { ...rev2[1]!, requestedDate: daysFromNow(10) }, rev2[2]!, ...linesOf(c, 1, 2)],
      send: true,
    }),
  );

  // The clerk's own documents: masked prices, own orders only.
  await inTenantTx(db, huaxin, async (tx) => {
    for (const id of [partial.id, confirmed.id, proposed.id]) {
      await tx
        .update(purchaseOrders)
        .set({ ownerId: world.users['buyer.clerk'] })
        .where(and(eq(purchaseOrders.tenantId, huaxin), eq(purchaseOrders.id, id)));
    }
    // One delivery already on the way, so the change rules about delivered quantities can be seen.
    await tx
      .update(purchaseOrderLines)
      .set({ deliveredQty: sql`least(${purchaseOrderLines.qty}, 200)` })
      .where(
        and(
          eq(purchaseOrderLines.tenantId, huaxin),
          eq(purchaseOrderLines.orderId, closed.id),
          eq(purchaseOrderLines.lineNo, 1),
        ),
      );
  });
}
