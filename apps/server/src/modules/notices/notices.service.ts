import {
  NOTICE_EDITABLE_STATUSES,
  NOTICE_STATUS,
  type NoticeSaveResult,
  type NoticeSkippedRecipient,
  type noticeCreateSchema,
  type noticeUpdateSchema,
  OPERATION_TYPE,
  text,
} from '@concord/shared';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { noticeRecipients, notices, supplierClasses, suppliers } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { actorOf } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { attachFiles } from '../../platform/file-documents.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { sanitizeHtml } from '../../platform/sanitize.ts';
import { recordOperation, summarizeChanges } from '../operation-logs/operation-logs.service.ts';
import { assertSupplierAddressable } from '../suppliers/suppliers.service.ts';

import { MODULE } from './notices.common.ts';
import { buyerDetail, loadScopedNotice } from './notices.query.ts';

/* The buyer's drafts: recipients resolved from suppliers and classes, numbering, create and edit. Steps are in notices.actions.ts. */

type NoticeCreate = z.infer<typeof noticeCreateSchema>;
type NoticeUpdate = z.infer<typeof noticeUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Buyer side: create and edit

interface Resolved {
  recipients: { supplierId: string; supplierTenantId: string | null }[];
  skipped: NoticeSkippedRecipient[];
}

/**
 * The suppliers a notice goes to: those chosen one by one (each must be addressable, or the request
 * fails naming it) and every supplier of the chosen classes (one that cannot be addressed is left
 * out and reported). A supplier not on the network is reached by e-mail, so it needs one.
 */
async function resolveRecipients(
  q: Queryable,
  tenantId: string,
  supplierIds: string[],
  classIds: string[],
): Promise<Resolved> {
  const chosen = [...new Set(supplierIds)];
  const classes = [...new Set(classIds)];
  if (classes.length) {
    const found = await q
      .select({ id: supplierClasses.id })
      .from(supplierClasses)
      .where(and(eq(supplierClasses.tenantId, tenantId), inArray(supplierClasses.id, classes)));
    if (found.length !== classes.length) throw new AppError('NOTICE_CLASS_NOT_FOUND');
  }
  for (const id of chosen) await assertSupplierAddressable(q, tenantId, id);
  const members = classes.length
    ? await q
        .select({ id: suppliers.id })
        .from(suppliers)
        .where(
          and(
            eq(suppliers.tenantId, tenantId),
            inArray(suppliers.supplierClassId, classes),
            chosen.length ? notInArray(suppliers.id, chosen) : undefined,
          ),
        )
    : [];
  const skipped: NoticeSkippedRecipient[] = [];
  const addressable = [...chosen];
  for (const m of members) {
    try {
      await assertSupplierAddressable(q, tenantId, m.id);
      addressable.push(m.id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      skipped.push({ supplierId: m.id, supName: '', reason: 'notAddressable' });
    }
  }
  const rows = addressable.length
    ? await q
        .select({
          id: suppliers.id,
          supName: suppliers.supName,
          supplierTenantId: suppliers.supplierTenantId,
          contactEmail: suppliers.contactEmail,
        })
        .from(suppliers)
        .where(and(eq(suppliers.tenantId, tenantId), inArray(suppliers.id, addressable)))
    : [];
  const recipients: Resolved['recipients'] = [];
  for (const s of rows) {
    if (!s.supplierTenantId && !s.contactEmail)
      skipped.push({ supplierId: s.id, supName: s.supName, reason: 'noEmail' });
    else recipients.push({ supplierId: s.id, supplierTenantId: s.supplierTenantId });
  }
  if (skipped.some((s) => !s.supName)) {
    const names = await q
      .select({ id: suppliers.id, supName: suppliers.supName })
      .from(suppliers)
      .where(
        and(
          eq(suppliers.tenantId, tenantId),
          inArray(
            suppliers.id,
            skipped.map((s) => s.supplierId),
          ),
        ),
      );
    for (const s of skipped) s.supName = names.find((n) => n.id === s.supplierId)?.supName ?? s.supName;
  }
  if (recipients.length === 0) throw new AppError('NOTICE_NO_RECIPIENTS', {}, { skipped });
  return { recipients, skipped };
}

/** Notice numbers run NT00001, NT00002… per enterprise. */
async function nextNoticeNo(q: Queryable, tenantId: string): Promise<string> {
  const [row] = await q
    .execute<{ n: number }>(sql`
    select coalesce(max(substring(notice_no from 3)::int), 0) + 1 as n
      from ${notices} where tenant_id = ${tenantId} and notice_no ~ '^NT[0-9]{1,9}$'`)
    .then((r) => r.rows);
  return `NT${String(row?.n ?? 1).padStart(5, '0')}`;
}

const MAX_NUMBER_ATTEMPTS = 5;

export async function createNotice(ctx: RequestContext, input: NoticeCreate): Promise<NoticeSaveResult> {
  const { tx: q, auth, tenantId } = ctx;
  return idempotent(q, ctx.idem, async () => {
    const { recipients, skipped } = await resolveRecipients(q, tenantId, input.supplierIds, input.supplierClassIds);
    const id = newId();
    let noticeNo = '';
    for (let attempt = 0; !noticeNo; attempt++) {
      if (attempt === MAX_NUMBER_ATTEMPTS) throw new AppError('CONFLICT');
      const candidate = await nextNoticeNo(q, tenantId);
      const inserted = await q
        .insert(notices)
        .values({
          tenantId,
          id,
          noticeNo: candidate,
          title: input.title,
          content: sanitizeHtml(input.content),
          attachments: input.attachments,
          needReply: input.needReply ? 1 : 0,
          targetClassIds: [...new Set(input.supplierClassIds)],
          status: NOTICE_STATUS.DRAFT,
          ownerId: auth.userId,
          deptId: auth.deptId,
        })
        .onConflictDoNothing()
        .returning({ id: notices.id });
      if (inserted.length) noticeNo = candidate;
    }
    await q.insert(noticeRecipients).values(
      recipients.map((r) => ({
        tenantId,
        id: newId(),
        noticeId: id,
        supplierId: r.supplierId,
        supplierTenantId: r.supplierTenantId,
      })),
    );
    // Its recipients read the images and attachments once it is published (file-documents.ts).
    const doc = { table: notices, id, ownerTenantId: tenantId };
    await attachFiles(q, auth.userId, doc, input.content, input.attachments);
    await recordOperation(q, actorOf(auth), {
      type: OPERATION_TYPE.ADD,
      module: MODULE,
      targetId: id,
      summary: text('notices.created', { noticeNo, title: input.title, count: recipients.length }),
    });
    const notice = await loadScopedNotice(ctx, id);
    return { notice: await buyerDetail(ctx, notice), skipped };
  });
}

/**
 * A draft or withdrawn notice may change. Recipients that stay keep their reading and reply;
 * those removed lose their copy, new ones get one.
 */
export async function updateNotice(ctx: RequestContext, id: string, input: NoticeUpdate): Promise<NoticeSaveResult> {
  const { tx: q, auth, tenantId } = ctx;
  const before = await loadScopedNotice(ctx, id);
  if (!NOTICE_EDITABLE_STATUSES.includes(before.status as never)) throw new AppError('NOTICE_NOT_EDITABLE');
  if (input.supplierIds.length + input.supplierClassIds.length === 0) throw new AppError('NOTICE_NO_RECIPIENTS');
  const { recipients, skipped } = await resolveRecipients(q, tenantId, input.supplierIds, input.supplierClassIds);
  const fields = {
    title: input.title,
    content: sanitizeHtml(input.content),
    attachments: input.attachments,
    needReply: input.needReply ? 1 : 0,
    targetClassIds: [...new Set(input.supplierClassIds)],
  };
  const updated = await q
    .update(notices)
    .set({ ...fields, version: sql`${notices.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(notices.tenantId, tenantId),
        eq(notices.id, id),
        eq(notices.version, input.version),
        inArray(notices.status, [...NOTICE_EDITABLE_STATUSES]),
      ),
    )
    .returning({ id: notices.id });
  if (updated.length === 0) throw new AppError('CONFLICT');
  const doc = { table: notices, id, ownerTenantId: tenantId };
  await attachFiles(q, auth.userId, doc, fields.content, fields.attachments);
  const keep = recipients.map((r) => r.supplierId);
  await q
    .delete(noticeRecipients)
    .where(
      and(
        eq(noticeRecipients.tenantId, tenantId),
        eq(noticeRecipients.noticeId, id),
        notInArray(noticeRecipients.supplierId, keep),
      ),
    );
  await q
    .insert(noticeRecipients)
    .values(
      recipients.map((r) => ({
        tenantId,
        id: newId(),
        noticeId: id,
        supplierId: r.supplierId,
        supplierTenantId: r.supplierTenantId,
      })),
    )
    .onConflictDoNothing();
  const changes = summarizeChanges(
    { title: before.title, needReply: before.needReply, attachments: before.attachments.length },
    { title: fields.title, needReply: fields.needReply, attachments: fields.attachments.length },
  );
  const contentChanged = before.content !== fields.content;
  const params = { noticeNo: before.noticeNo, count: recipients.length, changes };
  await recordOperation(q, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: MODULE,
    targetId: id,
    summary: changes
      ? text(contentChanged ? 'notices.updatedWithContent' : 'notices.updated', params)
      : text(contentChanged ? 'notices.contentUpdated' : 'notices.saved', params),
  });
  return { notice: await buyerDetail(ctx, await loadScopedNotice(ctx, id)), skipped };
}
