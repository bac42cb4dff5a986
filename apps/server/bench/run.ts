// `npm run bench`: every QUALITY P-row measured in process (no network noise), ending with one summary
// table that is also written to bench-results.json (bench/summary.ts). BENCH_ONLY=P-01,P-04 runs a subset;
// `other` names the cases without a P-row (messages, sign-in, money, export stalls).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPglite } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { seedDemoWorld } from '../src/seed/demo.ts';
import { benchLabels } from './labels.ts';
import { PG_URL, percentile } from './lists.ts';
import { benchLogins } from './logins.ts';
import { benchMoney } from './money.ts';
import { benchPurchaseOrders } from './purchase-orders.ts';
import { record, selected, writeSummary } from './summary.ts';
import { benchXlsx } from './xlsx.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);

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
  record({ row: 'other', case: `${name} p50`, target: '—', measured: p50, unit: 'ms', pass: null });
  return p50;
}

/** The demo world on the embedded database with the platform cases: messages, P-03, P-12, sign-in. */
async function benchDemoApp() {
  const database = await openPglite();
  await migrateDatabase(database);
  await seedDemoWorld(database.db);
  const db = database.db;
  const [{ tenant_id: tenantId, user_id: userId }] = (
    await db.execute<{ tenant_id: string; user_id: string }>(
      sql`select m.tenant_id::text, m.user_id::text from memberships m join users u on u.id = m.user_id where u.username = 'buyer'`,
    )
  ).rows;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'false',
    WEB_DIST: '/nonexistent',
    DATA_DIR: '/tmp/concord-bench',
  });
  const app = await buildApp({ database, config, logger: false });
  await app.ready();
  const signIn = async (username: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/gateway/auth/oauth/token?grant_type=password&scope=server',
      payload: { username, password: 'Demo@2026' },
    });
    return { authorization: `Bearer ${res.json().access_token as string}` };
  };
  const headers = await signIn('buyer');

  if (selected('other')) {
    console.log(`Seeding ${MESSAGES.toLocaleString()} messages for one user…`);
    await db.execute(sql`
      insert into messages (tenant_id, id, user_id, kind, title, content, is_read, created_at)
      select ${tenantId}::bigint, 1000000000000 + g, ${userId}::bigint, 'system',
             jsonb_build_object('key', 'common.verbatim', 'params', jsonb_build_object('text', 'Bench message ' || g)),
             jsonb_build_object('key', 'common.verbatim', 'params', jsonb_build_object('text', 'body')), g % 3 = 0,
             now() - (g || ' seconds')::interval
        from generate_series(1, ${MESSAGES}) g`);
    await db.execute(sql`analyze messages`);
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
    await measure('GET /admin/user/info', () =>
      app.inject({ method: 'GET', url: '/gateway/admin/user/info', headers }),
    );
    console.log(`\nHTTP path / bare SQL (p50): ${(http / rawSql).toFixed(2)}×`);
  }

  const [{ id: precisionId }] = (
    await db.execute<{ id: string }>(
      sql`select id::text from suppliers where tenant_id = ${tenantId} and sup_code = 'S00001'`,
    )
  ).rows;
  const materialIds = (
    await db.execute<{ id: string }>(sql`select id::text from materials where tenant_id = ${tenantId} and status = 1`)
  ).rows.map((r) => r.id);
  if (selected('P-03')) await benchPurchaseOrders(app, headers, await signIn('supplier'), precisionId, materialIds);
  if (selected('P-12', 'other')) await benchMoney(app, headers, precisionId);
  if (selected('other')) await benchLogins(app);

  await app.close();
  await database.close();
}

if (selected('other', 'P-03', 'P-12')) await benchDemoApp();

// Materials: P-08 search among a million and the P-05 import, on PostgreSQL (bench/materials.ts).
if (selected('P-05', 'P-08')) {
  const { runMaterialBenchmarks } = await import('./materials.ts');
  await runMaterialBenchmarks();
}

if (selected('P-06')) await benchLabels();
if (selected('other')) await benchXlsx();

// Lists and reports over bulk-seeded documents: P-02 on PGlite, P-01 and P-04 on the PostgreSQL of
// TEST_DATABASE_URL; sizes: BENCH_LIST_LINES, BENCH_PGLITE_LINES, BENCH_RECEIPT_LINES (bench/lists.ts, reports.ts).
if (selected('P-01', 'P-02', 'P-04')) {
  const { benchListsPglite, benchListsPostgres } = await import('./lists.ts');
  const { benchReports } = await import('./reports.ts');
  if (selected('P-02')) await benchListsPglite();
  if (selected('P-01')) await benchListsPostgres();
  if (selected('P-04')) await benchReports();
}

// P-09: sourcing, 500 lines × 10 suppliers on the embedded database (bench/inquiries.ts).
if (selected('P-09')) {
  const { benchInquiries } = await import('./inquiries.ts');
  await benchInquiries();
}

// P-07: Lighthouse on the login page and the workbench, in Chromium (bench/lighthouse.ts); a machine
// without /usr/bin/chromium skips it with a line saying so.
if (selected('P-07')) {
  const { benchLighthouse } = await import('./lighthouse.ts');
  await benchLighthouse();
}

await writeSummary(PG_URL);
