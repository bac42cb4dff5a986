// QUALITY P-01 and P-02: the purchase-order list (`POST /gateway/srm/purchase-orders/list`, page of
// 20 + total) of a tenant holding many order lines.
//   P-01  PostgreSQL, BENCH_LIST_LINES (1,000,000) lines, BENCH_CONCURRENCY (64) requests in flight on
//         a pool of as many connections: throughput ≥ 70 % of the same statements replayed straight
//         through `pg` on a pool of the same size (unnamed, as a plain client sends them), and at least
//         BENCH_LIST_FLOOR (392) req/s; then a fixed rate of half that throughput held for
//         BENCH_HALF_LOAD_SECONDS (60): p99 < 50 ms.
//   P-02  PGlite (embedded), BENCH_PGLITE_LINES (100,000) lines, one request at a time: p50 < 20 ms.
// Run alone: node --import tsx apps/server/bench/lists.ts   (or through `npm run bench`).
// TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server; the database
// `concord_bench_lists` is made and dropped.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, type Db, openPglite, openPostgres } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { seedDemoWorld } from '../src/seed/demo.ts';
import { record } from './summary.ts';

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PG_LINES = Number(process.env.BENCH_LIST_LINES ?? 1_000_000);
const PGLITE_LINES = Number(process.env.BENCH_PGLITE_LINES ?? 100_000);
const LINES_PER_ORDER = Number(process.env.BENCH_LINES_PER_ORDER ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 2_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const HALF_LOAD_SECONDS = Number(process.env.BENCH_HALF_LOAD_SECONDS ?? 60);
/** The list's throughput on this machine before issue 20, which the work on it must not lose. */
const FLOOR_RPS = Number(process.env.BENCH_LIST_FLOOR ?? 392);
const RATIO_TARGET = 0.7;

export function percentile(samples: number[], p: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export interface World {
  buyerTenant: string;
  supplierTenant: string;
  supplierId: string;
}

export async function demoWorld(db: Db): Promise<World> {
  const one = async (q: ReturnType<typeof sql>) => (await db.execute<{ v: string }>(q)).rows[0].v;
  const buyerTenant = await one(
    sql`select m.tenant_id::text as v from memberships m join users u on u.id = m.user_id where u.username = 'buyer'`,
  );
  const supplierTenant = await one(
    sql`select m.tenant_id::text as v from memberships m join users u on u.id = m.user_id where u.username = 'supplier'`,
  );
  const supplierId = await one(
    sql`select id::text as v from suppliers where tenant_id = ${buyerTenant} and supplier_tenant_id = ${supplierTenant}`,
  );
  return { buyerTenant, supplierTenant, supplierId };
}

/**
 * Bulk seeder: `lines` sent and confirmed order lines of the buyer to its first supplier, in orders
 * of `perOrder` lines, dated over the year before `2026-01-01`. Ids start at `base` so several
 * seeders can share a database. Runs as the database owner (row-level security does not apply).
 */
export async function seedOrders(db: Db, w: World, lines: number, perOrder: number, base = 3_000_000_000_000) {
  const orders = Math.ceil(lines / perOrder);
  await db.execute(sql`
    insert into purchase_orders (tenant_id, supplier_tenant_id, id, order_no, supplier_id, status, order_date,
                                 total_amount, line_count, created_at, updated_at, sent_at)
    select ${w.buyerTenant}::bigint, ${w.supplierTenant}::bigint, ${base}::bigint + g, 'BPO' || lpad(g::text, 8, '0'),
           ${w.supplierId}::bigint, 4, date '2025-01-01' + (g % 365), ${perOrder * 1234.5}, ${perOrder},
           timestamptz '2025-01-01' + g * interval '5 minutes', timestamptz '2025-01-01' + g * interval '5 minutes',
           timestamptz '2025-01-01' + g * interval '5 minutes'
      from generate_series(1, ${orders}) g`);
  await db.execute(sql`
    insert into purchase_order_lines (tenant_id, supplier_tenant_id, id, order_id, line_no, prdt_no, prdt_name,
                                      unit_name, qty, price, amount, requested_date, status, confirmed_qty,
                                      confirmed_date)
    select ${w.buyerTenant}::bigint, ${w.supplierTenant}::bigint, ${base}::bigint + ${orders} + g,
           ${base}::bigint + 1 + (g - 1) / ${perOrder}, 1 + (g - 1) % ${perOrder},
           'BM' || lpad((g % 5000)::text, 5, '0'), 'Bench material ' || (g % 5000), 'pcs',
           100, 12.345, 1234.5, date '2025-01-10' + ((g / ${perOrder}) % 365), 1, 100,
           date '2025-01-10' + ((g / ${perOrder}) % 365)
      from generate_series(1, ${lines}) g`);
  // Measured against settled tables: no autovacuum of a million fresh rows racing the requests.
  await db.execute(sql`vacuum analyze purchase_orders`);
  await db.execute(sql`vacuum analyze purchase_order_lines`);
  await db.execute(sql`vacuum analyze purchase_order_tallies`);
  return orders;
}

export async function benchApp(database: Database): Promise<{ app: FastifyInstance; token: string }> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'false',
    WEB_DIST: '/nonexistent',
    DATA_DIR: '/tmp/concord-bench',
  });
  const app = await buildApp({ database, config, logger: false });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/gateway/auth/oauth/token?grant_type=password&scope=server',
    payload: { username: 'buyer', password: 'Demo@2026' },
  });
  return { app, token: login.json().access_token as string };
}

const LIST_BODY = { filter: { side: 'buyer' }, pageParam: { pageNum: 1, pageSize: 20 } };

export function listRequest(app: FastifyInstance, token: string) {
  return async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/gateway/srm/purchase-orders/list',
      headers: { authorization: `Bearer ${token}` },
      payload: LIST_BODY,
    });
    if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body.slice(0, 200)}`);
  };
}

/** `total` calls with `concurrency` in flight; latency per call and calls per second overall. */
async function load(concurrency: number, total: number, work: () => Promise<unknown>) {
  const samples: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < total) {
        const t0 = performance.now();
        await work();
        samples.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), rps: samples.length / seconds };
}

/** `total` calls started at a fixed `rate` per second, however long each takes (open loop). */
async function paced(rate: number, total: number, work: () => Promise<unknown>) {
  const samples: number[] = [];
  const start = performance.now();
  const calls: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    calls.push(
      (async () => {
        const t0 = performance.now();
        await work();
        samples.push(performance.now() - t0);
      })(),
    );
  }
  await Promise.all(calls);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

type Captured = { text: string; values?: unknown[] };

/**
 * The statements one list request sends to PostgreSQL (session lookup, transaction, tenant context,
 * data scope, page, count), recorded at the driver so the baseline replays exactly what the product sends.
 */
export async function captureStatements(work: () => Promise<unknown>): Promise<Captured[]> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const captured: Captured[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    const values = Array.isArray(second) ? second : undefined;
    if (typeof first === 'string') captured.push({ text: first, values });
    else if (first && typeof first === 'object' && 'text' in first) {
      const c = first as Captured;
      captured.push({ text: c.text, values: c.values ?? values });
    }
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    proto.query = original;
  }
  return captured;
}

export async function benchListsPostgres(): Promise<void> {
  const dbName = 'concord_bench_lists';
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  const target = new URL(PG_URL);
  target.pathname = `/${dbName}`;
  const database = await openPostgres(target.toString(), CONCURRENCY);
  const raw = new pg.Pool({ connectionString: target.toString(), max: CONCURRENCY });
  try {
    await migrateDatabase(database);
    await seedDemoWorld(database.db);
    const world = await demoWorld(database.db);
    console.log(
      `\nP-01: seeding ${PG_LINES.toLocaleString()} order lines on PostgreSQL (${LINES_PER_ORDER} per order)…`,
    );
    const t0 = performance.now();
    const orders = await seedOrders(database.db, world, PG_LINES, LINES_PER_ORDER);
    console.log(`  ${orders.toLocaleString()} orders seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const { app, token } = await benchApp(database);
    const product = listRequest(app, token);
    for (let i = 0; i < 50; i++) await product();
    const statements = await captureStatements(product);
    const replay = async () => {
      const client = await raw.connect();
      try {
        // As a plain pg client sends them: unnamed, even where the product prepares by name.
        for (const s of statements) await client.query(s.text, s.values);
      } finally {
        client.release();
      }
    };
    if (process.env.BENCH_SHOW_SQL === '1') for (const s of statements) console.log(`    ${s.text.slice(0, 160)}`);
    await load(CONCURRENCY, Math.min(500, REQUESTS), replay);
    const bare = await load(CONCURRENCY, REQUESTS, replay);
    console.log(`  ${statements.length} statements per request; ${CONCURRENCY} in flight, ${REQUESTS} requests each`);
    console.log(
      `  bare pg replay          p50 ${bare.p50.toFixed(1)} ms  p99 ${bare.p99.toFixed(1)} ms  ${bare.rps.toFixed(0)} req/s`,
    );
    // Both pools at full size would pass PostgreSQL's default 100 connections.
    await raw.end();
    const full = await load(CONCURRENCY, REQUESTS, product);
    const ratio = full.rps / bare.rps;
    console.log(
      `  POST purchase-orders/list p50 ${full.p50.toFixed(1)} ms  p99 ${full.p99.toFixed(1)} ms  ${full.rps.toFixed(0)} req/s`,
    );
    console.log(
      `  P-01 throughput ${(ratio * 100).toFixed(0)} % of bare pg (≥ ${RATIO_TARGET * 100} %): ${ratio >= RATIO_TARGET ? 'PASS' : 'FAIL'}`,
    );
    const lines = `${(PG_LINES / 1e6).toLocaleString('en-US')}M lines`;
    record({
      row: 'P-01',
      case: `purchase-order list, ${lines}, ${CONCURRENCY} in flight: throughput`,
      target: `≥ ${RATIO_TARGET * 100} % of bare pg, ≥ ${FLOOR_RPS} req/s`,
      measured: full.rps,
      unit: 'req/s',
      ratio,
      pass: ratio >= RATIO_TARGET && full.rps >= FLOOR_RPS,
      note: `bare pg ${bare.rps.toFixed(0)} req/s; ${statements.length} statements per request`,
    });
    // With 64 always in flight, mean latency is 64 ÷ throughput (Little's law); the latency of the
    // same requests arriving at a steady rate below saturation shows what one request costs.
    const rate = Math.round(full.rps * 0.5);
    const steady = await paced(rate, rate * HALF_LOAD_SECONDS, product);
    console.log(
      `  at a steady ${rate} req/s (half of saturation) for ${HALF_LOAD_SECONDS} s: p50 ${steady.p50.toFixed(1)} ms  p99 ${steady.p99.toFixed(1)} ms`,
    );
    record({
      row: 'P-01',
      case: `purchase-order list, ${lines}, ${rate} req/s (half load) for ${HALF_LOAD_SECONDS} s: p99`,
      target: '< 50 ms',
      measured: steady.p99,
      unit: 'ms',
      pass: steady.p99 < 50,
      note: `p50 ${steady.p50.toFixed(1)} ms`,
    });
    await app.close();
  } finally {
    if (!raw.ended) await raw.end();
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

export async function benchListsPglite(): Promise<void> {
  const database = await openPglite();
  try {
    await migrateDatabase(database);
    await seedDemoWorld(database.db);
    const world = await demoWorld(database.db);
    console.log(
      `\nP-02: seeding ${PGLITE_LINES.toLocaleString()} order lines on PGlite (${LINES_PER_ORDER} per order)…`,
    );
    await seedOrders(database.db, world, PGLITE_LINES, LINES_PER_ORDER);
    const { app, token } = await benchApp(database);
    const product = listRequest(app, token);
    for (let i = 0; i < 20; i++) await product();
    const r = await load(1, ROUNDS, product);
    console.log(
      `  POST purchase-orders/list p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  (${ROUNDS} requests)`,
    );
    console.log(`  P-02 p50 < 20 ms: ${r.p50 < 20 ? 'PASS' : 'FAIL'}`);
    record({
      row: 'P-02',
      case: `purchase-order list on PGlite, ${PGLITE_LINES.toLocaleString('en-US')} lines (p50)`,
      target: '< 20 ms',
      measured: r.p50,
      unit: 'ms',
      pass: r.p50 < 20,
      note: `p99 ${r.p99.toFixed(1)} ms`,
    });
    await app.close();
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchListsPglite();
  await benchListsPostgres();
}
