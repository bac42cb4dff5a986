import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../browser.ts';
import { type RunningServer, startServer } from '../server.ts';
import { TEXT } from '../support.ts';

/**
 * Issue 14 item 1, tried as a new user would: on an install that sends e-mail, nothing on the sign-in
 * pages leads to codes, even from the server's own machine. The flow starts its own server with SMTP set
 * (no mail server needs to listen: nothing here sends a message).
 */
describe('an install with SMTP configured', () => {
  let server: RunningServer;
  let browser: Browser;

  before(async () => {
    server = await startServer({ SMTP_HOST: '127.0.0.1', SMTP_PORT: '9', DEV_OUTBOX: '' });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('links no developer outbox on the login, registration and reset pages, and serves none', async () => {
    const context = await browser.newContext({ baseURL: server.url });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    for (const path of ['/login', '/register', '/resetpsw']) {
      const outboxAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/gateway/dev/outbox');
      await page.goto(path);
      assert.equal((await outboxAnswer).status(), 404, path);
      await page.waitForLoadState('networkidle');
      assert.equal(await page.getByText('Developer outbox').count(), 0, path);
    }
    await page.goto('/login');
    await page.getByRole('textbox', { name: TEXT['en-US'].account }).waitFor();
    assert.equal((await fetch(`${server.url}/gateway/dev/outbox`)).status, 404);
    await context.close();
  });
});
