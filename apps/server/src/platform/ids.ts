import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idWorkers } from './processes.table.ts';

/**
 * Time-ordered 64-bit ids (snowflake layout: 41 bits of milliseconds since 2024-01-01, 10 bits of
 * worker, 12 bits of sequence). Made by the app so a document and its lines get ids before insert.
 * Each server process leases its worker id from the database (`leaseWorkerId`), so processes on one
 * database never share one; before the lease (scripts, seeds, unit tests) a random one serves.
 */
const EPOCH = 1704067200000n;
const WORKERS = 1024;
let workerId = BigInt(Math.floor(Math.random() * WORKERS));
let lastMs = 0n;
let sequence = 0n;

export function newId(): string {
  let now = BigInt(Date.now());
  if (now < lastMs) now = lastMs;
  if (now === lastMs) {
    sequence = (sequence + 1n) & 0xfffn;
    if (sequence === 0n) now = lastMs + 1n;
  } else {
    sequence = 0n;
  }
  lastMs = now;
  return (((now - EPOCH) << 22n) | (workerId << 12n) | sequence).toString();
}

export const WORKER_LEASE_MS = 120_000;

/**
 * One statement claims a worker id nobody holds (or whose holder let the lease lapse). Two processes
 * racing for the same id: the second's conflict finds a live lease, claims nothing and tries again.
 */
async function claimWorkerId(db: Db, holder: string, leaseMs: number): Promise<number | null> {
  const expires = sql`now() + ${leaseMs}::float8 * interval '1 millisecond'`;
  const result = await db.execute<{ worker_id: number }>(sql`
    insert into ${idWorkers} as w (worker_id, holder, expires_at)
    select g, ${holder}, ${expires} from generate_series(0, ${WORKERS - 1}) g
     where not exists (select 1 from ${idWorkers} x where x.worker_id = g and x.expires_at > now())
     order by random() limit 1
    on conflict (worker_id) do update set holder = excluded.holder, expires_at = excluded.expires_at
     where w.expires_at <= now()
    returning worker_id`);
  const row = result.rows[0];
  return row ? Number(row.worker_id) : null;
}

export interface WorkerLease {
  readonly workerId: number;
  release(): Promise<void>;
}

/**
 * Leases this process's worker id and keeps renewing it every third of the lease. A renewal that finds
 * the lease gone (the process stood still longer than the lease and another took the id) leases a new
 * one before any further id is made from the lost one.
 */
export async function leaseWorkerId(
  db: Db,
  { leaseMs = WORKER_LEASE_MS, onError }: { leaseMs?: number; onError?: (err: unknown) => void } = {},
): Promise<WorkerLease> {
  const holder = randomUUID();
  const claim = async (): Promise<number> => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const id = await claimWorkerId(db, holder, leaseMs);
      if (id !== null) return id;
    }
    throw new Error(`no free id worker among ${WORKERS}: too many server processes on this database`);
  };
  let current = await claim();
  workerId = BigInt(current);

  const renew = async () => {
    const renewed = await db.execute(sql`
      update ${idWorkers} set expires_at = now() + ${leaseMs}::float8 * interval '1 millisecond'
       where worker_id = ${current} and holder = ${holder} returning 1`);
    if (renewed.rows.length === 0) {
      current = await claim();
      workerId = BigInt(current);
    }
  };
  const timer = setInterval(() => renew().catch((err) => onError?.(err)), leaseMs / 3);
  timer.unref();

  return {
    get workerId() {
      return current;
    },
    async release() {
      clearInterval(timer);
      await db.execute(sql`delete from ${idWorkers} where holder = ${holder}`);
    },
  };
}
