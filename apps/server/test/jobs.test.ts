import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { Database, Queryable } from '../src/db/client.ts';
import { AppError } from '../src/platform/errors.ts';
import type * as jobsModule from '../src/platform/jobs.ts';
import {
  type Clock,
  createJobRunner,
  enqueue,
  type JobHandler,
  type JobKind,
  type JobRunner,
  type RetriedJobRecord,
  systemClock,
} from '../src/platform/jobs.ts';
import { createTestContext, openTestDatabase } from './helpers.ts';

/** Every runner the app creates, so a test can walk the kinds its modules register. */
const appRunners = vi.hoisted(() => [] as JobRunner[]);
vi.mock('../src/platform/jobs.ts', async (original) => {
  const actual = await original<typeof jobsModule>();
  return {
    ...actual,
    startJobRunner: (...args: Parameters<typeof actual.startJobRunner>) => {
      const runner = actual.startJobRunner(...args);
      appRunners.push(runner);
      return runner;
    },
  };
});

const log = Fastify({ logger: false }).log;

/** A clock the test moves by hand. */
function fakeClock(start: string): Clock & { advance(ms: number): void } {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
  };
}

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.db.execute(sql`create table job_effects (key text primary key, runs int not null default 1)`);
  // What a user watches while a job works for it, as an import or export row would be.
  await database.db.execute(
    sql`create table job_records (id text primary key, status text not null, note text not null default '')`,
  );
});
afterAll(() => drop());
beforeEach(async () => {
  await database.db.execute(sql`delete from jobs`);
  await database.db.execute(sql`delete from job_effects`);
  await database.db.execute(sql`delete from job_records`);
});

/** A scheduled kind: retried, serving no record. */
const retried = (handler: JobHandler): JobKind => ({ handler, retry: true, record: null });

const effects = async () =>
  (await database.db.execute<{ key: string; runs: number }>(sql`select key, runs from job_effects order by key`)).rows;
const jobRow = async (id: string) =>
  (
    await database.db.execute<{
      attempts: number;
      run_ms: number;
      done_at: string | null;
      dead_at: string | null;
      last_error: string | null;
    }>(
      sql`select attempts, (extract(epoch from run_at) * 1000)::float8 as run_ms, done_at::text, dead_at::text, last_error from jobs where id = ${id}`,
    )
  ).rows[0]!;

/** A side effect committed together with the job's completion: at most one row per key, ever. */
const effectOnce = (key: string) => (tx: { execute: Database['db']['execute'] }) =>
  tx.execute(sql`insert into job_effects (key) values (${key})
    on conflict (key) do update set runs = job_effects.runs + 1`);

function runnerAt(clock: Clock): JobRunner {
  return createJobRunner(database.db, log, { clock, backoffMs: 10_000, leaseMs: 60_000 });
}

describe('enqueue', () => {
  it('is idempotent on (kind, dedupe key) and free without a key', async () => {
    const a = await enqueue(database.db, 'k', { n: 1 }, { dedupeKey: 'same' });
    const b = await enqueue(database.db, 'k', { n: 2 }, { dedupeKey: 'same' });
    const other = await enqueue(database.db, 'other', {}, { dedupeKey: 'same' });
    await enqueue(database.db, 'k', {});
    await enqueue(database.db, 'k', {});
    expect(a).toBeTruthy();
    expect(b).toBeNull();
    expect(other).toBeTruthy();
    const { rows } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from jobs`);
    expect(rows[0]!.n).toBe(4);
  });

  it('defaults the polling loop off under the test run and honours JOBS', () => {
    // The test run itself: apps built by tests never poll behind the test's back.
    expect(loadConfig({}).jobs).toBe(false);
    expect(loadConfig({ JOBS: 'true' }).jobs).toBe(true);
    expect(loadConfig({ JOBS: 'off' }).jobs).toBe(false);
  });
});

describe('runner (QUALITY R-09)', () => {
  it('retries a handler that throws once, with back-off, and its side effect happens exactly once', async () => {
    const clock = fakeClock('2026-05-01T08:00:00Z');
    const runner = runnerAt(clock);
    let calls = 0;
    runner.register(
      'flaky',
      retried(async (ctx) => {
        calls++;
        await ctx.db.transaction(async (tx) => {
          await effectOnce(String(ctx.job.payload.key))(tx);
          await ctx.markDone(tx);
          if (ctx.job.attempts === 1) throw new Error('first attempt fails after its write');
        });
      }),
    );
    const id = (await enqueue(database.db, 'flaky', { key: 'a' }, { runAt: clock.now() }))!;

    expect(await runner.runDue()).toBe(1);
    expect(await effects()).toEqual([]);
    const failed = await jobRow(id);
    expect(failed.attempts).toBe(1);
    expect(failed.done_at).toBeNull();
    expect(failed.last_error).toMatch(/first attempt fails/);
    expect(Number(failed.run_ms)).toBe(clock.now().getTime() + 10_000);

    expect(await runner.runDue()).toBe(0);
    clock.advance(10_000);
    expect(await runner.runDue()).toBe(1);
    expect(await effects()).toEqual([{ key: 'a', runs: 1 }]);
    expect((await jobRow(id)).done_at).not.toBeNull();

    clock.advance(24 * 3600_000);
    expect(await runner.runDue()).toBe(0);
    expect(calls).toBe(2);
    expect(await effects()).toEqual([{ key: 'a', runs: 1 }]);
  });

  it('takes over a job whose worker died mid-run once the lease runs out, and runs it once more after the back-off', async () => {
    const clock = fakeClock('2026-05-01T08:00:00Z');
    const runner = runnerAt(clock);
    runner.register(
      'crashy',
      retried(async (ctx) => {
        await ctx.db.transaction(async (tx) => {
          await effectOnce('crashy')(tx);
          await ctx.markDone(tx);
        });
      }),
    );
    const id = (await enqueue(database.db, 'crashy', {}, { runAt: clock.now() }))!;
    // What a worker leaves when it is killed after claiming: one attempt counted, the lease held.
    await database.db.execute(sql`update jobs set attempts = 1,
      locked_until = ${new Date(clock.now().getTime() + 60_000).toISOString()}::timestamptz where id = ${id}`);

    expect(await runner.runDue()).toBe(0);
    clock.advance(60_000);
    // Settled as a failed attempt: a job that kills its worker must not kill the next one at once.
    expect(await runner.runDue()).toBe(1);
    expect(await effects()).toEqual([]);
    clock.advance(10_000);
    expect(await runner.runDue()).toBe(1);
    expect(await effects()).toEqual([{ key: 'crashy', runs: 1 }]);
    expect(await jobRow(id)).toMatchObject({ attempts: 2 });
    expect(await runner.runDue()).toBe(0);
  });

  it('doubles the delay on each failure and dead-letters after maxAttempts', async () => {
    const clock = fakeClock('2026-05-01T08:00:00Z');
    const runner = runnerAt(clock);
    let calls = 0;
    runner.register(
      'broken',
      retried(async () => {
        calls++;
        throw new Error(`broken #${calls}`);
      }),
    );
    const id = (await enqueue(database.db, 'broken', {}, { maxAttempts: 3, runAt: clock.now() }))!;
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      const before = clock.now().getTime();
      await runner.runDue();
      const row = await jobRow(id);
      if (row.dead_at) break;
      delays.push(Number(row.run_ms) - before);
      clock.advance(Number(row.run_ms) - before);
    }
    expect(delays).toEqual([10_000, 20_000]);
    const dead = await jobRow(id);
    expect(dead.attempts).toBe(3);
    expect(dead.dead_at).not.toBeNull();
    expect(dead.done_at).toBeNull();
    expect(dead.last_error).toMatch(/broken #3/);
    clock.advance(365 * 24 * 3600_000);
    expect(await runner.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('dead-letters a job whose last attempt never reported back', async () => {
    const clock = fakeClock('2026-05-01T08:00:00Z');
    const runner = runnerAt(clock);
    const handler = vi.fn(async () => {});
    runner.register('lost', retried(handler));
    const id = (await enqueue(database.db, 'lost', {}, { maxAttempts: 2, runAt: clock.now() }))!;
    await database.db.execute(sql`update jobs set attempts = 2, locked_until = ${clock.now().toISOString()}::timestamptz
      where id = ${id}`);
    expect(await runner.runDue()).toBe(1);
    expect(handler).not.toHaveBeenCalled();
    expect((await jobRow(id)).dead_at).not.toBeNull();
  });

  it('shares work between two runners without running a job twice (SKIP LOCKED)', async () => {
    const clock = fakeClock('2026-05-01T08:00:00Z');
    const [a, b] = [runnerAt(clock), runnerAt(clock)];
    for (const runner of [a, b]) {
      runner.register(
        'share',
        retried(async (ctx) => {
          await ctx.db.transaction(async (tx) => {
            await effectOnce(String(ctx.job.payload.key))(tx);
            await ctx.markDone(tx);
          });
        }),
      );
    }
    for (let i = 0; i < 12; i++)
      await enqueue(database.db, 'share', { key: `k${String(i).padStart(2, '0')}` }, { runAt: clock.now() });
    const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ranA + ranB).toBe(12);
    const rows = await effects();
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.runs === 1)).toBe(true);
  });

  it('claims only kinds it has a handler for, and only the ids asked for', async () => {
    const clock = fakeClock('2026-05-01T08:00:00Z');
    const runner = runnerAt(clock);
    const seen: string[] = [];
    runner.register(
      'mine',
      retried(async (ctx) => {
        seen.push(String(ctx.job.payload.key));
      }),
    );
    await enqueue(database.db, 'foreign', {}, { runAt: clock.now() });
    const first = (await enqueue(database.db, 'mine', { key: 'first' }, { runAt: clock.now() }))!;
    await enqueue(database.db, 'mine', { key: 'second' }, { runAt: clock.now() });
    expect(await runner.runDue({ ids: [first] })).toBe(1);
    expect(seen).toEqual(['first']);
    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual(['first', 'second']);
    const { rows } = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from jobs where kind = 'foreign' and done_at is null and attempts = 0`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});

/** A record as the runner's hooks leave it: its status and the note the user reads. */
const recordOf = async (id: string) =>
  (
    await database.db.execute<{ status: string; note: string }>(
      sql`select status, note from job_records where id = ${id}`,
    )
  ).rows[0];

/** A record kept by SQL on the runner's transaction, like the import and export rows. */
const tableRecord: RetriedJobRecord = {
  async markRetrying(q: Queryable, job, attempt, maxAttempts) {
    await q.execute(sql`update job_records set status = 'retrying', note = ${`${attempt} of ${maxAttempts}`}
      where id = ${String(job.payload.record)}`);
  },
  async markFailed(q: Queryable, job, failure) {
    await q.execute(sql`update job_records set status = 'failed', note = ${failure.code}
      where id = ${String(job.payload.record)}`);
  },
};

/** A job serving record `id`, and the record itself, as a user's request would create them. */
async function queueWithRecord(kind: string, id: string, clock: Clock, maxAttempts?: number) {
  await database.db.execute(sql`insert into job_records (id, status) values (${id}, 'running')`);
  return (await enqueue(database.db, kind, { record: id }, { runAt: clock.now(), maxAttempts }))!;
}

/** What a worker killed after claiming leaves: one more attempt counted, the lease held until `until`. */
const killedWhileRunning = (id: string, until: Date) =>
  database.db.execute(sql`update jobs set attempts = attempts + 1,
    locked_until = ${until.toISOString()}::timestamptz where id = ${id}`);

describe('a job whose worker died (QUALITY R-09, R-11)', () => {
  it('retries a retried kind up to its limit, its record showing "retrying (n of m)", then fails it', async () => {
    const clock = fakeClock('2026-05-01T08:00:00Z');
    const runner = runnerAt(clock);
    const handler = vi.fn(async () => {});
    runner.register('batch', { retry: true, record: tableRecord, handler });
    const id = await queueWithRecord('batch', 'r1', clock, 2);
    await killedWhileRunning(id, new Date(clock.now().getTime() + 60_000));

    expect(await runner.runDue()).toBe(0);
    expect(await recordOf('r1')).toEqual({ status: 'running', note: '' });
    clock.advance(60_000);
    // Settled, not yet run: the retry waits for its back-off.
    expect(await runner.runDue()).toBe(1);
    expect(await recordOf('r1')).toEqual({ status: 'retrying', note: '2 of 2' });
    expect(await jobRow(id)).toMatchObject({ attempts: 1, dead_at: null });
    expect((await jobRow(id)).last_error).toMatch(/lease lapsed on attempt 1/);
    expect(handler).not.toHaveBeenCalled();

    clock.advance(10_000);
    await killedWhileRunning(id, new Date(clock.now().getTime() + 60_000));
    clock.advance(60_000);
    expect(await runner.runDue()).toBe(1);
    expect(await recordOf('r1')).toEqual({ status: 'failed', note: 'JOB_INTERRUPTED' });
    expect((await jobRow(id)).dead_at).not.toBeNull();
    clock.advance(24 * 3600_000);
    expect(await runner.runDue()).toBe(0);
    expect(handler).not.toHaveBeenCalled();
  });

  it('fails a user-started kind at once, whatever its attempt limit, and never runs it again', async () => {
    const clock = fakeClock('2026-05-01T08:00:00Z');
    const runner = runnerAt(clock);
    const handler = vi.fn(async () => {});
    runner.register('import', { retry: false, record: tableRecord, handler });
    const id = await queueWithRecord('import', 'r2', clock, 5);
    await killedWhileRunning(id, new Date(clock.now().getTime() + 60_000));

    clock.advance(59_999);
    expect(await runner.runDue()).toBe(0);
    expect(await recordOf('r2')).toEqual({ status: 'running', note: '' });
    clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    expect(await recordOf('r2')).toEqual({ status: 'failed', note: 'JOB_INTERRUPTED' });
    expect(await jobRow(id)).toMatchObject({ attempts: 1 });
    expect((await jobRow(id)).dead_at).not.toBeNull();
    clock.advance(365 * 24 * 3600_000);
    expect(await runner.runDue()).toBe(0);
    expect(handler).not.toHaveBeenCalled();
  });

  it('settles the job and its record in one transaction: a failing record hook leaves both as they were', async () => {
    const clock = fakeClock('2026-05-01T08:00:00Z');
    const runner = runnerAt(clock);
    let broken = true;
    runner.register('import', {
      retry: false,
      record: {
        async markFailed(q, job, failure) {
          if (broken) throw new Error('record table unavailable');
          await tableRecord.markFailed(q, job, failure);
        },
      },
      handler: async () => {},
    });
    const id = await queueWithRecord('import', 'r3', clock);
    await killedWhileRunning(id, clock.now());
    await expect(runner.runDue()).rejects.toThrow('record table unavailable');
    expect(await jobRow(id)).toMatchObject({ dead_at: null, last_error: null });
    expect(await recordOf('r3')).toEqual({ status: 'running', note: '' });
    broken = false;
    expect(await runner.runDue()).toBe(1);
    expect(await recordOf('r3')).toEqual({ status: 'failed', note: 'JOB_INTERRUPTED' });
  });

  it('tells the record why a handler failed: its catalogue key, or a server error', async () => {
    const clock = fakeClock('2026-05-01T08:00:00Z');
    const runner = runnerAt(clock);
    runner.register('refused', {
      retry: false,
      record: tableRecord,
      handler: async () => {
        throw new AppError('EXPORT_TOO_LARGE', { count: 2, max: 1 });
      },
    });
    let calls = 0;
    runner.register('crashing', {
      retry: true,
      record: tableRecord,
      handler: async () => {
        calls++;
        throw new TypeError('undefined is not a function');
      },
    });
    await queueWithRecord('refused', 'r4', clock, 3);
    const crashing = await queueWithRecord('crashing', 'r5', clock, 2);
    expect(await runner.runDue()).toBe(2);
    expect(await recordOf('r4')).toEqual({ status: 'failed', note: 'EXPORT_TOO_LARGE' });
    expect(await recordOf('r5')).toEqual({ status: 'retrying', note: '2 of 2' });
    clock.advance(10_000);
    expect(await runner.runDue()).toBe(1);
    expect(await recordOf('r5')).toEqual({ status: 'failed', note: 'INTERNAL' });
    expect((await jobRow(crashing)).last_error).toMatch(/undefined is not a function/);
    expect(calls).toBe(2);
  });

  it('keeps the lease of a job that runs longer than the lease, so no other worker settles it', async () => {
    const a = createJobRunner(database.db, log, { leaseMs: 150 });
    const b = createJobRunner(database.db, log, { leaseMs: 150 });
    let release = () => {};
    const finished = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = false;
    for (const runner of [a, b]) {
      runner.register('long', {
        retry: false,
        record: tableRecord,
        handler: async () => {
          started = true;
          await finished;
        },
      });
    }
    const id = await queueWithRecord('long', 'r6', systemClock);
    const running = a.runDue({ ids: [id] });
    await vi.waitFor(() => expect(started).toBe(true));
    // Four lease times pass while the handler works; the other worker finds nothing to settle or run.
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setTimeout(r, 100));
      expect(await b.runDue({ ids: [id] })).toBe(0);
    }
    release();
    expect(await running).toBe(1);
    expect(await recordOf('r6')).toEqual({ status: 'running', note: '' });
    expect((await jobRow(id)).done_at).not.toBeNull();
  });

  it('refuses a kind that declares no record, and reads the lease from JOBS_LEASE_SECONDS', () => {
    const runner = runnerAt(fakeClock('2026-05-01T08:00:00Z'));
    expect(() => runner.register('silent', { handler: async () => {}, retry: false } as unknown as JobKind)).toThrow(
      /declares no record/,
    );
    expect(runner.kinds().has('silent')).toBe(false);
    expect(loadConfig({}).jobsLeaseMs).toBe(60_000);
    expect(loadConfig({ JOBS_LEASE_SECONDS: '5' }).jobsLeaseMs).toBe(5_000);
    expect(() => loadConfig({ JOBS_LEASE_SECONDS: 'soon' })).toThrow(/JOBS_LEASE_SECONDS="soon"/);
  });
});

describe('the kinds the app registers', () => {
  it('each declares its record (or null) and whether it is retried; user-started kinds are not', async () => {
    const t = await createTestContext();
    try {
      const runner = appRunners.at(-1)!;
      const kinds = [...runner.kinds()];
      expect(kinds.length).toBeGreaterThanOrEqual(5);
      for (const [name, kind] of kinds) {
        expect(typeof kind.retry, name).toBe('boolean');
        expect(kind.record, `${name} must say record: null when it serves none`).not.toBeUndefined();
        if (kind.record) expect(typeof kind.record.markFailed, name).toBe('function');
        if (kind.record && kind.retry) expect(typeof kind.record.markRetrying, name).toBe('function');
      }
      for (const name of ['materials.import', 'materials.export']) {
        expect(runner.kinds().get(name), name).toMatchObject({ retry: false, record: expect.any(Object) });
      }
    } finally {
      await t.close();
    }
  });
});

describe('daily scheduler', () => {
  it('enqueues a daily kind once per day, across processes, with the date as payload and key', async () => {
    // Days of the configured TIME_ZONE (Asia/Shanghai by default), whatever TZ the process runs under.
    const clock = fakeClock('2026-05-01T08:00:00+08:00');
    const [a, b] = [runnerAt(clock), runnerAt(clock)];
    const dates: string[] = [];
    for (const runner of [a, b]) {
      runner.register(
        'nightly',
        retried(async (ctx) => {
          dates.push(String(ctx.job.payload.date));
        }),
      );
      runner.daily('nightly');
    }
    await a.scheduleDaily();
    await a.scheduleDaily();
    await b.scheduleDaily();
    expect(await a.runDue()).toBe(1);
    clock.advance(12 * 3600_000);
    await b.scheduleDaily();
    expect(await b.runDue()).toBe(0);
    clock.advance(12 * 3600_000);
    await a.scheduleDaily();
    await b.scheduleDaily();
    expect(await b.runDue()).toBe(1);
    expect(dates).toEqual(['2026-05-01', '2026-05-02']);
  });

  it('runs the loop when started and stops cleanly', async () => {
    const runner = createJobRunner(database.db, log, { pollMs: 20 });
    const done: string[] = [];
    runner.register(
      'looped',
      retried(async (ctx) => {
        done.push(String(ctx.job.payload.key));
      }),
    );
    await enqueue(database.db, 'looped', { key: 'x' });
    runner.start();
    await vi.waitFor(() => expect(done).toEqual(['x']), { timeout: 10_000, interval: 20 });
    await runner.stop();
    await enqueue(database.db, 'looped', { key: 'y' });
    expect(done).toEqual(['x']);
  });
});
