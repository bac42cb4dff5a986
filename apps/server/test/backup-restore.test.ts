import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BackupManifest, backup, OpsError, restore } from '../scripts/ops.ts';
import { buildApp } from '../src/app.ts';
import { type Config, ConfigError, loadConfig } from '../src/config.ts';
import { type Database, type Db, openDatabase, openPglite, openPostgres, PGLITE_DIR } from '../src/db/client.ts';
import { holdDataDir, LOCK_FILE } from '../src/db/data-dir-lock.ts';
import { BACKUP_PATH } from '../src/modules/system/backup.routes.ts';
import { login } from './helpers.ts';

/**
 * Issue 19 §5: `npm run db:backup` / `db:restore` (apps/server/scripts/ops.ts) on both databases. Each
 * round trip backs up a seeded installation with an uploaded file, wipes it, restores it and compares
 * every table's row count, some rows and the file, then signs in to the restored installation.
 */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
/** Not in a backup: the counters and id leases of the processes that ran (ops.ts). */
const TRANSIENT = new Set(['rate_limit_hits', 'id_workers']);
const PDF = Buffer.from('%PDF-1.4\n% a drawing kept across a restore\n%%EOF\n');
const quiet = () => {};

async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables = await db.execute<{ name: string }>(sql`
    select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    if (TRANSIENT.has(name)) continue;
    const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(name)}`);
    counts[name] = Number(rows[0]!.n);
  }
  return counts;
}

/** A few whole rows: accounts, an order with its amounts, the upload's record. */
async function sampleRows(db: Db) {
  const query = async (text: string) => (await db.execute(sql.raw(text))).rows;
  return {
    users: await query('select id::text, username, password_hash, version from users order by id'),
    order: await query('select * from purchase_orders order by id limit 1'),
    files: await query('select * from files order by key'),
  };
}

async function uploadPdf(app: FastifyInstance, token: string): Promise<string> {
  const boundary = 'concord-backup-test';
  const res = await app.inject({
    method: 'POST',
    url: '/gateway/system/oss/upload',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="drawing.pdf"\r\n\r\n`),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.url as string).split('/').pop()!;
}

const download = (app: FastifyInstance, token: string, key: string) =>
  app.inject({ method: 'GET', url: `/gateway/system/oss/file/${key}`, headers: { authorization: `Bearer ${token}` } });

function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({ DATA_DIR: dataDir, RATE_LIMITS: 'false', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...env });
}

interface Installation {
  database: Database;
  app: FastifyInstance;
  token: string;
}

async function start(config: Config, database: Database): Promise<Installation> {
  const app = await buildApp({ database, config, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { database, app, token: await login(app, 'buyer') };
}

async function stop(installation: Installation): Promise<void> {
  await installation.app.close();
  await installation.database.close();
}

/** What must come back: every table's count, some rows, the uploaded file through the API. */
async function expectRestored(config: Config, before: Snapshot, database: Database) {
  // Compared before signing in, which writes a session and a log line.
  expect(await tableCounts(database.db)).toEqual(before.counts);
  expect(await sampleRows(database.db)).toEqual(before.rows);
  const restored = await start(config, database);
  try {
    const file = await download(restored.app, restored.token, before.key);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // Through the app role and row-level security, which the restore granted and derived again.
    const orders = await restored.app.inject({
      method: 'POST',
      url: '/gateway/srm/purchase-orders/list',
      headers: { authorization: `Bearer ${restored.token}` },
      payload: {},
    });
    expect(orders.statusCode, orders.body).toBe(200);
    expect(orders.json().data.dataList.length).toBeGreaterThan(0);
  } finally {
    await stop(restored);
  }
}

interface Snapshot {
  counts: Record<string, number>;
  rows: Awaited<ReturnType<typeof sampleRows>>;
  key: string;
}

async function snapshotOf(installation: Installation, key: string): Promise<Snapshot> {
  return { counts: await tableCounts(installation.database.db), rows: await sampleRows(installation.database.db), key };
}

describe.skipIf(!!TEST_DATABASE_URL)('embedded database (PGlite): backup from the running server, restore', () => {
  let dataDir: string;
  let backupDir: string;
  let config: Config;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'concord-backup-'));
    backupDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'concord-backups-')), 'first');
    config = testConfig(dataDir);
    // The seeded template, as this installation's database.
    const template = new Blob([new Uint8Array(readFileSync(inject('pgliteSeededTemplate')))]);
    await (await openPglite({ dataDir: path.join(dataDir, PGLITE_DIR), loadDataDir: template })).close();
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(path.dirname(backupDir), { recursive: true, force: true });
  });

  it('copies the held database over loopback, refuses to open it, and restores it after a wipe', async () => {
    const running = await start(config, await openDatabase(config));
    let before: Snapshot | undefined;
    try {
      const key = await uploadPdf(running.app, running.token);
      before = await snapshotOf(running, key);
      expect(before.counts.users).toBeGreaterThan(3);

      // A second process on the same data directory is refused, and so is a restore under the server.
      await expect(openDatabase(config)).rejects.toThrow(ConfigError);
      await expect(restore(config, backupDir, quiet)).rejects.toThrow(OpsError);

      // Only a loopback client with the lock file's token gets the copy.
      const token = JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).token as string;
      const ask = (authorization: string | undefined, remoteAddress = '127.0.0.1') =>
        running.app.inject({
          method: 'GET',
          url: BACKUP_PATH,
          remoteAddress,
          headers: authorization ? { authorization } : {},
        });
      expect((await ask(undefined)).statusCode).toBe(404);
      expect((await ask(`Bearer ${running.token}`)).statusCode).toBe(404);
      expect((await ask(`Bearer ${token}`, '10.0.0.5')).statusCode).toBe(404);

      const lines: string[] = [];
      const manifest: BackupManifest = await backup(config, backupDir, (line) => lines.push(line));
      expect(lines[0]).toMatch(/asking the running server/);
      expect(manifest).toMatchObject({ format: 1, kind: 'pglite' });
      expect(manifest.files).toBeGreaterThanOrEqual(1);
    } finally {
      await stop(running);
    }

    rmSync(path.join(dataDir, PGLITE_DIR), { recursive: true });
    rmSync(path.join(dataDir, 'files'), { recursive: true });
    await restore(config, backupDir, quiet);
    await expectRestored(config, before!, await openDatabase(config));
  });

  it('backs up a stopped installation from its data directory, and refuses a full target directory', async () => {
    const second = path.join(path.dirname(backupDir), 'second');
    expect((await backup(config, second, quiet)).kind).toBe('pglite');
    await expect(backup(config, second, quiet)).rejects.toThrow(/not empty/);
    // A directory without its manifest is no backup: refused before anything in DATA_DIR moves.
    const unfinished = path.join(path.dirname(backupDir), 'unfinished');
    await mkdir(unfinished);
    const contents = readdirSync(dataDir).sort();
    await expect(restore(config, unfinished, quiet)).rejects.toThrow(/no finished backup/);
    expect(readdirSync(dataDir).sort()).toEqual(contents);
    await expect(
      restore(testConfig(dataDir, { DATABASE_URL: 'postgres://x@127.0.0.1/x' }), second, quiet),
    ).rejects.toThrow(/backup of an embedded database/);
  });

  it('replaces the lock of a process that died, and refuses one that runs', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'concord-lock-'));
    try {
      const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
      writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: Number(dead.stdout), started: null, token: 'x' }));
      const hold = holdDataDir(dir);
      expect(() => holdDataDir(dir)).toThrow(/in use by process/);
      hold.release();
      holdDataDir(dir).release();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: pg_dump backup, wipe, pg_restore', () => {
  const name = `concord_backup_${process.pid}`;
  let admin: pg.Client;
  let dataDir: string;
  let backupDir: string;
  let config: Config;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgSeededTemplateDb')}`);
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'concord-backup-pg-'));
    backupDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'concord-backups-pg-')), 'backup');
    config = testConfig(dataDir, { DATABASE_URL: url.toString() });
  });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(path.dirname(backupDir), { recursive: true, force: true });
  });

  it('restores a wiped database and its files to the same rows, and the app works on it', async () => {
    const running = await start(config, await openPostgres(config.databaseUrl!, 5));
    let before: Snapshot | undefined;
    try {
      const key = await uploadPdf(running.app, running.token);
      before = await snapshotOf(running, key);
      expect(before.counts.purchase_orders).toBeGreaterThan(0);
      expect((await backup(config, backupDir, quiet)).kind).toBe('postgres');
      // The running server holds a worker-id lease: a restore under it is refused.
      await expect(restore(config, backupDir, quiet)).rejects.toThrow(/stop every server first/);
    } finally {
      await stop(running);
    }

    // The wipe: the database gone and made again empty, the uploads gone.
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    rmSync(path.join(dataDir, 'files'), { recursive: true });

    await restore(config, backupDir, quiet);
    await expectRestored(config, before!, await openPostgres(config.databaseUrl!, 5));
  });
});
