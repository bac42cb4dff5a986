import {
  type ListResult,
  NOTICE_OPEN_FOR_REPLIES,
  NOTICE_RECIPIENT_STATUS,
  type NoticeBuyerDetail,
  type NoticeClassRef,
  type NoticeContent,
  type NoticeDetail,
  type NoticeListItem,
  type NoticeRecipientOptions,
  type NoticeRecipientRow,
  type NoticeSupplierDetail,
  type noticeListSchema,
  OPERATION_TYPE,
  type ReceivedNoticeListItem,
  text,
} from '@concord/shared';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { noticeRecipients, notices, supplierClasses, suppliers, users } from '../../db/schema.ts';
import { type MemberAuth, type RequestContext, switchTenant } from '../../platform/context.ts';
import { resolveDataScope, scopeCondition } from '../../platform/data-scope.ts';
import { actorOf, escapeLike, requireAny } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { timeZoneOf } from '../../platform/time.ts';
import { namesOf } from '../enterprises/enterprises.names.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { archiveScope } from '../suppliers/suppliers.scope.ts';

import { BUYER_READ, MODULE, type NoticeRow, SUPPLIER_READ, SUPPLIER_VISIBLE } from './notices.common.ts';

/* Reading notices: the buyer's sent notices and their recipients, the supplier's received copies. */

type NoticeListQuery = z.infer<typeof noticeListSchema>;

// ---------------------------------------------------------------------------------------------
// Buyer side: list and detail

const recipientCount = (status?: SQL) =>
  sql<number>`(select count(*)::int from ${noticeRecipients} r
    where r.tenant_id = ${notices.tenantId} and r.notice_id = ${notices.id}${status ? sql` and ${status}` : sql``})`;

const listColumns = {
  id: notices.id,
  noticeNo: notices.noticeNo,
  title: notices.title,
  status: notices.status,
  needReply: notices.needReply,
  publishedAt: notices.publishedAt,
  ownerName: users.name,
  recipientCount: recipientCount(),
  readCount: recipientCount(sql`r.status <> ${NOTICE_RECIPIENT_STATUS.UNREAD}`),
  repliedCount: recipientCount(sql`r.status = ${NOTICE_RECIPIENT_STATUS.REPLIED}`),
  createdAt: notices.createdAt,
  updatedAt: notices.updatedAt,
};

const SORTABLE = {
  noticeNo: notices.noticeNo,
  title: notices.title,
  status: notices.status,
  publishedAt: notices.publishedAt,
  createdAt: notices.createdAt,
};

/**
 * Which of the buyer's notices the caller may see: its data scope on owner and department, and with
 * the trading-partner restriction only notices addressed to at least one of the allowed suppliers.
 */
async function buyerScope(q: Queryable, auth: MemberAuth): Promise<SQL | undefined> {
  const scope = await resolveDataScope(q, auth);
  const own = scopeCondition({ ...scope, partnerIds: null }, { owner: notices.ownerId, dept: notices.deptId });
  if (!scope.partnerIds) return own;
  const allowed = scope.partnerIds.supplier;
  const partner = allowed.length
    ? sql`exists (select 1 from ${noticeRecipients} r where r.tenant_id = ${notices.tenantId}
        and r.notice_id = ${notices.id} and r.supplier_tenant_id in (${sql.join(
          allowed.map((id) => sql`${id}`),
          sql`, `,
        )}))`
    : sql`false`;
  return and(own, partner);
}

export async function listSentNotices(
  { tx: q, auth, tenantId }: RequestContext,
  query: NoticeListQuery,
): Promise<ListResult<NoticeListItem>> {
  requireAny(auth, [BUYER_READ]);
  const f = query.filter ?? { side: 'buyer' as const };
  const where = and(
    eq(notices.tenantId, tenantId),
    await buyerScope(q, auth),
    f.keyword
      ? or(ilike(notices.noticeNo, escapeLike(f.keyword)), ilike(notices.title, escapeLike(f.keyword)))
      : undefined,
    f.status === undefined ? undefined : eq(notices.status, f.status),
  );
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    q
      .select(listColumns)
      .from(notices)
      .leftJoin(users, eq(users.id, notices.ownerId))
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [notices.createdAt, 'desc']), desc(notices.id))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(notices).where(where),
  ]);
  return {
    dataList: rows.map((r) => ({ ...r, status: r.status as NoticeListItem['status'], needReply: r.needReply === 1 })),
    totalCount: total,
  };
}

export const contentOf = (n: NoticeRow): NoticeContent => ({
  id: n.id,
  noticeNo: n.noticeNo,
  title: n.title,
  content: n.content,
  attachments: n.attachments,
  needReply: n.needReply === 1,
  status: n.status as NoticeContent['status'],
  publishedAt: n.publishedAt,
  createdAt: n.createdAt,
  updatedAt: n.updatedAt,
});

export async function loadScopedNotice({ tx: q, auth, tenantId }: RequestContext, id: string): Promise<NoticeRow> {
  const [row] = await q
    .select()
    .from(notices)
    .where(and(eq(notices.tenantId, tenantId), eq(notices.id, id), await buyerScope(q, auth)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

const recipientColumns = {
  id: noticeRecipients.id,
  supplierId: noticeRecipients.supplierId,
  supCode: suppliers.supCode,
  supName: suppliers.supName,
  supplierTenantId: noticeRecipients.supplierTenantId,
  status: noticeRecipients.status,
  readAt: noticeRecipients.readAt,
  reply: noticeRecipients.reply,
  replyAttachments: noticeRecipients.replyAttachments,
  repliedAt: noticeRecipients.repliedAt,
  version: noticeRecipients.version,
};

type RecipientSelect = {
  [K in keyof typeof recipientColumns]: K extends 'supCode' | 'supName' ? string | null : unknown;
};

export const toRecipientRow = (r: RecipientSelect): NoticeRecipientRow =>
  ({
    ...r,
    supCode: r.supCode ?? '',
    supName: r.supName ?? '',
    delivery: r.supplierTenantId ? 'platform' : 'email',
  }) as NoticeRecipientRow;

export async function buyerDetail({ tx: q, tenantId }: RequestContext, notice: NoticeRow): Promise<NoticeBuyerDetail> {
  const recipients = await q
    .select(recipientColumns)
    .from(noticeRecipients)
    .leftJoin(
      suppliers,
      and(eq(suppliers.tenantId, noticeRecipients.tenantId), eq(suppliers.id, noticeRecipients.supplierId)),
    )
    .where(and(eq(noticeRecipients.tenantId, tenantId), eq(noticeRecipients.noticeId, notice.id)))
    .orderBy(asc(suppliers.supCode), asc(noticeRecipients.id));
  const classes: NoticeClassRef[] = notice.targetClassIds.length
    ? await q
        .select({ id: supplierClasses.id, code: supplierClasses.code, name: supplierClasses.name })
        .from(supplierClasses)
        .where(and(eq(supplierClasses.tenantId, tenantId), inArray(supplierClasses.id, notice.targetClassIds)))
        .orderBy(asc(supplierClasses.code))
    : [];
  const [owner] = notice.ownerId
    ? await q.select({ name: users.name }).from(users).where(eq(users.id, notice.ownerId)).limit(1)
    : [];
  return {
    ...contentOf(notice),
    side: 'buyer',
    buyerTimeZone: await timeZoneOf(q, tenantId),
    supplierClasses: classes,
    ownerName: owner?.name ?? null,
    version: notice.version,
    recipients: recipients.map(toRecipientRow),
  };
}

// ---------------------------------------------------------------------------------------------
// Supplier side: what a customer sent to me

/**
 * The supplier's copy is a two-party row it reads through `supplier_tenant_id` (RLS); the notice
 * itself belongs to the buyer alone, so its words are read in the buyer's tenant context, and only
 * for the notices the supplier's own rows name. Every step below starts from rows RLS showed it.
 */
export async function readBuyerNotices(
  ctx: RequestContext,
  buyerTenantId: string,
  noticeIds: string[],
  extra?: SQL,
): Promise<NoticeRow[]> {
  if (noticeIds.length === 0) return [];
  return asBuyer(ctx, buyerTenantId, (q) =>
    q
      .select()
      .from(notices)
      .where(
        and(
          eq(notices.tenantId, buyerTenantId),
          inArray(notices.id, noticeIds),
          inArray(notices.status, [...SUPPLIER_VISIBLE]),
          isNotNull(notices.publishedAt),
          extra,
        ),
      ),
  );
}

/**
 * Runs a read in the buyer's row-level-security context, then returns the transaction to the caller's.
 * A failed read aborts the transaction, which then rolls back: restoring the context matters only on success.
 */
async function asBuyer<T>(ctx: RequestContext, buyerTenantId: string, read: (q: Queryable) => Promise<T>): Promise<T> {
  await switchTenant(ctx.tx, buyerTenantId);
  const out = await read(ctx.tx);
  await switchTenant(ctx.tx, ctx.tenantId);
  return out;
}

const RECEIVED_SORTABLE: Record<string, (r: ReceivedNoticeListItem) => string | number> = {
  publishedAt: (r) => r.publishedAt ?? '',
  noticeNo: (r) => r.noticeNo,
  title: (r) => r.title,
  status: (r) => r.status,
  customerName: (r) => r.customerName,
};

/**
 * The notices customers sent to my enterprise. Received notices have no owner on my side, so only
 * the trading-partner restriction narrows them. The rows of several customers are merged here;
 * a supplier receives notices by the hundred, not the million.
 */
export async function listReceivedNotices(
  ctx: RequestContext,
  query: NoticeListQuery,
): Promise<ListResult<ReceivedNoticeListItem>> {
  const { tx, auth, tenantId: me } = ctx;
  requireAny(auth, [SUPPLIER_READ]);
  const f = query.filter ?? { side: 'supplier' as const };
  const scope = await resolveDataScope(tx, auth);
  const copies = await tx
    .select({
      id: noticeRecipients.id,
      buyer: noticeRecipients.tenantId,
      noticeId: noticeRecipients.noticeId,
      status: noticeRecipients.status,
      readAt: noticeRecipients.readAt,
      repliedAt: noticeRecipients.repliedAt,
    })
    .from(noticeRecipients)
    .where(
      and(
        eq(noticeRecipients.supplierTenantId, me),
        scopeCondition(
          { ...scope, all: true },
          { owner: noticeRecipients.id, partner: { column: noticeRecipients.tenantId, kind: 'client' } },
        ),
        f.recipientStatus === undefined ? undefined : eq(noticeRecipients.status, f.recipientStatus),
      ),
    );
  const byBuyer = new Map<string, typeof copies>();
  for (const c of copies) byBuyer.set(c.buyer, [...(byBuyer.get(c.buyer) ?? []), c]);
  const names = await namesOf(tx, [...byBuyer.keys()]);
  const extra = and(
    f.keyword
      ? or(ilike(notices.noticeNo, escapeLike(f.keyword)), ilike(notices.title, escapeLike(f.keyword)))
      : undefined,
    f.status === undefined ? undefined : eq(notices.status, f.status),
  );
  const items: ReceivedNoticeListItem[] = [];
  for (const [buyer, rows] of byBuyer) {
    const found = new Map(
      (
        await readBuyerNotices(
          ctx,
          buyer,
          rows.map((r) => r.noticeId),
          extra,
        )
      ).map((n) => [n.id, n]),
    );
    for (const r of rows) {
      const n = found.get(r.noticeId);
      if (!n) continue;
      items.push({
        id: n.id,
        recipientId: r.id,
        noticeNo: n.noticeNo,
        title: n.title,
        customerTenantId: buyer,
        customerName: names.get(buyer) ?? '',
        noticeStatus: n.status as ReceivedNoticeListItem['noticeStatus'],
        needReply: n.needReply === 1,
        publishedAt: n.publishedAt,
        status: r.status as ReceivedNoticeListItem['status'],
        readAt: r.readAt,
        repliedAt: r.repliedAt,
      });
    }
  }
  const order = (query.orderParam ?? []).filter((o) => Object.hasOwn(RECEIVED_SORTABLE, o.fieldName));
  const keys = order.length ? order : [{ fieldName: 'publishedAt', asc: false }];
  items.sort((a, b) => {
    for (const k of keys) {
      const pick = RECEIVED_SORTABLE[k.fieldName]!;
      const x = pick(a);
      const y = pick(b);
      if (x !== y) return (x < y ? -1 : 1) * (k.asc ? 1 : -1);
    }
    return a.recipientId < b.recipientId ? 1 : -1;
  });
  const page = pageOf(query.pageParam);
  return { dataList: items.slice(page.offset, page.offset + page.limit), totalCount: items.length };
}

/** My copy of a notice, found only through my own tenant's rows (RLS). */
export async function loadMyCopy(q: Queryable, me: string, noticeId: string, recipientId?: string) {
  const [copy] = await q
    .select()
    .from(noticeRecipients)
    .where(
      and(
        eq(noticeRecipients.supplierTenantId, me),
        eq(noticeRecipients.noticeId, noticeId),
        recipientId ? eq(noticeRecipients.id, recipientId) : undefined,
      ),
    )
    .limit(1);
  return copy;
}

async function supplierDetail(ctx: RequestContext, noticeId: string): Promise<NoticeSupplierDetail> {
  const { tx, auth, tenantId: me } = ctx;
  requireAny(auth, [SUPPLIER_READ]);
  const copy = await loadMyCopy(tx, me, noticeId);
  if (!copy) throw new AppError('NOT_FOUND');
  const [notice] = await readBuyerNotices(ctx, copy.tenantId, [noticeId]);
  if (!notice) throw new AppError('NOT_FOUND');
  if (notice.status === NOTICE_OPEN_FOR_REPLIES && copy.status === NOTICE_RECIPIENT_STATUS.UNREAD) {
    // Opening the notice is reading it; a concurrent open finds it read already and changes nothing.
    const read = await tx
      .update(noticeRecipients)
      .set({ status: NOTICE_RECIPIENT_STATUS.READ, readAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(noticeRecipients.tenantId, copy.tenantId),
          eq(noticeRecipients.id, copy.id),
          eq(noticeRecipients.supplierTenantId, me),
          eq(noticeRecipients.status, NOTICE_RECIPIENT_STATUS.UNREAD),
        ),
      )
      .returning({ id: noticeRecipients.id });
    if (read.length) {
      await recordOperation(tx, actorOf(auth), {
        type: OPERATION_TYPE.UPDATE,
        module: MODULE,
        targetId: noticeId,
        summary: text('notices.read', { noticeNo: notice.noticeNo }),
      });
    }
  }
  const [current] = await tx
    .select({ ...recipientColumns, supCode: sql<string>`''`, supName: sql<string>`''` })
    .from(noticeRecipients)
    .where(and(eq(noticeRecipients.tenantId, copy.tenantId), eq(noticeRecipients.id, copy.id)));
  if (!current) throw new AppError('NOT_FOUND');
  // My name as the customer keeps it in its archive is the customer's data, read in its context.
  const [archive] = await asBuyer(ctx, copy.tenantId, (q) =>
    q
      .select({ supCode: suppliers.supCode, supName: suppliers.supName })
      .from(suppliers)
      .where(
        and(
          eq(suppliers.tenantId, copy.tenantId),
          eq(suppliers.id, copy.supplierId),
          eq(suppliers.supplierTenantId, me),
        ),
      ),
  );
  const names = await namesOf(tx, [copy.tenantId]);
  return {
    ...contentOf(notice),
    side: 'supplier',
    buyerTimeZone: await timeZoneOf(tx, copy.tenantId),
    customerTenantId: copy.tenantId,
    customerName: names.get(copy.tenantId) ?? '',
    recipient: toRecipientRow({ ...current, supCode: archive?.supCode ?? '', supName: archive?.supName ?? '' }),
  };
}

/**
 * One route serves both sides: a notice of my enterprise opens as the sender's view (with who read
 * and who replied), a notice a customer addressed to me opens as my copy, and reading it marks it read.
 */
export async function getNotice(ctx: RequestContext, id: string): Promise<NoticeDetail> {
  const [own] = await ctx.tx
    .select({ id: notices.id })
    .from(notices)
    .where(and(eq(notices.tenantId, ctx.tenantId), eq(notices.id, id)))
    .limit(1);
  if (!own) return supplierDetail(ctx, id);
  requireAny(ctx.auth, [BUYER_READ]);
  return buyerDetail(ctx, await loadScopedNotice(ctx, id));
}

/**
 * The suppliers and classes the notice form offers, within the caller's data scope on the supplier
 * archive. Whether a supplier may be addressed at all (blacklist, stopped relation) is decided on save.
 */
export async function listRecipientOptions({ tx: q, auth, tenantId }: RequestContext): Promise<NoticeRecipientOptions> {
  const scope = await resolveDataScope(q, auth);
  const rows = await q
    .select({
      id: suppliers.id,
      supCode: suppliers.supCode,
      supName: suppliers.supName,
      supplierClassId: suppliers.supplierClassId,
      supplierTenantId: suppliers.supplierTenantId,
      contactEmail: suppliers.contactEmail,
    })
    .from(suppliers)
    .where(and(eq(suppliers.tenantId, tenantId), archiveScope(scope)))
    .orderBy(asc(suppliers.supCode))
    .limit(5000);
  const classes = await q
    .select({
      id: supplierClasses.id,
      code: supplierClasses.code,
      name: supplierClasses.name,
      supplierCount: sql<number>`(select count(*)::int from ${suppliers} s
        where s.tenant_id = ${supplierClasses.tenantId} and s.supplier_class_id = ${supplierClasses.id})`,
    })
    .from(supplierClasses)
    .where(eq(supplierClasses.tenantId, tenantId))
    .orderBy(asc(supplierClasses.code));
  return {
    suppliers: rows.map((r) => ({
      id: r.id,
      supCode: r.supCode,
      supName: r.supName,
      supplierClassId: r.supplierClassId,
      onNetwork: r.supplierTenantId !== null,
      hasEmail: r.contactEmail !== '',
    })),
    classes,
  };
}
