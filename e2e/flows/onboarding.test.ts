import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LANGUAGE_COOKIE } from '@concord/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../browser.ts';
import { newContext, register, settled, signIn, uniqueUser } from '../support.ts';

const PASSWORD = 'Onboard2026x';

describe('onboarding: register, create an enterprise, a colleague joins it', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const founder = uniqueUser('founder');
  const colleague = uniqueUser('colleague');
  const enterpriseName = `E2E Trading ${founder.username}`;
  let compNo = '';
  let inviteCode = '';

  before(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await context.newPage();
  });

  after(async () => {
    await browser?.close();
  });

  it('registers the founder, who lands on the profile page without an enterprise', async () => {
    await register(page, founder, PASSWORD);
    await signIn(page, founder.username, PASSWORD);
    await page.waitForURL('**/profile/index');
    await page.getByText('You have not joined an enterprise yet').waitFor();
    await settled(page);
    await screenshot(page, 'profile-not-joined-en-US');
  });

  it('creates an enterprise and is shown its number and invite code', async () => {
    await page.getByLabel('Enterprise name').fill(enterpriseName);
    await page.getByLabel('Short name').fill('E2E Trading');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const created = page.getByText(/Enterprise created: number \d{8}, invite code \d{6}/);
    const [, no, code] = (await created.textContent())?.match(/(\d{8}), invite code (\d{6})/) ?? [];
    assert.ok(no && code, 'the success message carries the enterprise number and invite code');
    compNo = no;
    inviteCode = code;

    await page.waitForURL('**/enterpriseinformation');
    await page.getByText(enterpriseName).first().waitFor();
    // The administrator sees the same number and code on the enterprise page.
    await page.getByText(compNo, { exact: true }).waitFor();
    await page.getByText(inviteCode, { exact: true }).waitFor();
  });

  it('logs out through the account menu', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await page.goto('/enterpriseinformation');
    await page.waitForURL(/\/login\?redirect=%2Fenterpriseinformation$/);
  });

  it('registers a colleague who joins with the enterprise number and invite code', async () => {
    await register(page, colleague, PASSWORD);
    await signIn(page, colleague.username, PASSWORD);
    await page.waitForURL('**/profile/index');

    await page.getByLabel('Enterprise number').fill(compNo);
    // The number is looked up as soon as it is complete, so the user sees whom they are joining.
    await page.getByText(`Enterprise: ${enterpriseName}`).waitFor();
    await page.getByLabel('Invite code').fill(inviteCode);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.getByText('You have joined the enterprise').waitFor();
    await page.waitForURL('**/enterpriseinformation');
    const content = page.getByRole('main');
    await content.getByText(compNo, { exact: true }).waitFor();
    // An ordinary member does not see the invite code.
    assert.equal(await content.getByText('Invite code').count(), 0);
  });

  it('switches the language and sees the menu translated', async () => {
    const menu = page.getByRole('menu').first();
    await menu.getByText('Enterprise information').waitFor();

    await page.getByRole('button', { name: 'Language' }).hover();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await menu.getByText('企业信息').waitFor();
    await menu.getByText('基础').waitFor();
    await page.getByRole('button', { name: '账号菜单' }).waitFor();
    assert.equal(await menu.getByText('Enterprise information').count(), 0);
    assert.equal(await page.locator('html').getAttribute('lang'), 'zh-CN');

    await page.getByRole('button', { name: '语言' }).hover();
    await page.getByRole('menuitem', { name: '繁體中文' }).click();
    await menu.getByText('企業資料').waitFor();

    // The choice survives a reload because it lives in the cookie the server reads too.
    const cookies = await context.cookies();
    assert.equal(cookies.find((c) => c.name === LANGUAGE_COOKIE)?.value, 'zh-TW');
    await page.reload();
    await page.getByRole('menu').first().getByText('企業資料').waitFor();
  });
});
