import { MEMBER_STATUS, USER_TYPE } from '@concord/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/client.ts';
import { enterprises, memberships } from '../../db/schema.ts';
import { inTenantTx } from '../../platform/context.ts';
import type { MessageProvider, OutgoingMessage } from '../../platform/mail.ts';
import { notifyUsers, sendNotificationEmails } from '../messages/messages.service.ts';

/** Operation-log module name of qualification documents (history of a document = its log entries). */
export const MODULE = 'qualifications';

export interface NotifyDeps {
  db: Db;
  provider: MessageProvider;
  log: FastifyBaseLogger;
}

export const enterpriseName = sql<string>`coalesce(nullif(${enterprises.shortName}, ''), ${enterprises.name})`;

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

/** The document's owner while still a member of the enterprise, else its administrators. */
export async function recipientsOf(q: Queryable, tenantId: string, userId: string | null): Promise<string[]> {
  if (userId) {
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
    if (row) return [row.userId];
  }
  return administratorsOf(q, tenantId);
}

export interface Tell {
  tenantId: string;
  /** Null: the enterprise's administrators. */
  userId?: string | null;
  title: string;
  content: string;
  link: string;
}

/** Notifies another enterprise in its own transaction, after ours committed. */
export async function tell(deps: NotifyDeps, notes: Tell[]): Promise<void> {
  const emails: OutgoingMessage[] = [];
  for (const n of notes) {
    emails.push(
      ...(await inTenantTx(deps.db, n.tenantId, async (tx) =>
        notifyUsers(tx, {
          tenantId: n.tenantId,
          userIds: await recipientsOf(tx, n.tenantId, n.userId ?? null),
          kind: 'qualification',
          title: n.title,
          content: n.content,
          link: n.link,
        }),
      )),
    );
  }
  await sendNotificationEmails(deps.provider, emails, deps.log);
}

export const buyerLink = (id: string) => `/supplier/qualification/detail?id=${id}`;
export const supplierLink = (id: string) => `/sale/customer/detail?id=${id}`;

export async function nameOf(q: Queryable, tenantId: string): Promise<string> {
  const [row] = await q.select({ name: enterpriseName }).from(enterprises).where(eq(enterprises.id, tenantId));
  return row?.name ?? '';
}
