// One summary of a `npm run bench` run: every measured case against its QUALITY P-row, printed as one
// table at the end and written to bench-results.json (with the machine's facts) so runs can be compared.
// BENCH_ONLY=P-01,P-04 runs the stages of those rows only.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export type Row =
  | 'P-01'
  | 'P-02'
  | 'P-03'
  | 'P-04'
  | 'P-05'
  | 'P-06'
  | 'P-07'
  | 'P-08'
  | 'P-09'
  | 'P-10'
  | 'P-11'
  | 'P-12'
  | 'other';

export interface BenchResult {
  row: Row;
  case: string;
  /** The bar as QUALITY words it, e.g. `< 500 ms`, `≥ 70 % of bare pg`. */
  target: string;
  measured: number;
  unit: string;
  /** Throughput of the product over the bare driver for the same statements, where there is one. */
  ratio?: number;
  /** null: informational, no bar of its own. */
  pass: boolean | null;
  note?: string;
}

/** The rows QUALITY sets whose domain is not built yet: listed so the table shows the gap. */
const NOT_BUILT: Partial<Record<Row, string>> = {
  'P-10': 'approvals to-do list (approval engine not built yet)',
  'P-11': 'evaluation batch and analysis (evaluation not built yet)',
};

const results: BenchResult[] = [];
const loadAtStart = loadavg();
const startedAt = new Date();

const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim().toUpperCase())
  .filter(Boolean);

/** Whether a stage measuring any of `rows` runs (all of them unless BENCH_ONLY names rows). */
export function selected(...rows: Row[]): boolean {
  return only.length === 0 || rows.some((r) => only.includes(r.toUpperCase()));
}

export function record(result: BenchResult): void {
  results.push(result);
}

/** `pass` for a "less than" bar, rounded as printed. */
export const under = (value: number, limit: number) => value < limit;

async function postgresVersion(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ?? null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function packageVersion(name: string): string | null {
  try {
    return JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}

function commit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2));

/** Prints the table and writes `bench-results.json` (BENCH_RESULTS names another file). */
export async function writeSummary(pgUrl: string): Promise<void> {
  for (const [row, what] of Object.entries(NOT_BUILT) as [Row, string][]) {
    if (selected(row)) record({ row, case: what, target: '—', measured: Number.NaN, unit: '', pass: null });
  }
  const sorted = [...results].sort((a, b) => a.row.localeCompare(b.row));
  const head = ['row', 'case', 'target', 'measured', 'vs bare pg', 'result'];
  const lines = sorted.map((r) => [
    r.row,
    r.case,
    r.target,
    Number.isNaN(r.measured) ? '—' : `${fmt(r.measured)} ${r.unit}`.trim(),
    r.ratio === undefined ? '' : `${(r.ratio * 100).toFixed(0)} %`,
    r.pass === null ? (Number.isNaN(r.measured) ? 'n/a' : 'info') : r.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const print = (cells: string[]) => console.log(`| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`);
  console.log('\nBench summary (QUALITY P-rows)');
  print(head);
  print(widths.map((w) => '-'.repeat(w)));
  for (const l of lines) print(l);
  const failed = sorted.filter((r) => r.pass === false).length;
  console.log(
    `${sorted.filter((r) => r.pass).length} pass, ${failed} fail, ${sorted.filter((r) => r.pass === null).length} informational`,
  );

  const file = process.env.BENCH_RESULTS ?? path.join(ROOT, 'bench-results.json');
  const facts = {
    startedAt: startedAt.toISOString(),
    endedAt: new Date().toISOString(),
    commit: commit(),
    only: only.length ? only : null,
    machine: {
      cores: availableParallelism(),
      cpu: cpus()[0]?.model ?? null,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: loadavg(),
      node: process.version,
      postgres: await postgresVersion(pgUrl),
      pglite: packageVersion('@electric-sql/pglite'),
    },
    results: sorted.map((r) => ({ ...r, measured: Number.isNaN(r.measured) ? null : Number(fmt(r.measured)) })),
  };
  writeFileSync(file, `${JSON.stringify(facts, null, 2)}\n`);
  console.log(`written to ${path.relative(process.cwd(), file) || file}`);
}
