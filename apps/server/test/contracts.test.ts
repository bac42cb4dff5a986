import {
  addCalendarDays,
  type ContractDetail,
  type ContractListItem,
  MASK,
  type MaterialPriceLookup,
  type PurchaseOrderOptions,
  CONTRACT_STATUS as S,
} from '@concord/shared';
import { and, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, positions } from '../src/db/schema.ts';
import { expireContracts, registerContractJobs } from '../src/modules/contracts/contracts.expiry.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { createJobRunner } from '../src/platform/jobs.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

const BASE = '/gateway/srm/contracts';
const PRICES = '/gateway/srm/material-prices';

let t: TestContext;
let buyer: Caller;
let clerk: Caller;
let supplier: Caller;
let supplier2: Caller;
let precisionId: string;
let plasticsId: string;
let buyerTenant: string;
let today: string;
const material = new Map<string, string>();

const tenantOf = async (c: Caller) => (await c.get('/gateway/admin/user/info')).json().data.tenant.id as string;
const userOf = async (c: Caller) => (await c.get('/gateway/admin/user/info')).json().data.sysUser.userId as string;

const contract = (extra: Record<string, unknown> = {}) => ({
  kind: 'framework',
  supplierId: precisionId,
  title: 'Housings 2026',
  validFrom: today,
  validTo: addCalendarDays(today, 180),
  paymentTerms: 'Net 60',
  lines: [
    {
      materialId: material.get('AL-CASE-120'),
      price: '18.5',
      taxRate: '13',
      qtyCap: '1000',
      priceBreaks: [{ minQty: '500', price: '17.9' }],
    },
  ],
  ...extra,
});

async function create(body: unknown, headers?: Record<string, string>) {
  const res = await buyer.post(BASE, body, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; contractNo: string; status: number; version: number };
}

async function detail(c: Caller, id: string) {
  const res = await c.get(`${BASE}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ContractDetail;
}

const act = (c: Caller, id: string, action: string, body: Record<string, unknown>) =>
  c.post(`${BASE}/${id}/actions/${action}`, body);

/** Takes a step with the version the caller reads now, and expects it to pass. */
async function step(c: Caller, id: string, action: string, body: Record<string, unknown> = {}) {
  const { version } = await detail(c, id);
  const res = await act(c, id, action, { version, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ContractDetail;
}

const lookup = async (materialId: string, supplierId: string, query = '') => {
  const res = await buyer.get(`${PRICES}/lookup?materialId=${materialId}&supplierId=${supplierId}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as MaterialPriceLookup;
};

const list = async (c: Caller, filter: Record<string, unknown>) => {
  const res = await c.post(`${BASE}/list`, { filter, pageParam: { pageNum: 1, pageSize: 100 } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { dataList: ContractListItem[]; totalCount: number };
};

beforeAll(async () => {
  t = await createTestContext();
  // The seeded clerk position has no contracts; PO_CON is granted here so the masking of a position
  // without view-price can be tried on contracts.
  const [clerkPosition] = await t.database.db.select().from(positions).where(eq(positions.code, 'PUR-CLK'));
  await t.database.db
    .update(positions)
    .set({ permissions: [...clerkPosition!.permissions, 'PO_CON'] })
    .where(and(eq(positions.tenantId, clerkPosition!.tenantId), eq(positions.id, clerkPosition!.id)));
  buyer = as(t.app, await login(t.app, 'buyer'));
  clerk = as(t.app, await login(t.app, 'buyer.clerk'));
  supplier = as(t.app, await login(t.app, 'supplier'));
  supplier2 = as(t.app, await login(t.app, 'supplier2'));
  buyerTenant = await tenantOf(buyer);
  const options: PurchaseOrderOptions = (await buyer.get('/gateway/srm/purchase-orders/options')).json().data;
  precisionId = options.suppliers.find((s) => s.supCode === 'S00001')!.id;
  plasticsId = options.suppliers.find((s) => s.supCode === 'S00002')!.id;
  const archive = (await buyer.post('/gateway/srm/materials/list', { pageParam: { pageNum: 1, pageSize: 100 } })).json()
    .data.dataList as { id: string; prdtNo: string }[];
  for (const m of archive) material.set(m.prdtNo, m.id);
  const { buyerTimeZone: zone } = await detail(buyer, (await list(buyer, { side: 'buyer' })).dataList[0]!.id);
  today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
});
afterAll(() => t.close());

describe('the demo world', () => {
  it('has the framework agreement with Shenzhen Precision Parts, a returned, a draft and an expired contract', async () => {
    const all = (await list(buyer, { side: 'buyer' })).dataList;
    expect(new Set(all.map((c) => c.status))).toEqual(new Set([S.EFFECTIVE, S.RETURNED, S.DRAFT, S.EXPIRED]));
    const year = today.slice(0, 4);
    const framework = all.find((c) => c.status === S.EFFECTIVE)!;
    expect([framework.supCode, framework.kind, framework.validFrom, framework.validTo]).toEqual([
      'S00001',
      'framework',
      `${year}-01-01`,
      `${year}-12-31`,
    ]);
    const d = await detail(buyer, framework.id);
    const heatSink = d.lines.find((l) => l.prdtNo === 'AL-HS-50')!;
    expect([heatSink.price, heatSink.qtyCap, heatSink.orderedQty]).toEqual(['2.98', '50000', '0']);
    expect(d.history.map((h) => h.side)).toEqual(['buyer', 'supplier', 'buyer']);
    const returned = await detail(buyer, all.find((c) => c.status === S.RETURNED)!.id);
    expect(returned.supCode).toBe('S00002');
    expect(returned.returnReason).toContain('3.85');
    // The library answers a new order line for AL-HS-50 with the agreement's price.
    const price = await lookup(heatSink.materialId, precisionId);
    expect(price).toMatchObject({ price: '2.98', source: 'contract', sourceNo: d.contractNo });
    expect(price!.contractLineId).toBe(heatSink.id);
  });

  it('shows each supplier its customer contracts, never the buyer’s drafts', async () => {
    const precision = (await list(supplier, { side: 'supplier' })).dataList;
    expect(new Set(precision.map((c) => c.status))).toEqual(new Set([S.EFFECTIVE, S.EXPIRED]));
    expect(precision.every((c) => c.customerTenantId === buyerTenant)).toBe(true);
    const plastics = (await list(supplier2, { side: 'supplier' })).dataList;
    expect(plastics.map((c) => c.status)).toEqual([S.RETURNED]);
    // A supplier has no contracts of its own as a buyer.
    expect((await list(supplier, { side: 'buyer' })).totalCount).toBe(0);
  });

  it('requires the side of a list (400 without it)', async () => {
    const res = await buyer.post(`${BASE}/list`, {});
    expect(res.statusCode).toBe(400);
    expect((await buyer.post(`${BASE}/list`, { filter: {} })).statusCode).toBe(400);
  });
});

describe('drafting', () => {
  it('drafts a contract hidden from the supplier, with the enterprise’s contract terms by default', async () => {
    const created = await create(contract());
    expect(created.contractNo).toMatch(/^CT\d{10}$/);
    expect(created.status).toBe(S.DRAFT);
    const d = await detail(buyer, created.id);
    expect(d.terms).toContain('Payment 60 days after the reconciliation statement');
    expect(d.lines[0]).toMatchObject({
      prdtNo: 'AL-CASE-120',
      price: '18.5',
      qtyCap: '1000',
      orderedQty: '0',
      remainingQty: '1000',
      priceBreaks: [{ minQty: '500', price: '17.9' }],
    });
    expect((await supplier.get(`${BASE}/${created.id}`)).statusCode).toBe(404);
    expect((await supplier2.get(`${BASE}/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses an end before the start, a repeated material and a disabled material, creating nothing', async () => {
    const before = (await list(buyer, { side: 'buyer' })).totalCount;
    const backwards = await buyer.post(BASE, contract({ validFrom: '2026-06-30', validTo: '2026-06-01' }));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errorCode).toBe('CONTRACT_END_BEFORE_START');
    expect(backwards.json().msg).toContain('2026-06-01');
    const line = contract().lines[0]!;
    const twice = await buyer.post(BASE, contract({ lines: [line, { ...line, price: '19' }] }));
    expect(twice.json().errorCode).toBe('CONTRACT_MATERIAL_REPEATED');
    const bad = await buyer.post(BASE, contract({ lines: [{ ...line, materialId: '123456789' }] }));
    expect(bad.json().errorCode).toBe('CONTRACT_MATERIAL_NOT_FOUND');
    const zh = await buyer.post(BASE, contract({ validFrom: '2026-06-30', validTo: '2026-06-01' }), {
      'accept-language': 'zh-CN',
    });
    expect(zh.json().msg).toContain('早于开始日期');
    expect((await list(buyer, { side: 'buyer' })).totalCount).toBe(before);
  });

  it('honours Idempotency-Key: the same key twice gives one contract and the same reply', async () => {
    const key = { 'idempotency-key': 'contract-create-once' };
    const first = await create(contract({ title: 'Once' }), key);
    const again = await create(contract({ title: 'Once' }), key);
    expect(again).toEqual(first);
    expect((await list(buyer, { side: 'buyer', contractNo: first.contractNo })).totalCount).toBe(1);
  });

  it('refuses to send a line without a price, and sends once every line has one', async () => {
    const lines = [{ materialId: material.get('SM-PANEL-02'), price: null }];
    const created = await create(contract({ lines }));
    const res = await act(buyer, created.id, 'send', { version: created.version });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('CONTRACT_LINE_WITHOUT_PRICE');
    expect(res.json().msg).toContain('SM-PANEL-02');
    expect((await detail(buyer, created.id)).status).toBe(S.DRAFT);
    const d = await detail(buyer, created.id);
    const put = await buyer.put(`${BASE}/${created.id}`, {
      ...contract({ lines: [{ ...lines[0], price: '6.4' }] }),
      version: d.version,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await step(buyer, created.id, 'send')).status).toBe(S.SENT);
  });
});

describe('send → return → edit → resend → sign → countersign', () => {
  let id: string;
  let readBeforeResend: number;

  it('sends to the supplier, who sees it as a customer contract', async () => {
    id = (await create(contract({ send: true }))).id;
    const d = await detail(supplier, id);
    expect([d.side, d.status, d.supCode]).toEqual(['supplier', S.SENT, 'S00001']);
    expect((await supplier2.get(`${BASE}/${id}`)).statusCode).toBe(404);
    expect((await act(supplier2, id, 'sign', { version: d.version })).statusCode).toBe(404);
  });

  it('refuses the wrong side: a supplier editing terms, the buyer signing for the supplier', async () => {
    const d = await detail(supplier, id);
    const edit = await supplier.put(`${BASE}/${id}`, { ...contract(), version: d.version });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().errorCode).toBe('CONTRACT_SUPPLIER_CANNOT_EDIT');
    for (const action of ['sign', 'return']) {
      const res = await act(buyer, id, action, { version: d.version, reason: 'x' });
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('CONTRACT_SUPPLIER_SIGNS');
    }
    const countersign = await act(supplier, id, 'countersign', { version: d.version });
    expect(countersign.json().errorCode).toBe('CONTRACT_WRONG_SIDE');
    expect((await detail(buyer, id)).version).toBe(d.version);
  });

  it('returns only with a reason, which the buyer reads', async () => {
    const d = await detail(supplier, id);
    const bare = await act(supplier, id, 'return', { version: d.version, reason: '  ' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errorCode).toBe('CONTRACT_REASON_REQUIRED');
    const returned = await step(supplier, id, 'return', { reason: 'Price too low for anodising' });
    expect(returned.status).toBe(S.RETURNED);
    const seen = await detail(buyer, id);
    expect(seen.returnReason).toBe('Price too low for anodising');
    expect(seen.history.at(-1)!.summary).toContain('Price too low for anodising');
    expect(seen.history.at(-1)!.side).toBe('supplier');
    const sign = await act(supplier, id, 'sign', { version: seen.version });
    expect(sign.statusCode).toBe(409);
    expect(sign.json().errorCode).toBe('CONTRACT_STATE_CHANGED');
  });

  it('lets the buyer edit the returned contract (stale version 409) and send it again', async () => {
    const d = await detail(buyer, id);
    readBeforeResend = d.version;
    const body = contract({ lines: [{ ...contract().lines[0], price: '19.2' }] });
    const stale = await buyer.put(`${BASE}/${id}`, { ...body, version: d.version - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorCode).toBe('CONFLICT');
    const other = await buyer.put(`${BASE}/${id}`, { ...body, supplierId: plasticsId, version: d.version });
    expect(other.json().errorCode).toBe('CONTRACT_SUPPLIER_FIXED');
    const put = await buyer.put(`${BASE}/${id}`, { ...body, version: d.version });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.lines[0].price).toBe('19.2');
    expect((await step(buyer, id, 'send')).status).toBe(S.SENT);
  });

  it('refuses a signature under terms read before they changed (409), then signs', async () => {
    const stale = await act(supplier, id, 'sign', { version: readBeforeResend });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorCode).toBe('CONTRACT_CHANGED_SINCE_READ');
    expect((await detail(supplier, id)).status).toBe(S.SENT);
    const signed = await step(supplier, id, 'sign');
    expect(signed.status).toBe(S.SIGNED);
    expect(signed.signedAt).not.toBeNull();
  });

  it('countersigns with the version read: the contract takes effect and its prices enter the library', async () => {
    const d = await detail(buyer, id);
    const stale = await act(buyer, id, 'countersign', { version: d.version - 1 });
    expect(stale.json().errorCode).toBe('CONTRACT_CHANGED_SINCE_READ');
    expect(await lookup(material.get('AL-CASE-120')!, precisionId)).toBeNull();
    const effective = await step(buyer, id, 'countersign');
    expect(effective.status).toBe(S.EFFECTIVE);
    const price = await lookup(material.get('AL-CASE-120')!, precisionId);
    expect(price).toMatchObject({ price: '19.2', source: 'contract', contractLineId: effective.lines[0]!.id });
    const broken = await lookup(material.get('AL-CASE-120')!, precisionId, '&qty=600');
    expect([broken!.price, broken!.basePrice]).toEqual(['17.9', '19.2']);
    expect(await lookup(material.get('AL-CASE-120')!, precisionId, `&date=${addCalendarDays(today, 181)}`)).toBeNull();
    expect(await lookup(material.get('AL-CASE-120')!, plasticsId)).toBeNull();
    const history = (await detail(supplier, id)).history;
    expect(history.map((h) => [h.side, h.own])).toEqual([
      ['buyer', false],
      ['supplier', true],
      ['buyer', false],
      ['buyer', false],
      ['supplier', true],
      ['buyer', false],
    ]);
  });

  it('terminates only with a reason; its prices leave the library', async () => {
    const d = await detail(buyer, id);
    expect((await act(buyer, id, 'terminate', { version: d.version })).json().errorCode).toBe(
      'CONTRACT_REASON_REQUIRED',
    );
    expect((await act(buyer, id, 'cancel', { version: d.version })).json().errorCode).toBe('CONTRACT_STATE_CHANGED');
    const ended = await step(buyer, id, 'terminate', { reason: 'Supplier relocates the plant' });
    expect([ended.status, ended.terminateReason]).toEqual([S.TERMINATED, 'Supplier relocates the plant']);
    expect(ended.endedAt).not.toBeNull();
    expect(await lookup(material.get('AL-CASE-120')!, precisionId)).toBeNull();
    expect((await detail(supplier, id)).status).toBe(S.TERMINATED);
  });
});

describe('cancel', () => {
  it('cancels from draft, sent and returned, and nothing else', async () => {
    const draft = await create(contract());
    expect((await step(buyer, draft.id, 'cancel')).status).toBe(S.CANCELLED);
    const sent = await create(contract({ send: true }));
    expect((await step(buyer, sent.id, 'cancel')).status).toBe(S.CANCELLED);
    expect((await detail(supplier, sent.id)).status).toBe(S.CANCELLED);
    const returned = await create(contract({ send: true }));
    await step(supplier, returned.id, 'return', { reason: 'Wrong plant' });
    expect((await step(buyer, returned.id, 'cancel')).status).toBe(S.CANCELLED);
    const signed = await create(contract({ send: true }));
    await step(supplier, signed.id, 'sign');
    const d = await detail(buyer, signed.id);
    expect((await act(buyer, signed.id, 'cancel', { version: d.version })).statusCode).toBe(409);
    expect((await act(supplier, signed.id, 'cancel', { version: d.version })).json().errorCode).toBe(
      'CONTRACT_WRONG_SIDE',
    );
  });
});

describe('expiry', () => {
  it('expires an effective contract after its last day in the buyer’s zone, not on it', async () => {
    const created = await create(contract({ validFrom: addCalendarDays(today, -30), validTo: today, send: true }));
    await step(supplier, created.id, 'sign');
    await step(buyer, created.id, 'countersign');
    const onLastDay = await inTenantTx(t.database.db, buyerTenant, (tx) => expireContracts(tx, buyerTenant, today));
    expect(onLastDay.map((c) => c.id)).not.toContain(created.id);
    const dayAfter = addCalendarDays(today, 1);
    const expired = await inTenantTx(t.database.db, buyerTenant, (tx) => expireContracts(tx, buyerTenant, dayAfter));
    expect(expired.map((c) => c.id)).toContain(created.id);
    const d = await detail(supplier, created.id);
    expect(d.status).toBe(S.EXPIRED);
    expect(d.history.at(-1)!.summary).toContain(`expired at the end of ${today}`);
  });
  it('runs as the daily job at the start of each buyer day, telling both sides', async () => {
    const lastDay = addCalendarDays(today, 3);
    const created = await create(contract({ validTo: lastDay, send: true }));
    await step(supplier, created.id, 'sign');
    await step(buyer, created.id, 'countersign');
    // Two in the morning of the buyer's day (Asia/Shanghai), whatever TZ the test runs under.
    let now = new Date(`${today}T02:00:00+08:00`);
    const runner = createJobRunner(t.database.db, Fastify({ logger: false }).log, { clock: { now: () => now } });
    const log = Fastify({ logger: false }).log;
    registerContractJobs(runner, { db: t.database.db, provider: { send: async () => undefined }, log });
    const day = async (date: string) => {
      now = new Date(`${date}T02:00:00+08:00`);
      await runner.scheduleDaily();
      await runner.runDue();
    };
    await day(lastDay);
    expect((await detail(buyer, created.id)).status).toBe(S.EFFECTIVE);
    await day(addCalendarDays(lastDay, 1));
    expect((await detail(buyer, created.id)).status).toBe(S.EXPIRED);
    const told = async (tenantId: string) =>
      inTenantTx(t.database.db, tenantId, (tx) =>
        tx
          .select({ link: messages.link })
          .from(messages)
          .where(
            and(
              eq(messages.tenantId, tenantId),
              sql`${messages.link} like ${`%${created.id}`}`,
              sql`${messages.title}->>'key' = 'contracts.step.expire'`,
            ),
          ),
      );
    expect((await told(buyerTenant)).map((m) => m.link)).toEqual([`/contract/supplier/detail?id=${created.id}`]);
    expect((await told(await tenantOf(supplier))).map((m) => m.link)).toEqual([
      `/contract/customer/detail?id=${created.id}`,
    ]);
  });
});

describe('another enterprise and masking', () => {
  it('answers 404 to a second tenant for every route of a contract', async () => {
    const sent = await create(contract({ send: true }));
    const d = await detail(buyer, sent.id);
    for (const res of [
      await supplier2.get(`${BASE}/${sent.id}`),
      await supplier2.get(`${BASE}/${sent.id}/pdf`),
      await supplier2.put(`${BASE}/${sent.id}`, { ...contract(), version: d.version }),
      await act(supplier2, sent.id, 'return', { version: d.version, reason: 'not ours' }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await list(supplier2, { side: 'supplier' })).dataList.map((c) => c.id)).not.toContain(sent.id);
  });

  it('shows *** for prices and caps in money for a position without view-price; quantities stay', async () => {
    const created = await create(contract({ amountCap: '20000' }));
    const clerkId = await userOf(clerk);
    await inTenantTx(t.database.db, buyerTenant, (tx) =>
      tx.execute(sql`update contracts set owner_id = ${clerkId} where id = ${created.id}`),
    );
    const d = await detail(clerk, created.id);
    expect(d.amountCap).toBe(MASK);
    expect(d.lines[0]).toMatchObject({ price: MASK, qtyCap: '1000', priceBreaks: [{ minQty: '500', price: MASK }] });
    const mine = (await list(clerk, { side: 'buyer' })).dataList;
    expect(mine.map((c) => c.id)).toEqual([created.id]);
    expect(mine[0]!.amountCap).toBe(MASK);
    const pdf = await clerk.get(`${BASE}/${created.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });

  it('prints both parties’ blocks in the reader’s language', async () => {
    const framework = (await list(supplier, { side: 'supplier', statuses: [S.EFFECTIVE, S.EXPIRED] })).dataList[0]!;
    for (const c of [buyer, supplier]) {
      const res = await c.get(`${BASE}/${framework.id}/pdf`, { 'accept-language': 'zh-CN' });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.headers['content-disposition']).toContain(`${framework.contractNo}.pdf`);
    }
  });
});
