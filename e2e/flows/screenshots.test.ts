import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LOCALES, type Locale } from '@concord/shared';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../browser.ts';
import { buttonName, newContext, settled, signIn, TEXT, visibleKeys } from '../support.ts';

async function shoot(page: Page, name: string, locale: Locale): Promise<void> {
  await settled(page);
  assert.deepEqual(await visibleKeys(page), [], `untranslated keys on ${name} (${locale})`);
  assert.equal(await page.locator('html').getAttribute('lang'), locale);
  await screenshot(page, `${name}-${locale}`);
}

describe('screenshots of the main screens in every language', () => {
  let browser: Browser;

  before(async () => {
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
  });

  for (const locale of LOCALES) {
    it(locale, async () => {
      const text = TEXT[locale];
      const context = await newContext(browser, { locale });
      const page = await context.newPage();

      await page.goto('/login');
      await page.getByRole('button', { name: buttonName(text.login) }).waitFor();
      await shoot(page, 'login', locale);

      await page.goto('/register');
      await page.getByText(text.registerTitle).waitFor();
      await shoot(page, 'register', locale);

      await signIn(page, 'buyer', undefined, locale);
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto('/enterpriseinformation');
      const menu = page.getByRole('complementary').getByRole('menu');
      await menu.getByText(text.basicGroup, { exact: true }).waitFor();
      await page.getByText('Huaxin Electronics').first().waitFor();
      await shoot(page, 'enterprise', locale);

      // The shell with a menu group opened, as a user finds their way to a purchase-side page.
      await menu.getByText(text.supplierManagement, { exact: true }).click();
      await menu.getByRole('menuitem').filter({ hasText: text.supplierManagement }).waitFor();
      await page.getByRole('menu').getByRole('menu').first().waitFor();
      await shoot(page, 'shell', locale);

      await menu.getByText(text.notifications, { exact: true }).click();
      await page.waitForURL('**/news');
      await page.locator('.ant-card-head').getByText(text.notifications).waitFor();
      await shoot(page, 'news', locale);

      await menu.getByText(text.messageCentre, { exact: true }).click();
      await page.waitForURL('**/news/newcontract');
      await page.locator('.ant-card-head').getByText(text.messageCentre).waitFor();
      await shoot(page, 'message-centre', locale);

      await context.close();
    });
  }
});
