import { INQUIRY_STATUS, OPERATION_TYPE, QUOTATION_STATUS, text } from '@concord/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import { inTenantTx } from '../../platform/context.ts';
import type { Actor } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueue, type JobRunner } from '../../platform/jobs.ts';
import type { TellDeps } from '../../platform/services.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { QUOTATION_MODULE } from '../quotations/quotations.common.ts';
import { closeQuotations } from '../quotations/quotations.rounds.ts';
import { INQUIRY_MODULE, type InquiryRow } from './inquiries.common.ts';
import { type Notes, tellSuppliers } from './inquiries.notify.ts';
import { inquiries } from './inquiries.table.ts';

/*
 * The close of a round: early by the buyer, or by a job at the deadline. Each publish, extension or
 * new round queues a job for its deadline; the runner polls every few seconds, so a published inquiry
 * closes within a minute of it. Whether the deadline has passed is the database's call, in the
 * claiming statement; a job that runs early (the server's clock ahead of the database's) queues
 * itself again for what is left.
 */

const S = INQUIRY_STATUS;
const Q = QUOTATION_STATUS;

export const CLOSE_JOB = 'inquiries.close';

export async function setInquiry(tx: Queryable, row: InquiryRow, set: PgUpdateSetSource<typeof inquiries>) {
  const [after] = await tx
    .update(inquiries)
    .set(set)
    .where(and(eq(inquiries.tenantId, row.tenantId), eq(inquiries.id, row.id)))
    .returning();
  return after!;
}

/**
 * Ends quoting on the current round. Early, only once every invitee has submitted or declined. A
 * revision left unsubmitted falls back to its last submit; its supplier is told so.
 */
export async function closeRound(tx: Queryable, row: InquiryRow, actor: Actor, early: boolean): Promise<Notes[]> {
  const { closed, discarded } = await closeQuotations(tx, row);
  if (early) {
    const pending = closed.filter((q) => q.status === Q.INVITED || q.status === Q.DRAFTING).length;
    if (pending) throw new AppError('INQUIRY_QUOTES_PENDING', { count: pending });
  }
  await setInquiry(tx, row, { status: S.CLOSED, closedAt: sql`now()` });
  for (const q of discarded) {
    await recordOperation(tx, actor, {
      type: OPERATION_TYPE.UPDATE,
      module: QUOTATION_MODULE,
      targetId: q.id,
      summary: text('quotations.revisionDiscarded', { inquiryNo: row.inquiryNo }),
    });
  }
  await recordOperation(tx, actor, {
    type: OPERATION_TYPE.UPDATE,
    module: INQUIRY_MODULE,
    targetId: row.id,
    summary: text(early ? 'inquiries.step.close' : 'inquiries.step.expire', { inquiryNo: row.inquiryNo }),
  });
  return [
    {
      quotations: discarded,
      title: () => text('quotations.revisionDiscarded', { inquiryNo: row.inquiryNo }),
      content: text('quotations.revisionDiscardedBody'),
    },
  ];
}

interface ClosePayload {
  tenantId: string;
  inquiryId: string;
  /** How many times this deadline's job found itself early. */
  early?: number;
}

const SYSTEM = (tenantId: string): Actor => ({ tenantId, userId: null, username: 'system', ip: null });

/** Queues the close at the inquiry's current deadline (once per deadline). */
export async function scheduleClose(q: Queryable, row: InquiryRow, early = 0, runAt?: Date): Promise<void> {
  const deadline = new Date(row.quoteDeadline!);
  const payload: ClosePayload = { tenantId: row.tenantId, inquiryId: row.id, early };
  await enqueue(q, CLOSE_JOB, payload as unknown as Record<string, unknown>, {
    runAt: runAt ?? deadline,
    dedupeKey: `inquiry-close:${row.id}:${deadline.getTime()}:${early}`,
  });
}

/**
 * Closes the inquiry if it is still published and its deadline has passed by the database's clock;
 * one extended, closed or cancelled meanwhile is left alone.
 */
async function closeAtDeadline(deps: TellDeps, p: ClosePayload, now: Date, markDone: (tx: Queryable) => Promise<void>) {
  const notes = await inTenantTx(deps.db, p.tenantId, async (tx) => {
    const of = and(
      eq(inquiries.tenantId, p.tenantId),
      eq(inquiries.id, p.inquiryId),
      eq(inquiries.status, S.PUBLISHED),
    );
    const [due] = await tx
      .update(inquiries)
      .set({ version: sql`${inquiries.version} + 1`, updatedAt: sql`now()` })
      .where(and(of, sql`${inquiries.quoteDeadline} <= now()`))
      .returning();
    if (due) {
      const told = await closeRound(tx, due, SYSTEM(p.tenantId), false);
      await markDone(tx);
      return told;
    }
    const [early] = await tx
      .select({ row: inquiries, waitMs: sql<number>`extract(epoch from ${inquiries.quoteDeadline} - now()) * 1000` })
      .from(inquiries)
      .where(of);
    if (early && Number(early.waitMs) > 0) {
      await scheduleClose(tx, early.row, (p.early ?? 0) + 1, new Date(now.getTime() + Number(early.waitMs) + 1000));
    }
    await markDone(tx);
    return [];
  });
  await tellSuppliers(deps, p.tenantId, notes);
}

export function registerInquiryJobs(runner: JobRunner, deps: TellDeps): void {
  // Scheduled, not started by a user: retried, and no record waits on it.
  runner.register(CLOSE_JOB, {
    retry: true,
    record: null,
    handler: (ctx) => closeAtDeadline(deps, ctx.job.payload as unknown as ClosePayload, ctx.now, ctx.markDone),
  });
}
