import {
  type acceptInvitationSchema,
  canApplyEmployeeAction,
  type EmployeeItem,
  INVITATION_TTL_DAYS,
  type inviteEmployeeSchema,
  type Locale,
  MEMBER_STATUS,
  type MyInvitation,
  OPERATION_TYPE,
  renderText,
  type TextRef,
  text,
  USER_TYPE,
} from '@concord/shared';
import { and, desc, eq, gt, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.ts';
import { employeeInvitations, employees, enterprises, memberships, users } from '../../db/schema.ts';
import { inTenantTx, type RequestContext } from '../../platform/context.ts';
import { actorOf } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import type { OutgoingMessage } from '../../platform/mail.ts';
import type { AccountContext, SignedInContext } from '../../platform/route.ts';
import type { TellDeps } from '../../platform/services.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { languageOf, notifyUsers, sendNotificationEmails } from '../messages/messages.service.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { assertDepartment, loadEmployee, recordJoinedEmployee, STAFF_MODULE } from './employees.service.ts';

type InviteInput = z.infer<typeof inviteEmployeeSchema>;
type AcceptInput = z.infer<typeof acceptInvitationSchema>;

interface Contact {
  mobileArea: string;
  mobile: string;
  email: string;
}

/** Invitations store the mobile with its area, the way verification codes address it. */
const mobileKey = (c: Pick<Contact, 'mobileArea' | 'mobile'>) => (c.mobile ? `${c.mobileArea}${c.mobile}` : '');
const contactLabel = (c: Contact) => [mobileKey(c), c.email].filter(Boolean).join(' / ');

const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

/** The person invited as the log names them: the name given, if any, and where the invitation went. */
const inviteeOf = (c: Contact & { name?: string | null }) => [c.name, contactLabel(c)].filter(Boolean).join(' ');

/**
 * Opens a fresh invitation for an employee record: earlier open ones are revoked, so only the newest
 * link works. Only the token's hash is stored; the token itself travels in the messages returned,
 * which the caller sends after commit.
 */
async function issueInvitation(
  ctx: RequestContext,
  employeeId: string,
  contact: Contact,
  publicUrl: string,
): Promise<OutgoingMessage[]> {
  const { tx, auth, tenantId } = ctx;
  await tx
    .update(employeeInvitations)
    .set({ revokedAt: new Date().toISOString() })
    .where(
      and(
        openInvitations(),
        eq(employeeInvitations.enterpriseId, tenantId),
        eq(employeeInvitations.employeeId, employeeId),
      ),
    );
  const { token, hash } = newToken();
  await tx.insert(employeeInvitations).values({
    id: newId(),
    enterpriseId: tenantId,
    employeeId,
    mobile: mobileKey(contact),
    email: contact.email,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + INVITATION_TTL_MS).toISOString(),
  });
  const [enterprise] = await tx
    .select({ name: enterprises.name, shortName: enterprises.shortName })
    .from(enterprises)
    .where(eq(enterprises.id, tenantId));
  const [inviter] = await tx.select({ name: users.name }).from(users).where(eq(users.id, auth.userId));
  const enterpriseName = enterprise?.shortName || enterprise?.name || '';
  const subject = text('employees.invitationSubject', { enterprise: enterpriseName });
  const body = text('employees.invitationBody', {
    inviter: inviter?.name || auth.username,
    enterprise: enterpriseName,
    // The personal centre handles ?invitation= for signed-in users; the login page keeps it as redirect.
    link: `${publicUrl}/profile/index?invitation=${token}`,
    count: INVITATION_TTL_DAYS,
  });
  const locale = await inviteeLanguage(tx, contact, ctx.locale);
  const written = (ref: TextRef) => renderText(ref, locale);
  const out: OutgoingMessage[] = [];
  const mail = { subject: written(subject), body: written(body) };
  if (contact.mobile) out.push({ channel: 'sms', recipient: mobileKey(contact), ...mail });
  if (contact.email) out.push({ channel: 'email', recipient: contact.email, ...mail });
  return out;
}

/** An invitation reads in the language the invited person chose, when they have an account; else the inviter's. */
async function inviteeLanguage(q: Queryable, contact: Contact, requested: Locale): Promise<Locale> {
  const user = await findUserByContact(q, contact);
  return user && typeof user.settings.language === 'string' ? languageOf(user.settings) : requested;
}

/**
 * Runs after commit: the invitation (or the join) is the record, a failed delivery is logged and the
 * administrator can resend. The demo seed's quiet context sends nothing.
 */
async function deliver(tell: TellDeps, messages: OutgoingMessage[]) {
  if ('quiet' in tell) return;
  await sendNotificationEmails(tell.provider, messages, tell.log);
}

const openInvitations = (): SQL =>
  and(
    isNull(employeeInvitations.acceptedAt),
    isNull(employeeInvitations.revokedAt),
    gt(employeeInvitations.expiresAt, sql`now()`),
  )!;

async function isJoinedMember(q: Queryable, tenantId: string, userId: string) {
  const [m] = await q
    .select({ status: memberships.status })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
  return m?.status === MEMBER_STATUS.JOINED;
}

/**
 * The employee record an invitation for this contact belongs to: the invited account's record, or one
 * already made for the same mobile or e-mail. A joined one means the person is already on the staff.
 */
async function findRecordForContact(q: Queryable, tenantId: string, c: Contact, userId: string | undefined) {
  const matches = await q
    .select({ id: employees.id, userId: employees.userId, status: employees.status })
    .from(employees)
    .where(
      and(
        eq(employees.tenantId, tenantId),
        or(
          userId ? eq(employees.userId, userId) : undefined,
          c.mobile ? and(eq(employees.mobileArea, c.mobileArea), eq(employees.mobile, c.mobile)) : undefined,
          c.email ? sql`lower(${employees.email}) = ${c.email}` : undefined,
        ),
      ),
    );
  if (matches.some((m) => m.status === MEMBER_STATUS.JOINED)) {
    throw new AppError('EMPLOYEE_EXISTS', { contact: contactLabel(c) });
  }
  return matches.find((m) => userId && m.userId === userId) ?? matches[0];
}

async function findUserByContact(q: Queryable, c: Contact) {
  const [user] = await q
    .select({ id: users.id, settings: users.settings })
    .from(users)
    .where(
      or(
        c.mobile ? and(eq(users.mobileArea, c.mobileArea), eq(users.mobile, c.mobile)) : undefined,
        c.email ? sql`lower(${users.email}) = ${c.email}` : undefined,
      ),
    )
    // A mobile match wins over an e-mail one: mobiles are verified at registration.
    .orderBy(c.mobile ? desc(sql`${users.mobile} = ${c.mobile}`) : desc(users.id))
    .limit(1);
  return user;
}

/**
 * Invites someone by mobile or e-mail: an employee record IN_PROGRESS (a fresh one, or the earlier
 * record of the same person, e.g. after they left) and a 7-day invitation link sent by SMS and/or
 * e-mail. Someone already on the staff is refused.
 */
export async function inviteEmployee(
  ctx: RequestContext,
  input: InviteInput,
  publicUrl: string,
): Promise<EmployeeItem> {
  const { tx, auth, tenantId } = ctx;
  return idempotent(tx, ctx.idem, async () => {
    if (input.deptId) await assertDepartment(tx, tenantId, input.deptId);
    const contact: Contact = { mobileArea: input.mobileArea, mobile: input.mobile, email: input.email };
    const user = await findUserByContact(tx, contact);
    if (user && (await isJoinedMember(tx, tenantId, user.id))) {
      throw new AppError('EMPLOYEE_EXISTS', { contact: contactLabel(contact) });
    }
    const existing = await findRecordForContact(tx, tenantId, contact, user?.id);
    const id = existing?.id ?? newId();
    const fields = {
      ...(input.name ? { name: input.name } : {}),
      ...(input.mobile ? { mobileArea: input.mobileArea, mobile: input.mobile } : {}),
      ...(input.email ? { email: input.email } : {}),
      ...(input.deptId ? { deptId: input.deptId } : {}),
      ...(input.erpCode ? { erpCode: input.erpCode } : {}),
      ...(input.erpName ? { erpName: input.erpName } : {}),
      ...(input.remarks ? { remarks: input.remarks } : {}),
      status: MEMBER_STATUS.IN_PROGRESS,
      invitedBy: auth.userId,
    };
    if (existing) {
      await tx
        .update(employees)
        .set({ ...fields, version: sql`${employees.version} + 1`, updatedAt: new Date().toISOString() })
        .where(and(eq(employees.tenantId, tenantId), eq(employees.id, id)));
    } else {
      await tx.insert(employees).values({ tenantId, id, ...fields });
    }
    const outgoing = await issueInvitation(ctx, id, contact, publicUrl);
    // Registered only when the invitation was really made: a replayed request sends nothing again.
    ctx.afterCommit(() => deliver(ctx.tell, outgoing));
    await recordOperation(tx, actorOf(auth), {
      type: OPERATION_TYPE.ADD,
      module: STAFF_MODULE,
      targetId: id,
      summary: text('employees.invited', { invitee: inviteeOf({ ...contact, name: input.name }) }),
    });
    return loadEmployee(tx, tenantId, id);
  });
}

/** A new link for an open, expired, revoked or former employee's record; the old link stops working. */
export async function resendInvitation(ctx: RequestContext, id: string, publicUrl: string): Promise<EmployeeItem> {
  const { tx, auth, tenantId } = ctx;
  const row = await loadEmployee(tx, tenantId, id);
  if (!canApplyEmployeeAction('resend', row.status)) throw new AppError('EMPLOYEE_STATUS_CHANGED');
  const stored = row.status === MEMBER_STATUS.NOT_JOINED ? MEMBER_STATUS.IN_PROGRESS : row.status;
  const updated = await tx
    .update(employees)
    .set({
      status: MEMBER_STATUS.IN_PROGRESS,
      invitedBy: auth.userId,
      version: sql`${employees.version} + 1`,
      updatedAt: new Date().toISOString(),
    })
    .where(and(eq(employees.tenantId, tenantId), eq(employees.id, id), eq(employees.status, stored)))
    .returning({ id: employees.id });
  if (updated.length === 0) throw new AppError('EMPLOYEE_STATUS_CHANGED');
  const outgoing = await issueInvitation(ctx, id, row, publicUrl);
  ctx.afterCommit(() => deliver(ctx.tell, outgoing));
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: STAFF_MODULE,
    targetId: id,
    summary: text('employees.invitationResent', { invitee: inviteeOf(row) }),
  });
  return loadEmployee(tx, tenantId, id);
}

/** Withdraws an open invitation: its link stops working and the record reads INVALID. */
export async function revokeInvitation({ tx: q, auth, tenantId }: RequestContext, id: string): Promise<EmployeeItem> {
  const row = await loadEmployee(q, tenantId, id);
  if (!canApplyEmployeeAction('revoke', row.status)) throw new AppError('EMPLOYEE_STATUS_CHANGED');
  const updated = await q
    .update(employees)
    .set({ status: MEMBER_STATUS.INVALID, version: sql`${employees.version} + 1`, updatedAt: new Date().toISOString() })
    .where(and(eq(employees.tenantId, tenantId), eq(employees.id, id), eq(employees.status, MEMBER_STATUS.IN_PROGRESS)))
    .returning({ id: employees.id });
  if (updated.length === 0) throw new AppError('EMPLOYEE_STATUS_CHANGED');
  await q
    .update(employeeInvitations)
    .set({ revokedAt: new Date().toISOString() })
    .where(
      and(
        eq(employeeInvitations.enterpriseId, tenantId),
        eq(employeeInvitations.employeeId, id),
        isNull(employeeInvitations.acceptedAt),
        isNull(employeeInvitations.revokedAt),
      ),
    );
  await recordOperation(q, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: STAFF_MODULE,
    targetId: id,
    summary: text('employees.invitationRevoked', { invitee: inviteeOf(row) }),
  });
  return loadEmployee(q, tenantId, id);
}

async function signedInContact(db: Db, userId: string) {
  const [user] = await db
    .select({ mobileArea: users.mobileArea, mobile: users.mobile, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return {
    mobile: user?.mobile ? mobileKey({ mobileArea: user.mobileArea, mobile: user.mobile }) : '',
    email: user?.email?.toLowerCase() ?? '',
  };
}

/** Invitations addressed to the caller's own mobile or e-mail. */
function addressedTo(contact: { mobile: string; email: string }): SQL | undefined {
  return or(
    contact.mobile ? eq(employeeInvitations.mobile, contact.mobile) : undefined,
    contact.email ? eq(employeeInvitations.email, contact.email) : undefined,
  );
}

const invitationView = {
  id: employeeInvitations.id,
  enterpriseId: employeeInvitations.enterpriseId,
  enterpriseName: enterprises.name,
  compNo: enterprises.compNo,
  expiresAt: employeeInvitations.expiresAt,
  createdAt: employeeInvitations.createdAt,
};

/** Open invitations for the signed-in user's mobile or e-mail, in enterprises they have not joined. */
export async function listMyInvitations({ db, auth }: SignedInContext): Promise<MyInvitation[]> {
  const contact = await signedInContact(db, auth.userId);
  const addressed = addressedTo(contact);
  if (!addressed) return [];
  return db
    .select(invitationView)
    .from(employeeInvitations)
    .innerJoin(enterprises, eq(enterprises.id, employeeInvitations.enterpriseId))
    .where(
      and(
        openInvitations(),
        addressed,
        sql`not exists (select 1 from ${memberships} m where m.tenant_id = ${employeeInvitations.enterpriseId}
          and m.user_id = ${auth.userId} and m.status = ${sql.raw(String(MEMBER_STATUS.JOINED))})`,
      ),
    )
    .orderBy(desc(employeeInvitations.createdAt));
}

async function findByToken(db: Db, token: string) {
  const [row] = await db
    .select(invitationView)
    .from(employeeInvitations)
    .innerJoin(enterprises, eq(enterprises.id, employeeInvitations.enterpriseId))
    .where(and(eq(employeeInvitations.tokenHash, hashToken(token)), openInvitations()))
    .limit(1);
  return row;
}

/** What a link's invitation is for, so the invitee sees the enterprise before accepting. */
export async function previewInvitation({ db }: AccountContext, token: string): Promise<MyInvitation> {
  const row = await findByToken(db, token);
  if (!row) throw new AppError('INVITATION_INVALID');
  return row;
}

/**
 * Joins the enterprise through an invitation: by the link's token (whoever holds the link), or by the
 * invitation's id when it was addressed to the caller's own mobile or e-mail. The invitation is
 * claimed in the same statement that checks it is open, so a token works exactly once.
 */
export async function acceptInvitation(ctx: SignedInContext, input: AcceptInput) {
  const { db, auth } = ctx;
  let invitation: { id: string; enterpriseId: string } | undefined;
  if (input.token) {
    invitation = await findByToken(db, input.token);
  } else {
    const addressed = addressedTo(await signedInContact(db, auth.userId));
    [invitation] = addressed
      ? await db
          .select({ id: employeeInvitations.id, enterpriseId: employeeInvitations.enterpriseId })
          .from(employeeInvitations)
          .where(and(eq(employeeInvitations.id, input.invitationId!), openInvitations(), addressed))
          .limit(1)
      : [];
  }
  if (!invitation) throw new AppError('INVITATION_INVALID');
  const tenantId = invitation.enterpriseId;
  const invitationId = invitation.id;

  const emails = await inTenantTx(db, tenantId, async (tx) => {
    const [claimed] = await tx
      .update(employeeInvitations)
      .set({ acceptedAt: new Date().toISOString() })
      .where(and(eq(employeeInvitations.id, invitationId), openInvitations()))
      .returning({ employeeId: employeeInvitations.employeeId });
    if (!claimed) throw new AppError('INVITATION_INVALID');
    const joined = await tx
      .insert(memberships)
      .values({ tenantId, userId: auth.userId, userType: USER_TYPE.OPERATOR, status: MEMBER_STATUS.JOINED })
      .onConflictDoUpdate({
        target: [memberships.tenantId, memberships.userId],
        set: { status: MEMBER_STATUS.JOINED, userType: USER_TYPE.OPERATOR, joinedAt: sql`now()` },
        setWhere: ne(memberships.status, MEMBER_STATUS.JOINED),
      })
      .returning({ userId: memberships.userId });
    if (joined.length === 0) throw new AppError('ALREADY_MEMBER');
    const employeeId = await recordJoinedEmployee(tx, tenantId, auth.userId, null, claimed.employeeId);
    await recordOperation(tx, actorOf({ ...auth, tenantId }), {
      type: OPERATION_TYPE.ADD,
      module: STAFF_MODULE,
      targetId: employeeId,
      summary: text('employees.invitationAccepted', { username: auth.username }),
    });
    const [record] = await tx
      .select({ invitedBy: employees.invitedBy })
      .from(employees)
      .where(and(eq(employees.tenantId, tenantId), eq(employees.id, employeeId)));
    const inviter = record?.invitedBy;
    if (!inviter || !(await isJoinedMember(tx, tenantId, inviter))) return [];
    return notifyUsers(tx, {
      tenantId,
      userIds: [inviter],
      kind: 'system',
      title: text('employees.yourInvitationAccepted', { username: auth.username }),
      content: text('employees.invitationAcceptedJoined', { username: auth.username }),
      link: `/staff/staffInfo?id=${employeeId}`,
    });
  });
  await deliver(ctx.tell, emails);
  return { tenantId, username: auth.username };
}
