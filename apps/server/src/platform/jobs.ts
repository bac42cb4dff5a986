import type { ErrorCode } from '@concord/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/client.ts';
import { APP_ROLE } from '../db/rls.ts';
import { jobs } from '../db/schema.ts';
import { AppError } from './errors.ts';
import { newId } from './ids.ts';
import { dayIn, systemTimeZone } from './time.ts';

/**
 * Background jobs (ARCHITECTURE §6): rows of the global `jobs` table, claimed with
 * `FOR UPDATE SKIP LOCKED` so several server processes share the work without a broker.
 *
 * A claim is a lease: it counts an attempt and locks the row until `lockedUntil` in its own short
 * transaction, and the running worker renews it while the handler works. A worker killed mid-job
 * stops renewing, so its lease lapses within one lease time; the runner then reclaims the row and
 * decides its fate as the kind declared (QUALITY R-09, R-11): a retried kind runs again up to its
 * attempt limit, a kind the user started fails at once, and either way the record the job serves (an
 * import, an export) says so in the same transaction. Delivery is therefore at least once; a handler
 * makes its side effect exactly once by committing it together with `ctx.markDone(tx)`, or by being
 * idempotent.
 */

/** Time as the jobs see it; tests pass a fake one to move through days. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/**
 * The calendar day of an instant for what belongs to no enterprise (the daily schedule), as
 * `yyyy-MM-dd`: in the configured TIME_ZONE, never the process's TZ. An enterprise's day is `todayOf`.
 */
export const localDate = (at: Date): string => dayIn(at, systemTimeZone());

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

/** Why a job will not run again, as the user reads it: a catalogue key and its parameters. */
export interface JobFailure {
  code: ErrorCode;
  params?: Record<string, string | number>;
}

/**
 * The record a user watches while a job works for it. The runner calls it when it settles the job's
 * fate outside the handler, in the transaction that settles it, after the job row is written; the
 * transaction is not in a tenant context, so a hook on a tenant table enters the record's own.
 */
export interface JobRecord {
  /** The job will not run again: the record shows that it failed, and why. */
  markFailed(q: Queryable, job: ClaimedJob, failure: JobFailure): Promise<void>;
}

export interface RetriedJobRecord extends JobRecord {
  /** The job will run again as attempt `attempt` of `maxAttempts`: the record shows "retrying (n of m)". */
  markRetrying(q: Queryable, job: ClaimedJob, attempt: number, maxAttempts: number): Promise<void>;
}

/**
 * What a kind declares when it is registered. `record` is required: a kind that serves no record says
 * `null`, so a user-facing record can never be left "running" by a kind that forgot to name it.
 */
export type JobKind =
  | {
      handler: JobHandler;
      /** Failed or lapsed runs are tried again with back-off, up to the job's `maxAttempts` (R-09). */
      retry: true;
      record: RetriedJobRecord | null;
    }
  | {
      handler: JobHandler;
      /**
       * Not tried again whatever `maxAttempts` says: the kinds a user started (imports, exports,
       * batches), whose user sees the failure at once and may start anew (R-11).
       */
      retry: false;
      record: JobRecord | null;
    };

/** The failure a lapsed lease leaves: the worker stopped (killed, crashed, cut off from the database). */
const LEASE_LAPSED: JobFailure = { code: 'JOB_INTERRUPTED' };

/** Enters a tenant's context inside the runner's transaction, as `inTenantTx` does for a new one. */
export async function enterRecordTenant(q: Queryable, tenantId: string): Promise<void> {
  await q.execute(sql`select set_config('role', ${APP_ROLE}, true), set_config('app.tenant_id', ${tenantId}, true)`);
}

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
   * Run the polling loop (config.jobs: env JOBS, off under the test run, where a test drives the runner
   * itself with `runDue()` so nothing changes behind its back).
   */
  enabled?: boolean;
  clock?: Clock;
  pollMs?: number;
  /**
   * How long a claim holds a job without renewal; the running worker renews it every third of that.
   * Default: env JOBS_LEASE_SECONDS, else 60 s.
   */
  leaseMs?: number;
  /** First retry delay; each further failure doubles it, up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

export interface JobRunner {
  readonly clock: Clock;
  register(kind: string, declaration: JobKind): void;
  /** The kinds registered so far, by name. */
  kinds(): ReadonlyMap<string, JobKind>;
  /** Enqueues `kind` once per calendar day (dedupe key = the date), payload `{ date }`. */
  daily(kind: string): void;
  /** Enqueues today's daily jobs that this process has not enqueued yet. */
  scheduleDaily(): Promise<void>;
  /**
   * Settles jobs whose lease lapsed, then claims and runs due jobs one at a time until none is left (or
   * `limit` ran); `ids` restricts both to those jobs. Returns how many ran or were settled.
   */
  runDue(options?: { limit?: number; ids?: string[] }): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

const DEFAULT_LEASE_MS = 60_000;

/** A handler's error as its user reads it: its own catalogue key, else a server error. */
const failureOf = (err: unknown): JobFailure =>
  err instanceof AppError ? { code: err.errorCode, params: err.params } : { code: 'INTERNAL' };

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

interface JobRow extends Record<string, unknown> {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  dedupe_key: string | null;
  attempts: number;
  max_attempts: number;
}

const toClaimed = (row: JobRow): ClaimedJob => ({
  id: String(row.id),
  kind: row.kind,
  payload: row.payload,
  dedupeKey: row.dedupe_key,
  attempts: Number(row.attempts),
  maxAttempts: Number(row.max_attempts),
});

export function createJobRunner(db: Db, log: FastifyBaseLogger, options: JobRunnerOptions = {}): JobRunner {
  const clock = options.clock ?? systemClock;
  const pollMs = options.pollMs ?? 5_000;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const backoffMs = options.backoffMs ?? 10_000;
  const maxBackoffMs = options.maxBackoffMs ?? 60 * 60_000;
  const kinds = new Map<string, JobKind>();
  const dailyKinds = new Map<string, string | null>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const leaseEnd = () => ts(new Date(clock.now().getTime() + leaseMs));
  const ofKinds = () =>
    sql`kind in (${sql.join(
      [...kinds.keys()].map((k) => sql`${k}`),
      sql`, `,
    )})`;
  const onlyIds = (ids?: string[]) =>
    ids
      ? sql`and id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  /** The row as the given run left it: a run whose lease was taken over touches the newer one never. */
  const sameRun = (job: ClaimedJob) =>
    sql`id = ${job.id} and done_at is null and dead_at is null and attempts = ${job.attempts}`;

  async function claim(ids?: string[]): Promise<ClaimedJob | null> {
    if (kinds.size === 0) return null;
    // One statement, one short transaction: the row lock of SKIP LOCKED lasts only for the claim. A
    // lapsed lease is not claimed here: `reclaim` settles it first, as its kind declared.
    const result = await db.execute<JobRow>(sql`
      update ${jobs} set attempts = attempts + 1, locked_until = ${leaseEnd()}
       where id = (
         select id from ${jobs}
          where done_at is null and dead_at is null and locked_until is null and run_at <= ${ts(clock.now())}
            and ${ofKinds()} ${onlyIds(ids)}
          order by run_at, id
          limit 1
          for update skip locked)
      returning id, kind, payload, dedupe_key, attempts, max_attempts`);
    const row = result.rows[0];
    return row ? toClaimed(row) : null;
  }

  /**
   * Renews the lease while the handler works, so only a worker that stopped lets it lapse. Release
   * waits for a renewal in flight, so none lands after the run was settled.
   */
  function holdLease(job: ClaimedJob) {
    let renewal: Promise<unknown> = Promise.resolve();
    const every = setInterval(
      () => {
        renewal = db
          .execute(
            sql`update ${jobs} set locked_until = ${leaseEnd()} where ${sameRun(job)} and locked_until is not null`,
          )
          .catch((err: unknown) => log.warn({ err, jobId: job.id }, 'job lease renewal failed'));
      },
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    every.unref();
    return async () => {
      clearInterval(every);
      await renewal;
    };
  }

  const markDoneIn = (q: Queryable, job: ClaimedJob) =>
    q.execute(sql`
      update ${jobs} set done_at = ${ts(clock.now())}, locked_until = null, last_error = null where ${sameRun(job)}`);

  /**
   * Settles a run that did not finish: another attempt with back-off when the kind retries and
   * attempts are left, else dead. The kind's record learns which in the same transaction.
   */
  async function settle(q: Queryable, job: ClaimedJob, message: string, failure: JobFailure): Promise<void> {
    const kind = kinds.get(job.kind)!;
    const error = message.slice(0, 4000);
    if (kind.retry && job.attempts < job.maxAttempts) {
      const delay = Math.min(backoffMs * 2 ** (job.attempts - 1), maxBackoffMs);
      const { rows } = await q.execute(sql`
        update ${jobs} set run_at = ${ts(new Date(clock.now().getTime() + delay))}, locked_until = null,
               last_error = ${error}
         where ${sameRun(job)} returning id`);
      if (rows.length === 0) return;
      log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, error }, 'job will retry');
      await kind.record?.markRetrying(q, job, job.attempts + 1, job.maxAttempts);
      return;
    }
    const { rows } = await q.execute(sql`
      update ${jobs} set dead_at = ${ts(clock.now())}, locked_until = null, last_error = ${error}
       where ${sameRun(job)} returning id`);
    if (rows.length === 0) return;
    log.error({ jobId: job.id, kind: job.kind, attempt: job.attempts, error }, 'job dead-lettered');
    await kind.record?.markFailed(q, job, failure);
  }

  /** Settles one job whose lease lapsed: its worker stopped without reporting back. */
  async function reclaim(ids?: string[]): Promise<boolean> {
    if (kinds.size === 0) return false;
    return db.transaction(async (tx) => {
      const { rows } = await tx.execute<JobRow>(sql`
        select id, kind, payload, dedupe_key, attempts, max_attempts from ${jobs}
         where done_at is null and dead_at is null and locked_until <= ${ts(clock.now())}
           and ${ofKinds()} ${onlyIds(ids)}
         order by locked_until, id
         limit 1
         for update skip locked`);
      if (!rows[0]) return false;
      const job = toClaimed(rows[0]);
      await settle(tx, job, `lease lapsed on attempt ${job.attempts}: the worker stopped`, LEASE_LAPSED);
      return true;
    });
  }

  async function runOne(ids?: string[]): Promise<boolean> {
    const job = await claim(ids);
    if (!job) return false;
    const release = holdLease(job);
    let failure: { err: unknown } | null = null;
    try {
      await kinds.get(job.kind)!.handler({
        job,
        db,
        now: clock.now(),
        log,
        markDone: (tx) => markDoneIn(tx, job).then(() => undefined),
      });
    } catch (err) {
      failure = { err };
    } finally {
      await release();
    }
    if (!failure) await markDoneIn(db, job);
    else {
      const { err } = failure;
      log.warn({ err, jobId: job.id, kind: job.kind }, 'job failed');
      const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
      await db.transaction((tx) => settle(tx, job, message, failureOf(err)));
    }
    return true;
  }

  const runner: JobRunner = {
    clock,
    register(kind, declaration) {
      // JavaScript callers get no type check: "no record" must still be said, as null.
      if (declaration.record === undefined) throw new Error(`Job kind ${kind} declares no record (say null)`);
      kinds.set(kind, declaration);
    },
    kinds: () => kinds,
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
      while (ran < limit && (await reclaim(ids))) ran++;
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
  if (options.enabled) runner.start();
  return runner;
}
