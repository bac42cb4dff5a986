import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authThrottles } from '../db/schema.ts';
import { AppError } from './errors.ts';

/**
 * Failure counters for guessed secrets: passwords, verification codes, invite codes (QUALITY S-03,
 * S-05, S-11). They live in the database so every server process weighs the same count, and they only
 * ever delay: nothing here locks an account or ends a session. A key names what is counted, e.g. one
 * account, one account from one client, one client address.
 */
export interface ThrottleRule {
  /** Failures within one window that cost nothing. */
  free: number;
  /** The delay after the first failure past `free`; each further failure doubles it, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A window is this long from its first failure; the next failure after it starts a new count. */
  windowMs: number;
}

/** A rule that only counts (for notices), never delays. */
export interface CountRule {
  windowMs: number;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** How long the longest delay among `keys` still runs, in milliseconds (0: none). */
async function delayRemaining(db: Db, keys: readonly string[], now: Date): Promise<number> {
  if (keys.length === 0) return 0;
  const result = await db.execute<{ until_ms: number | null }>(sql`
    select (extract(epoch from max(delayed_until)) * 1000)::float8 as until_ms from ${authThrottles}
     where key in (${sql.join(
       keys.map((k) => sql`${k}`),
       sql`, `,
     )}) and delayed_until > ${ts(now)}`);
  const until = result.rows[0]?.until_ms;
  return until ? Math.max(0, Number(until) - now.getTime()) : 0;
}

/** 429 with Retry-After, in the caller's language. */
function tooManyAttempts(remainingMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(remainingMs / 1000));
  return new AppError('TOO_MANY_ATTEMPTS', { seconds }, undefined, { 'retry-after': String(seconds) });
}

/**
 * Counts one failure in one statement, so parallel failures cannot overwrite each other's count, and
 * sets the delay the new count earns.
 */
async function recordFailure(db: Db, key: string, rule: ThrottleRule | CountRule, now: Date): Promise<void> {
  const stale = sql`t.window_started_at <= ${ts(new Date(now.getTime() - rule.windowMs))}`;
  const count = sql`(case when ${stale} then 1 else t.failures + 1 end)`;
  const delay = (n: ReturnType<typeof sql>) =>
    'free' in rule
      ? sql`case when ${n} >= ${rule.free}
                 then ${ts(now)} + least(${rule.maxDelayMs}::float8,
                                         ${rule.baseDelayMs}::float8 * power(2, ${n} - ${rule.free}))
                                   * interval '1 millisecond'
            end`
      : sql`null::timestamptz`;
  await db.execute(sql`
    insert into ${authThrottles} as t (key, failures, window_started_at, last_failure_at, delayed_until)
    values (${key}, 1, ${ts(now)}, ${ts(now)}, ${delay(sql`1`)})
    on conflict (key) do update set
      failures = ${count},
      window_started_at = case when ${stale} then ${ts(now)} else t.window_started_at end,
      last_failure_at = ${ts(now)},
      delayed_until = ${delay(count)}`);
}

async function clearFailures(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(sql`
    delete from ${authThrottles} where key in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`);
}

/**
 * Claims the one notice a key earns per window once it holds `threshold` failures: true for exactly one
 * caller, however many reach the threshold at once, and for nobody again until `windowMs` has passed.
 */
export async function claimNotice(
  db: Db,
  key: string,
  threshold: number,
  windowMs: number,
  now: Date,
): Promise<boolean> {
  const result = await db.execute(sql`
    update ${authThrottles} set notified_at = ${ts(now)}
     where key = ${key} and failures >= ${threshold}
       and (notified_at is null or notified_at <= ${ts(new Date(now.getTime() - windowMs))})
    returning key`);
  return result.rows.length > 0;
}

/** What an attempt at a guessed secret is weighed against. */
export interface Guard {
  /** Keys whose running delay refuses the attempt before the secret is even compared. */
  delayedBy: readonly string[];
  /** What a wrong guess counts under. */
  counts: readonly { key: string; rule: ThrottleRule | CountRule }[];
  /** What a right guess clears. */
  clears: readonly string[];
}

/**
 * Runs `attempt` (true: the secret was right) under a guard: refused with 429 while a delay runs,
 * counted when wrong, cleared when right. A refused attempt is not counted, so an attacker hammering
 * during a delay does not lengthen the owner's wait.
 */
export async function guarded(db: Db, guard: Guard, attempt: () => Promise<boolean>): Promise<boolean> {
  const remaining = await delayRemaining(db, guard.delayedBy, new Date());
  if (remaining > 0) throw tooManyAttempts(remaining);
  const right = await attempt();
  const now = new Date();
  if (right) await clearFailures(db, guard.clears);
  else for (const { key, rule } of guard.counts) await recordFailure(db, key, rule, now);
  return right;
}

/** Counters idle for a day are forgotten (the daily purge); no rule's window or delay is that long. */
export async function purgeIdleThrottles(db: Db, now: Date): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    with gone as (
      delete from ${authThrottles} where last_failure_at < ${ts(new Date(now.getTime() - 24 * 60 * 60_000))}
      returning 1)
    select count(*)::int as n from gone`);
  return Number(result.rows[0]?.n ?? 0);
}
