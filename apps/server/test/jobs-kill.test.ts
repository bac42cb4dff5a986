import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MATERIAL_COLUMNS, MATERIAL_IMPORT_STATUS } from '@concord/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeXlsx } from '../src/platform/xlsx.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { type ServerProcess, startServerProcess } from './fixtures/server-process.ts';

/**
 * QUALITY R-11 with a real server on PostgreSQL: SIGKILL while a material import or export runs,
 * start the server again, and the record is failed with a reason the user reads (neither "running"
 * for ever nor retried behind the user's back), and the next import or export starts at once.
 * A short lease (JOBS_LEASE_SECONDS) keeps the wait for the dead run's lease to lapse short.
 */
const BASE_URL = process.env.TEST_DATABASE_URL;
const DB_NAME = `concord_jobs_kill_${process.pid}`;
const LEASE_SECONDS = 3;
/** Enough rows that the import is still reading or writing when the kill lands. */
const ROWS = 20_000;
const MATERIALS = '/gateway/srm/materials';
const INTERRUPTED = 'The server stopped while this was running and nothing was saved; please start it again';

let server: ServerProcess | undefined;
let admin: pg.Client | undefined;
let db: pg.Client;
let dataDir: string | undefined;
let token: string;
let workbook: Buffer;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function serverEnv(): Record<string, string> {
  const url = new URL(BASE_URL!);
  url.pathname = `/${DB_NAME}`;
  // JOBS: the child inherits NODE_ENV=test, which would leave its polling loop off.
  return {
    DATABASE_URL: url.toString(),
    SEED_DEMO: 'true',
    DATA_DIR: dataDir!,
    JOBS: 'true',
    JOBS_LEASE_SECONDS: String(LEASE_SECONDS),
  };
}

async function call(method: string, url: string, body?: unknown, auth = true): Promise<Response> {
  return fetch(`${server!.url}${url}`, {
    method,
    headers: {
      'accept-language': 'en-US',
      ...(auth ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function data<T>(pending: Promise<Response>): Promise<T> {
  const res = await pending;
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return (JSON.parse(text) as { data: T }).data;
}

function startImport(): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(workbook)]), 'parts.xlsx');
  return fetch(`${server!.url}${MATERIALS}/import?target=materials`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
    body: form,
  });
}

/** Polls `read` until `done` holds for its value, or fails after `ms`. */
async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${ms} ms`);
    await sleep(25);
  }
}

const importRow = async (id: string) =>
  (await db.query<{ status: number }>('select status from material_imports where id = $1', [id])).rows[0]!;
const exportRow = async (id: string) =>
  (
    await db.query<{ status: string; processed_rows: number }>(
      'select status, processed_rows from material_exports where id = $1',
      [id],
    )
  ).rows[0]!;

/** A killed server's backends end only once PostgreSQL notices the closed socket. */
async function drained(): Promise<void> {
  await until(
    'backends of the killed server',
    async () =>
      (
        await db.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [DB_NAME],
        )
      ).rows[0]!.n,
    (n) => n === 0,
    30_000,
  );
}

/** SIGKILL, then what the dead server left is checked by `left` before a new one starts. */
async function killAndRestart(left: () => Promise<void>): Promise<number> {
  await server!.kill();
  const killedAt = Date.now();
  await drained();
  await left();
  server = await startServerProcess(serverEnv());
  token = await login();
  return killedAt;
}

async function login(): Promise<string> {
  const res = await call(
    'POST',
    '/gateway/auth/oauth/token?grant_type=password&scope=server',
    { username: 'buyer', password: DEMO_PASSWORD, isPhone: 'false' },
    false,
  );
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return (JSON.parse(text) as { access_token: string }).access_token;
}

describe.skipIf(!BASE_URL)('R-11: the server killed during a material import or export on PostgreSQL', () => {
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: BASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DB_NAME}`);
    db = new pg.Client({ connectionString: serverEnv().DATABASE_URL });
    await db.connect();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'concord-jobs-kill-'));
    server = await startServerProcess(serverEnv());
    token = await login();
    workbook = await writeXlsx({
      name: 'materials',
      header: Object.values(MATERIAL_COLUMNS).map((l) => l['en-US']),
      rows: Array.from({ length: ROWS }, (_, i) => [
        `KILL${String(i).padStart(6, '0')}`,
        `Kill test part ${i}`,
        '',
        '',
        '',
        '',
        'PCS',
      ]),
    });
  }, 240_000);

  afterAll(async () => {
    await server?.kill();
    await db?.end().catch(() => {});
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => {});
      await admin.end();
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('fails a killed import with its reason and starts the next import at once', async () => {
    const started = await data<{ id: string }>(startImport());
    await until(
      'the import to run',
      () => importRow(started.id),
      (r) => r.status === MATERIAL_IMPORT_STATUS.RUNNING,
      30_000,
    );
    await sleep(300);
    const killedAt = await killAndRestart(async () => {
      expect((await importRow(started.id)).status, 'the import ended before the kill: use more rows').toBe(
        MATERIAL_IMPORT_STATUS.RUNNING,
      );
    });

    const failed = await until(
      'the killed import to fail',
      () =>
        data<{ status: number; failure: string | null; importedRows: number }>(
          call('GET', `${MATERIALS}/imports/${started.id}`),
        ),
      (s) => s.status !== MATERIAL_IMPORT_STATUS.RUNNING,
      60_000,
    );
    console.log(
      `R-11 import: failed ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill (lease ${LEASE_SECONDS} s)`,
    );
    expect(failed).toMatchObject({ status: MATERIAL_IMPORT_STATUS.FAILED, failure: INTERRUPTED, importedRows: 0 });

    // The same file again: accepted at once, and it imports every row, so the killed run left none behind.
    const next = await data<{ id: string }>(startImport());
    const done = await until(
      'the next import',
      () => data<{ status: number; importedRows: number }>(call('GET', `${MATERIALS}/imports/${next.id}`)),
      (s) => s.status >= MATERIAL_IMPORT_STATUS.SUCCEEDED,
      180_000,
    );
    expect(done).toMatchObject({ status: MATERIAL_IMPORT_STATUS.SUCCEEDED, importedRows: ROWS });
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from material_imports where status = ${MATERIAL_IMPORT_STATUS.RUNNING}`,
    );
    expect(rows[0]!.n).toBe(0);
  }, 420_000);

  it('fails a killed export with its reason, answers that reason for its file, and runs the next export', async () => {
    const started = await data<{ id: string }>(call('POST', `${MATERIALS}/exports`, { target: 'materials' }));
    const seen = await until(
      'the export to report progress',
      () => exportRow(started.id),
      (r) => r.processed_rows > 0 || r.status === 'done',
      60_000,
    );
    expect(seen.status, 'the export ended before the kill: use more rows').toBe('running');
    const killedAt = await killAndRestart(async () => {
      expect((await exportRow(started.id)).status, 'the export ended before the kill: use more rows').toBe('running');
    });

    const failed = await until(
      'the killed export to fail',
      () => data<{ status: string; failure: string | null }>(call('GET', `${MATERIALS}/exports/${started.id}`)),
      (s) => s.status !== 'running',
      60_000,
    );
    console.log(
      `R-11 export: failed ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill (lease ${LEASE_SECONDS} s)`,
    );
    expect(failed).toMatchObject({ status: 'failed', failure: INTERRUPTED });
    const file = await call('GET', `${MATERIALS}/exports/${started.id}/file`);
    expect(file.status).toBe(409);
    expect(((await file.json()) as { errorCode: string }).errorCode).toBe('JOB_INTERRUPTED');

    const next = await data<{ id: string }>(call('POST', `${MATERIALS}/exports`, { target: 'materials' }));
    const done = await until(
      'the next export',
      () => data<{ status: string; totalRows: number }>(call('GET', `${MATERIALS}/exports/${next.id}`)),
      (s) => s.status === 'done' || s.status === 'failed',
      120_000,
    );
    expect(done.status).toBe('done');
    expect(done.totalRows).toBeGreaterThanOrEqual(ROWS);
  }, 300_000);
});
