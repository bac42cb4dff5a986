import {
  addCalendarDays,
  OPERATION_TYPE,
  QUALIFICATION_STATUS,
  type QualificationExpiryResult,
  type TextRef,
  text,
} from '@concord/shared';
import { and, eq, gte, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { enterprises, qualificationDocuments as qd, suppliers } from '../../db/schema.ts';
import { inTenantTx, type RequestContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/documents.ts';
import { enqueue, type JobRunner } from '../../platform/jobs.ts';
import type { OutgoingMessage } from '../../platform/mail.ts';
import { dayIn, startOfDay } from '../../platform/time.ts';
import { nameOf } from '../enterprises/enterprises.names.ts';
import { notifyUsers, sendNotificationEmails } from '../messages/messages.service.ts';
import { recipientsOf } from '../messages/messages.tell.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { buyerLink, linesOf, MODULE, supplierLink, validUntil } from './qualifications.notify.ts';
import type { QualificationDeps } from './qualifications.service.ts';

/**
 * The daily expiry check (issue 4 scope 5). `qualification.expiry` runs once per day and fans out
 * `qualification.expiry.tenant` jobs per enterprise and day of its zone (a tenant's documents are only
 * reachable inside its own transaction, RLS). That job moves completed documents to expiring (inside
 * the warning window) and completed or expiring ones past their date to expired, and announces each
 * new state once: `notified_status` records what was announced, the buyer's messages are written in
 * the same transaction, and the supplier's are queued there as `qualification.notify-supplier` jobs,
 * which write them in the supplier's transaction together with marking themselves done.
 */
export const EXPIRY_JOB = 'qualification.expiry';
export const EXPIRY_TENANT_JOB = 'qualification.expiry.tenant';
export const NOTIFY_SUPPLIER_JOB = 'qualification.notify-supplier';

const S = QUALIFICATION_STATUS;
const SYSTEM = (tenantId: string): Actor => ({ tenantId, userId: null, username: 'system', ip: null });

/**
 * The system rows of the transition table (markExpired, markExpiring) for one enterprise as of a day.
 * `quiet` records the new state as announced: a document the buyer has just passed needs no warning
 * message beside the confirmation.
 */
export async function markDueDocuments(
  q: Queryable,
  tenantId: string,
  asOf: string,
  expiringDays: number,
  options: { ids?: string[]; quiet?: boolean } = {},
): Promise<{ expired: number; expiring: number }> {
  const only = options.ids ? inArray(qd.id, options.ids) : undefined;
  const moved = { version: sql`${qd.version} + 1`, updatedAt: sql`now()` };
  const expired = await q
    .update(qd)
    .set({ status: S.EXPIRED, ...moved, ...(options.quiet ? { notifiedStatus: S.EXPIRED } : {}) })
    .where(
      and(
        eq(qd.tenantId, tenantId),
        inArray(qd.status, [S.COMPLETED, S.EXPIRING]),
        isNotNull(qd.fileDqDate),
        lt(qd.fileDqDate, asOf),
        only,
      ),
    )
    .returning({ id: qd.id, fileCode: qd.fileCode, fileDqDate: qd.fileDqDate });
  const expiring = await q
    .update(qd)
    .set({ status: S.EXPIRING, ...moved, ...(options.quiet ? { notifiedStatus: S.EXPIRING } : {}) })
    .where(
      and(
        eq(qd.tenantId, tenantId),
        eq(qd.status, S.COMPLETED),
        gte(qd.fileDqDate, asOf),
        lte(qd.fileDqDate, addCalendarDays(asOf, expiringDays)),
        only,
      ),
    )
    .returning({ id: qd.id, fileCode: qd.fileCode, fileDqDate: qd.fileDqDate });
  for (const [rows, status] of [
    [expired, S.EXPIRED],
    [expiring, S.EXPIRING],
  ] as const) {
    for (const r of rows) {
      await recordOperation(q, SYSTEM(tenantId), {
        type: OPERATION_TYPE.UPDATE,
        module: MODULE,
        targetId: r.id,
        summary: dueSummary(status, r.fileCode, r.fileDqDate, asOf),
      });
    }
  }
  return { expired: expired.length, expiring: expiring.length };
}

interface Announced {
  id: string;
  fileCode: string;
  fileName: string;
  status: number;
  fileDqDate: string | null;
  supCode: string;
  ownerId: string | null;
  supplierTenantId: string | null;
}

/** The log entry of a document the check moved to expired or expiring. */
export const dueSummary = (status: number, fileCode: string, fileDqDate: string | null, asOf: string): TextRef =>
  text(status === S.EXPIRED ? 'qualifications.nowExpired' : 'qualifications.nowExpiring', {
    fileCode,
    validUntil: validUntil(fileDqDate),
    asOf,
  });

/** The title of a message announcing `count` documents newly in `status`. */
export const dueHeadline = (status: number, count: number, days: number): TextRef =>
  status === S.EXPIRED
    ? text('qualifications.expiredCount', { count })
    : text('qualifications.expiringCount', { count, days });

/** The buyer's list: each document with its supplier. */
export const dueLines = (docs: Pick<Announced, 'fileCode' | 'fileName' | 'supCode' | 'fileDqDate'>[]): TextRef =>
  linesOf(
    docs.map((d) =>
      text('qualifications.dueLine', {
        fileCode: d.fileCode,
        fileName: d.fileName,
        supCode: d.supCode,
        validUntil: validUntil(d.fileDqDate),
      }),
    ),
  );

/** The supplier's message: its documents, and the request to renew them. */
export const renewRequest = (docs: Pick<Announced, 'fileCode' | 'fileName' | 'fileDqDate'>[]): TextRef =>
  text('qualifications.renewRequest', {
    documents: linesOf(
      docs.map((d) =>
        text('qualifications.yourDueLine', {
          fileCode: d.fileCode,
          fileName: d.fileName,
          validUntil: validUntil(d.fileDqDate),
        }),
      ),
    ),
  });

const groupBy = <T, K>(items: T[], key: (t: T) => K) => {
  const out = new Map<K, T[]>();
  for (const i of items) out.set(key(i), [...(out.get(key(i)) ?? []), i]);
  return out;
};

interface ExpiryOutcome {
  result: QualificationExpiryResult & { supplierJobIds: string[] };
  /** The buyer's notification e-mails, sent once the transaction has committed. */
  emails: OutgoingMessage[];
}

/**
 * The check for one buyer enterprise as of `asOf`, in the caller's transaction of that enterprise:
 * moves the documents, writes the buyer's messages and queues the suppliers' notices.
 */
async function expireDocuments(
  q: Queryable,
  tenantId: string,
  asOf: string,
  expiringDays: number,
): Promise<ExpiryOutcome> {
  const counts = await markDueDocuments(q, tenantId, asOf, expiringDays);
  const announced: Announced[] = await q
    .update(qd)
    .set({ notifiedStatus: sql`${qd.status}` })
    .from(suppliers)
    .where(
      and(
        eq(qd.tenantId, tenantId),
        inArray(qd.status, [S.EXPIRING, S.EXPIRED]),
        sql`${qd.notifiedStatus} is distinct from ${qd.status}`,
        eq(suppliers.tenantId, qd.tenantId),
        eq(suppliers.id, qd.supplierId),
      ),
    )
    .returning({
      id: qd.id,
      fileCode: qd.fileCode,
      fileName: qd.fileName,
      status: qd.status,
      fileDqDate: qd.fileDqDate,
      supCode: suppliers.supCode,
      ownerId: qd.ownerId,
      supplierTenantId: qd.supplierTenantId,
    });
  const emails: OutgoingMessage[] = [];
  const recipients = new Map<string | null, string[]>();
  const byUser = new Map<string, Announced[]>();
  for (const d of announced) {
    if (!recipients.has(d.ownerId)) recipients.set(d.ownerId, await recipientsOf(q, tenantId, d.ownerId));
    for (const u of recipients.get(d.ownerId)!) byUser.set(u, [...(byUser.get(u) ?? []), d]);
  }
  for (const [userId, docs] of byUser) {
    for (const [status, group] of groupBy(docs, (d) => d.status)) {
      emails.push(
        ...(await notifyUsers(q, {
          tenantId,
          userIds: [userId],
          kind: 'qualification',
          title: dueHeadline(status, group.length, expiringDays),
          content: dueLines(group),
          link: group.length === 1 ? buyerLink(group[0]!.id) : `/supplier/qualification?status=${status}`,
        })),
      );
    }
  }
  const supplierJobIds: string[] = [];
  for (const [supplierTenantId, docs] of groupBy(
    announced.filter((d) => d.supplierTenantId),
    (d) => d.supplierTenantId!,
  )) {
    const id = await enqueue(q, NOTIFY_SUPPLIER_JOB, {
      buyerTenantId: tenantId,
      supplierTenantId,
      documents: docs.map((d) => ({
        id: d.id,
        fileCode: d.fileCode,
        fileName: d.fileName,
        status: d.status,
        fileDqDate: d.fileDqDate,
      })),
    });
    if (id) supplierJobIds.push(id);
  }
  return { result: { asOf, ...counts, notified: announced.length, supplierJobIds }, emails };
}

/** The daily check for one buyer enterprise; `markDone` commits the job's completion with it. */
export async function applyQualificationExpiry(
  deps: Pick<QualificationDeps, 'db' | 'provider' | 'log' | 'expiringDays'>,
  tenantId: string,
  asOf: string,
  markDone?: (tx: Queryable) => Promise<void>,
): Promise<QualificationExpiryResult & { supplierJobIds: string[] }> {
  const { result, emails } = await inTenantTx(deps.db, tenantId, async (tx) => {
    const outcome = await expireDocuments(tx, tenantId, asOf, deps.expiringDays);
    await markDone?.(tx);
    return outcome;
  });
  await sendNotificationEmails(deps.provider, emails, deps.log);
  return result;
}

interface SupplierNotice {
  buyerTenantId: string;
  supplierTenantId: string;
  documents: { id: string; fileCode: string; fileName: string; status: number; fileDqDate: string | null }[];
}

/**
 * Queues each enterprise's check for its own day: today in its zone at once, and tomorrow for the moment
 * its tomorrow begins, which comes before the next fan-out whatever the zone. The dedupe key (day and
 * enterprise) runs every enterprise's day once. The fan-out and its completion commit together.
 */
async function fanOut(db: Db, now: Date, markDone: (tx: Queryable) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    const all = await tx.select({ id: enterprises.id, zone: enterprises.timeZone }).from(enterprises);
    for (const e of all) {
      const today = dayIn(now, e.zone);
      const tomorrow = addCalendarDays(today, 1);
      for (const [date, runAt] of [
        [today, now],
        [tomorrow, startOfDay(tomorrow, e.zone)],
      ] as const) {
        await enqueue(tx, EXPIRY_TENANT_JOB, { tenantId: e.id, date }, { dedupeKey: `${date}:${e.id}`, runAt });
      }
    }
    await markDone(tx);
  });
}

export function registerQualificationJobs(runner: JobRunner, deps: QualificationDeps): void {
  // Scheduled, not started by a user: retried, and no record waits on them.
  runner.register(EXPIRY_JOB, {
    retry: true,
    record: null,
    handler: async (ctx) => fanOut(ctx.db, ctx.now, ctx.markDone),
  });
  runner.register(EXPIRY_TENANT_JOB, {
    retry: true,
    record: null,
    handler: async (ctx) => {
      await applyQualificationExpiry(
        deps,
        String(ctx.job.payload.tenantId),
        String(ctx.job.payload.date),
        ctx.markDone,
      );
    },
  });
  runner.register(NOTIFY_SUPPLIER_JOB, {
    retry: true,
    record: null,
    handler: async (ctx) => {
      const p = ctx.job.payload as unknown as SupplierNotice;
      const buyerName = await nameOf(ctx.db, p.buyerTenantId);
      const emails = await inTenantTx(ctx.db, p.supplierTenantId, async (tx) => {
        const userIds = await recipientsOf(tx, p.supplierTenantId, null);
        const out: OutgoingMessage[] = [];
        for (const [status, docs] of groupBy(p.documents, (d) => d.status)) {
          out.push(
            ...(await notifyUsers(tx, {
              tenantId: p.supplierTenantId,
              userIds,
              kind: 'qualification',
              title: text('qualifications.fromParty', {
                party: buyerName,
                headline: dueHeadline(status, docs.length, deps.expiringDays),
              }),
              content: renewRequest(docs),
              link: docs.length === 1 ? supplierLink(docs[0]!.id) : `/sale/customer/qualification?status=${status}`,
            })),
          );
        }
        await ctx.markDone(tx);
        return out;
      });
      await sendNotificationEmails(deps.provider, emails, deps.log);
    },
  });
  runner.daily(EXPIRY_JOB);
}

/**
 * The admin's "run the check now" for its own enterprise, in the request's transaction; once it has
 * committed, the e-mails go out and the supplier messages it queued are run at once.
 */
export async function runQualificationExpiryNow(
  ctx: RequestContext,
  jobs: JobRunner,
  expiringDays: number,
  asOf: string,
): Promise<QualificationExpiryResult> {
  const { result, emails } = await expireDocuments(ctx.tx, ctx.tenantId, asOf, expiringDays);
  const { supplierJobIds, ...counts } = result;
  const tell = ctx.tell;
  if (!('quiet' in tell)) ctx.afterCommit(() => sendNotificationEmails(tell.provider, emails, tell.log));
  if (supplierJobIds.length) ctx.afterCommit(() => jobs.runDue({ ids: supplierJobIds }));
  return counts;
}
