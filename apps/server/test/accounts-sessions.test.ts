import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app.ts';
import { PURGE_JOB, registerAccountPurge } from '../src/modules/accounts/purge.ts';
import { createJobRunner } from '../src/platform/jobs.ts';
import { serverSecret } from '../src/platform/secrets.ts';
import { hashToken, successorToken } from '../src/platform/tokens.ts';
import { as, createTestContext, DEMO_PASSWORD, login, type TestContext } from './helpers.ts';

/** QUALITY S-07 and S-12: token families, their one successor, and what a logout ends; the daily purge. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const info = (token: string) => as(t.app, token).get('/gateway/admin/user/info');

interface SessionRow extends Record<string, unknown> {
  id: string;
  family_id: string;
  parent_id: string | null;
  first_used_at: string | null;
  expires_at: string;
  revoked_at: string | null;
}

async function session(token: string): Promise<SessionRow | undefined> {
  const res = await t.database.db.execute<SessionRow>(sql`
    select id::text, family_id::text, parent_id::text, first_used_at::text, expires_at::text, revoked_at::text
      from sessions where token_hash = ${hashToken(token)}`);
  return res.rows[0];
}

/** Moves a session to just past half its life, where a request is answered with its successor. */
async function pastHalfLife(token: string) {
  const halfLife = t.config.tokenTtlSeconds / 2;
  await t.database.db.execute(sql`
    update sessions set expires_at = now() + make_interval(secs => ${halfLife - 60})
     where token_hash = ${hashToken(token)}`);
}

async function familySize(familyId: string): Promise<number> {
  const res = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from sessions where family_id = ${familyId}::bigint`,
  );
  return res.rows[0]!.n;
}

/** A parent past half-life and its successor, minted by one request. */
async function refreshedPair(username = 'buyer.clerk') {
  const parent = await login(t.app, username);
  await pastHalfLife(parent);
  const res = await info(parent);
  const successor = res.headers['x-refreshed-token'] as string;
  expect(successor).toBeTruthy();
  return { parent, successor };
}

describe('S-12 one successor per session', () => {
  it('gives ten parallel requests past half-life the same successor and stores it once', async () => {
    const parent = await login(t.app, 'buyer.clerk');
    const row = (await session(parent))!;
    expect(row.family_id).toBe(row.id);
    expect(row.parent_id).toBeNull();
    await pastHalfLife(parent);

    const replies = await Promise.all(Array.from({ length: 10 }, () => info(parent)));
    for (const res of replies) expect(res.statusCode).toBe(200);
    const successors = new Set(replies.map((r) => r.headers['x-refreshed-token']));
    expect(successors.size).toBe(1);
    const [successor] = [...successors] as string[];
    expect(successor).not.toBe(parent);
    expect(await familySize(row.id)).toBe(2);
    expect(await session(successor!)).toMatchObject({ family_id: row.id, parent_id: row.id, revoked_at: null });
    // Derived from the parent with the server secret, not stored anywhere in clear.
    expect(successor).toBe(successorToken(serverSecret(t.config), parent));
  });

  it('mints the same successor from every server instance sharing the secret', async () => {
    const second = await buildApp({ database: t.database, config: { ...t.config }, logger: false });
    try {
      await second.ready();
      const parent = await login(t.app, 'buyer.clerk');
      await pastHalfLife(parent);
      const replies = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          (i % 2 ? second : t.app).inject({
            method: 'GET',
            url: '/gateway/admin/user/info',
            headers: { authorization: `Bearer ${parent}` },
          }),
        ),
      );
      expect(new Set(replies.map((r) => r.headers['x-refreshed-token'])).size).toBe(1);
      expect(await familySize((await session(parent))!.family_id)).toBe(2);
    } finally {
      await second.close();
    }
  });

  it('keeps the parent for 60 s after the successor is first used, then refuses it', async () => {
    const { parent, successor } = await refreshedPair();
    // Until the successor is used, the parent lives on as before.
    expect((await info(parent)).statusCode).toBe(200);
    expect((await session(successor))!.first_used_at).toBeNull();

    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(start);
      expect((await info(successor)).statusCode).toBe(200);
      expect((await session(successor))!.first_used_at).not.toBeNull();
      vi.setSystemTime(start + 50_000);
      expect((await info(parent)).statusCode).toBe(200);
      vi.setSystemTime(start + 61_000);
      const late = await info(parent);
      expect(late.statusCode).toBe(424);
      expect(late.json().errorCode).toBe('LOGIN_EXPIRED');
      expect((await info(successor)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('S-07 / S-12 logout and password change end the whole family', () => {
  it('logging out with the successor ends the parent (a stolen copy) too', async () => {
    const { parent, successor } = await refreshedPair();
    const other = await login(t.app, 'buyer.clerk');
    expect((await as(t.app, successor).get('/gateway/auth/token/logout')).statusCode).toBe(200);
    expect((await info(successor)).statusCode).toBe(424);
    expect((await info(parent)).statusCode).toBe(424);
    // Another login of the same user is another family.
    expect((await info(other)).statusCode).toBe(200);
  });

  it('logging out with the parent ends the successor too', async () => {
    const { parent, successor } = await refreshedPair();
    expect((await as(t.app, parent).get('/gateway/auth/token/logout')).statusCode).toBe(200);
    expect((await info(parent)).statusCode).toBe(424);
    expect((await info(successor)).statusCode).toBe(424);
    // A parent of a revoked family mints nothing any more.
    expect((await info(parent)).headers['x-refreshed-token']).toBeUndefined();
  });

  it('a password change ends every family of the user', async () => {
    const username = 'buyer.clerk';
    const first = await refreshedPair(username);
    const second = await login(t.app, username);
    const changed = await as(t.app, second).post('/gateway/admin/user/editPassword', {
      password: DEMO_PASSWORD,
      newpassword1: 'Clerk#Changed2026',
      newpassword2: 'Clerk#Changed2026',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    for (const token of [first.parent, first.successor, second]) expect((await info(token)).statusCode).toBe(424);
    await as(t.app, await login(t.app, username, 'Clerk#Changed2026')).post('/gateway/admin/user/editPassword', {
      password: 'Clerk#Changed2026',
      newpassword1: DEMO_PASSWORD,
      newpassword2: DEMO_PASSWORD,
    });
  });

  it('closes a websocket opened with the parent when the successor logs out', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { parent, successor } = await refreshedPair();
    const { port } = t.app.server.address() as AddressInfo;
    const ws = await new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/gateway/admin/ws/info?access_token=${parent}`);
      socket.once('open', () => resolve(socket));
      socket.once('error', reject);
    });
    try {
      const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
      await as(t.app, successor).get('/gateway/auth/token/logout');
      expect(await closed).toBe(4401);
    } finally {
      ws.terminate();
    }
  });
});

describe('the server secret', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'concord-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('is generated once into the data directory, private, and every process starting at once reads the same', async () => {
    const dataDir = tempDir();
    const tsx = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');
    const module = path.resolve(import.meta.dirname, '../src/platform/secrets.ts');
    const script = `import { serverSecret } from ${JSON.stringify(module)};
      process.stdout.write(serverSecret({ dataDir: process.argv.at(-1) }).toString('hex'));`;
    const run = promisify(execFile);
    const outputs = await Promise.all(
      Array.from({ length: 4 }, () => run(tsx, ['--eval', script, dataDir]).then((r) => r.stdout)),
    );
    expect(new Set(outputs).size).toBe(1);
    expect(outputs[0]).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dataDir, 'server-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url').toString('hex')).toBe(outputs[0]);
    expect(serverSecret({ dataDir }).toString('hex')).toBe(outputs[0]);
  }, 60_000);

  it('comes from SERVER_SECRET when set, and a short one is refused', () => {
    const dataDir = tempDir();
    const configured = 'x'.repeat(40);
    expect(serverSecret({ dataDir, serverSecret: configured }).toString()).toBe(configured);
    expect(() => serverSecret({ dataDir, serverSecret: 'too-short' })).toThrow(/SERVER_SECRET/);
  });
});

describe('the daily purge', () => {
  const count = async (query: ReturnType<typeof sql>) => (await t.database.db.execute<{ n: number }>(query)).rows[0]!.n;

  it('is a daily job that removes expired sign-in data and keeps what is live', async () => {
    const db = t.database.db;
    const live = await login(t.app, 'buyer.clerk');
    const expired = await login(t.app, 'buyer.clerk');
    await db.execute(sql`update sessions set expires_at = now() - interval '1 minute'
                          where token_hash = ${hashToken(expired)}`);
    // Revoked but not yet expired: kept, so it keeps failing as revoked for as long as it could have worked.
    const revoked = await login(t.app, 'buyer.clerk');
    await as(t.app, revoked).get('/gateway/auth/token/logout');
    await db.execute(sql`
      insert into qr_logins (id, secret_hash, expires_at) values
        (910000001, 'purge-old', now() - interval '1 hour'), (910000002, 'purge-new', now() + interval '1 minute')`);
    await db.execute(sql`
      insert into verification_codes (id, purpose, target, code_hash, created_at, expires_at) values
        (910000011, 'login', 'purge-old', 'x', now() - interval '25 hours', now() - interval '24 hours'),
        (910000012, 'login', 'purge-new', 'x', now() - interval '2 hours', now() - interval '1 hour')`);
    await db.execute(sql`
      insert into oidc_states (state, nonce, code_verifier, created_at) values
        ('purge-old', 'n', 'v', now() - interval '25 hours'), ('purge-new', 'n', 'v', now())`);
    await db.execute(sql`
      insert into idempotency_keys (id, user_id, key, route, status_code, created_at) values
        (910000021, 1, 'purge-old', 'POST /x', 200, now() - interval '25 hours'),
        (910000022, 1, 'purge-new', 'POST /x', 200, now() - interval '23 hours')`);
    await db.execute(sql`
      insert into auth_throttles (key, failures, window_started_at, last_failure_at) values
        ('purge-old', 3, now() - interval '30 hours', now() - interval '25 hours'),
        ('purge-new', 3, now() - interval '2 hours', now() - interval '2 hours')`);

    const runner = createJobRunner(db, Fastify({ logger: false }).log);
    registerAccountPurge(runner);
    // Scheduled, not started by a user: retried, and it serves no record.
    expect(runner.kinds().get(PURGE_JOB)).toMatchObject({ retry: true, record: null });
    await runner.scheduleDaily();
    expect(await runner.runDue()).toBe(1);
    expect(
      await count(sql`select count(*)::int as n from jobs where kind = ${PURGE_JOB} and done_at is not null`),
    ).toBe(1);

    expect(await session(expired)).toBeUndefined();
    expect(await session(live)).toBeDefined();
    expect((await session(revoked))?.revoked_at).not.toBeNull();
    for (const table of ['qr_logins', 'verification_codes', 'idempotency_keys'] as const) {
      const column = table === 'qr_logins' ? sql`secret_hash` : table === 'verification_codes' ? sql`target` : sql`key`;
      const rows = await db.execute<{ v: string }>(
        sql`select ${column} as v from ${sql.identifier(table)} where ${column} like 'purge-%' order by 1`,
      );
      expect(
        rows.rows.map((r) => r.v),
        table,
      ).toEqual(['purge-new']);
    }
    const states = await db.execute<{ state: string }>(sql`select state from oidc_states where state like 'purge-%'`);
    expect(states.rows.map((r) => r.state)).toEqual(['purge-new']);
    const throttles = await db.execute<{ key: string }>(sql`select key from auth_throttles where key like 'purge-%'`);
    expect(throttles.rows.map((r) => r.key)).toEqual(['purge-new']);
    expect((await info(live)).statusCode).toBe(200);
  });
});
