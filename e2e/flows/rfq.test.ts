import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../browser.ts';
import { newContext, opened, pick, serialSteps, settled, signIn, WAIT } from '../support.ts';

/**
 * Requests for quotation end to end (docs/inquiries.md): Huaxin (`buyer`) asks Shenzhen Precision
 * Parts (`supplier`), Suzhou Plastics (`supplier2`) and Dongguan Hengtong (off the network) for
 * AL-HS-50; the two on the network bid, the buyer records Hengtong's faxed quote and prints the inquiry
 * PDF; before the bids are opened no figure reaches the buyer's screens; the buyer closes, opens, splits
 * the line between Shenzhen and Suzhou and makes the draft orders. Suzhou's view never shows
 * Shenzhen's name or price.
 */

const MATERIAL = 'AL-HS-50';
const SHENZHEN_PRICE = '3.1415';
const SUZHOU_PRICE = '3.5800';
const HENGTONG_PRICE = '3.3300';

const pad = (n: number) => String(n).padStart(2, '0');
const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const localDateTime = (d: Date) => `${localDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.ant-message').getByText(text).first().waitFor({ timeout: WAIT });
const row = (scope: Page | Locator, text: string) => scope.locator('.ant-table-row').filter({ hasText: text });

async function typeDate(field: Locator, value: string): Promise<void> {
  await field.click();
  await field.fill(value);
  await field.press('Enter');
}

async function confirmModal(page: Page, title: string | RegExp): Promise<void> {
  const dialog = await opened(page.locator('.ant-modal-confirm').filter({ hasText: title }));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'hidden', timeout: WAIT });
}

async function status(page: Page, text: string): Promise<void> {
  await page.locator('.page-card .ant-tag', { hasText: text }).first().waitFor({ timeout: WAIT });
}

/** A supplier opens its quotation of the inquiry, types the price of the one line and submits. */
async function bid(page: Page, inquiryNo: string, price: string): Promise<void> {
  await page.goto('/inquiryoffer/offerin');
  await page.getByLabel('Inquiry no.', { exact: true }).fill(inquiryNo);
  await page.getByRole('button', { name: /^(search )?Search$/ }).click();
  await page.getByRole('link', { name: inquiryNo }).first().click();
  await page.waitForURL('**/inquiryoffer/offerin/detail?id=*');
  await page.getByLabel('Unit price, line 1').waitFor({ timeout: WAIT });
  await assertAccessible(page, 'the quotation form');
  await page.getByLabel('Unit price, line 1').fill(price);
  await page.getByLabel('Lead days, line 1').fill('14');
  await page.getByRole('button', { name: /Submit quotation/ }).click();
  const done = toast(page, 'Done');
  await confirmModal(page, 'Submit your quotation');
  await done;
  await status(page, 'Submitted');
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

describe('rfq: publish, sealed bids, close, open, split award, draft orders', () => {
  let browser: Browser;
  let buyer: Page;
  let shenzhen: Page;
  let suzhou: Page;
  const title = `E2E RFQ ${Date.now() % 1e8}`;
  let inquiryId = '';
  let inquiryNo = '';

  before(async () => {
    browser = await launchBrowser();
    buyer = await (await newContext(browser)).newPage();
    shenzhen = await (await newContext(browser)).newPage();
    suzhou = await (await newContext(browser)).newPage();
    await Promise.all([signIn(buyer, 'buyer'), signIn(shenzhen, 'supplier'), signIn(suzhou, 'supplier2')]);
  });

  after(async () => {
    await browser?.close();
  });

  it('buyer writes an inquiry to both demo suppliers and publishes it', async () => {
    await buyer.goto('/prdiversion/inquirynote');
    await buyer.getByRole('button', { name: 'New request for quotation' }).first().click();
    await buyer.waitForURL('**/prdiversion/inquirynote/add');
    await buyer.getByRole('button', { name: 'Add line' }).waitFor();
    const suppliers = buyer.getByLabel('Invited suppliers', { exact: true });
    for (const name of ['Shenzhen', 'Suzhou', 'Hengtong']) {
      await suppliers.click();
      await suppliers.fill(name);
      await pick(buyer, name);
    }
    await buyer.keyboard.press('Escape');
    await typeDate(
      buyer.getByLabel('Quote deadline', { exact: true }),
      localDateTime(new Date(Date.now() + 2 * 86_400_000)),
    );
    const picker = buyer.getByLabel('Material, line 1');
    for (let attempt = 1; ; attempt++) {
      await picker.click();
      await picker.fill(MATERIAL);
      try {
        await pick(buyer, MATERIAL, WAIT / 3);
        break;
      } catch (error) {
        if (attempt === 3) throw error;
        await picker.press('Escape');
      }
    }
    await buyer.getByLabel('Quantity, line 1').fill('1000');
    await typeDate(buyer.getByLabel('Required date, line 1'), localDate(new Date(Date.now() + 30 * 86_400_000)));
    await buyer.getByLabel('Target price, line 1').fill('3.2');
    await assertAccessible(buyer, 'the new inquiry form');
    // Last, so no late re-render of the freshly opened page can take it back.
    await buyer.getByLabel('Title', { exact: true }).fill(title);
    await buyer.getByRole('button', { name: /^(\S+ )?Publish$/ }).click();
    await buyer.waitForURL(/\/prdiversion\/inquirynote\/detail\?id=/, { timeout: WAIT });
    inquiryId = new URL(buyer.url()).searchParams.get('id') ?? '';
    await status(buyer, 'Quoting');
    inquiryNo = ((await buyer.locator('.page-card strong').first().textContent()) ?? '').trim();
    assert.match(inquiryNo, /^RQ/);
    await settled(buyer);
    await screenshot(buyer, 'rfq-published');
  });

  it('both suppliers bid', async () => {
    await bid(shenzhen, inquiryNo, SHENZHEN_PRICE);
    await bid(suzhou, inquiryNo, SUZHOU_PRICE);
    await settled(shenzhen);
    await screenshot(shenzhen, 'rfq-supplier-bid');
  });

  it('the buyer sees who submitted but no bid before opening', async () => {
    await buyer.reload();
    await buyer.getByRole('tab', { name: /Quotations/ }).click();
    assert.equal(await row(buyer, 'Submitted').count(), 2);
    const text = (await buyer.locator('body').innerText()).replace(/,/g, '');
    for (const price of ['3.1415', '3.58']) assert.ok(!text.includes(price), `no ${price} on the buyer's detail`);
    await buyer.goto(`/prdiversion/pricecom/detail?id=${inquiryId}`);
    await buyer.getByText('The bids are still sealed').waitFor({ timeout: WAIT });
  });

  it("buyer records Hengtong's faxed quote, shown at once, and prints the inquiry", async () => {
    await buyer.goto(`/prdiversion/inquirynote/detail?id=${inquiryId}`);
    await buyer.getByRole('tab', { name: /Quotations/ }).click();
    await row(buyer, 'Hengtong')
      .getByRole('button', { name: /Record quote/ })
      .click();
    const drawer = buyer.locator('.ant-drawer').filter({ hasText: 'Record the quote of' });
    await drawer.getByText('so it shows at once').waitFor({ timeout: WAIT });
    await drawer.getByLabel('Unit price, line 1').fill(HENGTONG_PRICE);
    await drawer.getByLabel('Lead days, line 1').fill('20');
    await drawer.getByLabel('Remark', { exact: true }).fill('Quote received by fax');
    await settled(buyer);
    await screenshot(buyer, 'rfq-record');
    await drawer.getByRole('button', { name: /Record quote/ }).click();
    const done = toast(buyer, 'Quote recorded');
    await confirmModal(buyer, 'Record this quote');
    await done;
    await drawer.waitFor({ state: 'hidden', timeout: WAIT });
    // The trail says who recorded it.
    await row(buyer, 'Hengtong')
      .getByText(/Wang Jianhua/)
      .waitFor({ timeout: WAIT });
    assert.equal(await row(buyer, 'Submitted').count(), 3);
    const reply = buyer.waitForResponse(
      (r) => new URL(r.url()).pathname === `/gateway/srm/inquiries/${inquiryId}/pdf`,
      {
        timeout: WAIT,
      },
    );
    const popup = buyer.waitForEvent('popup', { timeout: WAIT });
    await buyer.getByRole('button', { name: /Print PDF/ }).click();
    const res = await reply;
    assert.equal(res.status(), 200);
    assert.match(res.headers()['content-type'] ?? '', /^application\/pdf/);
    await (await popup).close();
  });

  it('buyer closes early and opens the bids', async () => {
    await buyer.goto(`/prdiversion/inquirynote/detail?id=${inquiryId}`);
    await buyer.getByRole('button', { name: 'Close quoting' }).click();
    await confirmModal(buyer, 'Close quoting now');
    await status(buyer, 'Closed');
    await buyer.getByRole('button', { name: /Open bids/ }).click();
    await confirmModal(buyer, 'Open the bids');
    await status(buyer, 'Opened');
    await assertAccessible(buyer, 'the inquiry detail');
  });

  it('buyer splits the line between the two and makes two draft orders', async () => {
    await buyer.getByRole('button', { name: /Compare/ }).click();
    await buyer.waitForURL('**/prdiversion/pricecom/detail?id=*');
    await buyer.getByText(SHENZHEN_PRICE).first().waitFor({ timeout: WAIT });
    await buyer.getByText('Lowest').first().waitFor();
    const award = (name: RegExp) => buyer.getByLabel(name);
    await award(/^Award qty .*Shenzhen.*, line 1$/).fill('600');
    await award(/^Award qty .*Suzhou.*, line 1$/).fill('400');
    await buyer.getByText(/Line 1 does not go \(only\) to the lowest bid/).waitFor();
    // Audited before the reason: the award button's colour is then not mid-transition to enabled.
    await assertAccessible(buyer, 'the comparison');
    await buyer.getByLabel('Reason, line 1').fill('Second source');
    await settled(buyer);
    await screenshot(buyer, 'rfq-comparison');
    await buyer.getByRole('button', { name: 'Submit award' }).click();
    await confirmModal(buyer, 'Submit this award');
    await status(buyer, 'Awarded');
    await buyer.getByRole('button', { name: 'Make orders' }).click();
    await confirmModal(buyer, 'Make one draft purchase order');
    await buyer.getByText('Draft orders:').waitFor({ timeout: WAIT });
    assert.equal(await buyer.locator('.ant-alert-success a').count(), 2);
  });

  it("Suzhou's quotation shows its own award and nothing of Shenzhen", async () => {
    await suzhou.reload();
    await status(suzhou, 'Partly awarded');
    const text = await suzhou.locator('.page-card').innerText();
    assert.ok(!/Shenzhen|深圳/.test(text), 'no other supplier name');
    assert.ok(!text.includes(SHENZHEN_PRICE), 'no other supplier price');
    assert.ok(!text.includes('3.2000'), 'no target price');
  });
});
