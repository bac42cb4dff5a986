import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config.ts';

/**
 * PGlite takes no lock of its own: a second process opening the same data directory would write over
 * the first one's files. The process that opens the embedded database therefore holds
 * `$DATA_DIR/server.lock`, naming itself and, once it listens, where it answers; the operating commands
 * (apps/server/scripts/ops.ts) read it to ask the running server for a backup instead of opening the
 * directory themselves.
 */
export const LOCK_FILE = 'server.lock';

export interface LockRecord {
  pid: number;
  /** The process's start time (Linux), so a reused pid after a restart is not taken for the holder. */
  started: string | null;
  /** Proves to the holder's backup endpoint that the caller can read DATA_DIR. */
  token: string;
  /** Where the holder answers loopback requests, once it listens. */
  url?: string;
}

export interface DataDirHold {
  readonly token: string;
  announce(url: string): void;
  release(): void;
}

/** Data directories this process holds: its own pid in a lock file means nothing by itself. */
const heldHere = new Set<string>();

function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readRecord(file: string): LockRecord | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockRecord;
  } catch {
    return null;
  }
}

function isAlive(dataDir: string, record: LockRecord): boolean {
  if (record.pid === process.pid) return heldHere.has(dataDir);
  if (!isRunning(record.pid)) return false;
  return record.started === null || startTimeOf(record.pid) === record.started;
}

/** The live process holding the data directory, or null when none does (no lock, or a dead holder's). */
export function dataDirHolder(dataDir: string): LockRecord | null {
  const record = readRecord(path.join(dataDir, LOCK_FILE));
  return record && isAlive(dataDir, record) ? record : null;
}

/** Written whole under a temporary name, then linked or renamed in: a reader never sees half a record. */
function writeRecord(file: string, record: LockRecord, replace: boolean): void {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, JSON.stringify(record), { mode: 0o600 });
  try {
    if (replace) renameSync(temp, file);
    else linkSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * Takes the data directory for this process, or refuses with the holder's pid. A lock left by a process
 * that died is replaced.
 */
export function holdDataDir(dataDir: string): DataDirHold {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const record: LockRecord = {
    pid: process.pid,
    started: startTimeOf(process.pid),
    token: randomBytes(32).toString('hex'),
  };
  for (;;) {
    try {
      writeRecord(file, record, false);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readRecord(file);
    if (holder && isAlive(dataDir, holder)) {
      throw new ConfigError(
        `DATA_DIR=${JSON.stringify(dataDir)} is in use by process ${holder.pid}: the embedded database is ` +
          `opened by one process at a time. Stop that process, or use another DATA_DIR.`,
      );
    }
    // Only the dead holder's record: another process may have replaced it since it was read.
    if (readRecord(file)?.token === holder?.token) rmSync(file, { force: true });
  }
  heldHere.add(dataDir);
  const ours = () => readRecord(file)?.token === record.token;
  return {
    token: record.token,
    announce(url) {
      if (ours()) writeRecord(file, { ...record, url }, true);
    },
    release() {
      heldHere.delete(dataDir);
      if (ours()) rmSync(file, { force: true });
    },
  };
}
