import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeUserAgent } from '../src/modules/accounts/qr-login.service.ts';
import { as, createTestContext, login, type TestContext } from './helpers.ts';

/** QR login (spec §4): the confirming phone is shown which browser and address asked (QR-jacking). */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.127 Safari/537.36';

async function ticketFrom(remoteAddress: string, userAgent: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/gateway/auth/qr',
    payload: {},
    remoteAddress,
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; secret: string };
}

function requester(token: string | undefined, id: string, secret: string, remoteAddress: string) {
  return t.app.inject({
    method: 'GET',
    url: `/gateway/auth/qr/${id}/requester?secret=${secret}`,
    remoteAddress,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

describe('QR login: who is asking', () => {
  it('stores the requesting address and browser and shows them to the signed-in device before it confirms', async () => {
    const ticket = await ticketFrom('203.0.113.80', CHROME_WINDOWS);
    const stored = await t.database.db.execute<{ requester_ip: string; requester_agent: string }>(
      sql`select requester_ip, requester_agent from qr_logins where id = ${ticket.id}::bigint`,
    );
    expect(stored.rows[0]).toEqual({ requester_ip: '203.0.113.80', requester_agent: 'Chrome 126 · Windows' });

    const phone = await login(t.app, 'buyer.clerk');
    const elsewhere = await requester(phone, ticket.id, ticket.secret, '198.51.100.80');
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(elsewhere.json().data).toEqual({ agent: 'Chrome 126 · Windows', ip: '203.0.113.80', sameAddress: false });
    const sameNetwork = await requester(phone, ticket.id, ticket.secret, '203.0.113.80');
    expect(sameNetwork.json().data.sameAddress).toBe(true);

    // Only a signed-in device holding the ticket's secret may look.
    expect((await requester(undefined, ticket.id, ticket.secret, '198.51.100.80')).statusCode).toBe(401);
    expect((await requester(phone, ticket.id, `${ticket.secret}x`, '198.51.100.80')).statusCode).toBe(404);

    const confirmed = await as(t.app, phone).post(`/gateway/auth/qr/${ticket.id}/confirm`, { secret: ticket.secret });
    expect(confirmed.statusCode).toBe(200);
    const gone = await requester(phone, ticket.id, ticket.secret, '198.51.100.80');
    expect(gone.statusCode).toBe(410);
    expect(gone.json().errorCode).toBe('QR_EXPIRED');

    // The waiting browser is signed in and remembered as a device of the account, like any sign-in.
    const poll = await t.app.inject({
      method: 'GET',
      url: `/gateway/auth/qr/${ticket.id}?secret=${ticket.secret}`,
      remoteAddress: '203.0.113.80',
    });
    expect(poll.json().data).toMatchObject({ status: 'confirmed' });
    expect(poll.cookies.some((c) => c.name === 'pro__device')).toBe(true);
  });

  it.each([
    [CHROME_WINDOWS, 'Chrome 126 · Windows'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari 17 · macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari 17 · iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
      'Edge 126 · Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox 127 · Linux'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome 126 · Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN',
      'WeChat 8 · iOS',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
      'HeadlessChrome 126 · Linux',
    ],
    ['curl/8.5.0', 'curl/8.5.0'],
    ['<script>alert(1)</script>', 'scriptalert1/script'],
    ['', null],
  ])('describes %s', (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toBe(expected);
  });
});
