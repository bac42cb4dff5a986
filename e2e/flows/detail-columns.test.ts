import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe } from 'node:test';
import { addCalendarDays, DELIVERY_NOTE_STATUS } from '@concord/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../browser.ts';
import { demoDay, newContext, serialSteps, settled, signIn, WAIT } from '../support.ts';

/**
 * What decides a line comes first (UI.md, issue 18 §1): at 1366 × 768 the must-see columns of the line
 * tables of an order, a delivery notice and a statement show without horizontal scrolling, and on the
 * order the supplier's counter-proposal stands next to the Accept/Reject it concerns. The documents
 * are made through the API as the two parties would (an order sent by Huaxin and answered by Shenzhen
 * Precision with a counter-proposal; a statement Huaxin sends over receipts the demo warehoused); the
 * screens are looked at in zh-CN at 1366 × 768 and on a 390 × 844 phone. The new-order form (§8) has
 * its own tab title, gives its first line the default warehouse and shows the total before sending.
 */

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/** One call of the API with the signed-in page's session (token and enterprise), as the web app sends it. */
async function api<T>(page: Page, method: string, path: string, body?: unknown, idempotent = false): Promise<T> {
  const reply = await page.evaluate(
    async ({ method, path, body, key }) => {
      const session = JSON.parse(localStorage.getItem('concord-session') ?? '{}').state ?? {};
      const headers: Record<string, string> = {
        Authorization: `Bearer ${session.token}`,
        TENANT_ID: String(session.tenantId),
        'Content-Type': 'application/json',
      };
      if (key) headers['Idempotency-Key'] = key;
      const res = await fetch(`/gateway${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, text: await res.text() };
    },
    { method, path, body, key: idempotent ? randomUUID() : null },
  );
  const envelope = JSON.parse(reply.text) as { code: number; msg: string; data: T };
  assert.equal(envelope.code, 0, `${method} ${path}: ${reply.status} ${reply.text.slice(0, 300)}`);
  return envelope.data;
}

/** The line table whose header has a column titled `title`. */
const lineTable = (page: Page, title: string) =>
  page.locator('.ant-table-wrapper').filter({ has: page.locator('th', { hasText: new RegExp(`^${title}$`) }) });

/** The header cell of `table` titled `title`. */
const header = (table: Locator, title: string) =>
  table.locator('.ant-table-thead th').filter({ hasText: new RegExp(`^${title}$`) });

/**
 * Every must-see column's header lies inside the table's visible width and inside the viewport, and
 * nothing in the table scrolls sideways.
 */
async function assertMustSee(page: Page, table: Locator, titles: string[], name: string): Promise<void> {
  const frame = await table.locator('.ant-table').first().boundingBox();
  assert.ok(frame, `${name}: the table is on the page`);
  const width = page.viewportSize()!.width;
  for (const title of titles) {
    const cell = header(table, title).first();
    await cell.waitFor({ timeout: WAIT });
    const box = (await cell.boundingBox())!;
    assert.ok(
      box.x >= frame.x - 1 && box.x + box.width <= Math.min(frame.x + frame.width, width) + 1,
      `${name}: column ${title} at ${Math.round(box.x)}–${Math.round(box.x + box.width)} is outside the table ` +
        `(${Math.round(frame.x)}–${Math.round(frame.x + frame.width)}) or the ${width} px window`,
    );
  }
  const sideways = await table.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body, .ant-table-tbody-virtual-holder')]
      .filter((e) => e.scrollWidth > e.clientWidth + 1)
      .map((e) => `${e.className}: ${e.scrollWidth} > ${e.clientWidth}`),
  );
  assert.deepEqual(sideways, [], `${name}: the line table scrolls sideways`);
  const virtualBar = table.locator('.ant-table-tbody-virtual-scrollbar-horizontal:visible');
  assert.equal(await virtualBar.count(), 0, `${name}: a horizontal scrollbar is shown`);
  const page1 = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(page1 <= width, `${name}: the page is ${page1} px wide`);
}

async function shoot(page: Page, name: string): Promise<void> {
  await settled(page);
  await screenshot(page, name);
}

/** The steps build on each other: once one fails, the later ones are skipped rather than failed. */
const it = serialSteps();

describe('detail columns: what decides a line is on screen at 1366 px and on a phone', () => {
  let browser: Browser;
  let buyer: Page;
  let supplier: Page;
  const today = demoDay();
  const proposedDate = addCalendarDays(today, 24);
  let orderId = '';
  let noticeId = '';
  let statementId = '';

  before(async () => {
    browser = await launchBrowser();
    buyer = await (await newContext(browser, { locale: 'zh-CN', viewport: LAPTOP })).newPage();
    supplier = await (await newContext(browser, { locale: 'zh-CN', viewport: LAPTOP })).newPage();
    await Promise.all([signIn(buyer, 'buyer', undefined, 'zh-CN'), signIn(supplier, 'supplier', undefined, 'zh-CN')]);
  });

  after(async () => {
    await browser?.close();
  });

  it('Huaxin sends an order, Shenzhen Precision answers one line with another quantity and date', async () => {
    const options = await api<{ suppliers: { id: string; supCode: string }[]; warehouses: { id: string }[] }>(
      buyer,
      'GET',
      '/srm/purchase-orders/options',
    );
    const supplierId = options.suppliers.find((s) => s.supCode === 'S00001')!.id;
    const line = (prdtNo: string, prdtName: string, qty: string, price: string) => ({
      prdtNo,
      prdtName,
      prdtSpc: 'AL6063 60×60×20',
      unitName: 'pcs',
      qty,
      price,
      taxRate: '13',
      requestedDate: addCalendarDays(today, 14),
      warehouseId: options.warehouses[0]?.id ?? null,
      remark: '',
    });
    const created = await api<{ id: string }>(
      buyer,
      'POST',
      '/srm/purchase-orders',
      {
        supplierId,
        orderDate: today,
        currency: 'CNY',
        taxIncluded: true,
        paymentTerms: '',
        remarks: 'Issue 18 detail columns',
        attachments: [],
        send: true,
        lines: [
          line('HX-AL-120', '铝合金外壳 Aluminium housing', '1200', '18.5'),
          line('HX-HS-060', '散热片 Heat sink', '2500', '6.8'),
          line('HX-BR-015', '安装支架 Mounting bracket', '800', '2.35'),
        ],
      },
      true,
    );
    orderId = created.id;
    const order = await api<{ version: number; lines: { id: string }[] }>(
      supplier,
      'GET',
      `/srm/purchase-orders/${orderId}`,
    );
    await api(supplier, 'POST', `/srm/purchase-orders/${orderId}/actions/confirm`, {
      version: order.version,
      lines: [
        { id: order.lines[0]!.id },
        { id: order.lines[1]!.id, qty: '2000', date: proposedDate, remark: '模具维修，分批交货' },
      ],
    });
  });

  it('shows the buyer the proposal next to Accept/Reject at 1366 × 768, with every must-see column', async () => {
    await buyer.goto(`/procurementConsignment/order/detail?id=${orderId}`);
    const lines = lineTable(buyer, '供应商答复');
    const proposed = lines.locator('.ant-table-row').filter({ hasText: 'HX-HS-060' });
    await proposed.waitFor({ timeout: WAIT });
    await assertMustSee(buyer, lines, ['物料', '数量', '需求日期', '金额', '行状态', '供应商答复', '操作'], 'order');

    await proposed.scrollIntoViewIfNeeded();
    const proposal = proposed.locator('.order-proposal');
    const accept = proposed.getByRole('button', { name: /^接\s?受$/ });
    const reject = proposed.getByRole('button', { name: /^拒\s?绝$/ });
    // Old → new quantity and date, and the amount the proposed quantity comes to at the line's price.
    await proposal.getByText('2,000.00', { exact: true }).waitFor();
    await proposal.getByText(proposedDate, { exact: true }).waitFor();
    await proposal.getByText('13,600.00', { exact: true }).waitFor();
    const shown = (await proposal.boundingBox())!;
    const acceptBox = (await accept.boundingBox())!;
    const rejectBox = (await reject.boundingBox())!;
    const viewport = buyer.viewportSize()!;
    for (const [what, box] of [
      ['proposal', shown],
      ['Accept', acceptBox],
      ['Reject', rejectBox],
    ] as const) {
      assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, `${what} is outside the window sideways`);
      assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `${what} is outside the window`);
    }
    // Next to each other: the buttons start right after the proposal's column, on the same row.
    assert.ok(acceptBox.x - (shown.x + shown.width) < 60, 'Accept stands right beside the proposal');
    assert.ok(Math.abs(acceptBox.y + acceptBox.height / 2 - (shown.y + shown.height / 2)) < shown.height);
    await screenshot(buyer, 'detail-order-proposal-1366-zh-CN');

    // The other columns are one click away, and the choice stays for the next order.
    await buyer.getByRole('button', { name: /更多列/ }).click();
    await buyer.locator('.ant-popover').getByRole('checkbox', { name: '单价' }).check();
    await header(lines, '单价').first().waitFor();
    await buyer.locator('.ant-popover').getByRole('checkbox', { name: '单价' }).uncheck();
    await header(lines, '单价').waitFor({ state: 'detached' });
    await buyer.keyboard.press('Escape');
  });

  it('shows the proposal with its buttons in the line card on a 390 px phone', async () => {
    const phone = await (await newContext(browser, { locale: 'zh-CN', viewport: PHONE })).newPage();
    await signIn(phone, 'buyer', undefined, 'zh-CN');
    await phone.goto(`/procurementConsignment/order/detail?id=${orderId}`);
    const card = phone.locator('.line-card').filter({ hasText: 'HX-HS-060' });
    await card.waitFor({ timeout: WAIT });
    await card.scrollIntoViewIfNeeded();
    await card.locator('.order-proposal').getByText('2,000.00', { exact: true }).waitFor();
    for (const name of [/^接\s?受$/, /^拒\s?绝$/]) {
      const box = (await card.getByRole('button', { name }).boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, 'the buttons fit the phone');
    }
    assert.ok((await phone.evaluate(() => document.documentElement.scrollWidth)) <= PHONE.width);
    await shoot(phone, 'detail-order-proposal-390-zh-CN');
    await phone.context().close();
  });

  it('shows the must-see columns of an arrived delivery notice at 1366 × 768', async () => {
    const notices = await api<{ dataList: { id: string; status: number }[] }>(
      buyer,
      'POST',
      '/srm/delivery-notes/list',
      {
        filter: { side: 'buyer' },
        pageParam: { pageNum: 1, pageSize: 50 },
      },
    );
    noticeId = notices.dataList.find((n) => n.status === DELIVERY_NOTE_STATUS.ARRIVED)!.id;
    await buyer.goto(`/receiptdetail/deliverydetail?id=${noticeId}`);
    const lines = lineTable(buyer, '不合格数量');
    await lines.locator('.ant-table-row').first().waitFor({ timeout: WAIT });
    await assertMustSee(
      buyer,
      lines,
      ['物料', '送货数量', '收货数量', '合格数量', '不合格数量', '入库数量', '交货日期', '检验', '操作'],
      'delivery notice',
    );
    await lines.scrollIntoViewIfNeeded();
    await shoot(buyer, 'detail-notice-1366-zh-CN');

    const phone = await (await newContext(browser, { locale: 'zh-CN', viewport: PHONE })).newPage();
    await signIn(phone, 'buyer', undefined, 'zh-CN');
    await phone.goto(`/receiptdetail/deliverydetail?id=${noticeId}`);
    await phone.locator('.line-card').first().waitFor({ timeout: WAIT });
    assert.ok((await phone.evaluate(() => document.documentElement.scrollWidth)) <= PHONE.width);
    await phone.locator('.line-card').first().scrollIntoViewIfNeeded();
    await shoot(phone, 'detail-notice-390-zh-CN');
    await phone.context().close();
  });

  it('shows the must-see columns of a statement the supplier answers at 1366 × 768', async () => {
    const partners = await api<{ id: string; code: string }[]>(
      buyer,
      'GET',
      '/srm/reconciliations/partners?side=buyer',
    );
    const supplierId = partners.find((p) => p.code === 'S00001')!.id;
    const period = { side: 'buyer', supplierId, periodFrom: addCalendarDays(today, -365), periodTo: today };
    const open = await api<{ id: string }[]>(buyer, 'POST', '/srm/reconciliations/reconcilable-lines/list', period);
    assert.ok(open.length > 0, 'the demo leaves receipt lines to reconcile');
    const created = await api<{ id: string; version: number }>(
      buyer,
      'POST',
      '/srm/reconciliations',
      { ...period, receiptLineIds: open.map((l) => l.id), remark: 'Issue 18 detail columns' },
      true,
    );
    statementId = created.id;
    await api(buyer, 'POST', `/srm/reconciliations/${statementId}/actions/send`, { version: created.version });

    await supplier.goto(`/workers/sourcing/detail?id=${statementId}`);
    const lines = lineTable(supplier, '我方答复');
    await lines.locator('.ant-table-row').first().waitFor({ timeout: WAIT });
    await assertMustSee(
      supplier,
      lines,
      ['物料', '数量', '单价', '金额', '入库日期', '行状态', '我方答复'],
      'statement',
    );
    await lines.scrollIntoViewIfNeeded();
    await shoot(supplier, 'detail-statement-1366-zh-CN');

    const phone = await (await newContext(browser, { locale: 'zh-CN', viewport: PHONE })).newPage();
    await signIn(phone, 'supplier', undefined, 'zh-CN');
    await phone.goto(`/workers/sourcing/detail?id=${statementId}`);
    await phone.locator('.line-card').first().waitFor({ timeout: WAIT });
    assert.ok((await phone.evaluate(() => document.documentElement.scrollWidth)) <= PHONE.width);
    await phone.locator('.line-card').first().scrollIntoViewIfNeeded();
    await shoot(phone, 'detail-statement-390-zh-CN');
    await phone.context().close();

    // Disputed and cancelled, its receipt lines are open again: the flow can run again on the same database.
    const sent = await api<{ version: number; lines: { id: string }[] }>(
      supplier,
      'GET',
      `/srm/reconciliations/${statementId}`,
    );
    await api(supplier, 'POST', `/srm/reconciliations/${statementId}/actions/answer`, {
      version: sent.version,
      lines: sent.lines.map((l, i) =>
        i === 0 ? { id: l.id, agree: false, reason: '数量不符' } : { id: l.id, agree: true },
      ),
    });
    const disputed = await api<{ version: number }>(buyer, 'GET', `/srm/reconciliations/${statementId}`);
    await api(buyer, 'POST', `/srm/reconciliations/${statementId}/actions/cancel`, { version: disputed.version });
  });

  it('opens a new order under its own tab title, the first line in the default warehouse, the total shown', async () => {
    // A page of its own: the unsaved form asks before it is left, and this one is simply closed.
    const page = await buyer.context().newPage();
    await page.goto('/procurementConsignment/order/add');
    await page.waitForFunction(() => document.title === '新增采购订单 - Concord SRM', undefined, { timeout: WAIT });
    const first = page.locator('.ant-table-row').first();
    await first.getByText(/^WH01 /).waitFor({ timeout: WAIT });
    const numbers = first.getByRole('spinbutton');
    await numbers.nth(0).fill('100');
    await numbers.nth(1).fill('35.5');
    await page
      .getByTestId('order-total')
      .getByText(/含税 3,550\.00 CNY$/)
      .waitFor();
    await shoot(page, 'detail-order-new-1366-zh-CN');
    await page.close();
  });
});
