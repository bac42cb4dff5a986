import {
  RECEIVING_PLAN_LINE_STATUS as LS,
  type PlannableLines,
  type PurchaseOrderDetail,
  type PurchaseOrderOptions,
  type ReceivingPlanDetail,
  RECEIVING_PLAN_STATUS as S,
} from '@concord/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, operationLogs } from '../src/db/schema.ts';
import { openPlanQuantity } from '../src/modules/receiving-plans/receiving-plans.service.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { as, type Caller, cell, createTestContext, login, sheetOf, type TestContext } from './helpers.ts';

const ORDERS = '/gateway/srm/purchase-orders';
const PLANS = '/gateway/srm/receiving-plans';

let t: TestContext;
let buyer: Caller;
let supplier: Caller;
let supplier2: Caller;
let precisionId: string;
let buyerTenant: string;
let supplierTenant: string;

const tenantOf = async (c: Caller) => (await c.get('/gateway/admin/user/info')).json().data.tenant.id as string;

/** A sent order with lines of the given quantities, confirmed by the supplier. */
async function confirmedOrder(qtys: string[]): Promise<PurchaseOrderDetail> {
  const res = await buyer.post(ORDERS, {
    supplierId: precisionId,
    orderDate: '2026-11-23',
    send: true,
    lines: qtys.map((qty, i) => ({
      prdtNo: `RP-${i + 1}`,
      prdtName: `铝合金外壳 Housing ${i + 1}`,
      unitName: 'pcs',
      qty,
      price: '7319.4271',
      requestedDate: '2026-12-20',
    })),
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as string;
  const confirmed = await supplier.post(`${ORDERS}/${id}/actions/confirm`, { all: true });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json().data as PurchaseOrderDetail;
}

async function plan(c: Caller, id: string): Promise<ReceivingPlanDetail> {
  const res = await c.get(`${PLANS}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function createPlan(body: unknown, headers?: Record<string, string>) {
  const res = await buyer.post(PLANS, body, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; planNo: string; status: number; version: number };
}

const act = (c: Caller, id: string, action: string, body: unknown = {}) =>
  c.post(`${PLANS}/${id}/actions/${action}`, body);

let order: PurchaseOrderDetail;
let planId: string;

beforeAll(async () => {
  t = await createTestContext();
  buyer = as(t.app, await login(t.app, 'buyer'));
  supplier = as(t.app, await login(t.app, 'supplier'));
  supplier2 = as(t.app, await login(t.app, 'supplier2'));
  const options: PurchaseOrderOptions = (await buyer.get(`${ORDERS}/options`)).json().data;
  precisionId = options.suppliers.find((s) => s.supCode === 'S00001')!.id;
  buyerTenant = await tenantOf(buyer);
  supplierTenant = await tenantOf(supplier);
  order = await confirmedOrder(['100', '200']);
});
afterAll(() => t.close());

describe('planning confirmed order lines', () => {
  it('offers the confirmed order and its lines with what is left to plan', async () => {
    const orders = await buyer.post(`${PLANS}/orders/list`, { filter: { orderNo: order.orderNo } });
    expect(orders.statusCode, orders.body).toBe(200);
    expect(orders.json().data.dataList.map((o: { id: string }) => o.id)).toEqual([order.id]);
    const lines: PlannableLines = (await buyer.get(`${PLANS}/orders/${order.id}/lines`)).json().data;
    expect(lines.lines.map((l) => [l.lineNo, l.confirmedQty, l.remainingQty])).toEqual([
      [1, '100', '100'],
      [2, '200', '200'],
    ]);
  });

  it('splits a line into two dated deliveries and sends the plan once per Idempotency-Key (R-02)', async () => {
    const body = {
      orderId: order.id,
      remark: '分两批送货',
      send: true,
      lines: [
        { orderLineId: order.lines[0]!.id, plannedQty: '60', plannedDate: '2026-12-10' },
        { orderLineId: order.lines[0]!.id, plannedQty: '40', plannedDate: '2026-12-15' },
        { orderLineId: order.lines[1]!.id, plannedQty: '200', plannedDate: '2026-12-18' },
      ],
    };
    const first = await createPlan(body, { 'idempotency-key': 'plan-1' });
    const again = await createPlan(body, { 'idempotency-key': 'plan-1' });
    expect(again.id).toBe(first.id);
    expect(first.planNo).toMatch(/^RP\d{10}$/);
    planId = first.id;
    const d = await plan(buyer, planId);
    expect(d.status).toBe(S.SENT);
    expect(d.orderNo).toBe(order.orderNo);
    expect(d.totalQty).toBe('300');
    expect([d.firstDate, d.lastDate]).toEqual(['2026-12-10', '2026-12-18']);
    expect(d.lines.map((l) => [l.orderLineNo, l.plannedQty, l.plannedDate])).toEqual([
      [1, '60', '2026-12-10'],
      [1, '40', '2026-12-15'],
      [2, '200', '2026-12-18'],
    ]);
    const list = (await buyer.post(`${PLANS}/list`, { filter: { orderNo: order.orderNo } })).json().data;
    expect(list.totalCount).toBe(1);
  });

  it('never plans more than the confirmed quantity', async () => {
    const over = await buyer.post(PLANS, {
      orderId: order.id,
      lines: [{ orderLineId: order.lines[0]!.id, plannedQty: '0.5', plannedDate: '2026-12-30' }],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().errorCode).toBe('RECEIVING_PLAN_OVER_CONFIRMED');
    // Beside the delivery's quantity, in the same words.
    expect(over.json().data).toEqual([{ path: 'lines.0.plannedQty', message: over.json().msg }]);
    const lines: PlannableLines = (await buyer.get(`${PLANS}/orders/${order.id}/lines`)).json().data;
    expect(lines.lines.map((l) => l.remainingQty)).toEqual(['0', '0']);
  });

  it('takes quantities as decimal text at the order’s places only (issue 16)', async () => {
    const o = await confirmedOrder(['10']);
    const line = (plannedQty: unknown) => ({
      orderId: o.id,
      lines: [{ orderLineId: o.lines[0]!.id, plannedQty, plannedDate: '2026-12-12' }],
    });
    const number = await buyer.post(PLANS, line(4));
    expect(number.statusCode).toBe(400);
    expect(number.json().errorCode).toBe('VALIDATION_FAILED');
    expect(number.json().data.map((d: { path: string }) => d.path)).toEqual(['lines.0.plannedQty']);
    const places = await buyer.post(PLANS, line('4.125'));
    expect(places.statusCode).toBe(400);
    expect(places.json().errorCode).toBe('DECIMAL_PLACES_EXCEEDED');
    expect(places.json().data).toMatchObject([{ path: 'lines.0.plannedQty', places: 2 }]);
    const draft = await createPlan(line('4.10'));
    const d = await plan(buyer, draft.id);
    expect([d.totalQty, d.lines[0]!.plannedQty, d.decimalPlaces.quantity]).toEqual(['4.1', '4.1', 2]);
    const edit = (plannedQty: unknown) =>
      buyer.put(`${PLANS}/${draft.id}`, { version: d.version, ...line(plannedQty) });
    const editNumber = await edit(5);
    expect(editNumber.statusCode).toBe(400);
    expect(editNumber.json().data.map((x: { path: string }) => x.path)).toEqual(['lines.0.plannedQty']);
    const editPlaces = await edit('5.001');
    expect(editPlaces.json().errorCode).toBe('DECIMAL_PLACES_EXCEEDED');
    const ok = await edit('9.99');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.totalQty).toBe('9.99');
    const lines: PlannableLines = (await buyer.get(`${PLANS}/orders/${o.id}/lines`)).json().data;
    expect(lines.lines[0]!.remainingQty).toBe('0.01');
    const list = (await buyer.post(`${PLANS}/list`, { filter: { orderNo: o.orderNo } })).json().data;
    expect(list.dataList[0].decimalPlaces).toEqual({ quantity: 2, price: 4, amount: 2 });
    await act(buyer, draft.id, 'cancel');
  });

  it('refuses lines the supplier has not confirmed', async () => {
    const res = await buyer.post(ORDERS, {
      supplierId: precisionId,
      orderDate: '2026-11-23',
      send: true,
      lines: [{ prdtNo: 'RP-X', prdtName: 'Pending', qty: '5', requestedDate: '2026-12-20' }],
    });
    const pending = (await buyer.get(`${ORDERS}/${res.json().data.id}`)).json().data as PurchaseOrderDetail;
    const refused = await buyer.post(PLANS, {
      orderId: pending.id,
      lines: [{ orderLineId: pending.lines[0]!.id, plannedQty: '1', plannedDate: '2026-12-30' }],
    });
    expect([400, 409]).toContain(refused.statusCode);
  });

  it('gives one of two concurrent plans on the same quantity a 409', async () => {
    const o = await confirmedOrder(['100']);
    const body = {
      orderId: o.id,
      lines: [{ orderLineId: o.lines[0]!.id, plannedQty: '60', plannedDate: '2026-12-12' }],
    };
    const results = await Promise.all([buyer.post(PLANS, body), buyer.post(PLANS, body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('keeps drafts from the supplier and lets the buyer edit them with a version (R-04)', async () => {
    const o = await confirmedOrder(['50']);
    const draft = await createPlan({
      orderId: o.id,
      lines: [{ orderLineId: o.lines[0]!.id, plannedQty: '20', plannedDate: '2026-12-12' }],
    });
    expect((await supplier.get(`${PLANS}/${draft.id}`)).statusCode).toBe(404);
    const edit = {
      version: 1,
      remark: 'edited',
      lines: [{ orderLineId: o.lines[0]!.id, plannedQty: '50', plannedDate: '2026-12-13' }],
    };
    const ok = await buyer.put(`${PLANS}/${draft.id}`, edit);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.totalQty).toBe('50');
    const stale = await buyer.put(`${PLANS}/${draft.id}`, edit);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorCode).toBe('CONFLICT');
    const sent = await act(buyer, draft.id, 'send', { version: 2 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await supplier.get(`${PLANS}/${draft.id}`)).statusCode).toBe(200);
    const cancelled = await act(buyer, draft.id, 'cancel');
    expect(cancelled.json().data.status).toBe(S.CANCELLED);
    const lines: PlannableLines = (await buyer.get(`${PLANS}/orders/${o.id}/lines`)).json().data;
    expect(lines.lines[0]!.remainingQty).toBe('50');
  });
});

describe('the supplier answers, the buyer decides', () => {
  it('shows the plan to the supplier as its customer’s, and to nobody else (T-01)', async () => {
    const d = await plan(supplier, planId);
    expect(d.side).toBe('supplier');
    expect(d.customerTenantId).toBe(buyerTenant);
    const list = (await supplier.post(`${PLANS}/list`, { filter: { side: 'supplier' } })).json().data;
    expect(list.dataList.map((p: { id: string }) => p.id)).toContain(planId);
    expect((await supplier2.get(`${PLANS}/${planId}`)).statusCode).toBe(404);
    expect((await supplier2.post(`${PLANS}/${planId}/actions/confirm`, { all: true })).statusCode).toBe(404);
    const foreign = (
      await supplier2.post(`${PLANS}/lines/list`, { filter: { side: 'supplier', orderNo: order.orderNo } })
    ).json().data;
    expect(foreign.totalCount).toBe(0);
    const note = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.tenantId, supplierTenant), eq(messages.kind, 'delivery')));
    expect(note.map((m) => m.title)).toContainEqual({
      key: 'receivingPlans.sentTitle',
      params: expect.objectContaining({ planNo: d.planNo }),
    });
  });

  it('refuses the wrong side (T-03): the buyer cannot answer, the supplier cannot change quantities', async () => {
    const d = await plan(buyer, planId);
    const asBuyer = await act(buyer, planId, 'confirm', { all: true });
    expect(asBuyer.statusCode).toBe(403);
    expect(asBuyer.json().errorCode).toBe('RECEIVING_PLAN_WRONG_SIDE');
    const edit = await supplier.put(`${PLANS}/${planId}`, {
      version: d.version,
      lines: [{ orderLineId: order.lines[0]!.id, plannedQty: '1', plannedDate: '2026-12-10' }],
    });
    expect([403, 404]).toContain(edit.statusCode);
    const cancel = await act(supplier, planId, 'cancel');
    expect(cancel.statusCode).toBe(403);
    expect((await plan(buyer, planId)).lines.map((l) => l.plannedQty)).toEqual(['60', '40', '200']);
  });

  it('confirms one delivery and proposes another date for the next; a quantity in the answer is ignored', async () => {
    const d = await plan(supplier, planId);
    const [a, b, c] = d.lines;
    const res = await act(supplier, planId, 'confirm', {
      version: d.version,
      lines: [{ id: a!.id }, { id: b!.id, date: '2026-12-17', remark: '模具保养，顺延两天', qty: '1' }, { id: c!.id }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after: ReceivingPlanDetail = res.json().data;
    expect(after.status).toBe(S.PROPOSED);
    expect(after.lines.map((l) => [l.status, l.plannedQty, l.proposedDate])).toEqual([
      [LS.CONFIRMED, '60', null],
      [LS.PROPOSED, '40', '2026-12-17'],
      [LS.CONFIRMED, '200', null],
    ]);
    const [buyerNote] = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.tenantId, buyerTenant), eq(messages.link, `/receivingPlan/plansure/detail?id=${planId}`)));
    expect(buyerNote?.title).toEqual({
      key: 'receivingPlans.answeredTitle',
      params: expect.objectContaining({ planNo: d.planNo }),
    });
  });

  it('refuses a stale version (R-04) and lets exactly one of two concurrent accepts through (R-03)', async () => {
    const d = await plan(buyer, planId);
    const stale = await act(buyer, planId, 'accept', { version: d.version - 1, all: true });
    expect(stale.statusCode).toBe(409);
    const results = await Promise.all([
      act(buyer, planId, 'accept', { all: true }),
      act(buyer, planId, 'accept', { all: true }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const after = await plan(buyer, planId);
    expect(after.status).toBe(S.CONFIRMED);
    expect(after.lines[1]!.plannedDate).toBe('2026-12-17');
    expect(after.lastDate).toBe('2026-12-18');
  });

  it('exports the confirmed quantities for the delivery module and the schedule', async () => {
    const open = await inTenantTx(t.database.db, buyerTenant, (tx) =>
      openPlanQuantity(tx, buyerTenant, order.lines[0]!.id),
    );
    expect(open).toBe('100');
    const schedule = (
      await supplier.post(`${PLANS}/lines/list`, { filter: { side: 'supplier', orderNo: order.orderNo } })
    ).json().data;
    expect(schedule.dataList.map((l: { plannedDate: string }) => l.plannedDate)).toEqual([
      '2026-12-10',
      '2026-12-17',
      '2026-12-18',
    ]);
    const file = await buyer.get(`${PLANS}/lines/export?orderNo=${order.orderNo}`);
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-type'])).toContain('spreadsheetml');
    const ws = await sheetOf(file.rawPayload);
    expect([cell(ws, 'K2'), cell(ws, 'L2')]).toEqual([
      { value: 60, numFmt: '#,##0.00' },
      { value: 0, numFmt: '#,##0.00' },
    ]);
    expect(cell(ws, 'A2').value).toEqual(new Date(Date.UTC(2026, 11, 10)));
  });

  it('keeps both sides’ steps in the history', async () => {
    const d = await plan(buyer, planId);
    expect(d.history.map((h) => h.side)).toEqual(['buyer', 'supplier', 'buyer']);
    const zh = (await buyer.get(`${PLANS}/${planId}`, { 'accept-language': 'zh-CN' })).json().data
      .history as ReceivingPlanDetail['history'];
    expect(zh.map((h) => h.summary)).toEqual([
      `为采购订单 ${order.orderNo} 创建并发送了收货计划 ${d.planNo}：共 3 批交货`,
      `答复了收货计划 ${d.planNo}：确认 2 批，1 批建议了其他日期`,
      `接受了收货计划 ${d.planNo} 中 1 批交货的建议日期：#2 2026-12-17`,
    ]);
    expect(zh.map((h) => h.own)).toEqual([true, false, true]);
    const logs = await inTenantTx(t.database.db, supplierTenant, (tx) =>
      tx.select().from(operationLogs).where(eq(operationLogs.targetId, planId)),
    );
    expect(logs).toHaveLength(1);
  });
});
