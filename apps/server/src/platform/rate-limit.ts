import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitHits } from './processes.table.ts';

/**
 * Counts one request against `key` in one statement and says how many the window holds and how long
 * it still runs. The counter lives in the database, so every server process behind a load balancer
 * weighs the same count (issue 19); only the few rate-limited routes pay for it (QUALITY P-01).
 */
export async function countRequest(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const window = sql`${windowMs}::float8 * interval '1 millisecond'`;
  const result = await db.execute<{ hits: number; ttl: number }>(sql`
    insert into ${rateLimitHits} as h (key, hits, reset_at) values (${key}, 1, now() + ${window})
    on conflict (key) do update set
      hits = case when h.reset_at <= now() then 1 else h.hits + 1 end,
      reset_at = case when h.reset_at <= now() then now() + ${window} else h.reset_at end
    returning hits, greatest(0, extract(epoch from reset_at - now()) * 1000)::float8 as ttl`);
  const row = result.rows[0]!;
  return { current: Number(row.hits), ttl: Math.ceil(Number(row.ttl)) };
}

/** Windows that ended a day ago are forgotten (the daily purge); no route's window is that long. */
export async function purgeRateLimitHits(db: Db, now: Date): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    with gone as (
      delete from ${rateLimitHits} where reset_at < ${new Date(now.getTime() - 24 * 60 * 60_000).toISOString()}::timestamptz
      returning 1)
    select count(*)::int as n from gone`);
  return Number(result.rows[0]?.n ?? 0);
}

/** The store @fastify/rate-limit counts with: one counter per route and client key. */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly route = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      windowMs: number,
    ) {
      countRequest(db, `${this.route} ${key}`, windowMs).then(
        (result) => callback(null, result),
        (err: Error) => callback(err),
      );
    }

    child(routeOptions: { method?: unknown; url?: string; path: string }): FastifyRateLimitStore {
      return new DatabaseStore(undefined, `${String(routeOptions.method)} ${routeOptions.url ?? routeOptions.path}`);
    }
  }
  return DatabaseStore;
}
