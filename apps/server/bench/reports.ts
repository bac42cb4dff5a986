// QUALITY P-04: every report of the catalogue, in every variant it declares (bench: variantsOf), over
// BENCH_RECEIPT_LINES (1,000,000) receipt lines and as many inspections, on PostgreSQL, each page
// < 500 ms through the full HTTP path. BENCH_REPORTS=poQualityYield,… times only those reports.
// Every order line is received in two splits (60 before the due date, 40 around it), so the
// on-time report meets split, late and on-time receipts; one inspection per receipt line.
// Run alone: node --import tsx apps/server/bench/reports.ts   (or through `npm run bench`).
import { performance } from 'node:perf_hooks';
import { REPORT_NAMES, REPORTS, type ReportName, reportSide } from '@concord/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Db } from '../src/db/client.ts';
import { openPostgres } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { seedDemoWorld } from '../src/seed/demo.ts';
import { benchApp, demoWorld, PG_URL, percentile, seedOrders, type World } from './lists.ts';
import { record } from './summary.ts';

const RECEIPT_LINES = Number(process.env.BENCH_RECEIPT_LINES ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_REPORT_ROUNDS ?? 5);
const LIMIT_MS = 500;
const PER_ORDER = 20;
const PER_RECEIPT = 10;
const BASE = 5_000_000_000_000;

/** Receipts, notes, note lines, receipt lines and inspections over the seeded order lines. */
async function seedReceipts(db: Db, w: World, orderLines: number, orders: number) {
  const lineId = (g: string) => sql.raw(`(${BASE} + ${orders} + ${g})`);
  const orderId = (g: string) => sql.raw(`(${BASE} + 1 + (${g} - 1) / ${PER_ORDER})`);
  const due = (g: string) => sql.raw(`(date '2025-01-10' + ((${g} / ${PER_ORDER}) % 365))`);
  const noteOf = (k: string) => sql.raw(`(${BASE * 2} + 1 + (${k} - 1) / ${PER_RECEIPT})`);
  const receipts = Math.ceil((orderLines * 2) / PER_RECEIPT);
  const party = sql`${w.buyerTenant}::bigint, ${w.supplierTenant}::bigint`;

  await db.execute(sql`
    insert into delivery_notes (tenant_id, supplier_tenant_id, id, note_no, supplier_id, status, ship_date, expected_date,
                                arrived_at)
    select ${party}, ${BASE * 2}::bigint + r, 'BDN' || lpad(r::text, 8, '0'), ${w.supplierId}::bigint, 4,
           date '2025-01-05' + (r % 365), date '2025-01-06' + (r % 365), timestamptz '2025-01-06' + (r % 365) * interval '1 day'
      from generate_series(1, ${receipts}) r`);
  await db.execute(sql`
    insert into receipts (tenant_id, supplier_tenant_id, id, receipt_no, note_id, supplier_id, receipt_date)
    select ${party}, ${BASE * 3}::bigint + r, 'BRC' || lpad(r::text, 8, '0'), ${BASE * 2}::bigint + r,
           ${w.supplierId}::bigint, date '2025-01-06' + (r % 365)
      from generate_series(1, ${receipts}) r`);
  await db.execute(sql`
    insert into delivery_note_lines (tenant_id, supplier_tenant_id, id, note_id, line_no, order_id, order_line_id,
                                     order_no, order_line_no, prdt_no, prdt_name, qty, is_check, due_date,
                                     received_qty, qualified_qty, warehoused_qty)
    select ${party}, ${BASE * 4}::bigint + g, ${noteOf('(2 * g - 1)')}, g, ${orderId('g')}, ${lineId('g')},
           'BPO' || lpad((1 + (g - 1) / ${PER_ORDER})::text, 8, '0'), 1 + (g - 1) % ${PER_ORDER},
           'BM' || lpad((g % 5000)::text, 5, '0'), 'Bench material ' || (g % 5000), 100, true, ${due('g')}, 100, 98, 98
      from generate_series(1, ${orderLines}) g`);
  await db.execute(sql`
    insert into receipt_lines (tenant_id, supplier_tenant_id, id, receipt_id, line_no, note_id, note_line_id, order_id,
                               order_line_id, order_no, supplier_id, prdt_no, prdt_name, qty, price, amount, due_date,
                               arrival_date, receipt_date)
    select ${party}, ${BASE * 5}::bigint + k, ${BASE * 3}::bigint + 1 + (k - 1) / ${PER_RECEIPT},
           1 + (k - 1) % ${PER_RECEIPT}, ${noteOf('k')}, ${BASE * 4}::bigint + g, ${orderId('g')}, ${lineId('g')},
           'BPO' || lpad((1 + (g - 1) / ${PER_ORDER})::text, 8, '0'), ${w.supplierId}::bigint,
           'BM' || lpad((g % 5000)::text, 5, '0'), 'Bench material ' || (g % 5000),
           case when k % 2 = 1 then 60 else 40 end, 12.345, case when k % 2 = 1 then 740.7 else 493.8 end,
           ${due('g')}, ${due('g')} + case when k % 2 = 1 then -2 else g % 3 - 1 end,
           ${due('g')} + case when k % 2 = 1 then -2 else g % 3 - 1 end
      from (select k, (k + 1) / 2 as g from generate_series(1, ${orderLines * 2}) k) s`);
  await db.execute(sql`
    insert into receipt_inspections (tenant_id, supplier_tenant_id, id, note_id, note_line_id, order_line_id, supplier_id,
                                     prdt_no, prdt_name, seq, inspected_qty, qualified_qty, unqualified_qty, reason_code,
                                     reason, inspected_at)
    select ${party}, ${BASE * 6}::bigint + k, ${noteOf('k')}, ${BASE * 4}::bigint + g, ${lineId('g')},
           ${w.supplierId}::bigint, 'BM' || lpad((g % 5000)::text, 5, '0'), 'Bench material ' || (g % 5000), 1 + (k - 1) % 2,
           case when k % 2 = 1 then 60 else 40 end,
           case when k % 2 = 1 then 60 else 40 end - case when k % 7 = 0 then 2 else 0 end,
           case when k % 7 = 0 then 2 else 0 end, case when k % 7 = 0 then 'SCRATCH' else '' end,
           case when k % 7 = 0 then 'Scratch' else '' end,
           ${due('g')} + interval '10 hours'
      from (select k, (k + 1) / 2 as g from generate_series(1, ${orderLines * 2}) k) s`);
  // The due lines and their day totals were kept by the triggers of migration 0008 as the rows went in.
  for (const table of [
    'delivery_notes',
    'receipts',
    'delivery_note_lines',
    'receipt_lines',
    'receipt_inspections',
    'order_due_lines',
    'due_day_totals',
    'inspection_day_totals',
    'inspection_material_months',
  ]) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
}

interface Variant {
  label: string;
  filter: Record<string, string | number>;
  orderParam?: { fieldName: string; asc: boolean }[];
  pageNum?: number;
}

const YEAR = { dateFrom: '2025-01-01', dateTo: '2026-01-31' };

/**
 * Every variant the catalogue declares for a report: the year and a quarter, then each of its filters
 * on its own over the year (one partner, one material, one order, one note, one note status), and for a
 * grouping by material the first page and a page deep in the groups sorted by a figure.
 */
function variantsOf(name: ReportName, w: World): Variant[] {
  const out: Variant[] = [
    { label: 'year', filter: YEAR },
    { label: 'quarter', filter: { dateFrom: '2025-04-01', dateTo: '2025-06-30' } },
  ];
  const def = REPORTS[name];
  for (const key of def.filters) {
    if (key === 'supplierId') out.push({ label: 'one supplier', filter: { ...YEAR, supplierId: w.supplierId } });
    if (key === 'customerId') out.push({ label: 'one customer', filter: { ...YEAR, customerId: w.buyerTenant } });
    if (key === 'material') out.push({ label: 'material BM01234', filter: { ...YEAR, material: 'BM01234' } });
    if (key === 'orderNo') out.push({ label: 'order BPO00012345', filter: { ...YEAR, orderNo: 'BPO00012345' } });
    if (key === 'noteNo') out.push({ label: 'note BDN00012345', filter: { ...YEAR, noteNo: 'BDN00012345' } });
    if (key === 'noteStatus') out.push({ label: 'note status 4', filter: { ...YEAR, noteStatus: 4 } });
    if (key === 'groupBy') {
      const figure = def.columns.find((c) => c.kind === 'rate')?.key ?? def.columns.at(-1)!.key;
      out.push({ label: 'by material', filter: { ...YEAR, groupBy: 'material' } });
      out.push({
        label: `by material, page 100 by ${figure}`,
        filter: { ...YEAR, groupBy: 'material' },
        orderParam: [{ fieldName: figure, asc: true }],
        pageNum: 100,
      });
    }
  }
  return out;
}

async function timeReport(app: FastifyInstance, token: string, name: ReportName, v: Variant) {
  const run = async () => {
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/gateway/srm/reports/${name}`,
      headers: { authorization: `Bearer ${token}` },
      payload: {
        filter: v.filter,
        ...(v.orderParam ? { orderParam: v.orderParam } : {}),
        pageParam: { pageNum: v.pageNum ?? 1, pageSize: 20 },
      },
    });
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    const data = res.json().data;
    return { ms: performance.now() - t0, total: data.totalCount as number, rows: data.dataList.length as number };
  };
  await run();
  const samples: number[] = [];
  let last = { total: 0, rows: 0 };
  for (let i = 0; i < ROUNDS; i++) {
    const r = await run();
    samples.push(r.ms);
    last = r;
  }
  const p50 = percentile(samples, 50)!;
  const worst = Math.max(...samples);
  const label = `${name} ${v.label}`;
  console.log(
    `  ${label.padEnd(64)} p50 ${p50.toFixed(0).padStart(5)} ms  max ${worst.toFixed(0).padStart(5)} ms  ${p50 < LIMIT_MS ? 'PASS' : 'FAIL'}  ${last.rows}/${last.total} rows`,
  );
  record({
    row: 'P-04',
    case: `report ${label}`,
    target: `< ${LIMIT_MS} ms`,
    measured: p50,
    unit: 'ms',
    pass: p50 < LIMIT_MS,
    note: `max ${worst.toFixed(0)} ms, ${last.total} rows`,
  });
}

export async function benchReports(): Promise<void> {
  const dbName = 'concord_bench_reports';
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  // BENCH_KEEP_DB=1 leaves the seeded database behind and a next run with it reuses it (same size).
  const kept =
    process.env.BENCH_KEEP_DB === '1' &&
    (await admin.query(`select 1 from pg_database where datname = '${dbName}'`)).rowCount === 1;
  if (!kept) {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${dbName}`);
  }
  const target = new URL(PG_URL);
  target.pathname = `/${dbName}`;
  const database = await openPostgres(target.toString(), 4);
  try {
    await migrateDatabase(database);
    if (!kept) await seedDemoWorld(database.db);
    const world = await demoWorld(database.db);
    const orderLines = Math.ceil(RECEIPT_LINES / 2);
    if (!kept) {
      console.log(
        `\nP-04: seeding ${orderLines.toLocaleString()} order lines, ${(orderLines * 2).toLocaleString()} receipt lines and inspections on PostgreSQL…`,
      );
      const t0 = performance.now();
      const orders = await seedOrders(database.db, world, orderLines, PER_ORDER, BASE);
      await seedReceipts(database.db, world, orderLines, orders);
      console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${ROUNDS} rounds after one warm-up`);
    }
    const { app, token: buyerToken } = await benchApp(database);
    const login = await app.inject({
      method: 'POST',
      url: '/gateway/auth/oauth/token?grant_type=password&scope=server',
      payload: { username: 'supplier', password: 'Demo@2026' },
    });
    const supplierToken = login.json().access_token as string;
    const only = process.env.BENCH_REPORTS?.split(',');
    for (const name of REPORT_NAMES) {
      if (only && !only.includes(name)) continue;
      const token = reportSide(name) === 'buyer' ? buyerToken : supplierToken;
      for (const v of variantsOf(name, world)) await timeReport(app, token, name, v);
    }
    await app.close();
  } finally {
    await database.close();
    // BENCH_KEEP_DB=1 leaves the database for EXPLAIN ANALYZE by hand.
    if (process.env.BENCH_KEEP_DB !== '1') await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchReports();
