import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MATERIAL_EXPORT_STATUS, OPERATION_TYPE } from '@concord/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PER_CLIENT } from '../src/modules/accounts/accounts.service.ts';
import { EXPORT_JOB } from '../src/modules/materials/materials.export.ts';
import { MATERIALS_MODULE } from '../src/modules/materials/materials.service.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';

/**
 * Issue 19 §1 with real processes: two servers (apps/server/src/main.ts) started at the same moment on
 * one fresh, empty PostgreSQL database, as two replicas behind a load balancer would be. Everything
 * they must share goes through that database: the migration and seed locks, the realtime channel, the
 * sign-in throttle, the id worker leases and the job claims.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL;
const DB_NAME = `concord_two_${process.pid}_${randomBytes(4).toString('hex')}`;
const CREATES = 10_000;
const IN_FLIGHT = 32;
/** Some 6–7 ms of CPU per create (servers, database, client): under a minute on two idle cores; the rest is margin. */
const BURST_MS = 480_000;
const EXPORTS = 8;
const root = path.resolve(import.meta.dirname, '../../..');
const migrationCount = (
  JSON.parse(readFileSync(path.join(root, 'apps/server/src/db/migrations/meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

interface Server {
  name: string;
  url: string;
  dataDir: string;
  /** What the process wrote (its start banner, warnings), for the seed check and a failed start. */
  output(): string;
  /** SIGTERM, then the process's own shutdown: requests drained, lease released, pool closed. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
// A worker torn down before afterAll ran must not leave servers holding the test database.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Spawns one server; it is answering once `healthy` resolves. */
async function spawnServer(name: string, databaseUrl: string, secret: string): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `concord-two-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true',
      SERVER_SECRET: secret,
      // The child inherits the runner's NODE_ENV=test, which would leave its polling loop off.
      JOBS: 'true',
      RATE_LIMITS: 'true',
      DEV_OUTBOX: 'local',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
    },
  });
  running.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-16_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return {
    name,
    url,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function healthy(server: Server, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${server.url}/gateway/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${server.name} did not answer within ${timeoutMs} ms:\n${server.output()}`);
    await sleep(100);
  }
}

const BASIC = `Basic ${Buffer.from('concord:concord').toString('base64')}`;

/** The password grant as an OAuth client sends it: client credentials in Basic auth, a form body. */
function tokenRequest(server: Server, username: string, password: string): Promise<Response> {
  return fetch(`${server.url}/gateway/auth/oauth/token?grant_type=password&scope=server`, {
    method: 'POST',
    headers: { authorization: BASIC, 'accept-language': 'en-US' },
    body: new URLSearchParams({ username, password }),
  });
}

interface Session {
  token: string;
  tenantId: string;
}

async function login(server: Server, username: string): Promise<Session> {
  const res = await tokenRequest(server, username, DEMO_PASSWORD);
  const body = await res.text();
  expect(res.status, body).toBe(200);
  const token = (JSON.parse(body) as { access_token: string }).access_token;
  const info = await call(server, { token, tenantId: '' }, 'GET', '/gateway/admin/user/info');
  return { token, tenantId: (info as { tenant: { id: string } }).tenant.id };
}

interface Reply {
  status: number;
  text: string;
}

async function request(server: Server, who: Session, method: string, url: string, body?: unknown): Promise<Reply> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${who.token}`,
      'accept-language': 'en-US',
      ...(who.tenantId ? { TENANT_ID: who.tenantId } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

/** A 200 reply's `data`. */
async function call(server: Server, who: Session, method: string, url: string, body?: unknown): Promise<unknown> {
  const reply = await request(server, who, method, url, body);
  expect(reply.status, `${method} ${url} on ${server.name}: ${reply.text}`).toBe(200);
  return (JSON.parse(reply.text) as { data: unknown }).data;
}

/** Collects what a socket is pushed; `next` waits for the n-th push (1-based). */
function recorder(ws: WebSocket) {
  const pushes: string[] = [];
  ws.on('message', (data) => pushes.push(data.toString()));
  return {
    pushes,
    async next(n: number, timeoutMs = 15_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (pushes.length < n) {
        if (Date.now() > deadline) throw new Error(`push ${n} never arrived`);
        await sleep(20);
      }
      return pushes[n - 1]!;
    },
  };
}

function connect(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { 'accept-language': 'en-US' } });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** The worker bits of a snowflake id (platform/ids.ts): which process's lease minted it. */
const workerOf = (id: string) => Number((BigInt(id) >> 12n) & 0x3ffn);

describe.skipIf(!ADMIN_URL)('two real server processes on one PostgreSQL database (issue 19)', () => {
  let admin: pg.Client;
  let db: pg.Client;
  let a: Server;
  let b: Server;
  /** The buyer, signed in through A; a token is a database session, so B honours it as well. */
  let buyer: Session;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${DB_NAME}`);
    const target = new URL(ADMIN_URL!);
    target.pathname = `/${DB_NAME}`;
    const secret = randomBytes(32).toString('hex');
    // Both spawned before either is awaited: they meet on the empty database at the same moment.
    const started = Date.now();
    [a, b] = await Promise.all([
      spawnServer('A', target.toString(), secret),
      spawnServer('B', target.toString(), secret),
    ]);
    await Promise.all([healthy(a), healthy(b)]);
    const seconds = (Date.now() - started) / 1000;
    console.log(`two processes: both answering ${seconds.toFixed(1)} s after the simultaneous start`);
    db = new pg.Client({ connectionString: target.toString() });
    await db.connect();
    buyer = await login(a, 'buyer');
  }, 200_000);

  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.end().catch(() => {});
    if (admin) {
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [DB_NAME]);
      await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);

  it('start together on an empty database: migrated once, seeded once, each with its own id worker', async () => {
    const migrations = await db.query<{ n: number; distinct: number }>(
      'select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
    );
    expect(migrations.rows[0]).toEqual({ n: migrationCount, distinct: migrationCount });

    const world = await db.query<{ buyers: number; huaxin: number }>(`
      select (select count(*)::int from users where username = 'buyer') as buyers,
             (select count(*)::int from enterprises where comp_no = '20260001') as huaxin`);
    expect(world.rows[0]).toEqual({ buyers: 1, huaxin: 1 });
    // The seed reports what it did: exactly one of the two created the demo world, the other found it.
    const seededBy = [a, b].filter((s) => s.output().includes('demo world created')).map((s) => s.name);
    expect(seededBy).toHaveLength(1);

    const leases = await db.query<{ worker_id: number }>('select worker_id from id_workers where expires_at > now()');
    expect(leases.rows).toHaveLength(2);
    expect(new Set(leases.rows.map((r) => r.worker_id)).size).toBe(2);
  });

  it('pushes a message created through A to a websocket connected to B', async () => {
    const supplier = await login(b, 'supplier');
    const { port } = new URL(b.url);
    const ws = await connect(
      `ws://127.0.0.1:${port}/gateway/admin/ws/info?access_token=${supplier.token}&TENANT_ID=${supplier.tenantId}`,
    );
    sockets.push(ws);
    const pushed = recorder(ws);

    const options = (await call(a, buyer, 'GET', '/gateway/srm/purchase-orders/options')) as {
      suppliers: { id: string; supCode: string }[];
    };
    const precision = options.suppliers.find((s) => s.supCode === 'S00001')!;
    const order = (await call(a, buyer, 'POST', '/gateway/srm/purchase-orders', {
      supplierId: precision.id,
      currency: 'CNY',
      orderDate: '2026-11-23',
      send: true,
      lines: [
        {
          prdtNo: 'TWO-1',
          prdtName: 'Housing',
          unitName: 'pcs',
          qty: '100',
          price: '1.5',
          taxRate: '13',
          requestedDate: '2026-12-20',
        },
      ],
    })) as { orderNo: string };

    const push = JSON.parse(await pushed.next(1));
    expect(push).toMatchObject({ type: 'message', title: expect.stringContaining(`sent you order ${order.orderNo}`) });
    // Once, not once per process.
    await sleep(500);
    expect(pushed.pushes).toHaveLength(1);
  });

  it('counts failed sign-ins spread over both processes as one', async () => {
    const guesses: number[] = [];
    // Alternating A, B, A, …: each process alone would see half the failures and never delay.
    for (let i = 0; i < PER_CLIENT.free; i++) {
      const res = await tokenRequest(i % 2 === 0 ? a : b, 'supplier2', `wrong-${i}`);
      guesses.push(res.status);
    }
    expect(guesses).toEqual(Array(PER_CLIENT.free).fill(426));

    // The next attempt, on either process and even with the right password, waits the first delay.
    for (const server of [b, a]) {
      const refused = await tokenRequest(server, 'supplier2', DEMO_PASSWORD);
      const body = await refused.text();
      expect(refused.status, `${server.name}: ${body}`).toBe(429);
      expect(JSON.parse(body)).toMatchObject({ errorCode: 'TOO_MANY_ATTEMPTS' });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(PER_CLIENT.baseDelayMs / 1000 - 10);
      expect(retryAfter).toBeLessThanOrEqual(PER_CLIENT.baseDelayMs / 1000);
    }
  });

  it(
    `mints no duplicate id in ${CREATES} concurrent creates across both`,
    async () => {
      const ids: string[] = new Array(CREATES);
      const failures: string[] = [];
      let next = 0;
      let answered = 0;
      const started = Date.now();
      // A machine too slow for the burst fails it with the rate it reached, not with a bare timeout.
      const deadline = started + BURST_MS;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          for (let i = next++; i < CREATES && Date.now() < deadline; i = next++) {
            const server = i % 2 === 0 ? a : b;
            const reply = await request(server, buyer, 'POST', '/gateway/srm/supplier-classes', {
              code: `TWO${String(i).padStart(5, '0')}`,
              name: `Two processes ${i}`,
            });
            answered++;
            if (reply.status === 200) ids[i] = (JSON.parse(reply.text) as { data: { id: string } }).data.id;
            else failures.push(`${server.name} #${i}: ${reply.status} ${reply.text}`);
          }
        }),
      );
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `two processes: ${answered} of ${CREATES} creates, ${IN_FLIGHT} in flight, in ${seconds.toFixed(1)} s ` +
          `(${Math.round(answered / seconds)} per second)`,
      );
      expect(answered, `only ${answered} creates within ${BURST_MS / 1000} s`).toBe(CREATES);
      expect(failures.slice(0, 5), `${failures.length} failed`).toEqual([]);
      expect(new Set(ids).size).toBe(CREATES);

      // Each create minted two ids (the class and its operation log); all of them differ, across tables too.
      const stored = await db.query<{ classes: number; logs: number; distinct: number }>(
        `with made as (
         select id from supplier_classes where code like 'TWO%'
         union all
         select id from operation_logs where target_id = any($1::text[]))
       select (select count(*)::int from supplier_classes where code like 'TWO%') as classes,
              (select count(*)::int from operation_logs where target_id = any($1::text[])) as logs,
              (select count(distinct id)::int from made) as distinct`,
        [ids],
      );
      expect(stored.rows[0]).toEqual({ classes: CREATES, logs: CREATES, distinct: 2 * CREATES });

      // The ids each process answered with carry its own leased worker, never the other's.
      const workers = (server: number) => new Set(ids.filter((_, i) => i % 2 === server).map(workerOf));
      const [ofA, ofB] = [workers(0), workers(1)];
      expect(ofA.size).toBe(1);
      expect(ofB.size).toBe(1);
      expect([...ofA][0]).not.toBe([...ofB][0]);
    },
    BURST_MS + 60_000,
  );

  it('runs each job once, whichever process it was enqueued through', async () => {
    const started = await Promise.all(
      Array.from({ length: EXPORTS }, async (_, i) => {
        const created = (await call(i % 2 === 0 ? a : b, buyer, 'POST', '/gateway/srm/materials/exports', {
          target: 'materials',
        })) as { id: string };
        return created.id;
      }),
    );

    const deadline = Date.now() + 120_000;
    for (;;) {
      const open = await db.query<{ n: number }>(
        'select count(*)::int as n from material_exports where id = any($1::bigint[]) and status in ($2, $3)',
        [started, MATERIAL_EXPORT_STATUS.QUEUED, MATERIAL_EXPORT_STATUS.RUNNING],
      );
      if (open.rows[0]!.n === 0) break;
      if (Date.now() > deadline) throw new Error(`${open.rows[0]!.n} exports still open after 120 s`);
      await sleep(100);
    }

    const exports = await db.query<{ status: string; file_key: string | null }>(
      'select status, file_key from material_exports where id = any($1::bigint[])',
      [started],
    );
    expect(exports.rows.map((r) => r.status)).toEqual(Array(EXPORTS).fill(MATERIAL_EXPORT_STATUS.DONE));

    const jobs = await db.query<{ attempts: number; done: boolean; dead: boolean }>(
      `select attempts, done_at is not null as done, dead_at is not null as dead from jobs
        where kind = $1 and payload->>'exportId' = any($2::text[])`,
      [EXPORT_JOB, started],
    );
    expect(jobs.rows).toEqual(Array(EXPORTS).fill({ attempts: 1, done: true, dead: false }));

    // One result each: one workbook written by whichever process ran it, one export logged.
    const written = (server: Server) => {
      const dir = path.join(server.dataDir, 'files');
      return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.xlsx')) : [];
    };
    const [byA, byB] = [written(a), written(b)];
    expect([...byA, ...byB].sort()).toEqual(exports.rows.map((r) => r.file_key).sort());
    console.log(`two processes: ${EXPORTS} exports ran once each, ${byA.length} on A and ${byB.length} on B`);
    const logged = await db.query<{ n: number }>(
      'select count(*)::int as n from operation_logs where module = $1 and operation_type = $2',
      [MATERIALS_MODULE, OPERATION_TYPE.EXPORT],
    );
    expect(logged.rows[0]!.n).toBe(EXPORTS);
  });
});
