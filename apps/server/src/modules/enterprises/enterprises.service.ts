import { timingSafeEqual } from 'node:crypto';
import {
  addCalendarYears,
  type CompRegisterInput,
  type EnterpriseInfo,
  type EnterpriseUpdateInput,
  MEMBER_STATUS,
  OPERATION_TYPE,
  type TenantItem,
  text,
  USER_TYPE,
} from '@concord/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import { enterpriseCapabilities, enterprises, memberships } from '../../db/schema.ts';
import { listMemberships } from '../../platform/access.ts';
import { inTenantTx, type RequestContext } from '../../platform/context.ts';
import { actorOf } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { attachFiles } from '../../platform/file-documents.ts';
import { type IdempotencyScope, idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import type { AccountContext, SignedInContext } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { claimNotice, type Guard, guarded, type ThrottleRule } from '../../platform/throttle.ts';
import { forgetTimeZone, systemTimeZone, todayOf } from '../../platform/time.ts';
import { randomDigits } from '../../platform/tokens.ts';
import { recordJoinedEmployee } from '../employees/employees.service.ts';
import { notifyUsers, sendNotificationEmails } from '../messages/messages.service.ts';
import { administratorsOf } from '../messages/messages.tell.ts';
import { recordOperation, summarizeChanges } from '../operation-logs/operation-logs.service.ts';

async function uniqueCompNo(db: Queryable): Promise<string> {
  for (;;) {
    const candidate = String(10000000 + Math.floor(Math.random() * 90000000));
    const [taken] = await db
      .select({ id: enterprises.id })
      .from(enterprises)
      .where(eq(enterprises.compNo, candidate))
      .limit(1);
    if (!taken) return candidate;
  }
}

/**
 * compRegister: the creator becomes the enterprise's administrator. An account-level step (the caller
 * has no enterprise yet), so it opens the new enterprise's transaction itself.
 */
export async function registerEnterprise(
  { db, auth }: SignedInContext,
  input: CompRegisterInput,
  scope: IdempotencyScope,
) {
  const tenantId = newId();
  const compNo = await uniqueCompNo(db);
  const inviteCode = randomDigits(6);
  return inTenantTx(db, tenantId, (tx) =>
    idempotent(tx, scope, async () => {
      await tx.insert(enterprises).values({
        id: tenantId,
        compNo,
        inviteCode,
        createdBy: auth.userId,
        ...input,
        timeZone: input.timeZone ?? systemTimeZone(),
      });
      await tx
        .insert(memberships)
        .values({ tenantId, userId: auth.userId, userType: USER_TYPE.ADMIN, status: MEMBER_STATUS.JOINED });
      await recordJoinedEmployee(tx, tenantId, auth.userId);
      await recordOperation(tx, actorOf({ ...auth, tenantId }), {
        type: OPERATION_TYPE.ADD,
        module: 'enterprises',
        targetId: tenantId,
        summary: text('enterprises.created', { name: input.name, compNo }),
      });
      return { tenantId, compNo, inviteCode };
    }),
  );
}

export async function findEnterpriseForInvite({ db }: AccountContext, compNo: string) {
  const [row] = await db
    .select({ name: enterprises.name, shortName: enterprises.shortName })
    .from(enterprises)
    .where(eq(enterprises.compNo, compNo))
    .limit(1);
  if (!row) throw new AppError('ENTERPRISE_NOT_FOUND');
  return row;
}

/*
 * Invite codes are standing codes (QUALITY S-05, S-11): wrong guesses delay the guessing account at that
 * enterprise only, so nobody can block the right code for everybody else, and the enterprise's
 * administrators are told once an hour when the wrong guesses pile up (time to rotate the code).
 */
const MINUTE = 60_000;
export const INVITE_GUESSES: ThrottleRule = {
  free: 5,
  baseDelayMs: 30_000,
  maxDelayMs: 15 * MINUTE,
  windowMs: 60 * MINUTE,
};
export const INVITE_NOTICE_AFTER = 20;
const INVITE_NOTICE_WINDOW_MS = 60 * MINUTE;

type Enterprise = typeof enterprises.$inferSelect;

/**
 * Checks an invite code someone typed for an enterprise, throttled per account and enterprise; throws
 * INVITE_CODE_INVALID (or 429 while the account's delay runs) unless it is the enterprise's code.
 */
export async function checkInviteCode(
  s: Services,
  enterprise: Enterprise,
  userId: string,
  code: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const db = s.database.db;
  const mine = `invite:${enterprise.id}:${userId}`;
  const everyone = `invite:${enterprise.id}`;
  const guard: Guard = {
    delayedBy: [mine],
    counts: [
      { key: mine, rule: INVITE_GUESSES },
      { key: everyone, rule: { windowMs: INVITE_NOTICE_WINDOW_MS } },
    ],
    clears: [mine],
  };
  const right = await guarded(db, guard, async () =>
    timingSafeEqual(Buffer.from(enterprise.inviteCode.padEnd(6)), Buffer.from(code.padEnd(6).slice(0, 6))),
  );
  if (right) return;
  if (await claimNotice(db, everyone, INVITE_NOTICE_AFTER, INVITE_NOTICE_WINDOW_MS, new Date())) {
    await noticeInviteGuesses(s, enterprise, log);
  }
  throw new AppError('INVITE_CODE_INVALID');
}

async function noticeInviteGuesses(s: Services, enterprise: Enterprise, log: FastifyBaseLogger) {
  const emails = await inTenantTx(s.database.db, enterprise.id, async (tx) => {
    return notifyUsers(tx, {
      tenantId: enterprise.id,
      userIds: await administratorsOf(tx, enterprise.id),
      kind: 'system',
      title: text('enterprises.inviteGuesses', {
        count: INVITE_NOTICE_AFTER,
        enterprise: enterprise.shortName || enterprise.name,
      }),
      content: text('enterprises.inviteGuessesAdvice', {
        name: enterprise.name,
        compNo: enterprise.compNo,
        count: INVITE_NOTICE_AFTER,
      }),
      link: '/enterpriseinformation',
    });
  });
  await sendNotificationEmails(s.provider, emails, log);
}

export async function acceptInvite(
  { db, auth, log }: SignedInContext,
  s: Services,
  input: { sysCompNo: string; empInviteCode: string },
) {
  // Enterprise numbers are not secret (getCompForEmpInvite shows the name): only the code is a guess.
  const [enterprise] = await db.select().from(enterprises).where(eq(enterprises.compNo, input.sysCompNo)).limit(1);
  if (!enterprise) throw new AppError('ENTERPRISE_NOT_FOUND');
  await checkInviteCode(s, enterprise, auth.userId, input.empInviteCode, log);
  const tenantId = enterprise.id;
  const emails = await inTenantTx(db, tenantId, async (tx) => {
    // One statement, so two concurrent joins of the same user give one 200 and one 409, never a 500.
    const joined = await tx
      .insert(memberships)
      .values({ tenantId, userId: auth.userId, userType: USER_TYPE.OPERATOR, status: MEMBER_STATUS.JOINED })
      .onConflictDoUpdate({
        target: [memberships.tenantId, memberships.userId],
        set: { status: MEMBER_STATUS.JOINED, joinedAt: sql`now()` },
        setWhere: ne(memberships.status, MEMBER_STATUS.JOINED),
      })
      .returning({ userId: memberships.userId });
    if (joined.length === 0) throw new AppError('ALREADY_MEMBER');
    await recordJoinedEmployee(tx, tenantId, auth.userId);
    await recordOperation(tx, actorOf({ ...auth, tenantId }), {
      type: OPERATION_TYPE.ADD,
      module: 'staff',
      targetId: auth.userId,
      summary: text('employees.joinedWithCode', { username: auth.username }),
    });
    return notifyUsers(tx, {
      tenantId,
      userIds: await administratorsOf(tx, tenantId),
      kind: 'system',
      title: text('enterprises.memberJoined', {
        username: auth.username,
        enterprise: enterprise.shortName || enterprise.name,
      }),
      content: text('enterprises.memberJoinedWithCode', { username: auth.username }),
      link: '/staff',
    });
  });
  await sendNotificationEmails(s.provider, emails, log);
  return { tenantId, username: auth.username };
}

export async function listMyEnterprises({ db, auth }: SignedInContext): Promise<TenantItem[]> {
  const joined = await listMemberships(db, auth.userId);
  if (joined.length === 0) return [];
  const rows = await db
    .select({ id: enterprises.id, name: enterprises.name, compNo: enterprises.compNo })
    .from(enterprises)
    .innerJoin(memberships, and(eq(memberships.tenantId, enterprises.id), eq(memberships.userId, auth.userId)))
    .where(eq(memberships.status, MEMBER_STATUS.JOINED))
    .orderBy(asc(memberships.joinedAt));
  return rows.map((r, i) => ({
    tenantName: r.name,
    value: r.id,
    compNo: r.compNo,
    userType: joined.find((m) => m.tenantId === r.id)?.userType ?? USER_TYPE.OPERATOR,
    isDefault: i === 0,
  }));
}

export function getEnterpriseInfo({ tx, auth, tenantId }: RequestContext): Promise<EnterpriseInfo> {
  return loadEnterpriseInfo(tx, tenantId, auth.userType === USER_TYPE.ADMIN);
}

/** The invite code is the administrators' to hand out: others read null. */
async function loadEnterpriseInfo(tx: Queryable, tenantId: string, isAdmin: boolean): Promise<EnterpriseInfo> {
  const [row] = await tx.select().from(enterprises).where(eq(enterprises.id, tenantId));
  if (!row) throw new AppError('NOT_FOUND');
  const capabilities = await tx
    .select()
    .from(enterpriseCapabilities)
    .where(eq(enterpriseCapabilities.tenantId, tenantId))
    .orderBy(asc(enterpriseCapabilities.sortOrder));
  return {
    id: row.id,
    compNo: row.compNo,
    inviteCode: isAdmin ? row.inviteCode : null,
    version: row.version,
    createdAt: row.createdAt,
    name: row.name,
    shortName: row.shortName,
    profile: row.profile,
    printName: row.printName,
    socialCreditCode: row.socialCreditCode,
    industry: row.industry,
    scale: row.scale as EnterpriseInfo['scale'],
    legalPerson: row.legalPerson,
    bankName: row.bankName,
    bankAccount: row.bankAccount,
    contractTerms: row.contractTerms,
    contractCapWarning: row.contractCapWarning,
    address: row.address,
    phone: row.phone,
    isDataCentre: row.isDataCentre,
    subsidiaries: row.subsidiaries,
    divisions: row.divisions,
    rankTypes: row.rankTypes as EnterpriseInfo['rankTypes'],
    timeZone: row.timeZone,
    capabilities: capabilities.map((c) => ({
      id: c.id,
      number: c.number,
      title: c.title,
      remark: c.remark,
      validityType: c.validityType as EnterpriseInfo['capabilities'][number]['validityType'],
      expiryDate: c.expiryDate,
      attachments: c.attachments,
    })),
  };
}

type Capability = EnterpriseInfo['capabilities'][number];

/**
 * Expiry of a capability: the chosen date, or N years from the day (in the enterprise's zone) the
 * 1/3/5-year option was chosen. Saving the page again must not push an unchanged capability's expiry
 * forward, so a stored one with the same validity keeps its date.
 */
function capabilityExpiry(
  input: EnterpriseUpdateInput['capabilities'][number],
  previous: Capability | undefined,
  today: string,
): string | null {
  if (input.validityType === 'date') return input.expiryDate ?? null;
  if (previous?.validityType === input.validityType && previous.expiryDate) return previous.expiryDate;
  return addCalendarYears(today, Number(input.validityType));
}

/** One line per capability, so the operation log shows edits inside the list, not only its length. */
const describeCapabilities = (list: Pick<Capability, 'number' | 'title' | 'expiryDate'>[]) =>
  list.map((c) => `${c.number} ${c.title} ${c.expiryDate ?? ''}`.trim());

export async function updateEnterpriseInfo(ctx: RequestContext, input: EnterpriseUpdateInput): Promise<EnterpriseInfo> {
  const { tx, auth, tenantId } = ctx;
  const before = await getEnterpriseInfo(ctx);
  const { version, capabilities, ...fields } = input;
  const updated = await tx
    .update(enterprises)
    .set({ ...fields, version: sql`${enterprises.version} + 1`, updatedAt: new Date().toISOString() })
    .where(and(eq(enterprises.id, tenantId), eq(enterprises.version, version)))
    .returning({ id: enterprises.id });
  if (updated.length === 0) throw new AppError('CONFLICT');
  if (fields.timeZone && fields.timeZone !== before.timeZone) await changeTimeZone(ctx);

  const today = await todayOf(tx, tenantId);
  const rows = capabilities.map((c, i) => {
    const previous = before.capabilities.find((p) => p.id === c.id);
    return {
      tenantId,
      id: previous ? previous.id : newId(),
      number: c.number,
      title: c.title,
      remark: c.remark,
      validityType: c.validityType,
      expiryDate: capabilityExpiry(c, previous, today),
      attachments: c.attachments,
      sortOrder: i,
    };
  });
  await tx.delete(enterpriseCapabilities).where(eq(enterpriseCapabilities.tenantId, tenantId));
  if (rows.length) await tx.insert(enterpriseCapabilities).values(rows);
  for (const row of rows) {
    const doc = { table: enterpriseCapabilities, id: row.id, ownerTenantId: tenantId };
    await attachFiles(tx, auth.userId, doc, row.attachments);
  }
  const changes = summarizeChanges(
    { ...before, capabilities: describeCapabilities(before.capabilities) },
    { ...fields, capabilities: describeCapabilities(rows) },
  );
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: 'enterprises',
    targetId: tenantId,
    summary: changes ? text('enterprises.updated', { changes }) : text('enterprises.unchanged'),
  });
  return getEnterpriseInfo(ctx);
}

/**
 * After the zone changed: this process forgets the old one at once (others within the cache's minute),
 * and the buyer's inspections are counted again by their day in the new zone.
 */
async function changeTimeZone(ctx: RequestContext) {
  forgetTimeZone(ctx.tenantId);
  ctx.afterCommit(async () => forgetTimeZone(ctx.tenantId));
  await ctx.tx.execute(sql`select inspection_day_totals_recount(${ctx.tenantId})`);
}

/** A new code that differs from the old one, so rotating always locks out whoever holds the old code. */
export async function rotateInviteCode({ tx, auth, tenantId }: RequestContext) {
  const [current] = await tx
    .select({ code: enterprises.inviteCode })
    .from(enterprises)
    .where(eq(enterprises.id, tenantId));
  let inviteCode = randomDigits(6);
  while (inviteCode === current?.code) inviteCode = randomDigits(6);
  await tx.update(enterprises).set({ inviteCode }).where(eq(enterprises.id, tenantId));
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: 'enterprises',
    targetId: tenantId,
    summary: text('enterprises.inviteCodeRotated'),
  });
  return { inviteCode };
}
