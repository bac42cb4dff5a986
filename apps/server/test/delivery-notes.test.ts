import {
  type DeliverableLine,
  type DeliveryNoteDetail,
  type PurchaseOrderDetail,
  type PurchaseOrderOptions,
  DELIVERY_NOTE_STATUS as S,
} from '@concord/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, users } from '../src/db/schema.ts';
import { packLine } from '../src/modules/delivery-notes/delivery-notes.lines.ts';
import { materialCustomers, materials } from '../src/modules/materials/materials.table.ts';
import { purchaseOrderLines, purchaseOrders } from '../src/modules/purchase-orders/purchase-orders.table.ts';
import { customers } from '../src/modules/suppliers/suppliers.table.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { newId } from '../src/platform/ids.ts';
import { DEMO_DELIVERY_REMARK, seedDeliveryNotes } from '../src/seed/delivery-notes.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

const ORDERS = '/gateway/srm/purchase-orders';
const PLANS = '/gateway/srm/receiving-plans';
const NOTES = '/gateway/srm/delivery-notes';

let t: TestContext;
let buyer: Caller;
let supplier: Caller;
let supplier2: Caller;
let precisionId: string;
let buyerTenant: string;
let supplierTenant: string;
let checkedMaterialId: string;

const tenantOf = async (c: Caller) => (await c.get('/gateway/admin/user/info')).json().data.tenant.id as string;

/** A sent order, confirmed by the supplier; `material` lines name the archive material. */
async function confirmedOrder(
  lines: { qty: string; code?: string; material?: boolean }[],
): Promise<PurchaseOrderDetail> {
  const res = await buyer.post(ORDERS, {
    supplierId: precisionId,
    orderDate: '2026-11-23',
    send: true,
    lines: lines.map((l, i) =>
      l.material
        ? { materialId: checkedMaterialId, qty: l.qty, price: '3.5', requestedDate: '2026-12-20' }
        : {
            prdtNo: l.code ?? `DN-${i + 1}`,
            prdtName: `铝合金外壳 Housing ${i + 1}`,
            unitName: 'pcs',
            qty: l.qty,
            price: '3.5',
            requestedDate: '2026-12-20',
          },
    ),
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as string;
  const confirmed = await supplier.post(`${ORDERS}/${id}/actions/confirm`, { all: true });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json().data as PurchaseOrderDetail;
}

const note = (lines: { orderLineId: string; planLineId?: string; qty: unknown; batchNo?: string }[], extra = {}) => ({
  customerTenantId: buyerTenant,
  shipDate: '2026-11-24',
  expectedDate: '2026-11-26',
  carrier: 'SF Express',
  trackingNo: 'SF100200300',
  lines,
  ...extra,
});

async function detail(c: Caller, id: string): Promise<DeliveryNoteDetail> {
  const res = await c.get(`${NOTES}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function deliveredQty(lineId: string): Promise<string> {
  const [row] = await inTenantTx(t.database.db, buyerTenant, (tx) =>
    tx.select({ q: purchaseOrderLines.deliveredQty }).from(purchaseOrderLines).where(eq(purchaseOrderLines.id, lineId)),
  );
  return row!.q;
}

beforeAll(async () => {
  t = await createTestContext();
  buyer = as(t.app, await login(t.app, 'buyer'));
  supplier = as(t.app, await login(t.app, 'supplier'));
  supplier2 = as(t.app, await login(t.app, 'supplier2'));
  const options: PurchaseOrderOptions = (await buyer.get(`${ORDERS}/options`)).json().data;
  precisionId = options.suppliers.find((s) => s.supCode === 'S00001')!.id;
  buyerTenant = await tenantOf(buyer);
  supplierTenant = await tenantOf(supplier);
  checkedMaterialId = newId();
  // A buyer material that needs inspection and allows 10 % over-delivery; the supplier packs 'DN-PACK'
  // 12 to a box, 5 boxes to a carton.
  await inTenantTx(t.database.db, buyerTenant, (tx) =>
    tx.insert(materials).values({
      tenantId: buyerTenant,
      id: checkedMaterialId,
      prdtNo: 'DN-CHECK',
      prdtName: '检验物料 Inspected part',
      poUnitNo: 'PCS',
      poUnitName: 'pcs',
      valuationUnitNo: 'PCS',
      valuationUnitName: 'pcs',
      isCheck: true,
      orderOverRate: '10',
    }),
  );
  await inTenantTx(t.database.db, supplierTenant, async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.tenantId, supplierTenant), eq(customers.customerTenantId, buyerTenant)));
    await tx.insert(materialCustomers).values({
      tenantId: supplierTenant,
      id: newId(),
      customerId: customer!.id,
      custPrdtCode: 'DN-PACK',
      custPrdtName: '包装物料',
      materialQty: '12',
      smallQty: '5',
      overdeliveryRate: '0',
    });
  });
});
afterAll(() => t.close());

describe('packing', () => {
  it('packs ceil(qty / materialQty) small packages, the last holding the rest, smallQty to a large one', () => {
    const packed = packLine('130', '12', '5');
    const smalls = packed.filter((p) => p.kind === 1);
    const larges = packed.filter((p) => p.kind === 2);
    expect(smalls).toHaveLength(11);
    expect(smalls.at(-1)!.qty).toBe('10');
    expect(smalls.slice(0, 10).every((p) => p.qty === '12')).toBe(true);
    expect(larges.map((l) => [l.seq, l.qty])).toEqual([
      [12, '60'],
      [13, '60'],
      [14, '10'],
    ]);
    expect(smalls.filter((s) => s.parentSeq === 14)).toHaveLength(1);
    expect(packLine('7', null, null)).toEqual([{ kind: 1, seq: 1, qty: '7', parentSeq: null }]);
  });

  it('splits exactly whatever the places: the packages add up to the line, digit for digit', () => {
    // 0.1 + 0.2 in doubles is 0.30000000000000004; 10^12 has no room for 6 places in a double.
    expect(packLine('0.3', '0.1', null).map((p) => p.qty)).toEqual(['0.1', '0.1', '0.1']);
    expect(packLine('1', '0.3333', '3').map((p) => [p.kind, p.qty])).toEqual([
      [1, '0.3333'],
      [1, '0.3333'],
      [1, '0.3333'],
      [1, '0.0001'],
      [2, '0.9999'],
      [2, '0.0001'],
    ]);
    expect(packLine('999999999999.999999', '500000000000', null).map((p) => p.qty)).toEqual([
      '500000000000',
      '499999999999.999999',
    ]);
  });

  it('refuses a line that would need more packages than a note holds before building any', () => {
    expect(() => packLine('1000000000000', '0.0001', null)).toThrow(
      expect.objectContaining({
        errorCode: 'DELIVERY_TOO_MANY_PACKAGES',
        params: { count: '10000000000000000', max: 5000 },
      }),
    );
  });
});

describe('delivery notes of the supplier', () => {
  let orderA: PurchaseOrderDetail;
  let orderB: PurchaseOrderDetail;
  let noteId: string;

  beforeAll(async () => {
    orderA = await confirmedOrder([
      { qty: '100', material: true },
      { qty: '130', code: 'DN-PACK' },
    ]);
    orderB = await confirmedOrder([{ qty: '50' }]);
  });

  it('lists the confirmed lines still open, with the over-delivery allowance and the packaging', async () => {
    const res = await supplier.post(`${NOTES}/deliverable-lines/list`, {
      filter: { customerTenantId: buyerTenant, orderNo: orderA.orderNo },
    });
    expect(res.statusCode, res.body).toBe(200);
    const lines: DeliverableLine[] = res.json().data.dataList;
    expect(lines.map((l) => [l.orderLineNo, l.openQty, l.maxQty, l.materialQty, l.smallQty])).toEqual([
      [1, '100', '110', null, null],
      [2, '130', '130', '12', '5'],
    ]);
    const customers = (await supplier.get(`${NOTES}/customers`)).json().data as { tenantId: string }[];
    expect(customers.map((c) => c.tenantId)).toContain(buyerTenant);
  });

  it('refuses more than the open quantity plus the rate, naming the line in the caller’s language', async () => {
    const res = await supplier.post(NOTES, note([{ orderLineId: orderA.lines[0]!.id, qty: '111' }]), {
      'accept-language': 'zh-CN',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('DELIVERY_OVER_OPEN');
    const msg = `订单 ${orderA.orderNo} 第 1 行：送货数量 111 超过可送数量 110`;
    expect(res.json().msg).toBe(msg);
    // Beside the line's quantity field, in the same words.
    expect(res.json().data).toEqual([{ path: 'lines.0.qty', message: msg }]);
  });

  it('takes quantities as decimal text at the order’s places, never as JSON numbers', async () => {
    const line = orderA.lines[0]!.id;
    const number = await supplier.post(NOTES, note([{ orderLineId: line, qty: 10 }]));
    expect(number.statusCode).toBe(400);
    expect(number.json().errorCode).toBe('VALIDATION_FAILED');
    expect(number.json().data.map((e: { path: string }) => e.path)).toEqual(['lines.0.qty']);
    const places = await supplier.post(
      NOTES,
      note([
        { orderLineId: line, qty: '1' },
        { orderLineId: line, qty: '1.005' },
      ]),
      { 'accept-language': 'en-US' },
    );
    expect(places.statusCode).toBe(400);
    expect(places.json().errorCode).toBe('DECIMAL_PLACES_EXCEEDED');
    expect(places.json().data).toMatchObject([{ path: 'lines.1.qty', places: 2 }]);
    expect(places.json().msg).toContain('2 decimal places');
    expect(await deliveredQty(line)).toBe('0');
  });

  it('creates one note over several orders once per Idempotency-Key (R-02), packed and copied', async () => {
    const body = note([
      { orderLineId: orderA.lines[0]!.id, qty: '110', batchNo: 'B-01' },
      { orderLineId: orderA.lines[1]!.id, qty: '130', batchNo: 'B-02' },
      { orderLineId: orderB.lines[0]!.id, qty: '20' },
    ]);
    const first = await supplier.post(NOTES, body, { 'idempotency-key': 'dn-1' });
    const again = await supplier.post(NOTES, body, { 'idempotency-key': 'dn-1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    noteId = first.json().data.id;
    const d = await detail(supplier, noteId);
    expect(d.noteNo).toMatch(/^DN\d{10}$/);
    expect(d.status).toBe(S.NOT_SENT);
    expect(d.orderNos).toEqual([orderA.orderNo, orderB.orderNo]);
    expect(d.totalQty).toBe('260');
    expect(d.lines.map((l) => [l.lineNo, l.qty, l.isCheck, l.dueDate, l.batchNo])).toEqual([
      [1, '110', true, '2026-12-20', 'B-01'],
      [2, '130', false, '2026-12-20', 'B-02'],
      [3, '20', false, '2026-12-20', ''],
    ]);
    // 1 package, 11 boxes in 3 cartons, 1 package.
    expect(d.packageCount).toBe(16);
    expect(d.packages.filter((p) => p.lineNo === 2 && p.kind === 2)).toHaveLength(3);
    expect(new Set(d.packages.map((p) => p.packageNo)).size).toBe(16);
    expect(d.actions).toEqual(['send', 'cancel']);
    expect(await deliveredQty(orderA.lines[0]!.id)).toBe('110');
    // Prices never travel on a note, so there is nothing for the price flag to mask.
    expect(JSON.stringify({ ...d, decimalPlaces: null })).not.toMatch(/price|amount/i);
  });

  it('never shows the buyer a draft; another supplier finds nothing', async () => {
    expect((await buyer.get(`${NOTES}/${noteId}`)).statusCode).toBe(404);
    const list = (await buyer.post(`${NOTES}/list`, { filter: { side: 'buyer' } })).json().data;
    expect(list.dataList.map((n: { id: string }) => n.id)).not.toContain(noteId);
    expect((await supplier2.get(`${NOTES}/${noteId}`)).statusCode).toBe(404);
    const other = (await supplier2.post(`${NOTES}/list`, { filter: { side: 'supplier' } })).json().data;
    expect(other.dataList.map((n: { id: string }) => n.id)).not.toContain(noteId);
  });

  it('edits a draft and re-packs it; a stale version gets 409', async () => {
    const d = await detail(supplier, noteId);
    const body = {
      ...note([{ orderLineId: orderA.lines[1]!.id, qty: '24' }]),
      version: d.version,
    };
    const number = await supplier.put(`${NOTES}/${noteId}`, {
      ...note([{ orderLineId: orderA.lines[1]!.id, qty: 24 }]),
      version: d.version,
    });
    expect(number.statusCode).toBe(400);
    expect(number.json().data.map((e: { path: string }) => e.path)).toEqual(['lines.0.qty']);
    const places = await supplier.put(`${NOTES}/${noteId}`, {
      ...note([{ orderLineId: orderA.lines[1]!.id, qty: '24.001' }]),
      version: d.version,
    });
    expect(places.statusCode).toBe(400);
    expect(places.json().errorCode).toBe('DECIMAL_PLACES_EXCEEDED');
    expect(places.json().data).toMatchObject([{ path: 'lines.0.qty', places: 2 }]);
    expect((await detail(supplier, noteId)).version).toBe(d.version);
    const res = await supplier.put(`${NOTES}/${noteId}`, body);
    expect(res.statusCode, res.body).toBe(200);
    const after: DeliveryNoteDetail = res.json().data;
    expect(after.packages.map((p) => [p.kind, p.qty])).toEqual([
      [1, '12'],
      [1, '12'],
      [2, '24'],
    ]);
    expect(await deliveredQty(orderA.lines[0]!.id)).toBe('0');
    expect((await supplier.put(`${NOTES}/${noteId}`, body)).statusCode).toBe(409);
  });

  it('sends, tells the buyer, and a second send gets 409; the buyer reads the notice', async () => {
    const sent = await supplier.post(`${NOTES}/${noteId}/actions/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.status).toBe(S.SENT);
    const again = await supplier.post(`${NOTES}/${noteId}/actions/send`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('DELIVERY_NOTE_STATE_CHANGED');
    const b = await detail(buyer, noteId);
    expect(b.side).toBe('buyer');
    expect(b.actions).not.toContain('send');
    expect(b.history.map((h) => h.summary)).toContain(`sent delivery note ${b.noteNo}`);
    const told = await t.database.db
      .select({ title: messages.title, link: messages.link })
      .from(messages)
      .where(eq(messages.tenantId, buyerTenant));
    expect(told).toContainEqual({
      title: { key: 'deliveryNotes.sentTitle', params: expect.objectContaining({ noteNo: b.noteNo }) },
      link: `/receiptdetail/deliverydetail?id=${noteId}`,
    });
    // Read in the reader's language: Chinese throughout but for the supplier's name and the note number.
    const inbox = (await buyer.get('/gateway/admin/message/myMsg?pageSize=100', { 'accept-language': 'zh-CN' })).json()
      .data.dataList as { title: string; content: string; link: string }[];
    const message = inbox.find((m) => m.link === `/receiptdetail/deliverydetail?id=${noteId}`)!;
    const [party] = message.title.split(` 发送了送货单 ${b.noteNo}`);
    expect(message.title).toBe(`${party} 发送了送货单 ${b.noteNo}`);
    expect(message.content).toBe(`${party} 已发出送货单 ${b.noteNo} 的货物，货物到达后请登记到货。`);
    expect((await buyer.post(`${NOTES}/${noteId}/actions/cancel`, {})).statusCode).toBe(403);
  });

  it('cancels a sent note and frees its quantity', async () => {
    expect(await deliveredQty(orderA.lines[1]!.id)).toBe('24');
    const res = await supplier.post(`${NOTES}/${noteId}/actions/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe(S.CANCELLED);
    expect(await deliveredQty(orderA.lines[1]!.id)).toBe('0');
    expect((await supplier.post(`${NOTES}/${noteId}/actions/cancel`, {})).statusCode).toBe(409);
  });

  it('lets two concurrent notes together never exceed the open quantity', async () => {
    const line = orderB.lines[0]!.id;
    const results = await Promise.all([
      supplier.post(NOTES, note([{ orderLineId: line, qty: '30' }])),
      supplier.post(NOTES, note([{ orderLineId: line, qty: '30' }])),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await deliveredQty(line)).toBe('30');
  });

  it('refuses lines of another customer’s order and lines it cannot see', async () => {
    const res = await supplier2.post(NOTES, note([{ orderLineId: orderA.lines[0]!.id, qty: '1' }]));
    expect(res.statusCode).toBe(404);
  });
});

describe('planned order lines', () => {
  it('delivers against confirmed plan lines within each plan line', async () => {
    const order = await confirmedOrder([{ qty: '100' }]);
    const created = await buyer.post(PLANS, {
      orderId: order.id,
      send: true,
      lines: [
        { orderLineId: order.lines[0]!.id, plannedQty: '60', plannedDate: '2026-12-10' },
        { orderLineId: order.lines[0]!.id, plannedQty: '40', plannedDate: '2026-12-15' },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const planId = created.json().data.id;
    const confirmed = await supplier.post(`${PLANS}/${planId}/actions/confirm`, { all: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const lines: DeliverableLine[] = (
      await supplier.post(`${NOTES}/deliverable-lines/list`, { filter: { orderNo: order.orderNo } })
    ).json().data.dataList;
    expect(lines.map((l) => [l.dueDate, l.openQty])).toEqual([
      ['2026-12-10', '60'],
      ['2026-12-15', '40'],
    ]);
    const direct = await supplier.post(NOTES, note([{ orderLineId: order.lines[0]!.id, qty: '10' }]));
    expect(direct.json().errorCode).toBe('DELIVERY_LINE_PLANNED');
    const over = await supplier.post(
      NOTES,
      note([{ orderLineId: order.lines[0]!.id, planLineId: lines[0]!.planLineId!, qty: '61' }]),
    );
    expect(over.statusCode).toBe(409);
    expect(over.json().errorCode).toBe('DELIVERY_OVER_PLAN');
    const ok = await supplier.post(
      NOTES,
      note([{ orderLineId: order.lines[0]!.id, planLineId: lines[0]!.planLineId!, qty: '60' }], { send: true }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const d = await detail(buyer, ok.json().data.id);
    expect(d.lines[0]!.dueDate).toBe('2026-12-10');
    const rest: DeliverableLine[] = (
      await supplier.post(`${NOTES}/deliverable-lines/list`, { filter: { orderNo: order.orderNo } })
    ).json().data.dataList;
    expect(rest.map((l) => l.dueDate)).toEqual(['2026-12-15']);
  });
});

describe('demo seed', () => {
  it('leaves a draft, a cancelled note, sent notes over several orders and an open demo order', async () => {
    const rows = await t.database.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(users.username, ['buyer', 'buyer.clerk', 'supplier', 'supplier2']));
    const id = (name: string) => rows.find((r) => r.username === name)!.id;
    const { sentNoteIds } = await seedDeliveryNotes(t.database.db, {
      tenants: { huaxin: buyerTenant, precision: supplierTenant, plastics: await tenantOf(supplier2) },
      users: {
        buyer: id('buyer'),
        'buyer.clerk': id('buyer.clerk'),
        supplier: id('supplier'),
        supplier2: id('supplier2'),
      },
    });
    expect(sentNoteIds.length).toBeGreaterThanOrEqual(6);
    const sent = await Promise.all(sentNoteIds.map((n) => detail(buyer, n)));
    expect(sent.every((n) => n.status === S.SENT)).toBe(true);
    expect(new Set(sent.flatMap((n) => n.orderNos)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(sent.flatMap((n) => n.lines.map((l) => l.dueDate))).size).toBeGreaterThanOrEqual(4);
    const mine = (
      await supplier.post(`${NOTES}/list`, { filter: { side: 'supplier', statuses: [S.NOT_SENT, S.CANCELLED] } })
    )
      .json()
      .data.dataList.map((n: { status: number }) => n.status);
    expect(mine).toContain(S.NOT_SENT);
    expect(mine).toContain(S.CANCELLED);
    const [demo] = await inTenantTx(t.database.db, buyerTenant, (tx) =>
      tx
        .select({ orderNo: purchaseOrders.orderNo })
        .from(purchaseOrders)
        .where(eq(purchaseOrders.remarks, DEMO_DELIVERY_REMARK)),
    );
    const open: DeliverableLine[] = (
      await supplier.post(`${NOTES}/deliverable-lines/list`, { filter: { orderNo: demo!.orderNo } })
    ).json().data.dataList;
    expect(open.length).toBeGreaterThanOrEqual(2);
    expect(open.every((l) => l.openQty === l.qty)).toBe(true);
  });
});
