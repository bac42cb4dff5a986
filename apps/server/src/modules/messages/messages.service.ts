import {
  DEFAULT_LOCALE,
  type ListResult,
  type Locale,
  type MessageItem,
  type MessageKind,
  type MessageSettings,
  matchLocale,
  renderText,
  type TextRef,
} from '@concord/shared';
import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import { messageSettings, messages, users } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { MessageProvider, OutgoingMessage } from '../../platform/mail.ts';
import { publishEvent } from '../../platform/realtime.ts';

export interface Notification {
  tenantId: string;
  userIds: string[];
  kind: MessageKind;
  title: TextRef;
  content?: TextRef;
  link?: string;
}

/**
 * The service other modules call to tell users something. Rows and pushes belong to the caller's
 * transaction: a rolled-back change notifies nobody. Users who muted the kind get nothing.
 * Returns the e-mails for recipients who enabled them; the caller sends them with
 * `sendNotificationEmails` once the transaction has committed, so a rollback mails nobody either.
 */
export async function notifyUsers(tx: Queryable, n: Notification): Promise<OutgoingMessage[]> {
  if (n.userIds.length === 0) return [];
  const settings = await tx
    .select({
      userId: messageSettings.userId,
      emailEnabled: messageSettings.emailEnabled,
      muted: sql<boolean>`${messageSettings.mutedKinds} ? ${n.kind}`,
    })
    .from(messageSettings)
    .where(and(eq(messageSettings.tenantId, n.tenantId), inArray(messageSettings.userId, n.userIds)));
  const muted = new Set(settings.filter((row) => row.muted).map((row) => row.userId));
  const recipients = n.userIds.filter((id) => !muted.has(id));
  for (const userId of recipients) {
    const id = newId();
    await tx.insert(messages).values({
      tenantId: n.tenantId,
      id,
      userId,
      kind: n.kind,
      title: n.title,
      content: n.content ?? null,
      link: n.link ?? null,
    });
    const unread = await countUnread(tx, n.tenantId, userId);
    await publishEvent(tx, { t: 'msg', tenantId: n.tenantId, userId, id, title: n.title, count: unread });
  }
  const mailed = settings.filter((row) => row.emailEnabled && !row.muted).map((row) => row.userId);
  return notificationEmails(tx, mailed, n);
}

/** The language a user reads what is sent to them in: the one they chose last, else the default. */
export const languageOf = (settings: Record<string, unknown>): Locale =>
  matchLocale(typeof settings.language === 'string' ? settings.language : null) ?? DEFAULT_LOCALE;

/** Each e-mail in its recipient's language, rendered now: the mail leaves after the commit. */
async function notificationEmails(tx: Queryable, userIds: string[], n: Notification): Promise<OutgoingMessage[]> {
  if (userIds.length === 0) return [];
  const rows = await tx
    .select({ email: users.email, settings: users.settings })
    .from(users)
    .where(and(inArray(users.id, userIds), isNotNull(users.email)));
  return rows.map((r) => {
    const locale = languageOf(r.settings);
    return {
      channel: 'email',
      recipient: r.email!,
      subject: renderText(n.title, locale),
      body: n.content ? renderText(n.content, locale) : '',
    };
  });
}

/** Sends notification e-mails after commit. The in-app message is the record, so a failed e-mail is logged, not thrown. */
export async function sendNotificationEmails(
  provider: MessageProvider,
  emails: OutgoingMessage[],
  log: FastifyBaseLogger,
): Promise<void> {
  const results = await Promise.allSettled(emails.map((m) => provider.send(m)));
  for (const r of results) if (r.status === 'rejected') log.warn({ err: r.reason }, 'notification e-mail failed');
}

export async function countUnread(q: Queryable, tenantId: string, userId: string): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.userId, userId), eq(messages.isRead, false)));
  return row?.n ?? 0;
}

export function countMyUnread({ tx, tenantId, userId }: RequestContext): Promise<number> {
  return countUnread(tx, tenantId, userId);
}

const toItem = (m: typeof messages.$inferSelect, locale: Locale): MessageItem => ({
  id: m.id,
  kind: m.kind,
  title: renderText(m.title, locale),
  content: m.content ? renderText(m.content, locale) : '',
  link: m.link,
  isRead: m.isRead,
  createdAt: m.createdAt,
});

export async function listMyMessages(
  { tx: q, tenantId, userId, locale }: RequestContext,
  query: { pageNum: number; pageSize: number; isRead?: 'true' | 'false'; kind?: string },
): Promise<ListResult<MessageItem>> {
  const where = and(
    eq(messages.tenantId, tenantId),
    eq(messages.userId, userId),
    query.isRead ? eq(messages.isRead, query.isRead === 'true') : undefined,
    query.kind ? eq(messages.kind, query.kind) : undefined,
  );
  // Messages of one transaction share created_at; the time-ordered id keeps pages from overlapping.
  const [rows, [{ total }]] = await Promise.all([
    q
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    q.select({ total: count() }).from(messages).where(where),
  ]);
  return { dataList: rows.map((m) => toItem(m, locale)), totalCount: total };
}

/** Opening a message marks it read; another user's message is "not found", exactly like a missing one. */
export async function readMessage(
  { tx: q, tenantId, userId, locale }: RequestContext,
  id: string,
): Promise<MessageItem> {
  const [row] = await q
    .update(messages)
    .set({ isRead: true, readAt: sql`coalesce(${messages.readAt}, now())` })
    .where(and(eq(messages.tenantId, tenantId), eq(messages.userId, userId), eq(messages.id, id)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  return toItem(row, locale);
}

export async function markAllRead({ tx: q, tenantId, userId }: RequestContext): Promise<void> {
  await q
    .update(messages)
    .set({ isRead: true, readAt: sql`now()` })
    .where(and(eq(messages.tenantId, tenantId), eq(messages.userId, userId), eq(messages.isRead, false)));
}

export async function getMessageSettings({ tx: q, tenantId, userId }: RequestContext): Promise<MessageSettings> {
  const [row] = await q
    .select()
    .from(messageSettings)
    .where(and(eq(messageSettings.tenantId, tenantId), eq(messageSettings.userId, userId)));
  return { emailEnabled: row?.emailEnabled ?? false, mutedKinds: (row?.mutedKinds ?? []) as MessageKind[] };
}

export async function saveMessageSettings(
  { tx: q, tenantId, userId }: RequestContext,
  input: MessageSettings,
): Promise<MessageSettings> {
  await q
    .insert(messageSettings)
    .values({ tenantId, userId, ...input })
    .onConflictDoUpdate({ target: [messageSettings.tenantId, messageSettings.userId], set: input });
  return input;
}
