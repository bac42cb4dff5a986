// `npm run bench`: platform benchmarks on the embedded database, in process (no network noise).
// Prints p50/p99 per scenario and the ratio of the full HTTP path to the bare SQL it issues.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPglite } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { seedDemoWorld } from '../src/seed/demo.ts';
import { benchLabels } from './labels.ts';
import { benchLogins } from './logins.ts';
import { benchMoney } from './money.ts';
import { benchPurchaseOrders } from './purchase-orders.ts';
import { benchXlsx } from './xlsx.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);

function percentile(samples: number[], p: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(name: string, work: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  const p50 = percentile(samples, 50);
  const p99 = percentile(samples, 99);
  console.log(`${name.padEnd(48)} p50 ${p50.toFixed(2).padStart(7)} ms   p99 ${p99.toFixed(2).padStart(7)} ms`);
  return p50;
}

const database = await openPglite();
await migrateDatabase(database);
await seedDemoWorld(database.db);
const db = database.db;
const [{ tenant_id: tenantId, user_id: userId }] = (
  await db.execute<{ tenant_id: string; user_id: string }>(
    sql`select m.tenant_id::text, m.user_id::text from memberships m join users u on u.id = m.user_id where u.username = 'buyer'`,
  )
).rows;

console.log(`Seeding ${MESSAGES.toLocaleString()} messages for one user…`);
await db.execute(sql`
  insert into messages (tenant_id, id, user_id, kind, title, content, is_read, created_at)
  select ${tenantId}::bigint, 1000000000000 + g, ${userId}::bigint, 'system',
         jsonb_build_object('key', 'common.verbatim', 'params', jsonb_build_object('text', 'Bench message ' || g)),
         jsonb_build_object('key', 'common.verbatim', 'params', jsonb_build_object('text', 'body')), g % 3 = 0,
         now() - (g || ' seconds')::interval
    from generate_series(1, ${MESSAGES}) g`);
await db.execute(sql`analyze messages`);

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
const token = login.json().access_token as string;
const headers = { authorization: `Bearer ${token}` };

console.log(`\nEmbedded database (PGlite), ${ROUNDS} rounds each after 20 warm-up rounds`);
const rawSql = await measure('bare SQL: page of 20 unread + count', async () => {
  await db.execute(
    sql`select * from messages where tenant_id = ${tenantId} and user_id = ${userId} and is_read = false order by created_at desc limit 20`,
  );
  await db.execute(
    sql`select count(*) from messages where tenant_id = ${tenantId} and user_id = ${userId} and is_read = false`,
  );
});
const http = await measure('GET /admin/message/myMsg?isRead=false (20 rows)', () =>
  app.inject({ method: 'GET', url: '/gateway/admin/message/myMsg?isRead=false&pageSize=20', headers }),
);
await measure('GET /admin/message/myMsgCount', () =>
  app.inject({ method: 'GET', url: '/gateway/admin/message/myMsgCount', headers }),
);
await measure('GET /admin/user/info', () => app.inject({ method: 'GET', url: '/gateway/admin/user/info', headers }));
console.log(`\nHTTP path / bare SQL (p50): ${(http / rawSql).toFixed(2)}×`);

const supplierLogin = await app.inject({
  method: 'POST',
  url: '/gateway/auth/oauth/token?grant_type=password&scope=server',
  payload: { username: 'supplier', password: 'Demo@2026' },
});
const [{ id: precisionId }] = (
  await db.execute<{ id: string }>(
    sql`select id::text from suppliers where tenant_id = ${tenantId} and sup_code = 'S00001'`,
  )
).rows;
const materialIds = (
  await db.execute<{ id: string }>(sql`select id::text from materials where tenant_id = ${tenantId} and status = 1`)
).rows.map((r) => r.id);
await benchPurchaseOrders(
  app,
  headers,
  { authorization: `Bearer ${supplierLogin.json().access_token}` },
  precisionId,
  materialIds,
);
await benchMoney(app, headers, precisionId);
await benchLogins(app);

await app.close();
await database.close();

// The material cases need PostgreSQL and a million rows, so they run on request (bench/materials.ts).
if (process.env.BENCH_MATERIALS === '1') {
  const { runMaterialBenchmarks } = await import('./materials.ts');
  await runMaterialBenchmarks();
}

await benchLabels();
await benchXlsx();

// Delivery issue benchmarks (QUALITY P-01, P-02, P-04): lists and reports over bulk-seeded documents,
// P-02 on PGlite, P-01 and P-04 on the PostgreSQL of TEST_DATABASE_URL. BENCH_DELIVERY=0 skips them;
// sizes: BENCH_LIST_LINES, BENCH_PGLITE_LINES, BENCH_RECEIPT_LINES (see bench/lists.ts, bench/reports.ts).
if (process.env.BENCH_DELIVERY !== '0') {
  const { benchListsPglite, benchListsPostgres } = await import('./lists.ts');
  const { benchReports } = await import('./reports.ts');
  await benchListsPglite();
  await benchListsPostgres();
  await benchReports();
}

// QUALITY P-07: Lighthouse on the login page and the workbench, in Chromium (bench/lighthouse.ts);
// BENCH_LIGHTHOUSE=0 skips it, a machine without /usr/bin/chromium skips it with a line saying so.
if (process.env.BENCH_LIGHTHOUSE !== '0') {
  const { benchLighthouse } = await import('./lighthouse.ts');
  await benchLighthouse();
}
