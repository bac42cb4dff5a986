// Material benchmarks on PostgreSQL (QUALITY P-08, P-05), in their own database:
//   BENCH_MATERIALS=1 npm run bench            (from run.ts, after the platform cases)
//   node --import tsx apps/server/bench/materials.ts
// TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server; the database
// `concord_bench_materials` is dropped and made again. BENCH_MATERIAL_ROWS (1,000,000) materials are
// loaded for one tenant, then the picker search is timed; then a BENCH_IMPORT_ROWS (50,000) row import,
// run in a child process of its own so that its peak RSS is the import's and not this loader's.
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { openPostgres } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { runImport } from '../src/modules/materials/materials.excel.ts';
import { buildSearchTerms, searchMaterials } from '../src/modules/materials/materials.search.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { newId } from '../src/platform/ids.ts';
import { writeXlsx } from '../src/platform/xlsx.ts';
import { seedDemoWorld } from '../src/seed/demo.ts';
import { percentile } from './lists.ts';
import { record } from './summary.ts';

const URL_BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB_NAME = 'concord_bench_materials';
const ROWS = Number(process.env.BENCH_MATERIAL_ROWS ?? 1_000_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);

type ImportJob = Parameters<typeof runImport>[2];

/** Names a buyer of electronics assemblies keeps; the load cycles through them with varying specs. */
const NAMES: [string, string][] = [
  ['贴片电阻', 'SMD resistor'],
  ['色环电阻', 'Axial resistor'],
  ['贴片电容', 'MLCC capacitor'],
  ['电解电容', 'Electrolytic capacitor'],
  ['钽电容', 'Tantalum capacitor'],
  ['单片机', 'Microcontroller'],
  ['运算放大器', 'Operational amplifier'],
  ['稳压芯片', 'LDO regulator'],
  ['连接器', 'Connector'],
  ['排针', 'Pin header'],
  ['主控板PCB', 'Main board PCB'],
  ['电源板PCB', 'Power board PCB'],
  ['铝外壳', 'Aluminium housing'],
  ['铝散热器', 'Heat sink'],
  ['十字螺丝', 'Phillips screw'],
  ['钣金支架', 'Sheet-metal bracket'],
  ['塑胶上盖', 'Plastic top cover'],
  ['硅胶按键', 'Silicone keypad'],
  ['包装箱', 'Shipping carton'],
  ['防静电袋', 'ESD bag'],
  ['产品标签', 'Product label'],
  ['数据线', 'USB cable'],
  ['采购订单样件', 'Purchase order sample'],
  ['变压器', 'Transformer'],
  ['继电器', 'Relay'],
  ['保险丝', 'Fuse'],
  ['晶振', 'Crystal oscillator'],
  ['二极管', 'Diode'],
  ['三极管', 'Transistor'],
  ['电感', 'Inductor'],
];
const PACKAGES = ['0402', '0603', '0805', '1206', 'SOT23', 'SOP8', 'LQFP48', 'QFN32'];

async function measure(name: string, work: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  const p50 = percentile(samples, 50)!;
  console.log(
    `${name.padEnd(48)} p50 ${p50.toFixed(2).padStart(7)} ms   p99 ${percentile(samples, 99)!.toFixed(2).padStart(7)} ms`,
  );
  return p50;
}

export async function runMaterialBenchmarks(): Promise<void> {
  const admin = new pg.Client({ connectionString: URL_BASE });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  const target = new URL(URL_BASE);
  target.pathname = `/${DB_NAME}`;
  const database = await openPostgres(target.toString(), 10);
  try {
    await migrateDatabase(database);
    await seedDemoWorld(database.db);
    const db = database.db;
    const [{ tenant_id: tenantId }] = (
      await db.execute<{ tenant_id: string }>(
        sql`select m.tenant_id::text from memberships m join users u on u.id = m.user_id where u.username = 'buyer'`,
      )
    ).rows;

    // Terms from the name and English name are the service's own (buildSearchTerms) per name; the
    // code and specification terms are made per row in SQL, as buildSearchTerms would make them.
    const names = NAMES.map(([name, english]) => ({
      name,
      english,
      terms: buildSearchTerms({ prdtNo: '', prdtName: name, prdtSpc: '', englishName: english }),
    }));
    console.log(`\nLoading ${ROWS.toLocaleString()} materials into PostgreSQL (${DB_NAME})…`);
    const loadStart = performance.now();
    await db.execute(sql`create temp table bench_names (i int, name text, english text)`);
    await db.execute(sql`create temp table bench_terms (name text, term text)`);
    for (const [i, n] of names.entries()) {
      await db.execute(sql`insert into bench_names values (${i}, ${n.name}, ${n.english})`);
      for (const term of n.terms) await db.execute(sql`insert into bench_terms values (${n.name}, ${term})`);
    }
    await db.execute(sql`
      insert into materials (tenant_id, id, prdt_no, prdt_name, prdt_spc, english_name, po_unit_no, po_unit_name,
                             valuation_unit_no, valuation_unit_name)
      select ${tenantId}::bigint, 2000000000000 + g, 'M' || lpad(g::text, 7, '0'), n.name,
             (g % 997) || 'k ±1% ' || (array[${sql.join(
               PACKAGES.map((p) => sql`${p}`),
               sql`, `,
             )}])[1 + g % ${PACKAGES.length}], n.english, 'PCS', '个 Pieces', 'PCS', '个 Pieces'
        from generate_series(1, ${ROWS}) g
        join bench_names n on n.i = g % ${names.length}`);
    // Indexes are built after the load: sorting once is much faster than inserting into them.
    await db.execute(
      sql`alter table material_search_terms drop constraint material_search_terms_tenant_id_material_id_term_pk`,
    );
    await db.execute(sql`drop index material_search_terms_term_idx`);
    await db.execute(sql`
      insert into material_search_terms (tenant_id, material_id, term)
      select m.tenant_id, m.id, t.term from materials m join bench_terms t on t.name = m.prdt_name
       where m.id between 2000000000001 and ${2_000_000_000_000 + ROWS}
      union
      select m.tenant_id, m.id, w.term from materials m
       cross join lateral unnest(array[lower(m.prdt_no), lower(m.prdt_spc)] || string_to_array(lower(m.prdt_spc), ' ')) w(term)
       where m.id between 2000000000001 and ${2_000_000_000_000 + ROWS}`);
    await db.execute(
      sql`alter table material_search_terms add constraint material_search_terms_tenant_id_material_id_term_pk primary key (tenant_id, material_id, term)`,
    );
    await db.execute(
      sql`create index material_search_terms_term_idx on material_search_terms (tenant_id, term text_pattern_ops, material_id)`,
    );
    // Steady state: autovacuum would have set the visibility map, which index-only scans rely on.
    await db.execute(sql`vacuum analyze materials`);
    await db.execute(sql`vacuum analyze material_search_terms`);
    const [{ n: termCount }] = (
      await db.execute<{ n: string }>(sql`select count(*)::text as n from material_search_terms`)
    ).rows;
    console.log(
      `loaded and indexed in ${((performance.now() - loadStart) / 1000).toFixed(1)} s (${Number(termCount).toLocaleString()} search terms)`,
    );

    console.log(`\nMaterial search among ${ROWS.toLocaleString()} materials (PostgreSQL), ${ROUNDS} rounds each`);
    const search = (q: string) => () => inTenantTx(db, tenantId, (tx) => searchMaterials(tx, tenantId, q));
    for (const [label, q] of [
      ['exact code M0654321', 'M0654321'],
      ['code prefix M06543', 'M06543'],
      ['short code prefix M0', 'M0'],
      ['name 贴片电阻 (1 in 30 rows)', '贴片电阻'],
      ['initials tpdz', 'tpdz'],
      ['initials cgdd', 'cgdd'],
      ['full pinyin yunsuanfangdaqi', 'yunsuanfangdaqi'],
      ['name + spec 电阻 0603', '电阻 0603'],
      ['common + rare 0603 M0654321', '0603 M0654321'],
      ['two common, no match 贴片电阻 0603', '贴片电阻 0603'],
      ['three words dianzu 0603 10k', 'dianzu 0603 10k'],
      ['inside a name 电阻 (2 in 30 rows)', '电阻'],
      ['English heat sink', 'heat sink'],
      ['no match xyzxyz', 'xyzxyz'],
    ] as const) {
      const p50 = await measure(`search: ${label}`, search(q));
      record({
        row: 'P-08',
        case: `material search among ${ROWS.toLocaleString('en-US')}: ${label} (p50)`,
        target: '< 100 ms',
        measured: p50,
        unit: 'ms',
        pass: p50 < 100,
      });
    }

    await benchImport(db, tenantId, target.toString());
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin.end();
  }
}

async function benchImport(db: Parameters<typeof runImport>[0], tenantId: string, databaseUrl: string) {
  const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => {
    const [name, english] = NAMES[i % NAMES.length];
    return [
      `IMP${String(i).padStart(6, '0')}`,
      name,
      `${i % 997}k ±1% 0603`,
      english,
      '0101',
      'PCS',
      'WH02',
      'VAT13',
      7,
      1000,
    ];
  });
  const file = await writeXlsx({
    name: 'materials',
    header: [
      '物料编码*',
      '物料名称*',
      '规格型号',
      '英文名称',
      '分类编码',
      '采购单位*',
      '默认仓库',
      '默认税率',
      '采购提前期(天)',
      '最小订购量',
    ],
    rows,
  });
  const dataDir = '/tmp/concord-bench-materials';
  mkdirSync(path.join(dataDir, 'files'), { recursive: true });
  const fileKey = `${'b'.repeat(32)}.zip`;
  writeFileSync(path.join(dataDir, 'files', fileKey), file);
  const importId = newId();
  await inTenantTx(db, tenantId, (tx) =>
    tx.execute(sql`insert into material_imports (tenant_id, id, target, file_key, file_name)
                   values (${tenantId}, ${importId}, 'materials', ${fileKey}, 'bench.xlsx')`),
  );
  const job: ImportJob = {
    tenantId,
    importId,
    target: 'materials',
    fileKey,
    fileName: 'bench.xlsx',
    userId: null,
    username: 'bench',
  };
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_IMPORT_JOB: JSON.stringify({ url: databaseUrl, dataDir, job }) },
  });
  const measured = await new Promise<ImportMeasure>((resolve, reject) => {
    child.once('message', (m) => resolve(m as ImportMeasure));
    child.once('exit', (code) => reject(new Error(`import process exited with ${code}`)));
  });
  const [result] = (
    await inTenantTx(db, tenantId, (tx) =>
      tx.execute<{ status: number; imported_rows: number; error_count: number }>(
        sql`select status, imported_rows, error_count from material_imports where id = ${importId}`,
      ),
    )
  ).rows;
  console.log(
    `\nImport of ${IMPORT_ROWS.toLocaleString()} rows (${(file.length / 1024 / 1024).toFixed(1)} MB xlsx): ${measured.seconds.toFixed(1)} s, ` +
      `status ${result.status}, imported ${result.imported_rows}, errors ${result.error_count}; ` +
      `RSS of the importing process ${measured.rssBefore} MB before, peak ${measured.rssPeak} MB`,
  );
  const whole = result.status !== undefined && Number(result.imported_rows) === IMPORT_ROWS;
  record({
    row: 'P-05',
    case: `${IMPORT_ROWS.toLocaleString('en-US')}-row Excel import: time`,
    target: '< 30 s, all rows',
    measured: measured.seconds,
    unit: 's',
    pass: measured.seconds < 30 && whole,
  });
  record({
    row: 'P-05',
    case: `${IMPORT_ROWS.toLocaleString('en-US')}-row Excel import: peak RSS`,
    target: '< 500 MB',
    measured: measured.rssPeak,
    unit: 'MB',
    pass: measured.rssPeak < 500,
  });
}

interface ImportMeasure {
  seconds: number;
  rssBefore: number;
  rssPeak: number;
}

/** The child's side of `benchImport`: a process that only opens the pool and runs the import. */
async function importInChild(payload: { url: string; dataDir: string; job: ImportJob }) {
  const database = await openPostgres(payload.url, 2);
  const log = Fastify({ logger: false }).log;
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  const rssBefore = process.memoryUsage().rss;
  const start = performance.now();
  await runImport(database.db, payload.dataDir, payload.job, log);
  const seconds = (performance.now() - start) / 1000;
  await database.close();
  // maxRSS (KiB) is the kernel's high-water mark of the whole process, start-up included.
  const measure: ImportMeasure = {
    seconds,
    rssBefore: mb(rssBefore),
    rssPeak: mb(process.resourceUsage().maxRSS * 1024),
  };
  process.send?.(measure, () => process.disconnect());
}

if (process.env.BENCH_IMPORT_JOB) await importInChild(JSON.parse(process.env.BENCH_IMPORT_JOB));
else if (import.meta.url === `file://${process.argv[1]}`) await runMaterialBenchmarks();
