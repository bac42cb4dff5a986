import { CLIENT_ERROR_MAX_BYTES, CLIENT_ERRORS_PER_MINUTE, OPERATION_TYPE } from '@concord/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ERRORS_URL } from '../src/modules/client-errors/client-errors.routes.ts';
import { MODULE } from '../src/modules/client-errors/client-errors.service.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

let t: TestContext;
let buyer: Caller;
let clerk: Caller;
let supplier: Caller;
let anonymous: Caller;

const LIST = '/gateway/srm/operation-logs/list';

const report = (message: string, extra: Record<string, unknown> = {}) => ({
  message,
  stack: `Error: ${message}\n    at render (app.js:1:2)`,
  url: 'https://srm.example/purchase-orders?page=2',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
  ...extra,
});

const clientErrorLog = async (caller: Caller, headers?: Record<string, string>) =>
  (await caller.post(LIST, { filter: { module: MODULE }, pageParam: { pageNum: 1, pageSize: 100 } }, headers)).json()
    .data.dataList as { summary: string; operationType: number; username: string; module: string }[];

const platformRows = async () =>
  (
    await t.database.db.execute<{ message: string; stack: string; info: string; url: string; user_id: string | null }>(
      sql`select message, stack, info, url, user_id from client_errors order by id`,
    )
  ).rows;

beforeAll(async () => {
  t = await createTestContext();
  buyer = as(t.app, await login(t.app, 'buyer'));
  clerk = as(t.app, await login(t.app, 'buyer.clerk'));
  supplier = as(t.app, await login(t.app, 'supplier'));
  anonymous = as(t.app);
});
afterAll(() => t.close());

describe('client error reports', () => {
  it("puts a member's report into the operation log of its enterprise, and of no other", async () => {
    const res = await buyer.post(CLIENT_ERRORS_URL, report('Cannot read properties of undefined (reading "qty")'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: '', data: null });

    const [entry] = await clientErrorLog(buyer, { 'accept-language': 'en-US' });
    expect(entry).toMatchObject({ operationType: OPERATION_TYPE.ADD, username: 'buyer', module: MODULE });
    expect(entry.summary.split('\n')).toEqual([
      'Cannot read properties of undefined (reading "qty") (https://srm.example/purchase-orders?page=2)',
      'Browser: Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
      'Error: Cannot read properties of undefined (reading "qty")',
      '    at render (app.js:1:2)',
    ]);
    // The same entry to a reader in Chinese: the labels translated, the report's own words as sent.
    const [chinese] = await clientErrorLog(buyer, { 'accept-language': 'zh-CN' });
    expect(chinese.summary.split('\n').slice(0, 2)).toEqual([
      'Cannot read properties of undefined (reading "qty")（https://srm.example/purchase-orders?page=2）',
      '浏览器：Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
    ]);
    expect(await clientErrorLog(supplier)).toEqual([]);
    expect((await platformRows()).some((r) => r.message.includes('reading "qty"'))).toBe(false);
  });

  it('logs the component stack of a screen that failed to render, and a report without a browser', async () => {
    await buyer.post(
      CLIENT_ERRORS_URL,
      report('Render crash', { userAgent: undefined, stack: '', info: '\n    at OrderTable\n    at OrderPage' }),
    );
    const entry = (await clientErrorLog(buyer, { 'accept-language': 'zh-TW' })).find((e) =>
      e.summary.startsWith('Render crash'),
    );
    expect(entry?.summary.split('\n')).toEqual([
      'Render crash（https://srm.example/purchase-orders?page=2）',
      '瀏覽器：未知',
      '',
      '元件堆疊：',
      '    at OrderTable',
      '    at OrderPage',
    ]);
  });

  it('keeps a report from forging the masked spans of the log', async () => {
    await buyer.post(CLIENT_ERRORS_URL, report('Forged \u2983secret\u2984 span'));
    const entry = (await clientErrorLog(clerk)).find((e) => e.summary.startsWith('Forged'));
    expect(entry?.summary.split('\n')[0]).toBe('Forged secret span (https://srm.example/purchase-orders?page=2)');
  });

  it('keeps a report without an enterprise in the platform table, which no tenant reads', async () => {
    const res = await anonymous.post(
      CLIENT_ERRORS_URL,
      report('Login page crashed', { url: 'https://srm.example/login', info: '\n    at LoginPage' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = (await platformRows()).filter((r) => r.message === 'Login page crashed');
    expect(rows).toEqual([
      {
        message: 'Login page crashed',
        stack: 'Error: Login page crashed\n    at render (app.js:1:2)',
        info: '\n    at LoginPage',
        url: 'https://srm.example/login',
        user_id: null,
      },
    ]);
    for (const caller of [buyer, supplier]) {
      expect((await clientErrorLog(caller)).some((e) => e.summary.includes('Login page crashed'))).toBe(false);
    }
  });

  it('treats a refused token as no one rather than refusing the report', async () => {
    const res = await as(t.app, 'not-a-token').post(CLIENT_ERRORS_URL, report('Stale session crash'));
    expect(res.statusCode, res.body).toBe(200);
    expect((await platformRows()).some((r) => r.message === 'Stale session crash')).toBe(true);
  });

  it('redacts token-like query values and credentials before storing them', async () => {
    const secrets = ['abc123', 'hunter2', '654321', 'eyJhbGci.x.y', 'inv-778'];
    await anonymous.post(CLIENT_ERRORS_URL, {
      message: 'GET /gateway/system/oss/file/k?access_token=abc123 failed: password=hunter2',
      stack: 'Error\n  at send (Authorization: Bearer eyJhbGci.x.y)\n  body {"code":"654321"}',
      url: 'https://srm.example/auth-redirect#access_token=abc123&expires_in=43200&redirect=%2Fhome%3Ftoken%3Dabc123',
      info: 'at Join (?empInviteCode=inv-778)',
    });
    const row = (await platformRows()).find((r) => r.message.startsWith('GET /gateway/system/oss'));
    expect(row).toEqual({
      message: 'GET /gateway/system/oss/file/k?access_token=*** failed: password=***',
      stack: 'Error\n  at send (Authorization: Bearer ***)\n  body {"code":"***"}',
      url: 'https://srm.example/auth-redirect#access_token=***&expires_in=43200&redirect=%2Fhome%3Ftoken%3D***',
      info: 'at Join (?empInviteCode=***',
      user_id: null,
    });

    await buyer.post(CLIENT_ERRORS_URL, report('Tenant crash', { url: 'https://srm.example/x?code=654321' }));
    const [entry] = (await clientErrorLog(buyer)).filter((e) => e.summary.startsWith('Tenant crash'));
    expect(entry.summary).toContain('https://srm.example/x?code=***');
    for (const secret of secrets) expect(entry.summary).not.toContain(secret);
  });

  it(`refuses a report beyond ${CLIENT_ERROR_MAX_BYTES} bytes with 413, and takes one just within`, async () => {
    const base = JSON.stringify(report('Big', { stack: '' })).length;
    const fits = await anonymous.post(
      CLIENT_ERRORS_URL,
      report('Big', { stack: 'x'.repeat(CLIENT_ERROR_MAX_BYTES - base) }),
    );
    expect(fits.statusCode, fits.body).toBe(200);
    const tooBig = await anonymous.post(
      CLIENT_ERRORS_URL,
      report('Too big', { stack: 'x'.repeat(CLIENT_ERROR_MAX_BYTES - base + 1) }),
    );
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 1, errorCode: 'PAYLOAD_TOO_LARGE' });
    expect((await platformRows()).some((r) => r.message === 'Too big')).toBe(false);
  });

  it('refuses a JSON number, a missing field and junk with 400 naming the field', async () => {
    const number = await anonymous.post(CLIENT_ERRORS_URL, { ...report('x'), message: 123 });
    expect(number.statusCode).toBe(400);
    expect(number.json().errorCode).toBe('VALIDATION_FAILED');
    expect(number.json().data.map((d: { path: string }) => d.path)).toContain('message');

    const noUrl = await anonymous.post(CLIENT_ERRORS_URL, { message: 'x' });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().data.map((d: { path: string }) => d.path)).toContain('url');

    for (const payload of ['{not json', '[]', '42', 'null']) {
      const junk = await t.app.inject({
        method: 'POST',
        url: CLIENT_ERRORS_URL,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(junk.statusCode, payload).toBe(400);
      expect(junk.json().errorCode, payload).toBe('VALIDATION_FAILED');
    }
  });
});

describe('client error throttle', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ seed: false, env: { RATE_LIMITS: 'true' } });
  });
  afterAll(() => limited.close());

  it(`answers 429 to the report after the ${CLIENT_ERRORS_PER_MINUTE}th of a client within a minute`, async () => {
    const caller = as(limited.app);
    for (let i = 1; i <= CLIENT_ERRORS_PER_MINUTE; i++) {
      const res = await caller.post(CLIENT_ERRORS_URL, report(`burst ${i}`));
      expect(res.statusCode, `report ${i}`).toBe(200);
    }
    const over = await caller.post(CLIENT_ERRORS_URL, report('one too many'));
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 1, errorCode: 'TOO_MANY_REQUESTS' });
    const other = await limited.app.inject({
      method: 'POST',
      url: CLIENT_ERRORS_URL,
      payload: report('another client'),
      remoteAddress: '10.1.2.3',
    });
    expect(other.statusCode).toBe(200);
    const stored = await limited.database.db.execute<{ n: number }>(sql`select count(*)::int as n from client_errors`);
    expect(stored.rows[0].n).toBe(CLIENT_ERRORS_PER_MINUTE + 1);
  });
});
