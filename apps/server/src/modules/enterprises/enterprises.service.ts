import { timingSafeEqual } from 'node:crypto';
import {
  type CompRegisterInput,
  type EnterpriseInfo,
  type EnterpriseUpdateInput,
  MEMBER_STATUS,
  OPERATION_TYPE,
  type TenantItem,
  USER_TYPE,
} from '@concord/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../../app.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { enterpriseCapabilities, enterprises, memberships } from '../../db/schema.ts';
import { listMemberships } from '../../platform/access.ts';
import { type Auth, inTenantTx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { type IdempotencyScope, idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { randomDigits } from '../../platform/tokens.ts';
import { recordJoinedEmployee } from '../employees/employees.service.ts';
import { notifyUsers, sendNotificationEmails } from '../messages/messages.service.ts';
import { recordOperation, summarizeChanges } from '../operation-logs/operation-logs.service.ts';

const actor = (auth: Auth, tenantId: string) => ({
  tenantId,
  userId: auth.userId,
  username: auth.username,
  ip: auth.ip,
});

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

/** compRegister: the creator becomes the enterprise's administrator. */
export async function registerEnterprise(db: Db, auth: Auth, input: CompRegisterInput, scope: IdempotencyScope) {
  const tenantId = newId();
  const compNo = await uniqueCompNo(db);
  const inviteCode = randomDigits(6);
  return inTenantTx(db, tenantId, (tx) =>
    idempotent(tx, scope, async () => {
      await tx.insert(enterprises).values({ id: tenantId, compNo, inviteCode, createdBy: auth.userId, ...input });
      await tx
        .insert(memberships)
        .values({ tenantId, userId: auth.userId, userType: USER_TYPE.ADMIN, status: MEMBER_STATUS.JOINED });
      await recordJoinedEmployee(tx, tenantId, auth.userId);
      await recordOperation(tx, actor(auth, tenantId), {
        type: OPERATION_TYPE.ADD,
        module: 'enterprises',
        targetId: tenantId,
        summary: `created ${input.name} (${compNo})`,
      });
      return { tenantId, compNo, inviteCode };
    }),
  );
}

export async function findEnterpriseForInvite(db: Db, compNo: string) {
  const [row] = await db
    .select({ name: enterprises.name, shortName: enterprises.shortName })
    .from(enterprises)
    .where(eq(enterprises.compNo, compNo))
    .limit(1);
  if (!row) throw new AppError('ENTERPRISE_NOT_FOUND');
  return row;
}

/** Wrong invite codes per enterprise number: five in ten minutes and that number refuses further tries. */
const inviteGuesses = new Map<string, { count: number; since: number }>();
const GUESS_WINDOW_MS = 10 * 60 * 1000;
const MAX_GUESSES = 5;

function assertGuessAllowed(compNo: string) {
  const entry = inviteGuesses.get(compNo);
  if (entry && Date.now() - entry.since < GUESS_WINDOW_MS && entry.count >= MAX_GUESSES) {
    throw new AppError('TOO_MANY_REQUESTS', {}, undefined, {
      'retry-after': String(Math.ceil((entry.since + GUESS_WINDOW_MS - Date.now()) / 1000)),
    });
  }
}

/** Guesses at many numbers must not grow the map without bound: expired entries go once it is large. */
const PRUNE_ABOVE = 10_000;

function countWrongGuess(compNo: string) {
  if (inviteGuesses.size > PRUNE_ABOVE) {
    for (const [key, e] of inviteGuesses) if (Date.now() - e.since >= GUESS_WINDOW_MS) inviteGuesses.delete(key);
  }
  const entry = inviteGuesses.get(compNo);
  if (!entry || Date.now() - entry.since >= GUESS_WINDOW_MS) inviteGuesses.set(compNo, { count: 1, since: Date.now() });
  else entry.count++;
}

export async function acceptInvite(
  s: Services,
  auth: Auth,
  input: { sysCompNo: string; empInviteCode: string },
  log: FastifyBaseLogger,
) {
  const db = s.database.db;
  assertGuessAllowed(input.sysCompNo);
  const [enterprise] = await db.select().from(enterprises).where(eq(enterprises.compNo, input.sysCompNo)).limit(1);
  if (!enterprise) {
    countWrongGuess(input.sysCompNo);
    throw new AppError('ENTERPRISE_NOT_FOUND');
  }
  const matches = timingSafeEqual(
    Buffer.from(enterprise.inviteCode.padEnd(6)),
    Buffer.from(input.empInviteCode.padEnd(6).slice(0, 6)),
  );
  if (!matches) {
    countWrongGuess(input.sysCompNo);
    throw new AppError('INVITE_CODE_INVALID');
  }
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
    await recordOperation(tx, actor(auth, tenantId), {
      type: OPERATION_TYPE.ADD,
      module: 'staff',
      targetId: auth.userId,
      summary: `${auth.username} joined with the invite code`,
    });
    const admins = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(
        and(
          eq(memberships.tenantId, tenantId),
          eq(memberships.userType, USER_TYPE.ADMIN),
          eq(memberships.status, MEMBER_STATUS.JOINED),
        ),
      );
    return notifyUsers(tx, {
      tenantId,
      userIds: admins.map((a) => a.userId),
      kind: 'system',
      title: `${auth.username} joined ${enterprise.shortName || enterprise.name}`,
      content: `${auth.username} joined the enterprise with the invite code.`,
      link: '/staff',
    });
  });
  inviteGuesses.delete(input.sysCompNo);
  await sendNotificationEmails(s.provider, emails, log);
  return { tenantId, username: auth.username };
}

export async function listMyEnterprises(db: Db, auth: Auth): Promise<TenantItem[]> {
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

export async function getEnterpriseInfo(tx: Queryable, auth: Auth): Promise<EnterpriseInfo> {
  const tenantId = auth.tenantId!;
  const [row] = await tx.select().from(enterprises).where(eq(enterprises.id, tenantId));
  if (!row) throw new AppError('NOT_FOUND');
  const capabilities = await tx
    .select()
    .from(enterpriseCapabilities)
    .where(eq(enterpriseCapabilities.tenantId, tenantId))
    .orderBy(asc(enterpriseCapabilities.sortOrder));
  const isAdmin = auth.userType === USER_TYPE.ADMIN;
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
    isDataCentre: row.isDataCentre,
    subsidiaries: row.subsidiaries,
    divisions: row.divisions,
    rankTypes: row.rankTypes as EnterpriseInfo['rankTypes'],
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
 * Expiry of a capability: the chosen date, or N years from the day the 1/3/5-year option was chosen.
 * Saving the page again must not push an unchanged capability's expiry forward, so a stored one
 * with the same validity keeps its date.
 */
function capabilityExpiry(
  input: EnterpriseUpdateInput['capabilities'][number],
  previous: Capability | undefined,
): string | null {
  if (input.validityType === 'date') return input.expiryDate ?? null;
  if (previous?.validityType === input.validityType && previous.expiryDate) return previous.expiryDate;
  const d = new Date();
  d.setFullYear(d.getFullYear() + Number(input.validityType));
  return d.toISOString().slice(0, 10);
}

/** One line per capability, so the operation log shows edits inside the list, not only its length. */
const describeCapabilities = (list: Pick<Capability, 'number' | 'title' | 'expiryDate'>[]) =>
  list.map((c) => `${c.number} ${c.title} ${c.expiryDate ?? ''}`.trim());

export async function updateEnterpriseInfo(
  tx: Queryable,
  auth: Auth,
  input: EnterpriseUpdateInput,
): Promise<EnterpriseInfo> {
  const tenantId = auth.tenantId!;
  const before = await getEnterpriseInfo(tx, auth);
  const { version, capabilities, ...fields } = input;
  const updated = await tx
    .update(enterprises)
    .set({ ...fields, version: sql`${enterprises.version} + 1`, updatedAt: new Date().toISOString() })
    .where(and(eq(enterprises.id, tenantId), eq(enterprises.version, version)))
    .returning({ id: enterprises.id });
  if (updated.length === 0) throw new AppError('CONFLICT');

  const rows = capabilities.map((c, i) => {
    const previous = before.capabilities.find((p) => p.id === c.id);
    return {
      tenantId,
      id: previous ? previous.id : newId(),
      number: c.number,
      title: c.title,
      remark: c.remark,
      validityType: c.validityType,
      expiryDate: capabilityExpiry(c, previous),
      attachments: c.attachments,
      sortOrder: i,
    };
  });
  await tx.delete(enterpriseCapabilities).where(eq(enterpriseCapabilities.tenantId, tenantId));
  if (rows.length) await tx.insert(enterpriseCapabilities).values(rows);
  const summary = summarizeChanges(
    { ...before, capabilities: describeCapabilities(before.capabilities) },
    { ...fields, capabilities: describeCapabilities(rows) },
  );
  await recordOperation(tx, actor(auth, tenantId), {
    type: OPERATION_TYPE.UPDATE,
    module: 'enterprises',
    targetId: tenantId,
    summary: summary || 'no field changed',
  });
  return getEnterpriseInfo(tx, auth);
}

/** A new code that differs from the old one, so rotating always locks out whoever holds the old code. */
export async function rotateInviteCode(tx: Queryable, auth: Auth) {
  const tenantId = auth.tenantId!;
  const [current] = await tx
    .select({ code: enterprises.inviteCode })
    .from(enterprises)
    .where(eq(enterprises.id, tenantId));
  let inviteCode = randomDigits(6);
  while (inviteCode === current?.code) inviteCode = randomDigits(6);
  await tx.update(enterprises).set({ inviteCode }).where(eq(enterprises.id, tenantId));
  await recordOperation(tx, actor(auth, tenantId), {
    type: OPERATION_TYPE.UPDATE,
    module: 'enterprises',
    targetId: tenantId,
    summary: 'invite code rotated',
  });
  return { inviteCode };
}
