import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LOCALES } from '@concord/shared';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from '../browser.ts';
import { newContext, settled, signIn, submitLogin, TEXT, uniqueUser } from '../support.ts';

// No other flow signs in as this user, and the last test signs in correctly, which clears the failure
// count: three wrong passwords per run stay below the lock-out limit even when runs are repeated.
const USER = 'supplier2';

describe('a wrong password shows the error-catalogue message in the language in use', () => {
  let browser: Browser;

  before(async () => {
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
  });

  for (const locale of LOCALES) {
    it(locale, async () => {
      const context = await newContext(browser, { locale });
      const page = await context.newPage();
      await submitLogin(page, USER, 'Wrong@2026', locale);
      await page.getByText(TEXT[locale].badCredentials).waitFor();
      assert.equal(new URL(page.url()).pathname, '/login');
      if (locale !== 'en-US') {
        assert.equal(await page.getByText(TEXT['en-US'].badCredentials).count(), 0);
      }
      await settled(page);
      await screenshot(page, `login-error-${locale}`);

      // An unknown user gets the same words, so the form does not reveal which accounts exist.
      await submitLogin(page, uniqueUser('nobody').username, 'Wrong@2026', locale);
      await page.getByText(TEXT[locale].badCredentials).waitFor();
      assert.equal(new URL(page.url()).pathname, '/login');
      await context.close();
    });
  }

  it('still lets the user in with the right password', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, USER);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await context.close();
  });
});
