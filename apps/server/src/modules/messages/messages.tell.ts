import { MEMBER_STATUS, type MessageKind, type TextRef, USER_TYPE } from '@concord/shared';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { memberships } from '../../db/schema.ts';
import { inTenantTx } from '../../platform/context.ts';
import type { OutgoingMessage } from '../../platform/mail.ts';
import type { TellDeps } from '../../platform/services.ts';
import { notifyUsers, sendNotificationEmails } from './messages.service.ts';

export async function administratorsOf(q: Queryable, tenantId: string): Promise<string[]> {
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

async function stillMember(q: Queryable, tenantId: string, userId: string): Promise<boolean> {
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

/** The document's owner while still a member of the enterprise, else its administrators. */
export async function recipientsOf(q: Queryable, tenantId: string, userId: string | null): Promise<string[]> {
  if (userId && (await stillMember(q, tenantId, userId))) return [userId];
  return administratorsOf(q, tenantId);
}

export interface PartyNote {
  /** The enterprise told. */
  tenantId: string;
  /** The document's owner there; none, or no longer a member: the enterprise's administrators. */
  userId?: string | null;
  /** The administrators as well as the owner: relation steps, which the whole enterprise follows. */
  withAdministrators?: boolean;
  /** Catalogue texts (issue 17): each reader sees them in their own language. */
  title: TextRef;
  content?: TextRef;
  link: string;
}

async function recipientsOfNote(q: Queryable, n: PartyNote): Promise<string[]> {
  if (!n.withAdministrators) return recipientsOf(q, n.tenantId, n.userId ?? null);
  const owner = n.userId && (await stillMember(q, n.tenantId, n.userId)) ? [n.userId] : [];
  return [...new Set([...(await administratorsOf(q, n.tenantId)), ...owner])];
}

/**
 * Tells the other party about a step, after the step has committed: each note is written in its own
 * enterprise's transaction (a message row and a websocket push, `notifyUsers`), then the e-mails of
 * those who enabled them are sent. Every two-party domain tells through here.
 */
export async function tellParty(deps: TellDeps, kind: MessageKind, notes: PartyNote[]): Promise<void> {
  if ('quiet' in deps) return;
  const emails: OutgoingMessage[] = [];
  for (const n of notes) {
    emails.push(
      ...(await inTenantTx(deps.db, n.tenantId, async (tx) =>
        notifyUsers(tx, {
          tenantId: n.tenantId,
          userIds: await recipientsOfNote(tx, n),
          kind,
          title: n.title,
          content: n.content,
          link: n.link,
        }),
      )),
    );
  }
  await sendNotificationEmails(deps.provider, emails, deps.log);
}
