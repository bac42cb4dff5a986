import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys, oidcStates, qrLogins, sessions, verificationCodes } from '../../db/schema.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import { purgeRateLimitHits } from '../../platform/rate-limit.ts';
import { purgeIdleThrottles } from '../../platform/throttle.ts';

export const PURGE_JOB = 'accounts.purge';

const DAY_MS = 24 * 60 * 60_000;

async function deleted(db: Db, statement: SQL): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * What sign-in leaves behind and nothing reads any more. A session is kept until it expires even when
 * revoked, so its token keeps failing as revoked rather than unknown for as long as it could have worked.
 */
export async function purgeExpired(db: Db, now: Date) {
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const dayAgo = at(new Date(now.getTime() - DAY_MS));
  return {
    sessions: await deleted(db, sql`delete from ${sessions} where expires_at < ${at(now)}`),
    qrLogins: await deleted(db, sql`delete from ${qrLogins} where expires_at < ${at(now)}`),
    verificationCodes: await deleted(db, sql`delete from ${verificationCodes} where created_at < ${dayAgo}`),
    oidcStates: await deleted(db, sql`delete from ${oidcStates} where created_at < ${dayAgo}`),
    idempotencyKeys: await deleted(db, sql`delete from ${idempotencyKeys} where created_at < ${dayAgo}`),
    authThrottles: await purgeIdleThrottles(db, now),
    rateLimitHits: await purgeRateLimitHits(db, now),
  };
}

export function registerAccountPurge(runner: JobRunner): void {
  // Scheduled, not started by a user: retried (it is idempotent), and no record waits on it.
  runner.register(PURGE_JOB, {
    retry: true,
    record: null,
    handler: async (ctx) => {
      ctx.log.info({ purged: await purgeExpired(ctx.db, ctx.now) }, 'expired sign-in data purged');
    },
  });
  runner.daily(PURGE_JOB);
}
