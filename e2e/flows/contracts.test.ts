import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../browser.ts';
import { newContext, opened, pick, serialSteps, settled, signIn, WAIT } from '../support.ts';

/**
 * Contracts end to end (docs/contracts.md): Huaxin (`buyer`) sends Shenzhen Precision Parts
 * (`supplier`) a framework agreement; Shenzhen returns it with a reason; the buyer edits and sends it
 * again; Shenzhen signs and the buyer countersigns. Then a new order line for AL-HS-50 takes the demo
 * agreement's 2.98 from the price library with its source shown, and an order over that agreement's
 * cap of 50,000 is refused with a message naming it.
 */

// A material no demo contract holds, so the demo's AL-HS-50 price stays the library's.
const MATERIAL = 'SM-PANEL-02';
const LIBRARY_MATERIAL = 'AL-HS-50';
const RETURN_REASON = `Steel prices rose; please revise the panel to 16.20 (${Date.now() % 1e6})`;

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.ant-message').getByText(text).first().waitFor({ timeout: WAIT });
const row = (scope: Page | Locator, text: string) => scope.locator('.ant-table-row').filter({ hasText: text });
/** A button by its words, whatever icon name antd puts before them. */
const named = (text: string) => new RegExp(`^(\\S+ )?${text}$`);

async function status(page: Page, text: string): Promise<void> {
  await page.locator('.page-card .ant-tag', { hasText: text }).first().waitFor({ timeout: WAIT });
}

/**
 * Picks an option of a remote-search select: types, waits for the option, takes the active one with
 * Enter (no click to land on a list a busy machine is still re-rendering), typing again when the list
 * closed before the option came.
 */
async function choose(page: Page, field: Locator, text: string): Promise<void> {
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option-active', { hasText: text }).first();
  // The select holding the field shows the option taken.
  const holder = field.locator(
    'xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
  const taken = async () => ((await holder.textContent()) ?? '').includes(text);
  for (let attempt = 1; ; attempt++) {
    await field.click();
    await field.fill(text);
    try {
      await option.waitFor({ timeout: WAIT / 3 });
      await field.press('Enter');
      for (const end = Date.now() + WAIT / 3; !(await taken()); ) {
        if (Date.now() > end) throw new Error(`${text} was not taken`);
        await page.waitForTimeout(200);
      }
      return;
    } catch (error) {
      if (await taken()) return;
      if (attempt === 3) throw error;
    }
  }
}

/** Runs a step from the detail page's dialog (sign, countersign, return, terminate). */
async function dialogStep(page: Page, action: string, fill?: { label: string; value: string }): Promise<void> {
  await page.getByRole('button', { name: named(action) }).click();
  const dialog = await opened(page.locator('.ant-modal').filter({ hasText: action }));
  if (fill) await dialog.getByLabel(fill.label).fill(fill.value);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'hidden', timeout: WAIT });
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe (WCAG 2.1 A/AA) on the page's card, as docs/accessibility.md asks: no serious or critical finding. */
async function assertAccessible(page: Page, where: string): Promise<void> {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document.querySelector('.page-card') ?? document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  assert.deepEqual(found, [], `axe on ${where}`);
}

const it = serialSteps();

describe('contracts: send, return, resend, sign, countersign; order prices from the library; the cap holds', () => {
  let browser: Browser;
  let buyer: Page;
  let shenzhen: Page;
  const title = `E2E panels ${Date.now() % 1e8}`;
  let contractId = '';
  let contractNo = '';

  before(async () => {
    browser = await launchBrowser();
    buyer = await (await newContext(browser)).newPage();
    shenzhen = await (await newContext(browser)).newPage();
    await Promise.all([signIn(buyer, 'buyer'), signIn(shenzhen, 'supplier')]);
  });

  after(async () => {
    await browser?.close();
  });

  const openAsSupplier = async () => {
    await shenzhen.goto(`/contract/customer/detail?id=${contractId}`);
    await shenzhen.getByText(contractNo).first().waitFor({ timeout: WAIT });
  };
  const openAsBuyer = async () => {
    await buyer.goto(`/contract/supplier/detail?id=${contractId}`);
    await buyer.getByText(contractNo).first().waitFor({ timeout: WAIT });
  };

  it('buyer writes a framework agreement with Shenzhen and sends it', async () => {
    await buyer.goto('/contract/supplier');
    await row(buyer, 'Heat sinks and fasteners').first().waitFor({ timeout: WAIT });
    await assertAccessible(buyer, 'the supplier contract list');
    await buyer
      .getByRole('button', { name: named('New contract') })
      .first()
      .click();
    await buyer.waitForURL('**/contract/supplier/add');
    await buyer.getByRole('button', { name: named('Add line') }).waitFor();
    await choose(buyer, buyer.getByLabel('Supplier', { exact: true }), 'S00001');
    await choose(buyer, buyer.getByLabel('Material, line 1'), MATERIAL);
    await buyer.getByLabel('Unit price, line 1').fill('15.8');
    await buyer.getByLabel('Quantity cap, line 1').fill('500');
    await assertAccessible(buyer, 'the new contract form');
    await buyer.getByLabel('Title', { exact: true }).fill(title);
    await buyer.getByRole('button', { name: named('Save and send') }).click();
    await buyer.waitForURL(/\/contract\/supplier\/detail\?id=/, { timeout: WAIT });
    contractId = new URL(buyer.url()).searchParams.get('id') ?? '';
    await status(buyer, 'Sent for signature');
    contractNo = ((await buyer.locator('.page-card strong').first().textContent()) ?? '').trim();
    assert.match(contractNo, /^CT/);
    await screenshot(buyer, 'contracts-sent');
  });

  it('supplier finds it among its customer contracts and returns it with a reason', async () => {
    await shenzhen.goto('/contract/customer');
    await shenzhen.getByLabel('Contract no.', { exact: true }).fill(contractNo);
    await shenzhen.getByRole('button', { name: named('Search') }).click();
    await shenzhen.getByRole('link', { name: contractNo }).first().click();
    await shenzhen.waitForURL(`**/contract/customer/detail?id=${contractId}`);
    await status(shenzhen, 'Sent for signature');
    await assertAccessible(shenzhen, 'the customer contract');
    // The supplier signs or returns; it never edits the terms.
    assert.equal(await shenzhen.getByRole('button', { name: named('Edit') }).count(), 0);
    await dialogStep(shenzhen, 'Return', { label: 'Reason for return', value: RETURN_REASON });
    await status(shenzhen, 'Returned');
  });

  it('buyer reads the reason, edits the price and sends it again', async () => {
    await openAsBuyer();
    await status(buyer, 'Returned');
    await buyer.getByText(RETURN_REASON).first().waitFor({ timeout: WAIT });
    await screenshot(buyer, 'contracts-returned');
    await buyer.getByRole('button', { name: named('Edit') }).click();
    await buyer.waitForURL(/mode=edit/);
    const price = buyer.getByLabel('Unit price, line 1');
    await price.waitFor({ timeout: WAIT });
    await price.fill('16.2');
    await buyer.getByRole('button', { name: named('Save and send') }).click();
    await buyer.waitForURL((url) => !url.search.includes('mode=edit'), { timeout: WAIT });
    await status(buyer, 'Sent for signature');
    await row(buyer, MATERIAL).getByText('16.2000').waitFor({ timeout: WAIT });
  });

  it('supplier signs what it read; buyer countersigns and the contract takes effect', async () => {
    await openAsSupplier();
    await status(shenzhen, 'Sent for signature');
    await dialogStep(shenzhen, 'Sign');
    await status(shenzhen, 'Signed by supplier');

    await openAsBuyer();
    await status(buyer, 'Signed by supplier');
    await dialogStep(buyer, 'Countersign');
    await status(buyer, 'Effective');
    await screenshot(buyer, 'contracts-effective');
    // The PDF prints both parties and the lines (docs/contracts.md); here: it answers a PDF.
    const pdf = buyer.waitForResponse((r) => new URL(r.url()).pathname === `/gateway/srm/contracts/${contractId}/pdf`, {
      timeout: WAIT,
    });
    await buyer.getByRole('button', { name: named('PDF') }).click();
    const printed = await pdf;
    assert.equal(printed.status(), 200);
    assert.match(printed.headers()['content-type'] ?? '', /^application\/pdf/);
  });

  it('a new order line for AL-HS-50 takes 2.98 from the price library and names its contract', async () => {
    await buyer.goto('/procurementConsignment/order/add');
    await buyer.getByText('Lines (1)').waitFor({ timeout: WAIT });
    await choose(buyer, buyer.getByLabel('Supplier', { exact: true }), 'S00001');
    await choose(buyer, buyer.getByLabel('Material, line 1'), LIBRARY_MATERIAL);
    const line = row(buyer, LIBRARY_MATERIAL);
    const source = line.locator('.price-source');
    await source.waitFor({ timeout: WAIT });
    assert.match((await source.textContent()) ?? '', /^Contract CT/);
    assert.equal(await buyer.getByLabel('Price, line 1').inputValue(), '2.9800');
    await assertAccessible(buyer, 'the order form with a library price');
    await screenshot(buyer, 'contracts-order-price');
  });

  it('an order over the contract’s cap is refused with a message naming the cap', async () => {
    await buyer.getByLabel('Quantity, line 1').fill('60000');
    const refused = buyer.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/gateway/srm/purchase-orders',
      { timeout: WAIT },
    );
    await buyer.getByRole('button', { name: named('Save and send') }).click();
    assert.equal((await refused).status(), 409);
    await toast(buyer, /exceed the cap/);
    // Nothing was made: the form stays.
    assert.match(buyer.url(), /\/procurementConsignment\/order\/add/);
  });

  it('buyer drafts a contract from the awarded bracket inquiry in one step', async () => {
    await buyer.goto('/contract/supplier');
    await buyer.getByRole('button', { name: named('From an awarded inquiry') }).click();
    const dialog = await opened(buyer.locator('.ant-modal').filter({ hasText: 'Contract from an awarded inquiry' }));
    await choose(buyer, dialog.getByLabel('Awarded inquiry'), 'Brackets and panels');
    await dialog.getByLabel('Awarded supplier').click();
    await pick(buyer, 'S00001');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await buyer.waitForURL(/\/contract\/supplier\/detail\?id=.*mode=edit/, { timeout: WAIT });
    await buyer.getByLabel('Unit price, line 2').waitFor({ timeout: WAIT });
    const prices = [
      await buyer.getByLabel('Unit price, line 1').inputValue(),
      await buyer.getByLabel('Unit price, line 2').inputValue(),
    ].sort();
    // Shenzhen's awarded bids: the brackets at 2.18, the panels at 9.4.
    assert.deepEqual(prices, ['2.1800', '9.4000']);
    await assertAccessible(buyer, 'a contract drafted from an inquiry');
  });

  it('on a phone the supplier reads its contracts as cards, nothing wider than the screen', async () => {
    await shenzhen.setViewportSize({ width: 390, height: 844 });
    await shenzhen.goto('/contract/customer');
    await shenzhen.getByRole('link', { name: contractNo }).first().waitFor({ timeout: WAIT });
    await settled(shenzhen);
    const width = () => shenzhen.evaluate(() => document.documentElement.scrollWidth);
    assert.ok((await width()) <= 390, `the list is ${await width()} px wide`);
    await screenshot(shenzhen, 'contracts-mobile-list');
    await openAsSupplier();
    await status(shenzhen, 'Effective');
    await shenzhen.getByText(MATERIAL).first().waitFor({ timeout: WAIT });
    await settled(shenzhen);
    assert.ok((await width()) <= 390, `the detail is ${await width()} px wide`);
    await screenshot(shenzhen, 'contracts-mobile-detail');
  });
});
