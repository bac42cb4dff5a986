import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, screenshot } from '../browser.ts';
import { buttonName, newContext, opened, settled, signIn, WAIT } from '../support.ts';

/**
 * UI.md "what decides comes first" (docs/ui-components.md, list kit): at 1366 × 768 every must-see column
 * of a list stands in the viewport without horizontal scrolling; below 992 px the list is cards whose
 * buttons work — a supplier's salesperson confirms an order on a 390 px phone.
 */

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

interface Measured {
  keys: string[];
  outside: string[];
  scrollWidth: number;
  clientWidth: number;
  pageWidth: number;
}

/** Where the must-see headers of the page's list stand against its scroll container and the window. */
async function measure(page: Page): Promise<Measured> {
  return page.evaluate(() => {
    const table = document.querySelector<HTMLElement>('.list-table .ant-table-content, .list-table .ant-table-body');
    if (!table) throw new Error('no list table on the page');
    const box = table.getBoundingClientRect();
    const heads = [...document.querySelectorAll<HTMLElement>('.list-table th[data-must-see]')];
    return {
      keys: heads.map((th) => th.dataset.column ?? ''),
      outside: heads
        .filter((th) => {
          const r = th.getBoundingClientRect();
          return r.left < box.left - 1 || r.right > box.right + 1 || r.right > window.innerWidth;
        })
        .map((th) => th.dataset.column ?? ''),
      scrollWidth: table.scrollWidth,
      clientWidth: table.clientWidth,
      pageWidth: document.documentElement.scrollWidth,
    };
  });
}

/** Opens a list and checks that its must-see columns, and only those it names, fit at 1366 px. */
async function mustSeeFits(page: Page, path: string, expected: string[], shot: string): Promise<void> {
  await page.goto(path);
  await page.locator('.list-table th[data-must-see]').first().waitFor({ timeout: WAIT });
  await settled(page);
  const m = await measure(page);
  assert.deepEqual([...m.keys].sort(), [...expected].sort(), `${path}: the must-see columns shown`);
  assert.deepEqual(m.outside, [], `${path}: must-see headers outside the table's visible width`);
  assert.ok(
    m.scrollWidth <= m.clientWidth,
    `${path}: the table scrolls sideways (${m.scrollWidth} > ${m.clientWidth})`,
  );
  assert.ok(m.pageWidth <= LAPTOP.width, `${path}: the page is wider than the window (${m.pageWidth})`);
  await page
    .locator('.list-table thead')
    .first()
    .evaluate((head) => head.scrollIntoView({ block: 'center' }));
  await screenshot(page, shot);
}

describe('what decides comes first', () => {
  let browser: Browser;

  before(async () => {
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
  });

  it('shows the buyer every must-see column at 1366 × 768 without horizontal scrolling', async () => {
    const page = await (await newContext(browser, { locale: 'zh-CN', viewport: LAPTOP })).newPage();
    await signIn(page, 'buyer', DEMO_PASSWORD, 'zh-CN');
    await mustSeeFits(
      page,
      '/procurementConsignment/order',
      ['orderNo', 'supplier', 'totalAmount', 'orderDate', 'status'],
      'columns-1366-orders-buyer-zh-CN',
    );
    await mustSeeFits(
      page,
      '/recemanage/receipt',
      ['noteNo', 'supplier', 'totalQty', 'shipDate', 'expectedDate', 'status'],
      'columns-1366-notices-buyer-zh-CN',
    );
    await mustSeeFits(
      page,
      '/purchasebill/workernote',
      ['statementNo', 'supplier', 'totalAmount', 'period', 'status'],
      'columns-1366-statements-buyer-zh-CN',
    );
    await mustSeeFits(
      page,
      '/poReport/poConfirmDetails',
      ['orderNo', 'prdtNo', 'lineStatus', 'requestedQty', 'requestedDate', 'confirmedQty', 'confirmedDate'],
      'columns-1366-report-buyer-zh-CN',
    );
    await page.context().close();
  });

  it('shows the supplier every must-see column at 1366 × 768 without horizontal scrolling', async () => {
    const page = await (await newContext(browser, { locale: 'zh-CN', viewport: LAPTOP })).newPage();
    await signIn(page, 'supplier', DEMO_PASSWORD, 'zh-CN');
    await mustSeeFits(
      page,
      '/customer/order',
      ['orderNo', 'customer', 'totalAmount', 'orderDate', 'status'],
      'columns-1366-orders-supplier-zh-CN',
    );
    await mustSeeFits(
      page,
      '/delivery/deliverynote?group=sent',
      ['noteNo', 'customer', 'orderNos', 'shipDate', 'totalQty', 'status'],
      'columns-1366-notes-supplier-zh-CN',
    );
    await mustSeeFits(
      page,
      '/supreceivePlan/order',
      ['planNo', 'orderNo', 'customer', 'totalQty', 'firstDate', 'status'],
      'columns-1366-plans-supplier-zh-CN',
    );
    await mustSeeFits(
      page,
      '/workers/workernote',
      ['statementNo', 'customer', 'totalAmount', 'period', 'status'],
      'columns-1366-statements-supplier-zh-CN',
    );
    await mustSeeFits(
      page,
      '/supReport/supConfirmDetails',
      ['orderNo', 'prdtNo', 'lineStatus', 'requestedQty', 'requestedDate', 'confirmedQty', 'confirmedDate'],
      'columns-1366-report-supplier-zh-CN',
    );
    await page.context().close();
  });

  it('lets a supplier confirm an order from the card list on a 390 px phone', async () => {
    const page = await (await newContext(browser, { locale: 'zh-CN', viewport: PHONE })).newPage();
    await signIn(page, 'supplier', DEMO_PASSWORD, 'zh-CN');
    // The orders with lines waiting for the supplier's answer (sent, partially confirmed).
    await page.goto('/customer/order?status=1,2');
    const card = page.locator('.list-card').filter({ has: page.getByRole('button', { name: '全部确认' }) });
    await card.first().waitFor({ timeout: WAIT });
    await settled(page);
    assert.equal(await page.locator('.list-table').count(), 0, 'no table on a phone');
    assert.ok(
      (await page.evaluate(() => document.documentElement.scrollWidth)) <= PHONE.width,
      'nothing pushes the page wider than the phone',
    );
    await screenshot(page, 'columns-390-orders-supplier-zh-CN');

    // Filters fold behind one button; the date range fits the drawer.
    await page.getByRole('button', { name: /筛\s?选/ }).click();
    const drawer = page.locator('.list-filters').getByRole('dialog');
    await drawer.waitFor({ timeout: WAIT });
    // Once the drawer has slid in, the date range stands inside the phone's width.
    await page.waitForFunction(
      (width) => {
        const range = document.querySelector('.list-filters .ant-picker-range')?.getBoundingClientRect();
        return !!range && range.left >= 0 && range.right <= width && range.width > width / 2;
      },
      PHONE.width,
      { timeout: WAIT },
    );
    await screenshot(page, 'columns-390-filters-supplier-zh-CN');
    await drawer.getByRole('button', { name: /查\s?询|搜\s?索/ }).click();
    await drawer.waitFor({ state: 'hidden', timeout: WAIT });

    const first = card.first();
    const orderNo = ((await first.locator('.ant-card-head-title').textContent()) ?? '').match(/PO\d+/)?.[0];
    assert.ok(orderNo, 'the card title shows the order number');
    await first.getByRole('button', { name: '全部确认' }).click();
    const dialog = await opened(page.locator('.ant-modal-confirm'));
    await dialog.getByRole('button', { name: buttonName('确定') }).click();
    await page.locator('.ant-message').getByText('操作成功').first().waitFor({ timeout: WAIT });
    // Confirmed: no line waits any more, so the order leaves the list of waiting orders.
    await page.locator('.list-card').filter({ hasText: orderNo }).waitFor({ state: 'detached', timeout: WAIT });
    await settled(page);
    await screenshot(page, 'columns-390-orders-confirmed-supplier-zh-CN');
    await page.context().close();
  });
});
