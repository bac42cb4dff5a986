import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LOCALES, type Locale } from '@concord/shared';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../browser.ts';
import { newContext, settled, signIn, visibleKeys } from '../support.ts';

/** Organization screens (issue 3): every one renders its seeded data without raw keys in every language. */
const SCREENS: { name: string; path: string; expect: string }[] = [
  { name: 'departments', path: '/jurisdiction/dept', expect: 'PUR-1' },
  { name: 'staff', path: '/staff', expect: 'zhang.wei@huaxin.example' },
  { name: 'positions', path: '/jurisdiction/postauthority', expect: 'PUR-CLK' },
  { name: 'trading-partners', path: '/jurisdiction/tradpartner', expect: '李晓梅' },
  { name: 'logs', path: '/logs', expect: 'buyer' },
];

async function shoot(page: Page, name: string, locale: Locale): Promise<void> {
  await settled(page);
  assert.deepEqual(await visibleKeys(page), [], `untranslated keys on ${name} (${locale})`);
  await screenshot(page, `${name}-${locale}`);
}

describe('organization and access control', () => {
  let browser: Browser;

  before(async () => {
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
  });

  for (const locale of LOCALES) {
    it(`shows departments, staff, positions, trading partners and logs (${locale})`, async () => {
      const page = await (await newContext(browser, { locale })).newPage();
      await signIn(page, 'buyer', undefined, locale);
      for (const screen of SCREENS) {
        await page.goto(screen.path);
        await page.getByText(screen.expect).first().waitFor();
        await shoot(page, screen.name, locale);
      }
      await page.goto('/jurisdiction/postauthority');
      await page.getByText('PUR-CLK').first().waitFor();
      const row = page.locator('tr', { hasText: 'PUR-CLK' });
      await row.getByRole('link').or(row.getByRole('button')).first().click();
      await page.waitForURL('**/jurisdiction/postauthority/detail**');
      await page.locator('.ant-tree').first().waitFor();
      await shoot(page, 'position-detail', locale);
    });
  }

  it('a clerk without staff rights sees no configuration menu and gets no staff data', async () => {
    const page = await (await newContext(browser, { locale: 'en-US' })).newPage();
    await signIn(page, 'buyer.clerk');
    await page.waitForURL((url) => url.pathname === '/');
    const menu = page.getByRole('complementary').getByRole('menu');
    await menu.getByText('Basic', { exact: true }).waitFor();
    assert.equal(await menu.getByText('Staff management', { exact: true }).count(), 0);
    await page.goto('/staff');
    await settled(page);
    assert.equal(await page.getByText('zhang.wei@huaxin.example').count(), 0);
  });
});
