import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addCalendarDays, addCalendarYears, LOCALES, type Locale } from '@concord/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, screenshot } from '../browser.ts';
import { demoDay, newContext, register, settled, signIn, uniqueUser, visibleKeys } from '../support.ts';

/**
 * Issue 4 end to end: Huaxin (`buyer`) invites a newly registered enterprise by its number, the
 * enterprise's administrator submits the registration data, Huaxin approves it, and both sides list
 * each other; then a qualification document is requested, answered with a file, passed, and turned
 * expiring and expired by the expiry check run as of chosen days.
 */

const PASSWORD = 'Partner2026x';

/** A one-page PDF the upload route accepts (it looks at the magic bytes). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

/** The untranslated keys of this capability's namespaces (support.ts's list predates them). */
async function rawKeys(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const own = text.split('\n').filter((line) => /\b(qualifications|partners)\.[a-zA-Z]/.test(line));
  return [...(await visibleKeys(page)), ...own];
}

async function shoot(page: Page, name: string, locale: Locale): Promise<void> {
  await settled(page);
  assert.deepEqual(await rawKeys(page), [], `untranslated keys on ${name} (${locale})`);
  await screenshot(page, `${name}-${locale}`);
}

/** Picks an option of the antd select labelled `label` inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

/** Types a date into an antd date picker and takes it. */
async function typeDate(field: Locator, date: string): Promise<void> {
  await field.click();
  await field.fill(date);
  await field.press('Enter');
}

/** Button labels the screenshot pass clicks, written out per language (support.ts explains why). */
const ACTION_REQUEST: Record<Locale, RegExp> = {
  'en-US': /Request documents/,
  'zh-CN': /要求提供资质文件/,
  'zh-TW': /要求提供資質文件/,
};
const FROM_REQUIREMENTS: Record<Locale, RegExp> = {
  'en-US': /Add from requirements/,
  'zh-CN': /从资质要求添加/,
  'zh-TW': /從資質要求新增/,
};

const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).first().waitFor();

describe('partners: invitation, registration, review, then a qualification document to expiry', () => {
  let browser: Browser;
  let buyer: Page;
  let supplier: Page;
  const founder = uniqueUser('partner');
  const enterpriseName = `E2E Components ${founder.username}`;
  const fileName = `ISO 9001 certificate ${founder.username}`;
  let compNo = '';
  let documentId = '';
  // Built a month ago for one year: completed on acceptance, due in about eleven months.
  const today = demoDay();
  const buildDate = addCalendarDays(today, -30);
  const due = addCalendarYears(buildDate, 1);

  before(async () => {
    browser = await launchBrowser();
    buyer = await (await newContext(browser)).newPage();
    supplier = await (await newContext(browser)).newPage();
  });

  after(async () => {
    await browser?.close();
  });

  it('registers a new user who creates an enterprise', async () => {
    await register(supplier, founder, PASSWORD);
    await signIn(supplier, founder.username, PASSWORD);
    await supplier.waitForURL('**/profile/index');
    await supplier.getByLabel('Enterprise name').fill(enterpriseName);
    await supplier.getByLabel('Short name').fill('E2E Components');
    await supplier.getByRole('button', { name: 'Create', exact: true }).click();
    const created = supplier.getByText(/Enterprise created: number \d{8}, invite code \d{6}/);
    compNo = (await created.textContent())?.match(/number (\d{8})/)?.[1] ?? '';
    assert.match(compNo, /^\d{8}$/);
    await supplier.waitForURL('**/enterpriseinformation');
  });

  it('buyer invites the enterprise by its 8-digit number', async () => {
    await signIn(buyer, 'buyer');
    await buyer.goto('/supplier/supfile');
    await buyer.getByRole('button', { name: 'Invite supplier' }).click();
    const dialog = buyer.getByRole('dialog', { name: 'Invite supplier' });
    await dialog.getByLabel('Enterprise number').fill(compNo);
    // The number is looked up as soon as it is complete.
    await dialog.getByText(`Found: ${enterpriseName}`).waitFor();
    await dialog.getByLabel('Receiver').fill('Zhou Min');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await toast(buyer, 'Invitation sent; the supplier sees it in its customer archive');
    await buyer.getByRole('row').filter({ hasText: enterpriseName }).getByText('In progress').waitFor();
  });

  it('the enterprise administrator accepts and fills in the registration data', async () => {
    await supplier.goto('/sale/profile');
    const invitation = supplier.locator('.ant-card').filter({ hasText: 'Invitations to become a supplier' });
    await invitation.getByText(/Huaxin.*invites your enterprise to become its supplier/).waitFor();
    await invitation.getByRole('button', { name: 'Submit registration data' }).click();
    const dialog = supplier.getByRole('dialog', { name: /^Registration data for / });
    // Full name and abbreviation come from the enterprise; the value lists are chosen.
    assert.equal(await dialog.getByLabel('Full name', { exact: true }).inputValue(), enterpriseName);
    await choose(supplier, dialog, 'Business type', 'Manufacturer');
    await choose(supplier, dialog, 'Company nature', 'Private');
    await choose(supplier, dialog, 'Payment method', 'Bank transfer');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await toast(supplier, /Submitted; .* reviews your registration data/);
  });

  it('buyer reviews and approves; each side lists the other as joined', async () => {
    await buyer.reload();
    const row = buyer.getByRole('row').filter({ hasText: enterpriseName });
    await row.getByText('To be reviewed').waitFor();
    await row.getByRole('button', { name: 'More' }).click();
    await buyer.getByRole('menuitem', { name: 'Review' }).click();
    const dialog = buyer.getByRole('dialog', { name: /^Review / });
    await dialog.getByText('Manufacturer').waitFor();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await toast(buyer, 'Approved: the supplier has joined');
    await row.getByText('Joined').waitFor();

    await supplier.reload();
    await supplier.getByRole('row').filter({ hasText: 'Huaxin' }).getByText('Joined').waitFor();
    await screenshot(supplier, 'partners-customers-en-US');
  });

  it('buyer requests a qualification document from the supplier detail page', async () => {
    await buyer.getByRole('row').filter({ hasText: enterpriseName }).getByRole('button', { name: 'Detail' }).click();
    await buyer.waitForURL('**/supplier/supfile/detail?id=*');
    await buyer.getByRole('button', { name: 'Request documents' }).click();
    await buyer.waitForURL('**/supplier/supfile/add-qualifications?supId=*');
    await buyer.getByText(/^Request qualification documents from .*E2E Components/).waitFor();
    await buyer.getByLabel('File name', { exact: true }).fill(fileName);
    await buyer.getByLabel('Type', { exact: true }).fill('Certificate');
    await buyer.getByRole('button', { name: 'Send requests' }).click();
    await toast(buyer, '1 document request(s) created');
    await buyer.waitForURL(/\/supplier\/supfile\/detail-qualifications\?id=\d+/);
    documentId = new URL(buyer.url()).searchParams.get('id') ?? '';
    await buyer.locator('.ant-card-head').getByText('To be replied').waitFor();
  });

  it('the supplier answers with a file, a document code and the build date', async () => {
    await supplier.goto('/sale/customer/qualification');
    const row = supplier.getByRole('row').filter({ hasText: fileName });
    await row.getByText('To be replied').waitFor();
    await row.getByRole('button', { name: 'Reply' }).click();
    await supplier.waitForURL(`**/sale/customer/detail?id=${documentId}`);
    const form = supplier.locator('.ant-card').filter({ hasText: 'My reply' });
    await form
      .locator('input[type=file]')
      .setInputFiles({ name: 'iso-9001.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByRole('link', { name: 'iso-9001.pdf' }).waitFor();
    await form.getByLabel('Document code').fill('CN-ISO-2026-001');
    await typeDate(form.getByLabel('Build date'), buildDate);
    // The due date the server will compute is shown before sending.
    await form.getByText(`Valid until ${due}`).waitFor();
    await form.getByRole('button', { name: 'Send reply' }).click();
    await toast(supplier, 'Reply sent');
    await supplier.locator('.ant-card-head').getByText('To be confirmed').waitFor();
    assert.equal(await supplier.getByRole('button', { name: 'Withdraw reply' }).count(), 1);
  });

  it('buyer downloads the file and passes the document', async () => {
    await buyer.goto(`/supplier/qualification/detail?id=${documentId}`);
    await buyer.locator('.ant-card-head').getByText('To be confirmed').waitFor();
    const link = buyer.getByRole('link', { name: 'iso-9001.pdf' });
    const href = (await link.getAttribute('href')) ?? '';
    assert.ok(href.startsWith('/gateway/system/oss/file/'), 'the attachment links to the file store');
    const file = await buyer.request.get(new URL(href, BASE_URL).toString());
    assert.equal(file.status(), 200);
    assert.equal((await file.body()).subarray(0, 5).toString('latin1'), '%PDF-');

    await buyer.getByRole('button', { name: 'Pass' }).click();
    await buyer.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await toast(buyer, 'Document accepted');
    await buyer.locator('.ant-card-head').getByText('Completed').waitFor();
    await buyer.getByText(due).first().waitFor();
  });

  /** Runs "Run expiry check" on the buyer's list as of `asOf` and waits for the document's new status. */
  async function runExpiry(asOf: string, status: string): Promise<void> {
    await buyer.goto('/supplier/qualification');
    await buyer.getByRole('button', { name: 'Run expiry check' }).click();
    const dialog = buyer.getByRole('dialog', { name: 'Run the expiry check now' });
    await typeDate(dialog.getByLabel('As of (demo only)'), asOf);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await toast(buyer, new RegExp(`^Checked as of ${asOf}: \\d+ expiring, \\d+ expired`));
    await buyer.getByRole('row').filter({ hasText: fileName }).getByText(status, { exact: true }).waitFor();
  }

  it('turns expiring ten days before its date and expired the day after it', async () => {
    await runExpiry(addCalendarDays(due, -10), 'Expiring');
    await supplier.goto('/sale/customer/qualification');
    const row = supplier.getByRole('row').filter({ hasText: fileName });
    await row.getByText('Expiring', { exact: true }).waitFor();
    // The supplier may now send the renewed certificate.
    await row.getByRole('button', { name: 'Renew' }).waitFor();

    await runExpiry(addCalendarDays(due, 1), 'Expired');
    await supplier.reload();
    await supplier.getByRole('row').filter({ hasText: fileName }).getByText('Expired', { exact: true }).waitFor();
    // Both sides were told, once per state.
    await supplier.goto('/news');
    await supplier
      .getByText(/\d+ qualification documents? expired/)
      .first()
      .waitFor();
  });

  for (const locale of LOCALES) {
    it(`shows the qualification screens in ${locale}`, async () => {
      const b = await (await newContext(browser, { locale })).newPage();
      await signIn(b, 'buyer', undefined, locale);
      await b.goto('/supplier/qualification');
      await b.getByRole('row').filter({ hasText: fileName }).waitFor();
      await shoot(b, 'qualifications-buyer-list', locale);
      await b.goto('/supplier/qualification?tab=requirements');
      await b.getByRole('row').filter({ hasText: 'RoHS' }).waitFor();
      await shoot(b, 'qualifications-requirements', locale);
      await b.locator('.list-toolbar').getByRole('button').first().click();
      await b.getByRole('dialog').locator('.ant-select').first().waitFor();
      await shoot(b, 'qualifications-requirement-dialog', locale);
      await b.goto(`/supplier/qualification/detail?id=${documentId}`);
      await b.getByText('CN-ISO-2026-001').first().waitFor();
      await shoot(b, 'qualifications-buyer-detail', locale);
      // From a supplier's archive: its class's requirements become the requested files.
      await b.goto('/supplier/supfile');
      await b.getByRole('row').filter({ hasText: 'S00001' }).getByText('S00001', { exact: true }).click();
      await b.waitForURL('**/supplier/supfile/detail?id=*');
      await b.getByRole('button', { name: ACTION_REQUEST[locale] }).click();
      await b.waitForURL('**/supplier/supfile/add-qualifications?supId=*');
      await b.getByRole('button', { name: FROM_REQUIREMENTS[locale] }).click();
      const picker = b.getByRole('dialog');
      await picker.getByRole('row').filter({ hasText: 'RoHS' }).waitFor();
      // The picker's rows may render again once their query settles, which drops a selection made meanwhile.
      const selectAll = picker.locator('thead .ant-checkbox-input');
      await picker.locator('tbody .ant-checkbox-input').first().waitFor();
      for (let attempt = 0; attempt < 3 && !(await selectAll.isChecked()); attempt++) await selectAll.click();
      assert.equal(await selectAll.isChecked(), true);
      await picker.locator('.ant-btn-primary').click();
      await b.locator('.ant-card-type-inner').nth(4).waitFor();
      await picker.waitFor({ state: 'hidden' });
      await shoot(b, 'qualifications-request', locale);
      await b.context().close();

      const s = await (await newContext(browser, { locale })).newPage();
      await signIn(s, founder.username, PASSWORD, locale);
      await s.goto('/sale/customer/qualification');
      await s.getByRole('row').filter({ hasText: fileName }).waitFor();
      await shoot(s, 'qualifications-supplier-list', locale);
      // An expired document: the renewal form under the accepted answer.
      await s.goto(`/sale/customer/detail?id=${documentId}`);
      await s.locator('input[type=file]').first().waitFor({ state: 'attached' });
      await s
        .locator('.ant-card')
        .filter({ has: s.locator('input[type=file]') })
        .scrollIntoViewIfNeeded();
      await shoot(s, 'qualifications-supplier-renew', locale);
      await s.context().close();
    });
  }
});
