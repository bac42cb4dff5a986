import { MASK, type MaterialPrice, type MaterialPriceLookup, type PurchaseOrderOptions } from '@concord/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

const BASE = '/gateway/srm/material-prices';

let t: TestContext;
let buyer: Caller;
let clerk: Caller;
let supplier: Caller;
let precisionId: string;
let plasticsId: string;
let heatSink: string;
let year: number;

const lookup = async (c: Caller, query: string) => {
  const res = await c.get(`${BASE}/lookup?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as MaterialPriceLookup;
};

const list = async (c: Caller, filter: Record<string, unknown> = {}) => {
  const res = await c.post(`${BASE}/list`, { filter, pageParam: { pageNum: 1, pageSize: 100 } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { dataList: MaterialPrice[]; totalCount: number };
};

beforeAll(async () => {
  t = await createTestContext();
  buyer = as(t.app, await login(t.app, 'buyer'));
  clerk = as(t.app, await login(t.app, 'buyer.clerk'));
  supplier = as(t.app, await login(t.app, 'supplier'));
  const options: PurchaseOrderOptions = (await buyer.get('/gateway/srm/purchase-orders/options')).json().data;
  precisionId = options.suppliers.find((s) => s.supCode === 'S00001')!.id;
  plasticsId = options.suppliers.find((s) => s.supCode === 'S00002')!.id;
  const archive = (await buyer.post('/gateway/srm/materials/list', { pageParam: { pageNum: 1, pageSize: 100 } })).json()
    .data.dataList as { id: string; prdtNo: string }[];
  heatSink = archive.find((m) => m.prdtNo === 'AL-HS-50')!.id;
  year = Number((await list(buyer, { source: 'contract' })).dataList[0]!.validFrom.slice(0, 4));
});
afterAll(() => t.close());

describe('the price library', () => {
  it('lists the prices of effective and expired contracts with their source and validity', async () => {
    const prices = (await list(buyer, { material: 'AL-HS-50' })).dataList;
    expect(prices.map((p) => [p.price, p.validFrom, p.validTo, p.source, p.supCode])).toEqual([
      ['2.98', `${year}-01-01`, `${year}-12-31`, 'contract', 'S00001'],
      ['3.1', `${year - 1}-01-01`, `${year - 1}-12-31`, 'contract', 'S00001'],
    ]);
    expect(prices[0]!.sourceNo).toMatch(/^CT\d{10}$/);
    expect(prices[0]!.priceBreaks).toEqual([
      { minQty: '5000', price: '2.92' },
      { minQty: '20000', price: '2.85' },
    ]);
    const inForce = (await list(buyer, { validOn: `${year}-06-30`, material: 'AL-HS-50' })).dataList;
    expect(inForce.map((p) => p.price)).toEqual(['2.98']);
    // The returned contract of Suzhou Plastics and the draft put nothing in the library; what it holds
    // of Suzhou Plastics is the awarded brackets inquiry of the demo.
    const plastics = (await list(buyer, { supplierId: plasticsId })).dataList;
    expect(plastics.map((p) => p.source)).toEqual(plastics.map(() => 'award'));
    expect(plastics.every((p) => /^RQ\d{10}$/.test(p.sourceNo))).toBe(true);
  });

  it('looks up the price of a new order line: the contract’s, its price break at a quantity, by day', async () => {
    const q = `materialId=${heatSink}&supplierId=${precisionId}`;
    const today = await lookup(buyer, q);
    expect(today).toMatchObject({ price: '2.98', basePrice: '2.98', source: 'contract', currency: 'CNY' });
    expect(today!.contractLineId).toMatch(/^\d+$/);
    expect((await lookup(buyer, `${q}&qty=6000`))!.price).toBe('2.92');
    expect((await lookup(buyer, `${q}&qty=20000`))!.price).toBe('2.85');
    expect((await lookup(buyer, `${q}&qty=4999.99`))!.price).toBe('2.98');
    expect((await lookup(buyer, `${q}&date=${year - 1}-07-01`))!.price).toBe('3.1');
    expect(await lookup(buyer, `${q}&date=${year + 5}-01-01`)).toBeNull();
    expect(await lookup(buyer, `materialId=${heatSink}&supplierId=${plasticsId}`)).toBeNull();
  });

  it('refuses a lookup without its material or supplier, or with a bad day', async () => {
    expect((await buyer.get(`${BASE}/lookup?supplierId=${precisionId}`)).statusCode).toBe(400);
    expect((await buyer.get(`${BASE}/lookup?materialId=${heatSink}`)).statusCode).toBe(400);
    expect(
      (await buyer.get(`${BASE}/lookup?materialId=${heatSink}&supplierId=${precisionId}&date=2026-02-30`)).statusCode,
    ).toBe(400);
  });

  it('is the buyer’s alone: another enterprise finds nothing with the same ids', async () => {
    expect(await lookup(supplier, `materialId=${heatSink}&supplierId=${precisionId}`)).toBeNull();
    expect((await list(supplier)).totalCount).toBe(0);
  });

  it('masks prices for a position without view-price', async () => {
    const prices = (await list(clerk, { material: 'AL-HS-50' })).dataList;
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p) => p.price === MASK && p.priceBreaks.every((b) => b.price === MASK))).toBe(true);
    const found = await lookup(clerk, `materialId=${heatSink}&supplierId=${precisionId}`);
    expect([found!.price, found!.basePrice, found!.source]).toEqual([MASK, MASK, 'contract']);
  });
});
