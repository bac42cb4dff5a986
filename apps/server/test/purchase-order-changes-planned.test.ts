import {
  PURCHASE_CHANGE_STATUS as CS,
  type PurchaseChangeDetail,
  type PurchaseOrderDetail,
  type PurchaseOrderOptions,
  RECEIVING_PLAN_LINE_STATUS as RLS,
  RECEIVING_PLAN_STATUS as RS,
  PURCHASE_ORDER_STATUS as S,
} from '@concord/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTenantTx } from '../src/platform/context.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

const ORDERS = '/gateway/srm/purchase-orders';
const CHANGES = '/gateway/srm/purchase-order-changes';
const PLANS = '/gateway/srm/receiving-plans';

let t: TestContext;
let buyer: Caller;
let supplier: Caller;
let precisionId: string;

const tenantOf = async (c: Caller) => (await c.get('/gateway/admin/user/info')).json().data.tenant.id as string;

/** A sent order with lines of the given quantities, confirmed by the supplier. */
async function confirmedOrder(qtys: number[]): Promise<PurchaseOrderDetail> {
  const res = await buyer.post(ORDERS, {
    supplierId: precisionId,
    orderDate: '2026-11-23',
    send: true,
    lines: qtys.map((qty, i) => ({
      prdtNo: `CP-${i + 1}`,
      prdtName: `铝合金外壳 Housing ${i + 1}`,
      unitName: 'pcs',
      qty: String(qty),
      price: '12.5',
      requestedDate: '2026-12-20',
    })),
  });
  expect(res.statusCode, res.body).toBe(200);
  const confirmed = await supplier.post(`${ORDERS}/${res.json().data.id}/actions/confirm`, { all: true });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json().data as PurchaseOrderDetail;
}

async function createPlan(orderId: string, send: boolean, lines: { orderLineId: string; plannedQty: number }[]) {
  const res = await buyer.post(PLANS, {
    orderId,
    send,
    lines: lines.map((l) => ({ ...l, plannedQty: String(l.plannedQty), plannedDate: '2026-12-10' })),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string };
}

/** The order's live lines as a change sends them, with new quantities by line number (0 leaves a line out). */
const changedLines = (order: PurchaseOrderDetail, qtys: Record<number, number>) =>
  order.lines
    .filter((l) => qtys[l.lineNo] !== 0)
    .map((l) => ({
      lineNo: l.lineNo,
      prdtNo: l.prdtNo,
      prdtName: l.prdtName,
      unitName: l.unitName,
      qty: qtys[l.lineNo] === undefined ? l.qty : String(qtys[l.lineNo]),
      price: l.price,
      requestedDate: l.requestedDate,
    }));

async function change(c: Caller, id: string) {
  const res = await c.get(`${CHANGES}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PurchaseChangeDetail;
}

const planned = (d: PurchaseChangeDetail) => d.diff.map((x) => [x.lineNo, x.kind, x.plannedQty, x.belowPlanned]);

beforeAll(async () => {
  t = await createTestContext();
  buyer = as(t.app, await login(t.app, 'buyer'));
  supplier = as(t.app, await login(t.app, 'supplier'));
  const options: PurchaseOrderOptions = (await buyer.get(`${ORDERS}/options`)).json().data;
  precisionId = options.suppliers.find((s) => s.supCode === 'S00001')!.id;
});
afterAll(() => t.close());

describe('a change below what receiving plans schedule', () => {
  it('shows both sides the planned quantity and flags the line, yet sends and confirms', async () => {
    const order = await confirmedOrder([1000, 700, 300, 500]);
    const [l1, l2, l3, l4] = order.lines.map((l) => l.id);
    const live = await createPlan(order.id, true, [
      { orderLineId: l1!, plannedQty: 400 },
      { orderLineId: l1!, plannedQty: 200 },
      { orderLineId: l3!, plannedQty: 100 },
      { orderLineId: l4!, plannedQty: 200 },
    ]);
    // A cancelled plan, a draft plan and a cancelled delivery of a live plan promise nothing.
    const cancelled = await createPlan(order.id, true, [{ orderLineId: l2!, plannedQty: 300 }]);
    const cancel = await buyer.post(`${PLANS}/${cancelled.id}/actions/cancel`, {});
    expect(cancel.json().data.status).toBe(RS.CANCELLED);
    await createPlan(order.id, false, [{ orderLineId: l2!, plannedQty: 50 }]);
    await inTenantTx(t.database.db, await tenantOf(buyer), (tx) =>
      tx.execute(
        sql`update receiving_plan_lines set status = ${RLS.CANCELLED} where plan_id = ${live.id} and order_line_id = ${l3!}`,
      ),
    );

    const res = await buyer.post(CHANGES, {
      orderId: order.id,
      reason: '需求下调',
      lines: changedLines(order, { 1: 500, 2: 100, 3: 50, 4: 300 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = [
      [1, 'changed', '600', true],
      [2, 'changed', '0', false],
      [3, 'changed', '0', false],
      [4, 'changed', '200', false],
    ];
    const draft = await change(buyer, res.json().data.id);
    expect(planned(draft)).toEqual(expected);

    const send = await buyer.post(`${CHANGES}/${draft.id}/actions/send`, { version: draft.version });
    expect(send.statusCode, send.body).toBe(200);
    expect(planned(send.json().data)).toEqual(expected);

    const seen = await change(supplier, draft.id);
    expect(seen.side).toBe('supplier');
    expect(planned(seen)).toEqual(expected);
    const confirm = await supplier.post(`${CHANGES}/${draft.id}/actions/confirm`, { version: seen.version });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().data.status).toBe(CS.CONFIRMED);
    expect(planned(confirm.json().data)).toEqual(expected);
  });

  it('flags a cancelled planned line; a superseded revision is no longer compared with the plans', async () => {
    const order = await confirmedOrder([400, 300]);
    await createPlan(order.id, true, [{ orderLineId: order.lines[1]!.id, plannedQty: 250 }]);
    const first = await buyer.post(CHANGES, {
      orderId: order.id,
      reason: '加量',
      send: true,
      lines: changedLines(order, { 1: 450, 2: 350 }),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(planned(await change(buyer, first.json().data.id))).toEqual([
      [1, 'changed', '0', false],
      [2, 'changed', '250', false],
    ]);
    const confirmed = await supplier.post(`${CHANGES}/${first.json().data.id}/actions/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const revised = (await buyer.get(`${ORDERS}/${order.id}`)).json().data as PurchaseOrderDetail;
    expect(revised.status).toBe(S.CONFIRMED);
    const second = await buyer.post(CHANGES, {
      orderId: order.id,
      reason: '取消第 2 行',
      send: true,
      lines: changedLines(revised, { 2: 0 }),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(planned(await change(supplier, second.json().data.id))).toEqual([[2, 'cancelled', '250', true]]);
    expect(planned(await change(buyer, first.json().data.id))).toEqual([
      [1, 'changed', undefined, undefined],
      [2, 'changed', undefined, undefined],
    ]);
  });
});
