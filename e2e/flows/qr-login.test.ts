import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { QrTicket } from '@concord/shared';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from '../browser.ts';
import { newContext, signIn } from '../support.ts';

describe('QR login: a signed-in device confirms, the waiting browser is signed in', () => {
  let browser: Browser;

  before(async () => {
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
  });

  it('signs in browser A as the user who confirmed in browser B', async () => {
    const waiting = await (await newContext(browser)).newPage();
    const phone = await (await newContext(browser, { viewport: { width: 390, height: 844 } })).newPage();

    // The QR code is an image; the link it encodes is the ticket the panel received.
    const ticketReply = waiting.waitForResponse(
      (r) => r.url().endsWith('/gateway/auth/qr') && r.request().method() === 'POST',
    );
    await waiting.goto('/login');
    await waiting.getByRole('tab', { name: 'QR code' }).click();
    const ticket = ((await (await ticketReply).json()) as { data: QrTicket }).data;
    await waiting.getByRole('img', { name: 'Sign-in QR code' }).waitFor();
    await waiting.getByText('Scan with a phone that is signed in to Concord SRM').waitFor();
    await screenshot(waiting, 'login-qr-en-US');
    const link = new URL(ticket.url);
    assert.equal(link.pathname, '/qr-login');

    await signIn(phone, 'buyer');
    await phone.goto(`${link.pathname}${link.search}`);
    await phone.getByText('Sign in on the other browser?').waitFor();
    await phone.getByText('It will be signed in as buyer').waitFor();
    // Before confirming, the phone is told which browser and address asked (QR-jacking).
    await phone.getByText(/Chrome \d+ · Linux/).waitFor();
    await phone.getByText('Same address as this device').waitFor();
    await screenshot(phone, 'qr-confirm-en-US');
    await phone.getByRole('button', { name: 'Sign in there' }).click();
    await phone.getByText('Confirmed: the other browser is now signed in').waitFor();

    // The panel polls every 2 s; the default timeout leaves room for several polls.
    await waiting.waitForURL((url) => url.pathname === '/');
    await waiting.getByRole('button', { name: 'Account menu' }).getByText('Wang Jianhua').waitFor();
    await waiting.getByText('Huaxin Electronics').first().waitFor();

    // The ticket is spent: opening the link again offers nothing to confirm.
    await phone.goto(`${link.pathname}${link.search}`);
    await phone.getByText('The QR code has expired, refresh it').waitFor();
    assert.equal(await phone.getByRole('button', { name: 'Sign in there' }).count(), 0);
    assert.equal(await phone.getByText('Confirmed: the other browser is now signed in').count(), 0);
  });
});
