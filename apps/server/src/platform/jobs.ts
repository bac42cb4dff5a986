import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import { newId } from './ids.ts';

/**
 * Background jobs (ARCHITECTURE §6): rows of the global `jobs` table, claimed with
 * `FOR UPDATE SKIP LOCKED` so several server processes share the work without a broker.
 *
 * A claim is a lease: it counts an attempt and locks the row until `lockedUntil` in its own short
 * transaction, so a worker killed mid-job leaves a row that another worker takes again once the lease
 * runs out (QUALITY R-09). Delivery is therefore at least once; a handler makes its side effect
 * exactly once by committing it together with `ctx.markDone(tx)`, or by being idempotent.
 */

/** Time as the jobs see it; tests pass a fake one to move through days. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** The calendar day of an instant in the server's time zone (TZ), as `yyyy-MM-dd`. */
export function localDate(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  dedupeKey: string | null;
  /** Including this run. */
  attempts: number;
  maxAttempts: number;
}

export interface JobContext {
  job: ClaimedJob;
  db: Db;
  now: Date;
  log: FastifyBaseLogger;
  /** Marks the job done inside the handler's own transaction, so its effect and "done" commit together. */
  markDone(tx: Queryable): Promise<void>;
}

export type JobHandler = (ctx: JobContext) => Promise<void>;

export interface EnqueueOptions {
  runAt?: Date;
  /** With the kind, unique: a second enqueue of the same key is a no-op. */
  dedupeKey?: string;
  maxAttempts?: number;
}

/** Queues a job in the caller's transaction; returns its id, or null when the dedupe key already exists. */
export async function enqueue(
  q: Queryable,
  kind: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const [row] = await q
    .insert(jobs)
    .values({
      id: newId(),
      kind,
      payload,
      dedupeKey: options.dedupeKey ?? null,
      ...(options.runAt ? { runAt: options.runAt.toISOString() } : {}),
      ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

export interface JobRunnerOptions {
  /**
   * Run the polling loop. Default: env JOBS (true/false), else on — except under NODE_ENV=test, where a
   * test drives the runner itself with `runDue()` so nothing changes behind its back.
   */
  enabled?: boolean;
  clock?: Clock;
  pollMs?: number;
  /** How long a claim holds a job before another worker may take it again. */
  leaseMs?: number;
  /** First retry delay; each further failure doubles it, up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

export interface JobRunner {
  readonly clock: Clock;
  register(kind: string, handler: JobHandler): void;
  /** Enqueues `kind` once per calendar day (dedupe key = the date), payload `{ date }`. */
  daily(kind: string): void;
  /** Enqueues today's daily jobs that this process has not enqueued yet. */
  scheduleDaily(): Promise<void>;
  /**
   * Claims and runs due jobs one at a time until none is left (or `limit` ran); `ids` restricts the
   * run to those jobs. Returns how many ran.
   */
  runDue(options?: { limit?: number; ids?: string[] }): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

const bool = (v: string | undefined) => (v === undefined || v === '' ? undefined : /^(1|true|yes|on)$/i.test(v));

export function jobsEnabledByDefault(env: NodeJS.ProcessEnv = process.env): boolean {
  return bool(env.JOBS) ?? env.NODE_ENV !== 'test';
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export function createJobRunner(db: Db, log: FastifyBaseLogger, options: JobRunnerOptions = {}): JobRunner {
  const clock = options.clock ?? systemClock;
  const pollMs = options.pollMs ?? 5_000;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const backoffMs = options.backoffMs ?? 10_000;
  const maxBackoffMs = options.maxBackoffMs ?? 60 * 60_000;
  const handlers = new Map<string, JobHandler>();
  const dailyKinds = new Map<string, string | null>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function claim(ids?: string[]): Promise<ClaimedJob | null> {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return null;
    const now = clock.now();
    const only = ids
      ? sql`and id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
    // One statement, one short transaction: the row lock of SKIP LOCKED lasts only for the claim.
    const result = await db.execute<{
      id: string;
      kind: string;
      payload: Record<string, unknown>;
      dedupe_key: string | null;
      attempts: number;
      max_attempts: number;
    }>(sql`
      update ${jobs} set attempts = attempts + 1, locked_until = ${ts(new Date(now.getTime() + leaseMs))}
       where id = (
         select id from ${jobs}
          where done_at is null and dead_at is null and run_at <= ${ts(now)}
            and (locked_until is null or locked_until <= ${ts(now)})
            and kind in (${sql.join(
              kinds.map((k) => sql`${k}`),
              sql`, `,
            )}) ${only}
          order by run_at, id
          limit 1
          for update skip locked)
      returning id, kind, payload, dedupe_key, attempts, max_attempts`);
    const row = result.rows[0];
    if (!row) return null;
    return {
      id: String(row.id),
      kind: row.kind,
      payload: row.payload,
      dedupeKey: row.dedupe_key,
      attempts: Number(row.attempts),
      maxAttempts: Number(row.max_attempts),
    };
  }

  /** Guarded by the attempt number: a run whose lease was taken over cannot finish the newer one. */
  const markDoneIn = (q: Queryable, job: ClaimedJob) =>
    q.execute(sql`
      update ${jobs} set done_at = ${ts(clock.now())}, locked_until = null, last_error = null
       where id = ${job.id} and done_at is null and attempts = ${job.attempts}`);

  async function fail(job: ClaimedJob, err: unknown): Promise<void> {
    const message = (err instanceof Error ? (err.stack ?? err.message) : String(err)).slice(0, 4000);
    const now = clock.now();
    if (job.attempts >= job.maxAttempts) {
      log.error({ err, jobId: job.id, kind: job.kind }, 'job dead-lettered');
      await db.execute(sql`
        update ${jobs} set dead_at = ${ts(now)}, locked_until = null, last_error = ${message}
         where id = ${job.id} and done_at is null and attempts = ${job.attempts}`);
      return;
    }
    const delay = Math.min(backoffMs * 2 ** (job.attempts - 1), maxBackoffMs);
    log.warn({ err, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job failed, will retry');
    await db.execute(sql`
      update ${jobs} set run_at = ${ts(new Date(now.getTime() + delay))}, locked_until = null, last_error = ${message}
       where id = ${job.id} and done_at is null and attempts = ${job.attempts}`);
  }

  async function runOne(ids?: string[]): Promise<boolean> {
    const job = await claim(ids);
    if (!job) return false;
    if (job.attempts > job.maxAttempts) {
      // Its last run never reported back (the worker died): nothing is left to try.
      await fail(job, new Error('lease expired on the last attempt'));
      return true;
    }
    const handler = handlers.get(job.kind)!;
    try {
      await handler({ job, db, now: clock.now(), log, markDone: (tx) => markDoneIn(tx, job).then(() => undefined) });
      await markDoneIn(db, job);
    } catch (err) {
      await fail(job, err);
    }
    return true;
  }

  const runner: JobRunner = {
    clock,
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    daily(kind) {
      if (!dailyKinds.has(kind)) dailyKinds.set(kind, null);
    },
    async scheduleDaily() {
      const date = localDate(clock.now());
      for (const [kind, last] of dailyKinds) {
        if (last === date) continue;
        await enqueue(db, kind, { date }, { dedupeKey: date, runAt: clock.now() });
        dailyKinds.set(kind, date);
      }
    },
    async runDue({ limit = Number.POSITIVE_INFINITY, ids } = {}) {
      let ran = 0;
      while (ran < limit && (await runOne(ids))) ran++;
      return ran;
    },
    start() {
      if (timer || stopped) return;
      const tick = async () => {
        try {
          await runner.scheduleDaily();
          await runner.runDue({ limit: 100 });
        } catch (err) {
          log.error({ err }, 'job runner tick failed');
        }
      };
      const loop = () => {
        running = tick().finally(() => {
          running = null;
          if (!stopped) timer = setTimeout(loop, pollMs).unref();
        });
      };
      timer = setTimeout(loop, 0).unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
  return runner;
}

/** The runner the app owns: created with the app, polling when enabled, stopped when the app closes. */
export function startJobRunner(db: Db, log: FastifyBaseLogger, options: JobRunnerOptions = {}): JobRunner {
  const runner = createJobRunner(db, log, options);
  if (options.enabled ?? jobsEnabledByDefault()) runner.start();
  return runner;
}
