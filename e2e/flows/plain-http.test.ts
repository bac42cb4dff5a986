import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { BASE_URL, launchBrowser, screenshot } from '../browser.ts';
import { TEXT } from '../support.ts';

/**
 * Issue 14 item 2: a plain-HTTP install reached by a LAN name, as on a factory network. Chromium treats
 * localhost as secure whatever the headers say, so the flow maps a non-loopback name to this machine:
 * had the server sent `upgrade-insecure-requests`, every script and style would go to https and fail,
 * leaving a white page.
 */
const LAN_HOST = 'srm.factory.lan';
const LAN_URL = `http://${LAN_HOST}:${new URL(BASE_URL).port}`;

describe('a plain-HTTP install opened by its LAN name', () => {
  let browser: Browser;

  before(async () => {
    browser = await launchBrowser([`--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`]);
  });

  after(async () => {
    await browser?.close();
  });

  it('renders the login page with every asset loaded over http', async () => {
    const context = await browser.newContext({ baseURL: LAN_URL, viewport: { width: 1366, height: 800 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const requested: string[] = [];
    const failed: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText ?? ''}`));

    const response = await page.goto('/login');
    assert.equal(response?.status(), 200);
    assert.doesNotMatch(response?.headers()['content-security-policy'] ?? '', /upgrade-insecure-requests/);
    assert.equal(response?.headers()['strict-transport-security'], undefined);
    await page.getByRole('textbox', { name: TEXT['en-US'].account }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'login-plain-http-lan');

    assert.deepEqual(failed, []);
    const scripts = requested.filter((u) => /\.(js|css)(\?|$)/.test(u));
    assert.ok(scripts.length > 0, `no script or style requested: ${requested.join(', ')}`);
    const outside = requested.filter((u) => !u.startsWith(`${LAN_URL}/`) && !/^(data|blob):/.test(u));
    assert.deepEqual(outside, []);
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    assert.deepEqual(
      loaded.filter((u) => !u.startsWith('http://')),
      [],
    );
    await context.close();
  });
});
