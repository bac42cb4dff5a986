import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { type Clock, createJobRunner, enqueue, type JobRunner, jobsEnabledByDefault } from '../src/platform/jobs.ts';
import { openTestDatabase } from './helpers.ts';

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
});
afterAll(() => drop());
beforeEach(async () => {
  await database.db.execute(sql`delete from jobs`);
  await database.db.execute(sql`delete from job_effects`);
});

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

  it('defaults the polling loop off under NODE_ENV=test and honours JOBS', () => {
    expect(jobsEnabledByDefault({ NODE_ENV: 'test' })).toBe(false);
    expect(jobsEnabledByDefault({ NODE_ENV: 'test', JOBS: 'true' })).toBe(true);
    expect(jobsEnabledByDefault({ NODE_ENV: 'production' })).toBe(true);
    expect(jobsEnabledByDefault({ JOBS: 'false' })).toBe(false);
    // The test run itself: apps built by tests never poll behind the test's back.
    expect(jobsEnabledByDefault()).toBe(false);
  });
});

describe('runner (QUALITY R-09)', () => {
  it('retries a handler that throws once, with back-off, and its side effect happens exactly once', async () => {
    const clock = fakeClock('2026-05-01T08:00:00Z');
    const runner = runnerAt(clock);
    let calls = 0;
    runner.register('flaky', async (ctx) => {
      calls++;
      await ctx.db.transaction(async (tx) => {
        await effectOnce(String(ctx.job.payload.key))(tx);
        await ctx.markDone(tx);
        if (ctx.job.attempts === 1) throw new Error('first attempt fails after its write');
      });
    });
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

  it('takes over a job whose worker died mid-run once the lease runs out, and runs it once more', async () => {
    const clock = fakeClock('2026-05-01T08:00:00Z');
    const runner = runnerAt(clock);
    runner.register('crashy', async (ctx) => {
      await ctx.db.transaction(async (tx) => {
        await effectOnce('crashy')(tx);
        await ctx.markDone(tx);
      });
    });
    const id = (await enqueue(database.db, 'crashy', {}, { runAt: clock.now() }))!;
    // What a worker leaves when it is killed after claiming: one attempt counted, the lease held.
    await database.db.execute(sql`update jobs set attempts = 1,
      locked_until = ${new Date(clock.now().getTime() + 60_000).toISOString()}::timestamptz where id = ${id}`);

    expect(await runner.runDue()).toBe(0);
    clock.advance(60_000);
    expect(await runner.runDue()).toBe(1);
    expect(await effects()).toEqual([{ key: 'crashy', runs: 1 }]);
    expect(await jobRow(id)).toMatchObject({ attempts: 2 });
    expect(await runner.runDue()).toBe(0);
  });

  it('doubles the delay on each failure and dead-letters after maxAttempts', async () => {
    const clock = fakeClock('2026-05-01T08:00:00Z');
    const runner = runnerAt(clock);
    let calls = 0;
    runner.register('broken', async () => {
      calls++;
      throw new Error(`broken #${calls}`);
    });
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
    runner.register('lost', handler);
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
      runner.register('share', async (ctx) => {
        await ctx.db.transaction(async (tx) => {
          await effectOnce(String(ctx.job.payload.key))(tx);
          await ctx.markDone(tx);
        });
      });
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
    runner.register('mine', async (ctx) => {
      seen.push(String(ctx.job.payload.key));
    });
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

describe('daily scheduler', () => {
  it('enqueues a daily kind once per day, across processes, with the date as payload and key', async () => {
    const clock = fakeClock('2026-05-01T08:00:00');
    const [a, b] = [runnerAt(clock), runnerAt(clock)];
    const dates: string[] = [];
    for (const runner of [a, b]) {
      runner.register('nightly', async (ctx) => {
        dates.push(String(ctx.job.payload.date));
      });
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
    runner.register('looped', async (ctx) => {
      done.push(String(ctx.job.payload.key));
    });
    await enqueue(database.db, 'looped', { key: 'x' });
    runner.start();
    await vi.waitFor(() => expect(done).toEqual(['x']), { timeout: 10_000, interval: 20 });
    await runner.stop();
    await enqueue(database.db, 'looped', { key: 'y' });
    expect(done).toEqual(['x']);
  });
});
