import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, DEMO_PASSWORD, launchBrowser, screenshot } from '../browser.ts';
import { demoDay, newContext, serialSteps, settled, signIn, WAIT } from '../support.ts';

/**
 * The workbench at `/` (docs/workbench.md) in zh-CN: the buyer and the supplier land on it and see what
 * waits for them; a count opens its list filtered to the same documents; a step the other party takes
 * (through the API, as its own browser would) changes the count over the websocket, without a reload.
 * The breadcrumb's 管理驾驶舱 opens the buyer cockpit, whose charts load with it and not before.
 */

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/** The words the flow looks for, written out rather than imported from the web's catalogue. */
const ZH = {
  buyerSide: '采购协同',
  supplierSide: '供应协同',
  counterProposals: '待处理的供应商反馈',
  ordersToConfirm: '待确认订单',
  deliveriesArriving: '在途送货',
  cockpit: '管理驾驶舱',
  onTimeRate: '准时到货率',
};

/** A demo user's API session, for the other party's steps. */
async function apiSession(username: string) {
  const res = await fetch(`${BASE_URL}/gateway/auth/oauth/token?grant_type=password&scope=server`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD, isPhone: 'false' }),
  });
  assert.equal(res.status, 200, `API login of ${username}`);
  const token = ((await res.json()) as { access_token: string }).access_token;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const r = await fetch(`${BASE_URL}/gateway${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await r.json()) as { code: number; data: T; msg: string };
    assert.equal(r.status, 200, `${method} ${path}: ${json.msg}`);
    return json.data;
  };
  return { call };
}

type Api = Awaited<ReturnType<typeof apiSession>>;

/** The buyer sends Shenzhen Precision a one-line order; its number and id. */
async function sendOrder(buyer: Api, stamp: string) {
  const options = await buyer.call<{ suppliers: { id: string; supCode: string }[] }>(
    'GET',
    '/srm/purchase-orders/options',
  );
  return buyer.call<{ id: string; orderNo: string }>('POST', '/srm/purchase-orders', {
    supplierId: options.suppliers.find((s) => s.supCode === 'S00001')!.id,
    currency: 'CNY',
    orderDate: demoDay(),
    remarks: `E2E workbench ${stamp}`,
    send: true,
    lines: [
      {
        prdtNo: `WB-${stamp}`,
        prdtName: 'Workbench flow part',
        unitName: 'pcs',
        qty: '10',
        price: '2',
        taxRate: '13',
        requestedDate: '2026-12-20',
      },
    ],
  });
}

/** The card of one item (its testid names the side and the key). */
const card = (page: Page, side: 'buyer' | 'supplier', key: string) => page.getByTestId(`workbench-${side}-${key}`);

async function countOf(page: Page, side: 'buyer' | 'supplier', key: string): Promise<number> {
  return Number(await card(page, side, key).getByTestId('workbench-count').textContent());
}

/** Resolves once the item shows `count`, polling the page (never reloading it). */
async function waitForCount(page: Page, side: 'buyer' | 'supplier', key: string, count: number) {
  await card(page, side, key)
    .getByTestId('workbench-count')
    .filter({ hasText: new RegExp(`^${count}$`) })
    .waitFor({ timeout: WAIT });
}

/** Marks the document so a reload (which would clear the mark) cannot pass for a live update. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { __workbenchMark: true }));
const stillMarked = (page: Page) => page.evaluate(() => (window as { __workbenchMark?: boolean }).__workbenchMark);

async function shoot(page: Page, name: string) {
  await settled(page);
  await screenshot(page, name);
}

const it = serialSteps();

describe('workbench: what waits for each side, live', () => {
  let browser: Browser;
  let buyer: Page;
  let supplier: Page;
  let buyerApi: Api;
  let supplierApi: Api;
  const stamp = `${Date.now() % 1e8}`;
  const chartRequests: string[] = [];

  before(async () => {
    browser = await launchBrowser();
    buyerApi = await apiSession('buyer');
    supplierApi = await apiSession('supplier');
  });

  after(async () => {
    await browser?.close();
  });

  it('the buyer lands on the workbench and sees its items', async () => {
    buyer = await (await newContext(browser, { locale: 'zh-CN', viewport: DESKTOP })).newPage();
    buyer.on('request', (r) => {
      if (/EChart|echarts/i.test(r.url())) chartRequests.push(r.url());
    });
    await signIn(buyer, 'buyer', undefined, 'zh-CN');
    await buyer.waitForURL((url) => url.pathname === '/');
    await buyer.getByRole('heading', { name: ZH.buyerSide }).waitFor();
    assert.ok((await countOf(buyer, 'buyer', 'counterProposals')) > 0, 'a counter-proposal waits');
    await card(buyer, 'buyer', 'deliveriesArriving').getByText(ZH.deliveriesArriving).waitFor();
    await shoot(buyer, 'workbench-buyer-zh-CN-1366');
    assert.deepEqual(chartRequests, [], 'no chart code on the workbench');
  });

  it('a count opens its list filtered to the same documents', async () => {
    const count = await countOf(buyer, 'buyer', 'counterProposals');
    const firstNo = await card(buyer, 'buyer', 'counterProposals').locator('li a').first().textContent();
    await card(buyer, 'buyer', 'counterProposals')
      .getByRole('link', { name: new RegExp(ZH.counterProposals) })
      .click();
    await buyer.waitForURL((url) => url.pathname === '/procurementConsignment/order' && url.search === '?status=3');
    const rows = buyer.locator('.ant-table-row');
    await rows.first().waitFor({ timeout: WAIT });
    await settled(buyer);
    assert.equal(await rows.count(), count, 'the list shows as many orders as the count');
    await rows.filter({ hasText: firstNo! }).first().waitFor();
  });

  it('the supplier’s counter-proposal reaches the buyer’s workbench over the websocket', async () => {
    const socket = buyer.waitForEvent('websocket');
    await buyer.goto('/');
    await socket;
    await card(buyer, 'buyer', 'counterProposals').waitFor();
    const before = await countOf(buyer, 'buyer', 'counterProposals');
    await markPage(buyer);

    const order = await sendOrder(buyerApi, stamp);
    const seen = await supplierApi.call<{ version: number; lines: { id: string }[] }>(
      'GET',
      `/srm/purchase-orders/${order.id}`,
    );
    await supplierApi.call('POST', `/srm/purchase-orders/${order.id}/actions/confirm`, {
      version: seen.version,
      lines: [{ id: seen.lines[0]!.id, qty: '8', date: '2026-12-28' }],
    });
    await waitForCount(buyer, 'buyer', 'counterProposals', before + 1);
    assert.equal(await stillMarked(buyer), true, 'updated without a reload');
  });

  it('the supplier lands on its workbench, and an order the buyer sends shows up live', async () => {
    supplier = await (await newContext(browser, { locale: 'zh-CN', viewport: DESKTOP })).newPage();
    const socket = supplier.waitForEvent('websocket');
    await signIn(supplier, 'supplier', undefined, 'zh-CN');
    await supplier.waitForURL((url) => url.pathname === '/');
    await socket;
    await supplier.getByRole('heading', { name: ZH.supplierSide }).waitFor();
    // A supplier enterprise: its supply side comes first.
    const headings = await supplier.getByRole('heading', { level: 2 }).allTextContents();
    assert.equal(headings[0], ZH.supplierSide);
    const before = await countOf(supplier, 'supplier', 'ordersToConfirm');
    await shoot(supplier, 'workbench-supplier-zh-CN-1366');
    await markPage(supplier);

    const order = await sendOrder(buyerApi, `${stamp}b`);
    await waitForCount(supplier, 'supplier', 'ordersToConfirm', before + 1);
    assert.equal(await stillMarked(supplier), true, 'updated without a reload');
    await card(supplier, 'supplier', 'ordersToConfirm').getByText(order.orderNo).waitFor();

    await card(supplier, 'supplier', 'ordersToConfirm')
      .getByRole('link', { name: new RegExp(ZH.ordersToConfirm) })
      .click();
    await supplier.waitForURL((url) => url.pathname === '/customer/order' && url.searchParams.get('status') === '1,2');
    await supplier.locator('.ant-table-row').filter({ hasText: order.orderNo }).first().waitFor({ timeout: WAIT });
    await settled(supplier);
    assert.equal(await supplier.locator('.ant-table-row').count(), before + 1);
  });

  it('the breadcrumb’s management cockpit opens the buyer cockpit, whose charts load with it', async () => {
    await buyer.goto('/');
    await card(buyer, 'buyer', 'counterProposals').waitFor();
    assert.deepEqual(chartRequests, [], 'no chart code before the cockpit');
    await buyer.getByRole('navigation').getByRole('link', { name: ZH.cockpit }).click();
    await buyer.waitForURL((url) => url.pathname === '/cockpit');
    await buyer.getByText(ZH.onTimeRate).first().waitFor();
    await buyer.locator('[data-testid="report-chart"] canvas').first().waitFor({ timeout: WAIT });
    assert.ok(chartRequests.length > 0, 'the chart code loads with the cockpit');
    await shoot(buyer, 'cockpit-zh-CN-1366');
    // The suppliers behind on time, at the foot of the page: their chart and table.
    await buyer.locator('.ant-table').last().scrollIntoViewIfNeeded();
    await shoot(buyer, 'cockpit-late-zh-CN-1366');
  });

  it('both pages fit a phone', async () => {
    for (const [who, path, name] of [
      ['buyer', '/', 'workbench-buyer-zh-CN-390'],
      ['supplier', '/', 'workbench-supplier-zh-CN-390'],
      ['buyer', '/cockpit', 'cockpit-zh-CN-390'],
    ] as const) {
      const page = await (await newContext(browser, { locale: 'zh-CN', viewport: PHONE })).newPage();
      await signIn(page, who, undefined, 'zh-CN');
      if (path !== '/') await page.goto(path);
      await page.waitForURL((url) => url.pathname === path);
      await (path === '/'
        ? page.getByTestId('workbench-count').first()
        : page.locator('[data-testid="report-chart"] canvas').first()
      ).waitFor({ timeout: WAIT });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= PHONE.width, `${name}: nothing pushes the page wider than the phone (${width})`);
      await shoot(page, name);
      await page.context().close();
    }
  });
});
