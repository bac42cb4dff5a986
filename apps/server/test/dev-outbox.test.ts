import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ConfigError, deliveryWarnings, loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { login, openTestDatabase } from './helpers.ts';

/**
 * Issue 14 item 1 (QUALITY S-10): the development outbox behind DEV_OUTBOX. The apps here are built with
 * the real message provider, so codes and invitations land where they would in production.
 */

const OUTBOX = '/gateway/dev/outbox';
const BUYER_MOBILE = '+8613800000001';
const STRANGER = '203.0.113.9';

let database: Database;
let drop: () => Promise<void>;
let dataDir: string;
let app: FastifyInstance | undefined;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase({ seeded: true }));
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'concord-outbox-'));
});
afterEach(async () => {
  await app?.close();
  app = undefined;
});
afterAll(async () => {
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({
    RATE_LIMITS: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent',
    ...env,
  });
  app = await buildApp({ database, config, logger: false });
  await app.ready();
  return app;
}

const readOutbox = (a: FastifyInstance, options: Omit<InjectOptions, 'url'> = {}) =>
  a.inject({ method: 'GET', url: OUTBOX, ...options });

async function outboxRows(): Promise<{ recipient: string; body: string }[]> {
  const rows = await database.db.execute<{ recipient: string; body: string }>(sql`select recipient, body from outbox`);
  return rows.rows;
}

/** Lets the next code for a target be sent at once instead of after the 60-second pause. */
async function endResendPause() {
  await database.db.execute(sql`update verification_codes set created_at = created_at - interval '61 seconds'`);
}

async function askLoginCode(a: FastifyInstance) {
  await endResendPause();
  const res = await a.inject({
    method: 'GET',
    url: '/gateway/admin/sysuserinfo/getLoginCode?mobileArea=%2B86&mobile=13800000001',
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function inviteEmployee(a: FastifyInstance, n: number) {
  const token = await login(a, 'buyer');
  const res = await a.inject({
    method: 'POST',
    url: '/gateway/srm/employees',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      name: `Outbox Invitee ${n}`,
      mobileArea: '+86',
      mobile: `1390000${String(n).padStart(4, '0')}`,
      email: `invitee${n}@outbox.example`,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const partner = await a.inject({
    method: 'POST',
    url: '/gateway/srm/supplier-invitations',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      by: 'contact',
      enterpriseName: `Outbox Partner ${n}`,
      receiverName: 'Ms. Outbox',
      email: `partner${n}@outbox.example`,
    },
  });
  expect(partner.statusCode, partner.body).toBe(200);
}

describe('DEV_OUTBOX configuration', () => {
  it('defaults to local only for the embedded database with neither SMTP nor SMS', () => {
    expect(loadConfig({}).devOutbox).toBe('local');
    expect(loadConfig({ SMTP_HOST: 'mail.example' }).devOutbox).toBe('off');
    expect(loadConfig({ SMS_HTTP_URL: 'http://sms.example/send' }).devOutbox).toBe('off');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/srm' }).devOutbox).toBe('off');
    // The old switch opens nothing any more.
    expect(loadConfig({ DATABASE_URL: 'postgres://db/srm', OUTBOX_PUBLIC: 'true' }).devOutbox).toBe('off');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/srm', DEV_OUTBOX: 'local' }).devOutbox).toBe('local');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/srm', DEV_OUTBOX: 'public-demo' }).devOutbox).toBe('public-demo');
    expect(loadConfig({ DEV_OUTBOX: 'off' }).devOutbox).toBe('off');
  });

  it('keeps the outbox off once SMTP or SMS is configured, and refuses a public one', () => {
    expect(loadConfig({ DEV_OUTBOX: 'local', SMTP_HOST: 'mail.example' }).devOutbox).toBe('off');
    for (const channel of [{ SMTP_HOST: 'mail.example' }, { SMS_HTTP_URL: 'http://sms.example/send' }]) {
      expect(() => loadConfig({ DEV_OUTBOX: 'public-demo', ...channel })).toThrow(ConfigError);
      expect(() => loadConfig({ DEV_OUTBOX: 'public-demo', ...channel })).toThrow(/SMTP_HOST or SMS_HTTP_URL/);
    }
    expect(() => loadConfig({ DEV_OUTBOX: 'yes' })).toThrow(/off, local or public-demo/);
  });

  it('stops the server at start with a clear message when a public outbox meets SMTP', () => {
    const main = path.resolve(import.meta.dirname, '../src/main.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, DATA_DIR: dataDir, DEV_OUTBOX: 'public-demo', SMTP_HOST: 'mail.example', PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Configuration error: DEV_OUTBOX=public-demo cannot be used while SMTP_HOST');
    expect(run.stderr).not.toMatch(/\bat .*config\.ts/);
  });

  it('warns loudly at start while the outbox is on, and about channels that deliver nothing', () => {
    const url = 'http://localhost:8080';
    expect(deliveryWarnings(loadConfig({}), url, {})).toEqual([
      expect.stringMatching(/^DEV_OUTBOX=local: .*this machine only/),
    ]);
    expect(deliveryWarnings(loadConfig({ DEV_OUTBOX: 'public-demo' }), url, {})[0]).toMatch(/ANYONE can read/);
    const smtpOnly = { SMTP_HOST: 'mail.example', DEV_OUTBOX: 'local' };
    expect(deliveryWarnings(loadConfig(smtpOnly), url, smtpOnly)).toEqual([
      expect.stringMatching(/DEV_OUTBOX=local is ignored/),
      expect.stringMatching(/^SMS_HTTP_URL is not set/),
    ]);
    const both = { SMTP_HOST: 'mail.example', SMS_HTTP_URL: 'http://sms.example/send' };
    expect(deliveryWarnings(loadConfig(both), url, both)).toEqual([]);
  });
});

describe('DEV_OUTBOX=local: loopback clients only', () => {
  it('shows a code to a loopback client without forwarding headers', async () => {
    const a = await start();
    await askLoginCode(a);
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await readOutbox(a, { remoteAddress, query: { recipient: BUYER_MOBILE } });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.json().data[0].body).toMatch(/\d{6}/);
    }
  });

  it('answers a forwarded or remote request like a missing route (404)', async () => {
    const a = await start();
    await askLoginCode(a);
    const missing = await a.inject({ method: 'GET', url: '/gateway/dev/nothing' });
    expect(missing.statusCode).toBe(404);
    const refused = [
      { headers: { 'x-forwarded-for': STRANGER } },
      { headers: { forwarded: `for=${STRANGER}` } },
      { headers: { 'x-real-ip': STRANGER } },
      // A proxy on this machine that forwards a local address is not trusted without TRUSTED_PROXIES.
      { headers: { 'x-forwarded-for': '127.0.0.1' } },
      { remoteAddress: STRANGER },
      { remoteAddress: '10.0.0.7' },
    ];
    for (const options of refused) {
      const res = await readOutbox(a, options);
      expect(res.statusCode, JSON.stringify(options)).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
  });

  it('with TRUSTED_PROXIES, goes by the address the trusted proxy resolved', async () => {
    const a = await start({ TRUSTED_PROXIES: '127.0.0.1' });
    await askLoginCode(a);
    expect((await readOutbox(a, { headers: { 'x-forwarded-for': STRANGER } })).statusCode).toBe(404);
    expect((await readOutbox(a, { headers: { 'x-forwarded-for': `127.0.0.1, ${STRANGER}` } })).statusCode).toBe(404);
    expect((await readOutbox(a, { headers: { 'x-real-ip': '127.0.0.1' } })).statusCode).toBe(404);
    expect((await readOutbox(a, { headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(200);
    expect((await readOutbox(a)).statusCode).toBe(200);
    await app?.close();

    // A loopback peer that is not the trusted proxy cannot vouch for anyone.
    const b = await start({ TRUSTED_PROXIES: '10.0.0.1' });
    expect((await readOutbox(b, { headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(404);
    expect(
      (await readOutbox(b, { remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode,
    ).toBe(200);
    expect(
      (await readOutbox(b, { remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': STRANGER } })).statusCode,
    ).toBe(404);
  });
});

describe('DEV_OUTBOX=public-demo: verification codes only', () => {
  it('shows codes to anyone and never an invitation link, not even one kept under local', async () => {
    const local = await start();
    await inviteEmployee(local, 1);
    expect((await outboxRows()).some((r) => r.body.includes('invitation='))).toBe(true);
    await local.close();
    app = undefined;

    const demo = await start({ DEV_OUTBOX: 'public-demo' });
    await inviteEmployee(demo, 2);
    await askLoginCode(demo);
    const res = await readOutbox(demo, { remoteAddress: STRANGER, headers: { 'x-forwarded-for': STRANGER } });
    expect(res.statusCode).toBe(200);
    const listed = res.json().data as { recipient: string; body: string }[];
    expect(listed.map((m) => m.recipient)).toEqual([BUYER_MOBILE]);
    expect(listed[0].body).toMatch(/\d{6}/);
    expect(res.body).not.toMatch(/invitation|invite|outbox\.example/i);
    expect(await outboxRows()).toHaveLength(1);
  });
});

describe('DEV_OUTBOX=off', () => {
  it('with SMTP set and no SMS gateway, SMS codes are stored nowhere and the outbox is a missing route', async () => {
    await database.db.execute(sql`delete from outbox`);
    const a = await start({ SMTP_HOST: '127.0.0.1', SMTP_PORT: '9' });
    await askLoginCode(a);
    expect(await outboxRows()).toEqual([]);
    expect((await readOutbox(a)).statusCode).toBe(404);
  });

  it('with an SMS gateway and no SMTP, e-mailed codes and invitations are stored nowhere', async () => {
    await database.db.execute(sql`delete from outbox`);
    const a = await start({ SMS_HTTP_URL: 'http://127.0.0.1:9/sms' });
    await endResendPause();
    const forgot = await a.inject({
      method: 'GET',
      url: '/gateway/admin/sysuserinfo/getForgetPswdCode?account=buyer%40huaxin.example',
    });
    expect(forgot.statusCode, forgot.body).toBe(200);
    const token = await login(a, 'buyer');
    const partner = await a.inject({
      method: 'POST',
      url: '/gateway/srm/supplier-invitations',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        by: 'contact',
        enterpriseName: 'Outbox Partner Off',
        receiverName: 'Mr. Off',
        email: 'off@outbox.example',
      },
    });
    expect(partner.statusCode, partner.body).toBe(200);
    expect(await outboxRows()).toEqual([]);
    expect((await readOutbox(a)).statusCode).toBe(404);
  });
});
