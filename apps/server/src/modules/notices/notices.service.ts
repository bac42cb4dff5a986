import {
  type ListResult,
  MEMBER_STATUS,
  NOTICE_EDITABLE_STATUSES,
  NOTICE_OPEN_FOR_REPLIES,
  NOTICE_RECIPIENT_STATUS,
  NOTICE_STATUS,
  type NoticeAction,
  type NoticeBuyerDetail,
  type NoticeClassRef,
  type NoticeContent,
  type NoticeDetail,
  type NoticeListItem,
  type NoticeRecipientAction,
  type NoticeRecipientOptions,
  type NoticeRecipientRow,
  type NoticeSaveResult,
  type NoticeSkippedRecipient,
  type NoticeSupplierDetail,
  type noticeCreateSchema,
  type noticeListSchema,
  noticeMachine,
  type noticeRecipientActionSchema,
  noticeRecipientMachine,
  noticeReplySchema,
  type noticeUpdateSchema,
  OPERATION_TYPE,
  type ReceivedNoticeListItem,
  USER_TYPE,
} from '@concord/shared';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.ts';
import {
  enterprises,
  memberships,
  noticeRecipients,
  notices,
  supplierClasses,
  suppliers,
  users,
} from '../../db/schema.ts';
import { type Auth, inTenantTx } from '../../platform/context.ts';
import { resolveDataScope, scopeCondition } from '../../platform/data-scope.ts';
import { AppError } from '../../platform/errors.ts';
import { attachFiles } from '../../platform/file-documents.ts';
import { type IdempotencyScope, idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import type { MessageProvider, OutgoingMessage } from '../../platform/mail.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { htmlToText, sanitizeHtml } from '../../platform/sanitize.ts';
import { notifyUsers, sendNotificationEmails } from '../messages/messages.service.ts';
import { recordOperation, summarizeChanges } from '../operation-logs/operation-logs.service.ts';
import { assertSupplierAddressable } from '../suppliers/suppliers.service.ts';

type NoticeCreate = z.infer<typeof noticeCreateSchema>;
type NoticeUpdate = z.infer<typeof noticeUpdateSchema>;
type NoticeListQuery = z.infer<typeof noticeListSchema>;
type RecipientActionBody = NonNullable<z.infer<typeof noticeRecipientActionSchema>>;

export const MODULE = 'notices';

/** What a notice step needs beyond the database: mail delivery after commit and a log for failures. */
export interface NoticeDeps {
  db: Db;
  provider: MessageProvider;
  log: FastifyBaseLogger;
}

const actor = (auth: Auth) => ({ tenantId: auth.tenantId!, userId: auth.userId, username: auth.username, ip: auth.ip });

function requirePermission(auth: Auth, code: string) {
  if (!auth.permissions.has(code)) throw new AppError('FORBIDDEN');
}

const BUYER_READ = 'PO_SUP_CAT_EDIT';
const SUPPLIER_READ = 'SL_CUS';

/** A supplier sees a notice once it has been published, and keeps seeing it if it is later abolished. */
const SUPPLIER_VISIBLE: readonly number[] = [NOTICE_STATUS.PUBLISHED, NOTICE_STATUS.ABOLISHED];

const escapeLike = (v: string) => `%${v.replace(/[%_\\]/g, '\\$&')}%`;

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
async function buyerScope(q: Queryable, auth: Auth): Promise<SQL | undefined> {
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
  q: Queryable,
  auth: Auth,
  query: NoticeListQuery,
): Promise<ListResult<NoticeListItem>> {
  requirePermission(auth, BUYER_READ);
  const tenantId = auth.tenantId!;
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
    dataList: rows.map((r) => ({ ...r, needReply: r.needReply === 1 }) as NoticeListItem),
    totalCount: total,
  };
}

type NoticeRow = typeof notices.$inferSelect;

const contentOf = (n: NoticeRow): NoticeContent => ({
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

async function loadScopedNotice(q: Queryable, auth: Auth, id: string): Promise<NoticeRow> {
  const [row] = await q
    .select()
    .from(notices)
    .where(and(eq(notices.tenantId, auth.tenantId!), eq(notices.id, id), await buyerScope(q, auth)))
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

const toRecipientRow = (r: RecipientSelect): NoticeRecipientRow =>
  ({
    ...r,
    supCode: r.supCode ?? '',
    supName: r.supName ?? '',
    delivery: r.supplierTenantId ? 'platform' : 'email',
  }) as NoticeRecipientRow;

async function buyerDetail(q: Queryable, auth: Auth, notice: NoticeRow): Promise<NoticeBuyerDetail> {
  const tenantId = auth.tenantId!;
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
async function readBuyerNotices(db: Db, buyerTenantId: string, noticeIds: string[], extra?: SQL): Promise<NoticeRow[]> {
  if (noticeIds.length === 0) return [];
  return inTenantTx(db, buyerTenantId, (tx) =>
    tx
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

async function enterpriseNames(q: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await q
    .select({ id: enterprises.id, name: enterprises.name, shortName: enterprises.shortName })
    .from(enterprises)
    .where(inArray(enterprises.id, ids));
  return new Map(rows.map((r) => [r.id, r.shortName || r.name]));
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
  db: Db,
  auth: Auth,
  query: NoticeListQuery,
): Promise<ListResult<ReceivedNoticeListItem>> {
  requirePermission(auth, SUPPLIER_READ);
  const me = auth.tenantId!;
  const f = query.filter ?? { side: 'supplier' as const };
  const copies = await inTenantTx(db, me, async (tx) => {
    const scope = await resolveDataScope(tx, auth);
    return tx
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
  });
  const byBuyer = new Map<string, typeof copies>();
  for (const c of copies) byBuyer.set(c.buyer, [...(byBuyer.get(c.buyer) ?? []), c]);
  const names = await enterpriseNames(db, [...byBuyer.keys()]);
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
          db,
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
async function loadMyCopy(q: Queryable, me: string, noticeId: string, recipientId?: string) {
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

async function supplierDetail(db: Db, auth: Auth, noticeId: string): Promise<NoticeSupplierDetail> {
  requirePermission(auth, SUPPLIER_READ);
  const me = auth.tenantId!;
  const copy = await inTenantTx(db, me, (tx) => loadMyCopy(tx, me, noticeId));
  if (!copy) throw new AppError('NOT_FOUND');
  const [notice] = await readBuyerNotices(db, copy.tenantId, [noticeId]);
  if (!notice) throw new AppError('NOT_FOUND');
  const row = await inTenantTx(db, me, async (tx) => {
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
        await recordOperation(tx, actor(auth), {
          type: OPERATION_TYPE.UPDATE,
          module: MODULE,
          targetId: noticeId,
          summary: `read notice ${notice.noticeNo}`,
        });
      }
    }
    const [current] = await tx
      .select({ ...recipientColumns, supCode: sql<string>`''`, supName: sql<string>`''` })
      .from(noticeRecipients)
      .where(and(eq(noticeRecipients.tenantId, copy.tenantId), eq(noticeRecipients.id, copy.id)));
    return current!;
  });
  // My name as the customer keeps it in its archive is the customer's data, read in its context.
  const [archive] = await inTenantTx(db, copy.tenantId, (tx) =>
    tx
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
  const names = await enterpriseNames(db, [copy.tenantId]);
  return {
    ...contentOf(notice),
    side: 'supplier',
    customerTenantId: copy.tenantId,
    customerName: names.get(copy.tenantId) ?? '',
    recipient: toRecipientRow({ ...row, supCode: archive?.supCode ?? '', supName: archive?.supName ?? '' }),
  };
}

/**
 * One route serves both sides: a notice of my enterprise opens as the sender's view (with who read
 * and who replied), a notice a customer addressed to me opens as my copy, and reading it marks it read.
 */
export async function getNotice(db: Db, auth: Auth, id: string): Promise<NoticeDetail> {
  const mine = await inTenantTx(db, auth.tenantId, async (tx) => {
    const [own] = await tx
      .select({ id: notices.id })
      .from(notices)
      .where(and(eq(notices.tenantId, auth.tenantId!), eq(notices.id, id)))
      .limit(1);
    if (!own) return null;
    requirePermission(auth, BUYER_READ);
    return buyerDetail(tx, auth, await loadScopedNotice(tx, auth, id));
  });
  return mine ?? supplierDetail(db, auth, id);
}

/**
 * The suppliers and classes the notice form offers, within the caller's data scope on the supplier
 * archive. Whether a supplier may be addressed at all (blacklist, stopped relation) is decided on save.
 */
export async function listRecipientOptions(q: Queryable, auth: Auth): Promise<NoticeRecipientOptions> {
  const tenantId = auth.tenantId!;
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
    .where(
      and(
        eq(suppliers.tenantId, tenantId),
        scopeCondition(scope, {
          owner: suppliers.ownerId,
          dept: suppliers.deptId,
          partner: { column: suppliers.supplierTenantId, kind: 'supplier' },
        }),
      ),
    )
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

export async function createNotice(
  q: Queryable,
  auth: Auth,
  input: NoticeCreate,
  scope: IdempotencyScope,
): Promise<NoticeSaveResult> {
  const tenantId = auth.tenantId!;
  return idempotent(q, scope, async () => {
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
    await recordOperation(q, actor(auth), {
      type: OPERATION_TYPE.ADD,
      module: MODULE,
      targetId: id,
      summary: `created notice ${noticeNo} "${input.title}" to ${recipients.length} supplier(s)`,
    });
    const notice = await loadScopedNotice(q, auth, id);
    return { notice: await buyerDetail(q, auth, notice), skipped };
  });
}

/**
 * A draft or withdrawn notice may change. Recipients that stay keep their reading and reply;
 * those removed lose their copy, new ones get one.
 */
export async function updateNotice(
  q: Queryable,
  auth: Auth,
  id: string,
  input: NoticeUpdate,
): Promise<NoticeSaveResult> {
  const tenantId = auth.tenantId!;
  const before = await loadScopedNotice(q, auth, id);
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
  const summary = summarizeChanges(
    { title: before.title, needReply: before.needReply, attachments: before.attachments.length },
    { title: fields.title, needReply: fields.needReply, attachments: fields.attachments.length },
  );
  const contentChanged = before.content !== fields.content ? 'content changed' : '';
  await recordOperation(q, actor(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: MODULE,
    targetId: id,
    summary: `${before.noticeNo}: ${[summary, contentChanged, `${recipients.length} recipient(s)`].filter(Boolean).join('; ')}`,
  });
  return { notice: await buyerDetail(q, auth, await loadScopedNotice(q, auth, id)), skipped };
}

// ---------------------------------------------------------------------------------------------
// Telling the other side

async function administratorsOf(q: Queryable, tenantId: string): Promise<string[]> {
  const rows = await q
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.tenantId, tenantId),
        eq(memberships.userType, USER_TYPE.ADMIN),
        eq(memberships.status, MEMBER_STATUS.JOINED),
      ),
    );
  return rows.map((r) => r.userId);
}

/** Still a member of the enterprise: a sender who left is replaced by the administrators. */
async function joinedMember(q: Queryable, tenantId: string, userId: string | null): Promise<boolean> {
  if (!userId) return false;
  const [row] = await q
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.tenantId, tenantId),
        eq(memberships.userId, userId),
        eq(memberships.status, MEMBER_STATUS.JOINED),
      ),
    )
    .limit(1);
  return !!row;
}

interface Tell {
  tenantId: string;
  /** Null: the enterprise's administrators. */
  userId?: string | null;
  title: string;
  content: string;
  link: string;
}

/** Notifies users of another enterprise in that enterprise's own transaction, after ours committed. */
async function tell(deps: NoticeDeps, notes: Tell[]): Promise<void> {
  const emails: OutgoingMessage[] = [];
  for (const n of notes) {
    emails.push(
      ...(await inTenantTx(deps.db, n.tenantId, async (tx) => {
        const userIds =
          n.userId && (await joinedMember(tx, n.tenantId, n.userId))
            ? [n.userId]
            : await administratorsOf(tx, n.tenantId);
        return notifyUsers(tx, {
          tenantId: n.tenantId,
          userIds,
          kind: 'system',
          title: n.title,
          content: n.content,
          link: n.link,
        });
      })),
    );
  }
  await sendNotificationEmails(deps.provider, emails, deps.log);
}

const buyerLink = (id: string) => `/supplier/supnotificate/detail?id=${id}`;
const supplierLink = (id: string) => `/sale/custnotificate/detail?id=${id}`;

// ---------------------------------------------------------------------------------------------
// State changes

export interface NoticeActionResult {
  notice: NoticeBuyerDetail;
  /** Suppliers not on the network that were sent the notice by e-mail. */
  emailed: number;
}

/**
 * Publish, withdraw or abolish (NOTICE_TRANSITIONS). Publishing re-checks every recipient (a supplier
 * blacklisted since the draft is refused), links suppliers that joined the network since, tells
 * each supplier enterprise, and e-mails those not on the network.
 */
export async function actOnNotice(
  deps: NoticeDeps,
  auth: Auth,
  id: string,
  action: NoticeAction,
): Promise<NoticeActionResult> {
  const t = noticeMachine.transition(action)!;
  requirePermission(auth, t.permission);
  const tenantId = auth.tenantId!;
  const outcome = await inTenantTx(deps.db, tenantId, async (tx) => {
    const before = await loadScopedNotice(tx, auth, id);
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
    await recordOperation(tx, actor(auth), {
      type: OPERATION_TYPE.UPDATE,
      module: MODULE,
      targetId: id,
      summary: `${action} notice ${before.noticeNo}`,
    });
    const delivered = await tx
      .select({ supplierTenantId: noticeRecipients.supplierTenantId, email: suppliers.contactEmail })
      .from(noticeRecipients)
      .innerJoin(
        suppliers,
        and(eq(suppliers.tenantId, noticeRecipients.tenantId), eq(suppliers.id, noticeRecipients.supplierId)),
      )
      .where(and(eq(noticeRecipients.tenantId, tenantId), eq(noticeRecipients.noticeId, id)));
    return { notice: await buyerDetail(tx, auth, moved), delivered, wasVisible: before.publishedAt !== null };
  });

  const { notice, delivered } = outcome;
  const [buyerName] = (await enterpriseNames(deps.db, [tenantId])).values();
  const onNetwork = [...new Set(delivered.map((d) => d.supplierTenantId).filter((v): v is string => !!v))];
  const words: Record<NoticeAction, string> = {
    publish: `${buyerName} published the notice ${notice.noticeNo} "${notice.title}"`,
    withdraw: `${buyerName} withdrew the notice ${notice.noticeNo} "${notice.title}"`,
    abolish: `${buyerName} abolished the notice ${notice.noticeNo} "${notice.title}"`,
  };
  // Suppliers never shown the notice hear nothing of its withdrawal or abolition.
  const tellSuppliers = action === 'publish' || outcome.wasVisible;
  if (tellSuppliers) {
    await tell(
      deps,
      onNetwork.map((supplierTenantId) => ({
        tenantId: supplierTenantId,
        title: words[action],
        content: action === 'publish' ? htmlToText(notice.content).slice(0, 500) : words[action],
        link: supplierLink(id),
      })),
    );
  }
  let emailed = 0;
  if (action === 'publish') {
    const offNetwork = delivered.filter((d) => !d.supplierTenantId && d.email);
    const body = [
      htmlToText(notice.content),
      ...notice.attachments.map((a) => `${a.name}: ${a.url}`),
      '',
      `${buyerName} sent this notice through Concord SRM. Register your enterprise to read and reply to notices online.`,
    ].join('\n');
    const results = await Promise.allSettled(
      offNetwork.map((d) =>
        deps.provider.send({ channel: 'email', recipient: d.email, subject: `[${buyerName}] ${notice.title}`, body }),
      ),
    );
    emailed = results.filter((r) => r.status === 'fulfilled').length;
    for (const r of results) if (r.status === 'rejected') deps.log.warn({ err: r.reason }, 'notice e-mail failed');
  }
  return { notice, emailed };
}

/**
 * Read, reply or retract (the supplier, on its own copy) and return a reply (the buyer). The notice
 * must be published. Each side writes only its own fields: the supplier its reply, the buyer nothing
 * but the state (QUALITY T-03).
 */
export async function actOnRecipient(
  deps: NoticeDeps,
  auth: Auth,
  noticeId: string,
  recipientId: string,
  action: NoticeRecipientAction,
  body: RecipientActionBody,
): Promise<NoticeRecipientRow> {
  const t = noticeRecipientMachine.transition(action)!;
  requirePermission(auth, t.permission);
  return t.side === 'supplier'
    ? supplierRecipientAction(deps, auth, noticeId, recipientId, action, body)
    : buyerRecipientAction(deps, auth, noticeId, recipientId, action);
}

async function supplierRecipientAction(
  deps: NoticeDeps,
  auth: Auth,
  noticeId: string,
  recipientId: string,
  action: NoticeRecipientAction,
  body: RecipientActionBody,
): Promise<NoticeRecipientRow> {
  const t = noticeRecipientMachine.transition(action)!;
  const me = auth.tenantId!;
  const copy = await inTenantTx(deps.db, me, (tx) => loadMyCopy(tx, me, noticeId, recipientId));
  if (!copy) throw new AppError('NOT_FOUND');
  const [notice] = await readBuyerNotices(deps.db, copy.tenantId, [noticeId]);
  if (!notice) throw new AppError('NOT_FOUND');
  // Checked once the copy is found, so a foreign id answers 404 whatever the body holds.
  const reply = action === 'reply' ? noticeReplySchema.parse(body) : null;
  if (notice.status !== NOTICE_OPEN_FOR_REPLIES) throw new AppError('NOTICE_CLOSED');
  const row = await inTenantTx(deps.db, me, async (tx) => {
    const fields =
      action === 'reply'
        ? {
            reply: reply!.reply,
            replyAttachments: reply!.attachments,
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
    await recordOperation(tx, actor(auth), {
      type: OPERATION_TYPE.UPDATE,
      module: MODULE,
      targetId: noticeId,
      summary: `${action} on notice ${notice.noticeNo}`,
    });
    return moved;
  });
  if (action !== 'read') {
    const [supplierName] = (await enterpriseNames(deps.db, [me])).values();
    const verb = action === 'reply' ? 'replied to' : 'retracted its reply to';
    await tell(deps, [
      {
        tenantId: copy.tenantId,
        userId: notice.ownerId,
        title: `${supplierName} ${verb} the notice ${notice.noticeNo} "${notice.title}"`,
        content: action === 'reply' ? reply!.reply.slice(0, 500) : `${supplierName} ${verb} ${notice.noticeNo}.`,
        link: buyerLink(noticeId),
      },
    ]);
  }
  return toRecipientRow({ ...row, supCode: '', supName: '' });
}

async function buyerRecipientAction(
  deps: NoticeDeps,
  auth: Auth,
  noticeId: string,
  recipientId: string,
  action: NoticeRecipientAction,
): Promise<NoticeRecipientRow> {
  const t = noticeRecipientMachine.transition(action)!;
  const tenantId = auth.tenantId!;
  const { row, notice } = await inTenantTx(deps.db, tenantId, async (tx) => {
    const notice = await loadScopedNotice(tx, auth, noticeId);
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
    await recordOperation(tx, actor(auth), {
      type: OPERATION_TYPE.UPDATE,
      module: MODULE,
      targetId: noticeId,
      summary: `${action} the reply of supplier ${moved.supplierId} on notice ${notice.noticeNo}`,
    });
    const [archive] = await tx
      .select({ supCode: suppliers.supCode, supName: suppliers.supName })
      .from(suppliers)
      .where(and(eq(suppliers.tenantId, tenantId), eq(suppliers.id, moved.supplierId)));
    return { row: { ...moved, supCode: archive?.supCode ?? '', supName: archive?.supName ?? '' }, notice };
  });
  if (row.supplierTenantId) {
    const [buyerName] = (await enterpriseNames(deps.db, [tenantId])).values();
    await tell(deps, [
      {
        tenantId: row.supplierTenantId,
        title: `${buyerName} returned your reply to the notice ${notice.noticeNo} "${notice.title}"`,
        content: 'Please revise your reply and send it again.',
        link: supplierLink(noticeId),
      },
    ]);
  }
  return toRecipientRow(row);
}
