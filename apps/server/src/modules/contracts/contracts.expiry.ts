import { addCalendarDays, CONTRACT_STATUS, OPERATION_TYPE } from '@concord/shared';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { enterprises } from '../../db/schema.ts';
import { inTenantTx } from '../../platform/context.ts';
import { enqueue, type JobRunner } from '../../platform/jobs.ts';
import type { TellDeps } from '../../platform/services.ts';
import { dayIn, startOfDay } from '../../platform/time.ts';
import { tellParty } from '../messages/messages.tell.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { stepOf } from './contracts.actions.ts';
import { buyerContractLink, CONTRACT_MODULE, type ContractRow, supplierContractLink } from './contracts.common.ts';
import { contracts as c } from './contracts.table.ts';

/**
 * The system row of CONTRACT_TRANSITIONS (expire). A contract is valid through the end of its last day
 * in the buyer's time zone, so each enterprise's check runs at the start of each of its days:
 * `contracts.expiry` runs daily and queues `contracts.expiry.tenant` for every enterprise's today (at
 * once) and tomorrow (at the moment it begins in that zone); the dedupe key runs each day once. Orders
 * never wait for the job: drawing on a contract compares its validity with the buyer's today itself.
 */
export const EXPIRY_JOB = 'contracts.expiry';
export const EXPIRY_TENANT_JOB = 'contracts.expiry.tenant';

/** Effective contracts of one buyer whose last day is before `asOf` become expired, each logged by the system. */
export async function expireContracts(q: Queryable, tenantId: string, asOf: string): Promise<ContractRow[]> {
  const expired = await q
    .update(c)
    .set({
      status: CONTRACT_STATUS.EXPIRED,
      endedAt: sql`now()`,
      version: sql`${c.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(c.tenantId, tenantId), eq(c.status, CONTRACT_STATUS.EFFECTIVE), lt(c.validTo, asOf)))
    .returning();
  for (const row of expired) {
    await recordOperation(
      q,
      { tenantId, userId: null, username: 'system', ip: null },
      {
        type: OPERATION_TYPE.UPDATE,
        module: CONTRACT_MODULE,
        targetId: row.id,
        summary: stepOf('expire', row),
      },
    );
  }
  return expired;
}

/** Both parties hear of each expired contract, after the expiry committed. */
async function tellExpired(deps: TellDeps, expired: ContractRow[]): Promise<void> {
  await tellParty(
    deps,
    'contract',
    expired.flatMap((row) => [
      { tenantId: row.tenantId, userId: row.ownerId, title: stepOf('expire', row), link: buyerContractLink(row.id) },
      ...(row.supplierTenantId
        ? [{ tenantId: row.supplierTenantId, title: stepOf('expire', row), link: supplierContractLink(row.id) }]
        : []),
    ]),
  );
}

async function fanOut(db: Db, now: Date, markDone: (tx: Queryable) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    for (const e of await tx.select({ id: enterprises.id, zone: enterprises.timeZone }).from(enterprises)) {
      const today = dayIn(now, e.zone);
      const tomorrow = addCalendarDays(today, 1);
      await enqueue(tx, EXPIRY_TENANT_JOB, { tenantId: e.id, date: today }, { dedupeKey: `${today}:${e.id}` });
      await enqueue(
        tx,
        EXPIRY_TENANT_JOB,
        { tenantId: e.id, date: tomorrow },
        { dedupeKey: `${tomorrow}:${e.id}`, runAt: startOfDay(tomorrow, e.zone) },
      );
    }
    await markDone(tx);
  });
}

export function registerContractJobs(runner: JobRunner, deps: TellDeps): void {
  runner.register(EXPIRY_JOB, { retry: true, record: null, handler: (ctx) => fanOut(ctx.db, ctx.now, ctx.markDone) });
  runner.register(EXPIRY_TENANT_JOB, {
    retry: true,
    record: null,
    handler: async (ctx) => {
      const tenantId = String(ctx.job.payload.tenantId);
      const expired = await inTenantTx(ctx.db, tenantId, async (tx) => {
        const rows = await expireContracts(tx, tenantId, String(ctx.job.payload.date));
        await ctx.markDone(tx);
        return rows;
      });
      await tellExpired(deps, expired);
    },
  });
  runner.daily(EXPIRY_JOB);
}
