import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../src/config.ts';
import { openDatabase, openPglite, openPostgres, PGLITE_DIR } from '../src/db/client.ts';
import { dataDirHolder, holdDataDir } from '../src/db/data-dir-lock.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { createAppRole } from '../src/db/rls.ts';
import { BACKUP_PATH } from '../src/modules/system/backup.routes.ts';
import { VERSION } from '../src/platform/observability.ts';

/**
 * The operator's commands behind `npm run db:migrate`, `db:backup` and `db:restore` (docs/operations.md).
 * A backup is a directory: the database (a pg_dump archive, or the embedded database's data directory as
 * a gzipped tar), a copy of the uploaded files, the generated server secret when there is one, and
 * `manifest.json`, written last, so a directory without it is an unfinished backup.
 */

/** A refusal the commands print as one line, with what to do. */
export class OpsError extends Error {}

export interface BackupManifest {
  format: 1;
  kind: 'pglite' | 'postgres';
  version: string;
  createdAt: string;
  files: number;
}

const MANIFEST = 'manifest.json';
const PG_ARCHIVE = 'database.pgdump';
const PGLITE_ARCHIVE = 'database.tar.gz';
const FILES = 'files';
const SECRET = 'server-secret';
/** Counters and leases of the processes that were running: meaningless to the restored installation. */
const TRANSIENT_TABLES = ['rate_limit_hits', 'id_workers'];

type Log = (line: string) => void;

const kindOf = (config: Config) => (config.databaseUrl ? 'postgres' : 'pglite');

/** Applies the migrations and exits; N processes doing it together migrate once (advisory lock). */
export async function migrateOnly(config: Config, log: Log = console.info): Promise<void> {
  const database = await openDatabase(config);
  try {
    await migrateDatabase(database, log);
  } finally {
    await database.close();
  }
}

export async function backup(config: Config, outDir: string, log: Log = console.info): Promise<BackupManifest> {
  if (existsSync(outDir) && (await readdir(outDir)).length > 0) {
    throw new OpsError(`${outDir} is not empty: give a new directory for the backup`);
  }
  // The copy holds every tenant's data and the password hashes: readable by its owner only.
  await mkdir(outDir, { recursive: true, mode: 0o700 });
  const kind = kindOf(config);
  if (config.databaseUrl) {
    await runClient(
      'pg_dump',
      [
        '--format=custom',
        `--file=${path.join(outDir, PG_ARCHIVE)}`,
        ...TRANSIENT_TABLES.map((t) => `--exclude-table-data=${t}`),
      ],
      config.databaseUrl,
    );
  } else {
    await writeFile(path.join(outDir, PGLITE_ARCHIVE), await embeddedCopy(config, log), { mode: 0o600 });
  }
  // After the database: every file a copied row links was stored before it, so it is in the copy too.
  const files = await copyFiles(path.join(config.dataDir, FILES), path.join(outDir, FILES));
  const secret = path.join(config.dataDir, SECRET);
  if (existsSync(secret)) await cp(secret, path.join(outDir, SECRET));
  const manifest: BackupManifest = { format: 1, kind, version: VERSION, createdAt: new Date().toISOString(), files };
  await writeFile(path.join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  log(`backup of the ${kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database and ${files} file(s) in ${outDir}`);
  return manifest;
}

/**
 * The embedded database, from the server holding it (over loopback, with the lock file's token), or,
 * when none runs, from the data directory itself, held meanwhile so that no server starts on it.
 */
async function embeddedCopy(config: Config, log: Log): Promise<Buffer> {
  if (!existsSync(path.join(config.dataDir, PGLITE_DIR, 'PG_VERSION'))) {
    throw new OpsError(`there is no embedded database in DATA_DIR=${config.dataDir}`);
  }
  const holder = dataDirHolder(config.dataDir);
  if (holder) {
    if (!holder.url) {
      throw new OpsError(
        `process ${holder.pid} holds DATA_DIR=${config.dataDir} but answers on no loopback address ` +
          '(starting, or HOST is a non-loopback address): try again once it runs, or stop it',
      );
    }
    log(`asking the running server (process ${holder.pid}) for a copy of the embedded database`);
    const res = await fetch(`${holder.url}${BACKUP_PATH}`, { headers: { authorization: `Bearer ${holder.token}` } });
    if (!res.ok) throw new OpsError(`the running server refused the backup: HTTP ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }
  const database = await openDatabase(config);
  try {
    return Buffer.from(await (await database.snapshot!()).arrayBuffer());
  } finally {
    await database.close();
  }
}

async function copyFiles(from: string, to: string): Promise<number> {
  if (!existsSync(from)) return 0;
  // Uploads still being received sit in tmp/ until checked; they belong to no document yet.
  await cp(from, to, { recursive: true, filter: (source) => source !== path.join(from, 'tmp') });
  return (await readdir(to)).length;
}

export async function restore(config: Config, fromDir: string, log: Log = console.info): Promise<void> {
  const manifest = await readManifest(fromDir);
  const kind = kindOf(config);
  if (manifest.kind !== kind) {
    throw new OpsError(
      `${fromDir} is a backup of ${manifest.kind === 'postgres' ? 'a PostgreSQL' : 'an embedded'} database; ` +
        `this installation uses ${kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database'}`,
    );
  }
  const archive = path.join(fromDir, kind === 'postgres' ? PG_ARCHIVE : PGLITE_ARCHIVE);
  if (!existsSync(archive)) throw new OpsError(`${archive} is missing`);
  const aside = path.join(config.dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  if (config.databaseUrl) {
    await restorePostgres(config.databaseUrl, archive);
    await migrateOnly(config, log);
    await restoreDataDirFiles(config, fromDir, aside);
  } else {
    const running = dataDirHolder(config.dataDir);
    if (running) throw new OpsError(`stop the server first: process ${running.pid} holds DATA_DIR=${config.dataDir}`);
    const copy = await readFile(archive);
    const hold = holdDataDir(config.dataDir);
    try {
      await moveAside(path.join(config.dataDir, PGLITE_DIR), aside);
      const database = await openPglite({
        dataDir: path.join(config.dataDir, PGLITE_DIR),
        loadDataDir: new Blob([new Uint8Array(copy)]),
      });
      await database.close();
      await restoreDataDirFiles(config, fromDir, aside);
    } finally {
      hold.release();
    }
  }
  log(
    `restored the backup of ${manifest.createdAt} (version ${manifest.version}, ${manifest.files} file(s))` +
      (existsSync(aside) ? `; what it replaced is kept in ${aside}` : ''),
  );
}

async function readManifest(fromDir: string): Promise<BackupManifest> {
  try {
    const manifest = JSON.parse(await readFile(path.join(fromDir, MANIFEST), 'utf8')) as BackupManifest;
    if (manifest.format === 1) return manifest;
  } catch {
    // reported below
  }
  throw new OpsError(`${fromDir} holds no finished backup (no readable ${MANIFEST})`);
}

/** Replaced, not merged: the files and secret of the backup, the current ones moved aside. */
async function restoreDataDirFiles(config: Config, fromDir: string, aside: string): Promise<void> {
  await moveAside(path.join(config.dataDir, FILES), aside);
  if (existsSync(path.join(fromDir, FILES))) {
    await cp(path.join(fromDir, FILES), path.join(config.dataDir, FILES), { recursive: true });
  }
  const secret = path.join(config.dataDir, SECRET);
  const saved = existsSync(path.join(fromDir, SECRET)) ? await readFile(path.join(fromDir, SECRET)) : null;
  if (saved && !(existsSync(secret) && saved.equals(await readFile(secret)))) {
    await moveAside(secret, aside);
    await writeFile(secret, saved, { mode: 0o600 });
  }
}

async function moveAside(target: string, aside: string): Promise<void> {
  if (!existsSync(target)) return;
  await mkdir(aside, { recursive: true });
  await rename(target, path.join(aside, path.basename(target)));
}

/**
 * pg_restore over whatever the database holds (--clean), as one transaction, without the source's owners
 * and grants; migrating afterwards grants the app role again, re-derives row-level security and applies
 * the migrations of a newer version than the backup's. Refused while servers run on the database (live
 * worker-id leases, platform/ids.ts): their writes would be lost or land half in the old data.
 */
async function restorePostgres(url: string, archive: string): Promise<void> {
  const database = await openPostgres(url, 1);
  try {
    const leases = await database.db.execute<{ found: boolean }>(
      sql`select to_regclass('public.id_workers') is not null as found`,
    );
    if (leases.rows[0]?.found) {
      const { rows } = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from id_workers where expires_at > now()`,
      );
      const running = Number(rows[0]?.n ?? 0);
      if (running > 0)
        throw new OpsError(`stop every server first: ${running} server process(es) run on this database`);
    }
    // The policies in the archive name the app role: a new cluster needs it before they are created.
    await createAppRole(database.db);
  } finally {
    await database.close();
  }
  await runClient(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--no-acl', '--single-transaction', '--exit-on-error', archive],
    url,
  );
}

/**
 * Runs a PostgreSQL client program on the database of `url`. The password goes in the environment
 * (PGPASSWORD), not on the command line, where any user of the machine could read it.
 */
async function runClient(program: string, args: string[], url: string): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(program, [...args, `--dbname=${target.toString()}`], {
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new OpsError(`${program} is not installed: install the PostgreSQL client of the server's major version`)
          : err,
      ),
    );
    child.on('exit', resolve);
  });
  if (code !== 0) throw new OpsError(`${program} failed (exit ${code})`);
}
