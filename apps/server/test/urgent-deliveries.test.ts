import {
  type PurchaseOrderDetail,
  type PurchaseOrderOptions,
  URGENT_DELIVERY_STATUS as U,
  type UrgentDeliveryDetail,
  type UrgentOrderLine,
} from '@concord/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

const ORDERS = '/gateway/srm/purchase-orders';
const URGENT = '/gateway/srm/urgent-deliveries';

let t: TestContext;
let buyer: Caller;
let supplier: Caller;
let supplier2: Caller;
let precisionId: string;
let order: PurchaseOrderDetail;
let noticeId: string;

const tenantOf = async (c: Caller) => (await c.get('/gateway/admin/user/info')).json().data.tenant.id as string;
const act = (c: Caller, id: string, action: string, body: unknown = {}) =>
  c.post(`${URGENT}/${id}/actions/${action}`, body);

async function notice(c: Caller, id: string): Promise<UrgentDeliveryDetail> {
  const res = await c.get(`${URGENT}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  t = await createTestContext();
  buyer = as(t.app, await login(t.app, 'buyer'));
  supplier = as(t.app, await login(t.app, 'supplier'));
  supplier2 = as(t.app, await login(t.app, 'supplier2'));
  const options: PurchaseOrderOptions = (await buyer.get(`${ORDERS}/options`)).json().data;
  precisionId = options.suppliers.find((s) => s.supCode === 'S00001')!.id;
  const res = await buyer.post(ORDERS, {
    supplierId: precisionId,
    orderDate: '2026-11-23',
    send: true,
    lines: [
      { prdtNo: 'UD-1', prdtName: '散热器 Heat sink', qty: '500', price: '7319.4271', requestedDate: '2026-12-20' },
      { prdtNo: 'UD-2', prdtName: '支架 Bracket', qty: '300', requestedDate: '2026-12-22' },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  order = (await buyer.get(`${ORDERS}/${res.json().data.id}`)).json().data;
});
afterAll(() => t.close());

describe('urgent delivery notices', () => {
  it('offers the supplier’s open order lines and sends a notice once per Idempotency-Key (R-02)', async () => {
    const lines: UrgentOrderLine[] = (
      await buyer.get(`${URGENT}/order-lines?supplierId=${precisionId}&keyword=UD-`)
    ).json().data;
    expect(lines.map((l) => [l.prdtNo, l.qty, l.decimalPlaces.quantity])).toEqual([
      ['UD-1', '500', 2],
      ['UD-2', '300', 2],
    ]);
    const body = {
      supplierId: precisionId,
      requiredDate: '2026-12-05',
      reason: '产线停线风险 Line-stop risk',
      lines: lines.map((l) => ({ orderLineId: l.orderLineId, qty: '100.00' })),
    };
    const first = await buyer.post(URGENT, body, { 'idempotency-key': 'urgent-1' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await buyer.post(URGENT, body, { 'idempotency-key': 'urgent-1' });
    expect(again.json().data.id).toBe(first.json().data.id);
    noticeId = first.json().data.id;
    const d = await notice(buyer, noticeId);
    expect(d.status).toBe(U.SENT);
    expect(d.noticeNo).toMatch(/^UD\d{10}$/);
    expect(d.lines.map((l) => [l.orderNo, l.orderLineNo, l.qty])).toEqual([
      [order.orderNo, 1, '100'],
      [order.orderNo, 2, '100'],
    ]);
  });

  it('takes the asked quantity as decimal text at the order’s places only (issue 16)', async () => {
    const ask = (qty: unknown) =>
      buyer.post(URGENT, {
        supplierId: precisionId,
        requiredDate: '2026-12-05',
        lines: [
          { orderLineId: order.lines[0]!.id, qty: '1' },
          { orderLineId: order.lines[1]!.id, qty },
        ],
      });
    const number = await ask(100);
    expect(number.statusCode).toBe(400);
    expect(number.json().errorCode).toBe('VALIDATION_FAILED');
    expect(number.json().data.map((d: { path: string }) => d.path)).toEqual(['lines.1.qty']);
    const places = await ask('2.125');
    expect(places.statusCode).toBe(400);
    expect(places.json().errorCode).toBe('DECIMAL_PLACES_EXCEEDED');
    expect(places.json().data).toMatchObject([{ path: 'lines.1.qty', places: 2 }]);
  });

  it('refuses lines of another supplier’s or a foreign order', async () => {
    const options: PurchaseOrderOptions = (await buyer.get(`${ORDERS}/options`)).json().data;
    const plasticsId = options.suppliers.find((s) => s.supCode === 'S00002')!.id;
    const res = await buyer.post(URGENT, {
      supplierId: plasticsId,
      requiredDate: '2026-12-05',
      lines: [{ orderLineId: order.lines[0]!.id, qty: '1' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('URGENT_DELIVERY_LINE_INVALID');
  });

  it('shows the notice to its supplier only (T-01) and tells it', async () => {
    const d = await notice(supplier, noticeId);
    expect(d.side).toBe('supplier');
    expect((await supplier2.get(`${URGENT}/${noticeId}`)).statusCode).toBe(404);
    expect((await act(supplier2, noticeId, 'acknowledge')).statusCode).toBe(404);
    const list = (await supplier.post(`${URGENT}/list`, { filter: { side: 'supplier' } })).json().data;
    expect(list.dataList.map((n: { id: string }) => n.id)).toContain(noticeId);
    const supplierTenant = await tenantOf(supplier);
    const link = `/customer/emerdelivery/detail?id=${noticeId}`;
    const notes = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.tenantId, supplierTenant), eq(messages.link, link)));
    expect(notes.map((n) => n.title.key)).toEqual(['urgentDeliveries.sentTitle']);
    // Read in the reader's language: the buyer's name, the number and the buyer's own words aside, Chinese.
    const inbox = (
      await supplier.get('/gateway/admin/message/myMsg?pageSize=100', { 'accept-language': 'zh-CN' })
    ).json().data.dataList as { title: string; content: string; link: string }[];
    const told = inbox.find((m) => m.link === link)!;
    expect(told.title).toMatch(new RegExp(`^\\S.* 发送了紧急送货通知 ${d.noticeNo}$`));
    expect(told.content).toBe('共 2 行，需于 2026-12-05 前送达。原因：产线停线风险 Line-stop risk');
  });

  it('keeps each side to its own steps (T-03)', async () => {
    const asBuyer = await act(buyer, noticeId, 'answer', { lines: [] });
    expect(asBuyer.statusCode).toBe(403);
    expect(asBuyer.json().errorCode).toBe('URGENT_DELIVERY_WRONG_SIDE');
    const close = await act(supplier, noticeId, 'cancel');
    expect(close.statusCode).toBe(403);
  });

  it('lets exactly one of two concurrent acknowledgements through (R-03)', async () => {
    const results = await Promise.all([act(supplier, noticeId, 'acknowledge'), act(supplier, noticeId, 'acknowledge')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await notice(buyer, noticeId)).status).toBe(U.ACKNOWLEDGED);
  });

  it('takes the supplier’s answer for every line; a stale version is refused (R-04)', async () => {
    const d = await notice(supplier, noticeId);
    const partial = await act(supplier, noticeId, 'answer', {
      lines: [{ id: d.lines[0]!.id, availableQty: '60', availableDate: '2026-12-04' }],
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errorCode).toBe('URGENT_DELIVERY_ANSWER_INCOMPLETE');
    const answer = {
      version: d.version,
      remark: '先发现货 Stock first',
      lines: d.lines.map((l, i) => ({
        id: l.id,
        availableQty: ['60', '61.5'][i],
        availableDate: '2026-12-04',
        remark: 'ok',
      })),
    };
    const withQty = (qty: unknown) => ({
      ...answer,
      lines: answer.lines.map((l, i) => (i === 1 ? { ...l, availableQty: qty } : l)),
    });
    const number = await act(supplier, noticeId, 'answer', withQty(61));
    expect(number.statusCode).toBe(400);
    expect(number.json().errorCode).toBe('VALIDATION_FAILED');
    expect(number.json().data.map((x: { path: string }) => x.path)).toEqual(['lines.1.availableQty']);
    const places = await act(supplier, noticeId, 'answer', withQty('61.505'));
    expect(places.statusCode).toBe(400);
    expect(places.json().errorCode).toBe('DECIMAL_PLACES_EXCEEDED');
    expect(places.json().data).toMatchObject([{ path: 'lines.1.availableQty', places: 2 }]);
    expect((await notice(buyer, noticeId)).lines.map((l) => l.availableQty)).toEqual([null, null]);
    const stale = await act(supplier, noticeId, 'answer', { ...answer, version: d.version - 1 });
    expect(stale.statusCode).toBe(409);
    const res = await act(supplier, noticeId, 'answer', answer);
    expect(res.statusCode, res.body).toBe(200);
    const after = await notice(buyer, noticeId);
    expect(after.status).toBe(U.ANSWERED);
    expect(after.supplierRemark).toBe('先发现货 Stock first');
    expect(after.lines.map((l) => [l.availableQty, l.availableDate])).toEqual([
      ['60', '2026-12-04'],
      ['61.5', '2026-12-04'],
    ]);
    expect(after.lines.map((l) => l.qty)).toEqual(['100', '100']);
  });

  it('closes the answered notice and keeps both sides’ steps', async () => {
    const res = await act(buyer, noticeId, 'close');
    expect(res.statusCode, res.body).toBe(200);
    const d = await notice(supplier, noticeId);
    expect(d.status).toBe(U.CLOSED);
    expect(d.history.map((h) => h.side)).toEqual(['buyer', 'supplier', 'supplier', 'buyer']);
    expect(d.history.map((h) => h.summary)).toEqual([
      `sent urgent delivery notice ${d.noticeNo}: 2 lines needed by 2026-12-05`,
      `acknowledged urgent delivery notice ${d.noticeNo}`,
      expect.stringMatching(new RegExp(`^answered urgent delivery notice ${d.noticeNo}: #1 `)),
      `closed urgent delivery notice ${d.noticeNo}`,
    ]);
    expect((await act(buyer, noticeId, 'cancel')).statusCode).toBe(409);
  });
});
