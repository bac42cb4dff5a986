import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../browser.ts';
import { DESKTOP, newContext, signIn } from '../support.ts';

const PHONE = { width: 390, height: 844 };

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

describe('below 992 px the sidebar becomes a drawer', () => {
  let browser: Browser;

  before(async () => {
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
  });

  it('shows the sidebar and breadcrumb on a desktop', async () => {
    const page = await (await newContext(browser, { viewport: DESKTOP })).newPage();
    await signIn(page, 'buyer');
    await page.getByRole('complementary').getByRole('menu').getByText('Enterprise information').waitFor();
    await page.getByRole('navigation').getByText('Management cockpit').waitFor();
    await page.context().close();
  });

  it('hides the sidebar on a phone and opens the menu in a drawer', async () => {
    const page = await (await newContext(browser, { viewport: PHONE })).newPage();
    await signIn(page, 'buyer');
    await page.waitForURL((url) => url.pathname === '/');

    assert.equal(await page.getByRole('complementary').count(), 0, 'no fixed sidebar');
    assert.equal(await page.getByRole('navigation').getByText('Management cockpit').count(), 0, 'no breadcrumb');
    assert.ok((await pageWidth(page)) <= PHONE.width, 'nothing pushes the page wider than the screen');
    await screenshot(page, 'mobile-shell-en-US');

    await page.getByRole('button', { name: 'Show or hide the menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('menu').getByText('Notifications').waitFor();
    await screenshot(page, 'mobile-drawer-en-US');

    // Picking a page navigates and gets the drawer out of the way.
    await drawer.getByRole('menu').getByText('Notifications').click();
    await page.waitForURL('**/news');
    await drawer.waitFor({ state: 'hidden' });
    assert.ok((await pageWidth(page)) <= PHONE.width);
    await page.context().close();
  });
});
