import {
  NOTICE_OPEN_FOR_REPLIES,
  type NoticeAction,
  type NoticeActionResult,
  type NoticeRecipientAction,
  type NoticeRecipientRow,
  noticeMachine,
  type noticeRecipientActionSchema,
  noticeRecipientMachine,
  noticeReplySchema,
  OPERATION_TYPE,
  renderText,
  text,
} from '@concord/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { noticeRecipients, notices, suppliers } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { actorOf, requireAny } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { attachFiles } from '../../platform/file-documents.ts';
import { htmlToText } from '../../platform/sanitize.ts';
import { nameOf } from '../enterprises/enterprises.names.ts';
import { tellParty } from '../messages/messages.tell.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { assertSupplierAddressable } from '../suppliers/suppliers.service.ts';

import { buyerLink, MODULE, supplierLink } from './notices.common.ts';
import { buyerDetail, loadMyCopy, loadScopedNotice, readBuyerNotices, toRecipientRow } from './notices.query.ts';

/* The steps of NOTICE_TRANSITIONS (publish, withdraw, abolish) and of each recipient's copy (read, reply, retract, return). */

type RecipientActionBody = NonNullable<z.infer<typeof noticeRecipientActionSchema>>;

const LOGGED = { publish: 'notices.published', withdraw: 'notices.withdrawn', abolish: 'notices.abolished' } as const;
const TOLD = {
  publish: 'notices.publishedBy',
  withdraw: 'notices.withdrawnBy',
  abolish: 'notices.abolishedBy',
} as const;

/**
 * Publish, withdraw or abolish (NOTICE_TRANSITIONS). Publishing re-checks every recipient (a supplier
 * blacklisted since the draft is refused), links suppliers that joined the network since, tells
 * each supplier enterprise, and e-mails those not on the network.
 */
export async function actOnNotice(ctx: RequestContext, id: string, action: NoticeAction): Promise<NoticeActionResult> {
  const { tx, auth, tenantId } = ctx;
  const t = noticeMachine.transition(action)!;
  requireAny(auth, [t.permission]);
  const before = await loadScopedNotice(ctx, id);
  const [moved] = await tx
    .update(notices)
    .set({
      status: t.to,
      ...(action === 'publish' ? { publishedAt: sql`now()` } : {}),
      version: sql`${notices.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(notices.tenantId, tenantId), eq(notices.id, id), inArray(notices.status, [...t.from])))
    .returning();
  if (!moved) throw new AppError('NOTICE_STATE_CHANGED');
  if (action === 'publish') {
    const copies = await tx
      .select({ supplierId: noticeRecipients.supplierId })
      .from(noticeRecipients)
      .where(and(eq(noticeRecipients.tenantId, tenantId), eq(noticeRecipients.noticeId, id)));
    for (const c of copies) await assertSupplierAddressable(tx, tenantId, c.supplierId);
    await tx.execute(sql`
      update ${noticeRecipients} r set supplier_tenant_id = s.supplier_tenant_id
        from ${suppliers} s
       where r.tenant_id = ${tenantId} and r.notice_id = ${id}
         and s.tenant_id = r.tenant_id and s.id = r.supplier_id
         and r.supplier_tenant_id is distinct from s.supplier_tenant_id`);
  }
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: MODULE,
    targetId: id,
    summary: text(LOGGED[action], { noticeNo: before.noticeNo }),
  });
  const delivered = await tx
    .select({ supplierTenantId: noticeRecipients.supplierTenantId, email: suppliers.contactEmail })
    .from(noticeRecipients)
    .innerJoin(
      suppliers,
      and(eq(suppliers.tenantId, noticeRecipients.tenantId), eq(suppliers.id, noticeRecipients.supplierId)),
    )
    .where(and(eq(noticeRecipients.tenantId, tenantId), eq(noticeRecipients.noticeId, id)));
  const notice = await buyerDetail(ctx, moved);
  const buyerName = await nameOf(tx, tenantId);

  const onNetwork = [...new Set(delivered.map((d) => d.supplierTenantId).filter((v): v is string => !!v))];
  const told = text(TOLD[action], { party: buyerName, noticeNo: notice.noticeNo, title: notice.title });
  // Suppliers never shown the notice hear nothing of its withdrawal or abolition.
  if (action === 'publish' || before.publishedAt !== null) {
    const notes = onNetwork.map((supplierTenantId) => ({
      tenantId: supplierTenantId,
      title: told,
      content:
        action === 'publish' ? text('notices.written', { text: htmlToText(notice.content).slice(0, 500) }) : told,
      link: supplierLink(id),
    }));
    ctx.afterCommit(() => tellParty(ctx.tell, 'system', notes));
  }
  const result = { notice, emailed: 0 };
  if (action === 'publish') {
    const offNetwork = delivered.filter((d) => !d.supplierTenantId && d.email).map((d) => d.email);
    const mail = {
      subject: `[${buyerName}] ${notice.title}`,
      body: [
        htmlToText(notice.content),
        ...notice.attachments.map((a) => `${a.name}: ${a.url}`),
        '',
        // Suppliers off the network have no language of their own: the notice goes out in its writer's.
        renderText(text('notices.emailFooter', { party: buyerName }), ctx.locale),
      ].join('\n'),
    };
    // The reply leaves once the after-commit effects have run (runAsMember), so it counts the e-mails that went out.
    ctx.afterCommit(async () => {
      result.emailed = await emailOffNetwork(ctx, offNetwork, mail);
    });
  }
  return result;
}

/** Sends the notice to suppliers not on the network; a failed e-mail is logged and not counted. */
async function emailOffNetwork(
  ctx: RequestContext,
  recipients: string[],
  mail: { subject: string; body: string },
): Promise<number> {
  const deps = ctx.tell;
  if ('quiet' in deps) return 0;
  const results = await Promise.allSettled(
    recipients.map((recipient) => deps.provider.send({ channel: 'email', recipient, ...mail })),
  );
  for (const r of results) if (r.status === 'rejected') ctx.log.warn({ err: r.reason }, 'notice e-mail failed');
  return results.filter((r) => r.status === 'fulfilled').length;
}

/**
 * Read, reply or retract (the supplier, on its own copy) and return a reply (the buyer). The notice
 * must be published. Each side writes only its own fields: the supplier its reply, the buyer nothing
 * but the state (QUALITY T-03).
 */
export async function actOnRecipient(
  ctx: RequestContext,
  noticeId: string,
  recipientId: string,
  action: NoticeRecipientAction,
  body: RecipientActionBody,
): Promise<NoticeRecipientRow> {
  const t = noticeRecipientMachine.transition(action)!;
  requireAny(ctx.auth, [t.permission]);
  return t.side === 'supplier'
    ? supplierRecipientAction(ctx, noticeId, recipientId, action, body)
    : buyerRecipientAction(ctx, noticeId, recipientId, action);
}

async function supplierRecipientAction(
  ctx: RequestContext,
  noticeId: string,
  recipientId: string,
  action: NoticeRecipientAction,
  body: RecipientActionBody,
): Promise<NoticeRecipientRow> {
  const { tx, auth, tenantId: me } = ctx;
  const t = noticeRecipientMachine.transition(action)!;
  const copy = await loadMyCopy(tx, me, noticeId, recipientId);
  if (!copy) throw new AppError('NOT_FOUND');
  const [notice] = await readBuyerNotices(ctx, copy.tenantId, [noticeId]);
  if (!notice) throw new AppError('NOT_FOUND');
  // Checked once the copy is found, so a foreign id answers 404 whatever the body holds.
  const reply = action === 'reply' ? noticeReplySchema.parse(body) : null;
  if (notice.status !== NOTICE_OPEN_FOR_REPLIES) throw new AppError('NOTICE_CLOSED');
  const fields = reply
    ? {
        reply: reply.reply,
        replyAttachments: reply.attachments,
        repliedAt: sql`now()`,
        readAt: sql`coalesce(${noticeRecipients.readAt}, now())`,
      }
    : action === 'read'
      ? { readAt: sql`now()` }
      : {};
  const [moved] = await tx
    .update(noticeRecipients)
    .set({ ...fields, status: t.to, version: sql`${noticeRecipients.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(noticeRecipients.tenantId, copy.tenantId),
        eq(noticeRecipients.id, copy.id),
        eq(noticeRecipients.supplierTenantId, me),
        inArray(noticeRecipients.status, [...t.from]),
      ),
    )
    .returning();
  if (!moved) throw new AppError('NOTICE_STATE_CHANGED');
  if (reply) {
    const doc = { table: noticeRecipients, id: copy.id, ownerTenantId: copy.tenantId, partnerTenantId: me };
    await attachFiles(tx, auth.userId, doc, reply.attachments);
  }
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: MODULE,
    targetId: noticeId,
    summary: text(action === 'read' ? 'notices.read' : action === 'reply' ? 'notices.replied' : 'notices.retracted', {
      noticeNo: notice.noticeNo,
    }),
  });
  if (action !== 'read') {
    const supplierName = await nameOf(tx, me);
    const title = text(action === 'reply' ? 'notices.repliedBy' : 'notices.retractedBy', {
      party: supplierName,
      noticeNo: notice.noticeNo,
      title: notice.title,
    });
    const note = {
      tenantId: copy.tenantId,
      userId: notice.ownerId,
      title,
      content: reply ? text('notices.written', { text: reply.reply.slice(0, 500) }) : title,
      link: buyerLink(noticeId),
    };
    ctx.afterCommit(() => tellParty(ctx.tell, 'system', [note]));
  }
  return toRecipientRow({ ...moved, supCode: '', supName: '' });
}

async function buyerRecipientAction(
  ctx: RequestContext,
  noticeId: string,
  recipientId: string,
  action: NoticeRecipientAction,
): Promise<NoticeRecipientRow> {
  const { tx, auth, tenantId } = ctx;
  const t = noticeRecipientMachine.transition(action)!;
  const notice = await loadScopedNotice(ctx, noticeId);
  const [copy] = await tx
    .select({ id: noticeRecipients.id })
    .from(noticeRecipients)
    .where(
      and(
        eq(noticeRecipients.tenantId, tenantId),
        eq(noticeRecipients.noticeId, noticeId),
        eq(noticeRecipients.id, recipientId),
      ),
    )
    .limit(1);
  if (!copy) throw new AppError('NOT_FOUND');
  if (notice.status !== NOTICE_OPEN_FOR_REPLIES) throw new AppError('NOTICE_CLOSED');
  const [moved] = await tx
    .update(noticeRecipients)
    .set({ status: t.to, version: sql`${noticeRecipients.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(noticeRecipients.tenantId, tenantId),
        eq(noticeRecipients.id, recipientId),
        inArray(noticeRecipients.status, [...t.from]),
      ),
    )
    .returning();
  if (!moved) throw new AppError('NOTICE_STATE_CHANGED');
  const [archive] = await tx
    .select({ supCode: suppliers.supCode, supName: suppliers.supName })
    .from(suppliers)
    .where(and(eq(suppliers.tenantId, tenantId), eq(suppliers.id, moved.supplierId)));
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: MODULE,
    targetId: noticeId,
    summary: text('notices.returned', {
      supCode: archive?.supCode ?? '',
      supName: archive?.supName ?? '',
      noticeNo: notice.noticeNo,
    }),
  });
  const supplierTenantId = moved.supplierTenantId;
  if (supplierTenantId) {
    const buyerName = await nameOf(tx, tenantId);
    const note = {
      tenantId: supplierTenantId,
      title: text('notices.returnedBy', { party: buyerName, noticeNo: notice.noticeNo, title: notice.title }),
      content: text('notices.reviseReply'),
      link: supplierLink(noticeId),
    };
    ctx.afterCommit(() => tellParty(ctx.tell, 'system', [note]));
  }
  return toRecipientRow({ ...moved, supCode: archive?.supCode ?? '', supName: archive?.supName ?? '' });
}
