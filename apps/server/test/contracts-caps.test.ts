import {
  addCalendarDays,
  CONTRACT_STATUS,
  type ContractDetail,
  compareDecimals,
  type PurchaseOrderDetail,
  type PurchaseOrderOptions,
} from '@concord/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleContractQuantities } from '../src/modules/contracts/contracts.quantities.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { AppError } from '../src/platform/errors.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

/*
 * What orders draw on contracts (issue 22 scope 4): the quantity cap holds by one conditional update,
 * and a contract line's ordered quantity always equals the sum over the live order lines naming it.
 * With TEST_DATABASE_URL the concurrent test runs against PostgreSQL's row locks (10 connections).
 */

const CONTRACTS = '/gateway/srm/contracts';
const ORDERS = '/gateway/srm/purchase-orders';
const CHANGES = '/gateway/srm/purchase-order-changes';

let t: TestContext;
let buyer: Caller;
let supplier: Caller;
let precisionId: string;
let plasticsId: string;
let buyerTenant: string;
let today: string;
const material = new Map<string, string>();

const tenantOf = async (c: Caller) => (await c.get('/gateway/admin/user/info')).json().data.tenant.id as string;

async function ok<T>(res: Promise<{ statusCode: number; body: string; json(): { data: T } }>): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data;
}

/** An effective contract with one line of `code` capped at `cap`; its line id. */
async function effectiveLine(
  code: string,
  cap: string | null,
  validTo = addCalendarDays(today, 90),
  amountCap: string | null = null,
): Promise<string> {
  const created = await ok<{ id: string; version: number }>(
    buyer.post(CONTRACTS, {
      supplierId: precisionId,
      validFrom: addCalendarDays(today, -10),
      validTo,
      amountCap,
      lines: [{ materialId: material.get(code), price: '5', qtyCap: cap }],
      send: true,
    }),
  );
  const sent = await ok<ContractDetail>(supplier.get(`${CONTRACTS}/${created.id}`));
  await ok(supplier.post(`${CONTRACTS}/${created.id}/actions/sign`, { version: sent.version }));
  const signed = await ok<ContractDetail>(buyer.get(`${CONTRACTS}/${created.id}`));
  const d = await ok<ContractDetail>(
    buyer.post(`${CONTRACTS}/${created.id}/actions/countersign`, { version: signed.version }),
  );
  expect(d.status).toBe(CONTRACT_STATUS.EFFECTIVE);
  return d.lines[0]!.id;
}

const orderBody = (
  code: string,
  contractLineId: string | null,
  qty: string,
  send: boolean,
  supplierId = precisionId,
) => ({
  supplierId,
  orderDate: today,
  send,
  lines: [
    { materialId: material.get(code), qty, price: '5', requestedDate: addCalendarDays(today, 30), contractLineId },
  ],
});

const order = (id: string) => ok<PurchaseOrderDetail>(buyer.get(`${ORDERS}/${id}`));
const act = (c: Caller, id: string, action: string, body: unknown = {}) =>
  c.post(`${ORDERS}/${id}/actions/${action}`, body);

async function orderedQty(lineId: string): Promise<string> {
  const d = await ok<ContractDetail>(buyer.get(`${CONTRACTS}/${(await contractOf(lineId)).contractId}`));
  return d.lines.find((l) => l.id === lineId)!.orderedQty;
}

async function contractOf(lineId: string) {
  const rows = await inTenantTx(t.database.db, buyerTenant, (tx) =>
    tx.execute<{ contract_id: string }>(sql`select contract_id::text from contract_lines where id = ${lineId}`),
  );
  return { contractId: rows.rows[0]!.contract_id };
}

/**
 * The invariant, written out independently of the service: the contract line's ordered quantity is the
 * sum over its order lines of what each holds — nothing for drafts, cancelled orders and cancelled
 * lines, the delivered quantity of a closed order, the quantity otherwise — and never above the cap.
 */
async function invariant(lineId: string) {
  const rows = await inTenantTx(t.database.db, buyerTenant, (tx) =>
    tx.execute<{ ordered: string; live: string; cap: string | null; held: string }>(sql`
      select cl.ordered_qty::text as ordered, cl.qty_cap::text as cap,
             coalesce(sum(case when o.status in (0, 6) or l.status = 3 then 0
                               when o.status = 5 then least(l.delivered_qty, l.qty)
                               else l.qty end), 0)::text as live,
             coalesce(sum(l.contract_qty), 0)::text as held
        from contract_lines cl
        left join purchase_order_lines l on l.tenant_id = cl.tenant_id and l.contract_line_id = cl.id
        left join purchase_orders o on o.tenant_id = l.tenant_id and o.id = l.order_id
       where cl.tenant_id = ${buyerTenant} and cl.id = ${lineId}
       group by cl.ordered_qty, cl.qty_cap`),
  );
  return rows.rows[0]!;
}

async function expectInvariant(lineId: string) {
  const r = await invariant(lineId);
  expect(compareDecimals(r.ordered, r.live), `ordered ${r.ordered} vs live ${r.live}`).toBe(0);
  expect(compareDecimals(r.held, r.live), `held ${r.held} vs live ${r.live}`).toBe(0);
  if (r.cap !== null) expect(compareDecimals(r.ordered, r.cap)).toBeLessThanOrEqual(0);
  // The contract's ordered amount, the same way: what its live order lines hold at their own prices.
  const a = await amountInvariant(lineId);
  expect(compareDecimals(a.ordered, a.live), `ordered amount ${a.ordered} vs live ${a.live}`).toBe(0);
  return r.ordered;
}

async function amountInvariant(lineId: string) {
  const rows = await inTenantTx(t.database.db, buyerTenant, (tx) =>
    tx.execute<{ ordered: string; live: string }>(sql`
      select c.ordered_amount::text as ordered,
             coalesce(sum(case when o.status in (0, 6) or l.status = 3 then 0
                               when o.status = 5 and l.delivered_qty < l.qty then round(l.delivered_qty * l.price, 2)
                               else l.amount end), 0)::text as live
        from contract_lines me
        join contracts c on c.tenant_id = me.tenant_id and c.id = me.contract_id
        join contract_lines cl on cl.tenant_id = c.tenant_id and cl.contract_id = c.id
        left join purchase_order_lines l on l.tenant_id = cl.tenant_id and l.contract_line_id = cl.id
        left join purchase_orders o on o.tenant_id = l.tenant_id and o.id = l.order_id
       where me.tenant_id = ${buyerTenant} and me.id = ${lineId}
       group by c.ordered_amount`),
  );
  return rows.rows[0]!;
}

beforeAll(async () => {
  t = await createTestContext();
  buyer = as(t.app, await login(t.app, 'buyer'));
  supplier = as(t.app, await login(t.app, 'supplier'));
  buyerTenant = await tenantOf(buyer);
  const options: PurchaseOrderOptions = (await buyer.get(`${ORDERS}/options`)).json().data;
  precisionId = options.suppliers.find((s) => s.supCode === 'S00001')!.id;
  plasticsId = options.suppliers.find((s) => s.supCode === 'S00002')!.id;
  const archive = (await buyer.post('/gateway/srm/materials/list', { pageParam: { pageNum: 1, pageSize: 100 } })).json()
    .data.dataList as { id: string; prdtNo: string }[];
  for (const m of archive) material.set(m.prdtNo, m.id);
  const first = (await buyer.post(`${CONTRACTS}/list`, { filter: { side: 'buyer' } })).json().data.dataList[0];
  const zone = (await ok<ContractDetail>(buyer.get(`${CONTRACTS}/${first.id}`))).buyerTimeZone;
  today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
});
afterAll(() => t.close());

describe('an order drawing on a contract line', () => {
  let lineId: string;

  it('counts from send: a draft reserves nothing', async () => {
    lineId = await effectiveLine('AL-CASE-120', '1000');
    const draft = await ok<{ id: string }>(buyer.post(ORDERS, orderBody('AL-CASE-120', lineId, '100', false)));
    expect(await orderedQty(lineId)).toBe('0');
    expect((await order(draft.id)).lines[0]!.contractLineId).toBe(lineId);
    const d = await order(draft.id);
    await ok(act(buyer, draft.id, 'send', { version: d.version }));
    expect(await orderedQty(lineId)).toBe('100');
    await expectInvariant(lineId);
  });

  it('refuses an order over the cap, naming the contract, the cap and what is ordered; nothing is written', async () => {
    const res = await buyer.post(ORDERS, orderBody('AL-CASE-120', lineId, '950', true));
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('CONTRACT_QTY_EXCEEDED');
    const { contractId } = await contractOf(lineId);
    const contractNo = (await ok<ContractDetail>(buyer.get(`${CONTRACTS}/${contractId}`))).contractNo;
    expect(res.json().msg).toContain(contractNo);
    expect(res.json().msg).toMatch(/1000/);
    expect(res.json().msg).toMatch(/100\b/);
    expect(res.json().msg).toMatch(/950/);
    const zh = await buyer.post(ORDERS, orderBody('AL-CASE-120', lineId, '950', true), { 'accept-language': 'zh-CN' });
    expect(zh.json().msg).toContain('将超出上限');
    expect(await expectInvariant(lineId)).toBe('100');
  });

  it('follows accepted counter-proposals and changes, refuses a raise past the cap, gives back on lowering', async () => {
    const placed = await ok<{ id: string }>(buyer.post(ORDERS, orderBody('AL-CASE-120', lineId, '200', true)));
    expect(await orderedQty(lineId)).toBe('300');
    let d = await order(placed.id);
    await ok(act(supplier, placed.id, 'confirm', { lines: [{ id: d.lines[0]!.id, qty: '250' }] }));
    expect(await orderedQty(lineId)).toBe('300');
    await ok(act(buyer, placed.id, 'accept', { all: true }));
    expect(await orderedQty(lineId)).toBe('350');
    d = await order(placed.id);
    const change = (qty: string) =>
      buyer.post(CHANGES, {
        orderId: placed.id,
        reason: 'Forecast moved',
        send: true,
        lines: [{ ...orderBody('AL-CASE-120', null, qty, false).lines[0], lineNo: d.lines[0]!.lineNo }],
      });
    const over = await change('951');
    expect(over.statusCode).toBe(409);
    expect(over.json().errorCode).toBe('CONTRACT_QTY_EXCEEDED');
    expect(await orderedQty(lineId)).toBe('350');
    await ok(change('120'));
    expect(await orderedQty(lineId)).toBe('220');
    // The line keeps its contract line although the change's line did not name one.
    expect((await order(placed.id)).lines[0]!.contractLineId).toBe(lineId);
    await expectInvariant(lineId);
  });

  it('gives back on cancel, and on close all but what was delivered', async () => {
    const cancelled = await ok<{ id: string }>(buyer.post(ORDERS, orderBody('AL-CASE-120', lineId, '300', true)));
    expect(await orderedQty(lineId)).toBe('520');
    await ok(act(buyer, cancelled.id, 'cancel'));
    expect(await orderedQty(lineId)).toBe('220');
    const closed = await ok<{ id: string }>(buyer.post(ORDERS, orderBody('AL-CASE-120', lineId, '300', true)));
    await ok(act(supplier, closed.id, 'confirm', { all: true }));
    await inTenantTx(t.database.db, buyerTenant, (tx) =>
      tx.execute(sql`update purchase_order_lines set delivered_qty = 40 where order_id = ${closed.id}`),
    );
    await ok(act(buyer, closed.id, 'close'));
    expect(await orderedQty(lineId)).toBe('260');
    await expectInvariant(lineId);
  });

  it('refuses a contract line of another supplier or material, and one not in force', async () => {
    const other = await buyer.post(ORDERS, orderBody('AL-CASE-120', lineId, '1', false, plasticsId));
    expect(other.statusCode).toBe(400);
    expect(other.json().errorCode).toBe('CONTRACT_LINE_MISMATCH');
    const wrong = await buyer.post(ORDERS, orderBody('SM-PANEL-02', lineId, '1', false));
    expect(wrong.json().errorCode).toBe('CONTRACT_LINE_MISMATCH');
    const ended = await effectiveLine('SM-PANEL-02', '100', addCalendarDays(today, -1));
    const late = await buyer.post(ORDERS, orderBody('SM-PANEL-02', ended, '1', true));
    expect(late.statusCode).toBe(409);
    expect(late.json().errorCode).toBe('CONTRACT_NOT_IN_FORCE');
    // Valid through the end of its last day: one ending today still takes orders.
    const lastDay = await effectiveLine('SM-PANEL-02', '100', today);
    await ok(buyer.post(ORDERS, orderBody('SM-PANEL-02', lastDay, '1', true)));
  });
});

describe('concurrent orders against one cap', () => {
  const [cap, q] = ['1000', '30'];
  const fit = Math.floor(Number(cap) / Number(q));

  async function drafts(lineId: string) {
    const ids: string[] = [];
    for (let i = 0; i < 50; i++)
      ids.push((await ok<{ id: string }>(buyer.post(ORDERS, orderBody('SM-BRKT-01', lineId, q, false)))).id);
    return ids;
  }

  it('lets exactly ⌊C/q⌋ of 50 concurrent orders of q through a cap C', async () => {
    const lineId = await effectiveLine('SM-BRKT-01', cap);
    const ids = await drafts(lineId);
    const results = await Promise.all(ids.map((id) => act(buyer, id, 'send', { version: 1 })));
    const passed = results.filter((r) => r.statusCode === 200).length;
    const refused = results.filter((r) => r.json().errorCode === 'CONTRACT_QTY_EXCEEDED').length;
    expect([passed, refused]).toEqual([fit, 50 - fit]);
    expect(await expectInvariant(lineId)).toBe(String(fit * Number(q)));
  });

  it('holds by the update alone: 50 transactions settling at once, nothing else in their way', async () => {
    // Sending serializes orders of one supplier and owner on their list tallies before they reach the
    // contract; here 50 already-sent orders settle in parallel transactions, so only the update's
    // own condition on the row it locks stands between them and the cap.
    const lineId = await effectiveLine('SM-BRKT-01', cap);
    const ids = await drafts(lineId);
    await inTenantTx(t.database.db, buyerTenant, (tx) =>
      tx.execute(sql`update purchase_orders set status = 1 where id in ${sql.raw(`(${ids.join(',')})`)}`),
    );
    const settled = await Promise.allSettled(
      ids.map((id) =>
        inTenantTx(t.database.db, buyerTenant, (tx) => settleContractQuantities(tx, { tenantId: buyerTenant, id })),
      ),
    );
    const refused = settled.filter(
      (r) => r.status === 'rejected' && r.reason instanceof AppError && r.reason.errorCode === 'CONTRACT_QTY_EXCEEDED',
    );
    expect([settled.filter((r) => r.status === 'fulfilled').length, refused.length]).toEqual([fit, 50 - fit]);
    // A refused send rolls its order back to a draft; here the status was set beforehand.
    const back = ids.filter((_, i) => settled[i]!.status === 'rejected');
    await inTenantTx(t.database.db, buyerTenant, (tx) =>
      tx.execute(sql`update purchase_orders set status = 0 where id in ${sql.raw(`(${back.join(',')})`)}`),
    );
    expect(await expectInvariant(lineId)).toBe(String(fit * Number(q)));
  });

  it('holds the amount cap the same way: of 50 orders of 150.00 against 3,000.00 exactly 20 settle', async () => {
    const lineId = await effectiveLine('SM-BRKT-01', null, addCalendarDays(today, 90), '3000');
    const ids = await drafts(lineId);
    await inTenantTx(t.database.db, buyerTenant, (tx) =>
      tx.execute(sql`update purchase_orders set status = 1 where id in ${sql.raw(`(${ids.join(',')})`)}`),
    );
    const settled = await Promise.allSettled(
      ids.map((id) =>
        inTenantTx(t.database.db, buyerTenant, (tx) => settleContractQuantities(tx, { tenantId: buyerTenant, id })),
      ),
    );
    const refused = settled.filter(
      (r) =>
        r.status === 'rejected' && r.reason instanceof AppError && r.reason.errorCode === 'CONTRACT_AMOUNT_EXCEEDED',
    );
    expect([settled.filter((r) => r.status === 'fulfilled').length, refused.length]).toEqual([20, 30]);
    const back = ids.filter((_, i) => settled[i]!.status === 'rejected');
    await inTenantTx(t.database.db, buyerTenant, (tx) =>
      tx.execute(sql`update purchase_orders set status = 0 where id in ${sql.raw(`(${back.join(',')})`)}`),
    );
    expect(await expectInvariant(lineId)).toBe('600');
  });
});

describe('ordered quantity = the sum over live order lines (property)', () => {
  type Op =
    | { kind: 'place'; qty: number; send: boolean }
    | { kind: 'send' | 'confirm' | 'cancel' | 'accept' | 'reject'; at: number }
    | { kind: 'propose' | 'change'; at: number; qty: number }
    | { kind: 'close'; at: number; delivered: number };

  const qty = fc.integer({ min: 1, max: 400 });
  const at = fc.nat({ max: 5 });
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('place' as const), qty, send: fc.boolean() }),
    fc.record({ kind: fc.constantFrom('send', 'confirm', 'cancel', 'accept', 'reject'), at }),
    fc.record({ kind: fc.constantFrom('propose', 'change'), at, qty }),
    fc.record({ kind: fc.constant('close' as const), at, delivered: fc.nat({ max: 400 }) }),
  );

  /** Refusals a random step may meet: a state it is not in, a cap it would pass. */
  const EXPECTED = new Set([
    'NOT_FOUND',
    'PURCHASE_ORDER_STATE_CHANGED',
    'PURCHASE_ORDER_LINE_STATE_CHANGED',
    'PURCHASE_ORDER_NOTHING_TO_ANSWER',
    'PURCHASE_ORDER_NOT_CHANGEABLE',
    'PURCHASE_ORDER_QTY_BELOW_DELIVERED',
    'PURCHASE_CHANGE_NO_DIFFERENCE',
    'CONTRACT_QTY_EXCEEDED',
  ]);

  async function run(lineId: string, orders: string[], o: Op) {
    // A step on no order yet places one instead.
    const id = o.kind !== 'place' && orders.length ? orders[o.at % orders.length] : undefined;
    if (!id) {
      const placed = o.kind === 'place' ? o : { qty: 100, send: true };
      const res = await buyer.post(ORDERS, orderBody('PL-KEY-04', lineId, String(placed.qty), placed.send));
      if (res.statusCode === 200) orders.push(res.json().data.id);
      return res;
    }
    const d = await order(id);
    const line = d.lines[0]!;
    switch (o.kind) {
      case 'send':
      case 'cancel':
      case 'accept':
      case 'reject':
        return act(buyer, id, o.kind, { all: true });
      case 'confirm':
        return act(supplier, id, 'confirm', { all: true });
      case 'propose':
        return act(supplier, id, 'confirm', { lines: [{ id: line.id, qty: String(o.qty) }] });
      case 'change':
        return buyer.post(CHANGES, {
          orderId: id,
          reason: 'property',
          send: true,
          lines: [{ ...orderBody('PL-KEY-04', null, String(o.qty), false).lines[0], lineNo: line.lineNo }],
        });
      case 'close':
        // The supplier confirms what waits, some of it is delivered while the order is open, then the buyer closes.
        await act(supplier, id, 'confirm', { all: true });
        await inTenantTx(t.database.db, buyerTenant, (tx) =>
          tx.execute(
            sql`update purchase_order_lines l set delivered_qty = least(l.qty, ${o.delivered})
                  from purchase_orders o where o.id = l.order_id and l.order_id = ${id} and o.status = 4`,
          ),
        );
        return act(buyer, id, 'close');
    }
  }

  it('holds after every step of random order histories', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 6, maxLength: 16 }), async (ops) => {
        const lineId = await effectiveLine('PL-KEY-04', '800');
        const orders: string[] = [];
        for (const o of ops) {
          const res = await run(lineId, orders, o);
          if (res && res.statusCode !== 200) expect(EXPECTED, `${o.kind}: ${res.body}`).toContain(res.json().errorCode);
          await expectInvariant(lineId);
        }
      }),
      { numRuns: 15 },
    );
  });
});
