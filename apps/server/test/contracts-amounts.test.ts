import {
  addCalendarDays,
  CONTRACT_STATUS,
  type ContractDetail,
  type EnterpriseInfo,
  type PurchaseOrderDetail,
  type PurchaseOrderOptions,
} from '@concord/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

/*
 * Issue 22 leftovers: a contract from an awarded inquiry in one step, the amount cap held like the
 * quantity cap, the enterprise setting that makes caps a warning, and the two sourcing reports
 * (purchAchieveAnalysis, purchCompAnalysis) against the demo world and figures computed by hand.
 */

const CONTRACTS = '/gateway/srm/contracts';
const ORDERS = '/gateway/srm/purchase-orders';
const REPORTS = '/gateway/srm/reports';

let t: TestContext;
let buyer: Caller;
let clerk: Caller;
let supplier: Caller;
let precisionId: string;
let today: string;
const material = new Map<string, string>();

async function ok<T>(res: Promise<{ statusCode: number; body: string; json(): { data: T } }>): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data;
}

async function effective(lines: unknown[], amountCap: string | null): Promise<ContractDetail> {
  const created = await ok<{ id: string }>(
    buyer.post(CONTRACTS, {
      supplierId: precisionId,
      validFrom: addCalendarDays(today, -10),
      validTo: addCalendarDays(today, 90),
      amountCap,
      lines,
      send: true,
    }),
  );
  const sent = await ok<ContractDetail>(supplier.get(`${CONTRACTS}/${created.id}`));
  await ok(supplier.post(`${CONTRACTS}/${created.id}/actions/sign`, { version: sent.version }));
  const signed = await ok<ContractDetail>(buyer.get(`${CONTRACTS}/${created.id}`));
  return ok<ContractDetail>(buyer.post(`${CONTRACTS}/${created.id}/actions/countersign`, { version: signed.version }));
}

const orderOf = (code: string, contractLineId: string, qty: string, price = '5') =>
  buyer.post(ORDERS, {
    supplierId: precisionId,
    orderDate: today,
    send: true,
    lines: [{ materialId: material.get(code), qty, price, requestedDate: addCalendarDays(today, 30), contractLineId }],
  });

const report = async (c: Caller, name: string, filter: Record<string, unknown>) => {
  const res = await c.post(`${REPORTS}/${name}`, { filter, pageParam: { pageNum: 1, pageSize: 100 } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    dataList: Record<string, unknown>[];
    totalCount: number;
    summary: Record<string, unknown>;
    currencyTotals: { currency: string; lines: number; sums: Record<string, string> }[];
  };
};

async function setCapWarning(on: boolean) {
  const info = await ok<EnterpriseInfo>(buyer.get('/gateway/srm/enterprise'));
  const updated = await ok<EnterpriseInfo>(buyer.put('/gateway/srm/enterprise', { ...info, contractCapWarning: on }));
  expect(updated.contractCapWarning).toBe(on);
}

beforeAll(async () => {
  t = await createTestContext();
  buyer = as(t.app, await login(t.app, 'buyer'));
  clerk = as(t.app, await login(t.app, 'buyer.clerk'));
  supplier = as(t.app, await login(t.app, 'supplier'));
  const options: PurchaseOrderOptions = (await buyer.get(`${ORDERS}/options`)).json().data;
  precisionId = options.suppliers.find((s) => s.supCode === 'S00001')!.id;
  const archive = (await buyer.post('/gateway/srm/materials/list', { pageParam: { pageNum: 1, pageSize: 100 } })).json()
    .data.dataList as { id: string; prdtNo: string }[];
  for (const m of archive) material.set(m.prdtNo, m.id);
  const first = (await buyer.post(`${CONTRACTS}/list`, { filter: { side: 'buyer' } })).json().data.dataList[0];
  const zone = (await ok<ContractDetail>(buyer.get(`${CONTRACTS}/${first.id}`))).buyerTimeZone;
  today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
});
afterAll(() => t.close());

describe('a contract from an awarded inquiry', () => {
  async function awardedInquiry() {
    const list = (
      await buyer.post('/gateway/srm/inquiries/list', {
        filter: { statuses: [4] },
        pageParam: { pageNum: 1, pageSize: 20 },
      })
    ).json().data.dataList as { id: string; inquiryNo: string; title: string }[];
    return list.find((i) => i.title.includes('Brackets'))!;
  }

  it('drafts a framework contract with the lines and prices awarded to the supplier', async () => {
    const inquiry = await awardedInquiry();
    const created = await ok<{ id: string; status: number }>(
      buyer.post(`${CONTRACTS}/from-inquiry`, { inquiryId: inquiry.id, supplierId: precisionId }),
    );
    expect(created.status).toBe(CONTRACT_STATUS.DRAFT);
    const d = await ok<ContractDetail>(buyer.get(`${CONTRACTS}/${created.id}`));
    expect(d.kind).toBe('framework');
    expect(d.supplierId).toBe(precisionId);
    expect(d.validFrom).toBe(today);
    expect(d.validTo > today).toBe(true);
    expect(d.lines.map((l) => [l.prdtNo, l.price, l.qtyCap, l.taxRate])).toEqual([
      ['SM-BRKT-01', '2.18', '6000', expect.any(String)],
      ['SM-PANEL-02', '9.4', '2000', expect.any(String)],
    ]);
    // Logged as made from the inquiry.
    const log = await t.database.db.execute<{ summary: unknown }>(
      sql`select summary from operation_logs where target_id = ${created.id}`,
    );
    expect(JSON.stringify(log.rows)).toContain('contracts.createdFromInquiry');
  });

  it('refuses a supplier the inquiry awarded nothing, and an inquiry not awarded', async () => {
    const inquiry = await awardedInquiry();
    const options: PurchaseOrderOptions = (await buyer.get(`${ORDERS}/options`)).json().data;
    const other = options.suppliers.find((s) => s.supCode !== 'S00001' && s.supCode !== 'S00002');
    if (other) {
      const res = await buyer.post(`${CONTRACTS}/from-inquiry`, { inquiryId: inquiry.id, supplierId: other.id });
      expect(res.json().errorCode).toBe('CONTRACT_NOT_AWARDED');
    }
    const opened = (
      await buyer.post('/gateway/srm/inquiries/list', {
        filter: { statuses: [3] },
        pageParam: { pageNum: 1, pageSize: 5 },
      })
    ).json().data.dataList[0] as { id: string };
    const res = await buyer.post(`${CONTRACTS}/from-inquiry`, { inquiryId: opened.id, supplierId: precisionId });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('INQUIRY_NOT_AWARDED');
  });

  it('is the buyer’s step: the supplier cannot reach the buyer’s inquiry', async () => {
    const inquiry = await awardedInquiry();
    const res = await supplier.post(`${CONTRACTS}/from-inquiry`, { inquiryId: inquiry.id, supplierId: precisionId });
    expect(res.statusCode).toBe(404);
  });
});

describe('the amount cap', () => {
  let contract: ContractDetail;

  it('holds like the quantity cap, naming the contract, the cap and the amount already ordered', async () => {
    contract = await effective([{ materialId: material.get('AL-CASE-120'), price: '5', qtyCap: '1000' }], '4000');
    const line = contract.lines[0]!.id;
    await ok(orderOf('AL-CASE-120', line, '150'));
    let d = await ok<ContractDetail>(buyer.get(`${CONTRACTS}/${contract.id}`));
    expect([d.orderedAmount, d.lines[0]!.orderedQty]).toEqual(['750', '150']);
    const over = await orderOf('AL-CASE-120', line, '700');
    expect(over.statusCode).toBe(409);
    expect(over.json().errorCode).toBe('CONTRACT_AMOUNT_EXCEEDED');
    expect(over.json().msg).toContain(contract.contractNo);
    expect(over.json().msg).toMatch(/4000/);
    expect(over.json().msg).toMatch(/750/);
    d = await ok<ContractDetail>(buyer.get(`${CONTRACTS}/${contract.id}`));
    expect([d.orderedAmount, d.lines[0]!.orderedQty]).toEqual(['750', '150']);
  });

  it('gives the amount back on cancel', async () => {
    const line = contract.lines[0]!.id;
    const placed = await ok<{ id: string }>(orderOf('AL-CASE-120', line, '100'));
    expect((await ok<ContractDetail>(buyer.get(`${CONTRACTS}/${contract.id}`))).orderedAmount).toBe('1250');
    await ok(buyer.post(`${ORDERS}/${placed.id}/actions/cancel`, {}));
    expect((await ok<ContractDetail>(buyer.get(`${CONTRACTS}/${contract.id}`))).orderedAmount).toBe('750');
  });

  it('as a warning (enterprise setting): the order goes through and both logs carry the warning', async () => {
    await setCapWarning(true);
    const line = contract.lines[0]!.id;
    const placed = await ok<PurchaseOrderDetail>(orderOf('AL-CASE-120', line, '900'));
    const d = await ok<ContractDetail>(buyer.get(`${CONTRACTS}/${contract.id}`));
    expect([d.orderedAmount, d.lines[0]!.orderedQty]).toEqual(['5250', '1050']);
    const logs = await t.database.db.execute<{ module: string; summary: unknown }>(
      sql`select module, summary from operation_logs where target_id in (${placed.id}, ${contract.id})
           and summary::text like '%CapWarning%'`,
    );
    const text = JSON.stringify(logs.rows);
    expect(text).toContain('contracts.qtyCapWarning');
    expect(text).toContain('contracts.amountCapWarning');
    expect(new Set(logs.rows.map((r) => r.module))).toEqual(new Set(['purchase-orders', 'contracts']));
    // The order's history reads it in the reader's language.
    const order = await ok<PurchaseOrderDetail>(buyer.get(`${ORDERS}/${placed.id}`));
    expect(JSON.stringify(order.history)).toMatch(/past its cap 1000/);
    // Validity still refuses: the setting softens caps only.
    await setCapWarning(false);
    const refused = await orderOf('AL-CASE-120', line, '1');
    expect(refused.json().errorCode).toBe('CONTRACT_AMOUNT_EXCEEDED');
  });
});

describe('reports', () => {
  const period = () => ({ dateFrom: addCalendarDays(today, -5), dateTo: today });

  it('purchAchieveAnalysis: agreed, ordered and received per contract line, paged and sorted in SQL', async () => {
    const c = await effective([{ materialId: material.get('SM-PANEL-02'), price: '8', qtyCap: '500' }], null);
    const placed = await ok<{ id: string }>(orderOf('SM-PANEL-02', c.lines[0]!.id, '200', '8'));
    await t.database.db.execute(sql`update purchase_order_lines set received_qty = 50 where order_id = ${placed.id}`);
    const r = await report(buyer, 'purchAchieveAnalysis', period());
    const row = r.dataList.find((x) => x.contractNo === c.contractNo)!;
    expect(row).toMatchObject({
      prdtNo: 'SM-PANEL-02',
      agreedQty: '500',
      agreedAmount: '4000',
      orderedQty: '200',
      orderedAmount: '1600',
      receivedQty: '50',
      receivedAmount: '400',
      orderRate: '40',
      achieveRate: '10',
      currency: 'CNY',
    });
    // The demo's framework agreement for the current year is there; last year's expired one is not.
    expect(r.dataList.some((x) => x.prdtNo === 'AL-HS-50' && x.agreedQty === '50000')).toBe(true);
    // The demo's call-off under the agreement: 120,000 of SCR-M3-8's 500,000.
    expect(r.dataList.find((x) => x.prdtNo === 'SCR-M3-8' && x.agreedQty === '500000')).toMatchObject({
      orderedQty: '120000',
      orderedAmount: '7800',
      orderRate: '24',
    });
    expect(r.dataList.some((x) => x.agreedQty === '40000')).toBe(false);
    expect(r.totalCount).toBe(r.dataList.length);
    expect(r.summary.lines).toBe(r.totalCount);
    const cny = r.currencyTotals.find((x) => x.currency === 'CNY')!;
    expect(Number(cny.sums.orderedAmount)).toBeGreaterThanOrEqual(1600);
    // One row per page, sorted by the database.
    const res = await buyer.post(`${REPORTS}/purchAchieveAnalysis`, {
      filter: period(),
      orderParam: [{ fieldName: 'orderedQty', asc: false }],
      pageParam: { pageNum: 1, pageSize: 1 },
    });
    const page = res.json().data;
    expect(page.dataList).toHaveLength(1);
    expect(page.totalCount).toBe(r.totalCount);
    const max = Math.max(...r.dataList.map((x) => Number(x.orderedQty)));
    expect(Number(page.dataList[0].orderedQty)).toBe(max);
    const exported = await buyer.get(
      `${REPORTS}/purchAchieveAnalysis/export?dateFrom=${period().dateFrom}&dateTo=${period().dateTo}`,
    );
    expect(exported.statusCode).toBe(200);
  });

  it('purchCompAnalysis: invited, quoted, lowest, highest and awarded prices, savings; sealed bids never', async () => {
    const r = await report(buyer, 'purchCompAnalysis', period());
    const brackets = r.dataList.find((x) => x.prdtNo === 'SM-BRKT-01' && String(x.title).includes('Brackets'))!;
    // Shenzhen 6,000 at 2.18 and Suzhou 4,000 at 2.26 against a target of 2.2.
    expect(brackets).toMatchObject({
      invitedCount: 2,
      quotedCount: 2,
      targetPrice: '2.2',
      lowestPrice: '2.18',
      highestPrice: '2.26',
      awardedQty: '10000',
      awardedAmount: '22120',
      awardedPrice: '2.212',
      savingsAmount: '480',
      targetSavingsAmount: '-120',
    });
    // Savings against the last price: the material's latest sent order before the inquiry was published.
    if (brackets.lastPrice === null) expect(brackets.lastSavingsAmount).toBeNull();
    else expect(Number(brackets.lastSavingsAmount)).toBeCloseTo(Number(brackets.lastPrice) * 10000 - 22120, 2);
    expect(String(brackets.supName).split('; ')).toHaveLength(2);
    // The published, sealed inquiry shows who quoted, never a figure (Shenzhen's 3.1415 for AL-HS-50).
    expect(JSON.stringify(r)).not.toContain('3.1415');
    const sealed = r.dataList.filter((x) => x.prdtNo === 'AL-HS-50' && x.lowestPrice === null);
    expect(sealed.length).toBeGreaterThan(0);
    expect(r.summary.lines).toBe(r.totalCount);
  });

  it('masks prices and supplier names for a position without them', async () => {
    const r = await report(clerk, 'purchCompAnalysis', period());
    for (const row of r.dataList) {
      if (row.awardedAmount !== null) expect(row.awardedAmount).toBe('***');
    }
  });
});
