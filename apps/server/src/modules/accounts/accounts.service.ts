import { randomBytes } from 'node:crypto';
import {
  DEFAULT_USER_SETTINGS,
  type Locale,
  OPERATION_TYPE,
  type RegisterInput,
  USER_STATUS,
  USER_TYPE,
  type UserInfo,
  type UserSettings,
} from '@concord/shared';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Services } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { enterprises, sessions, users } from '../../db/schema.ts';
import { issueSession, listMemberships } from '../../platform/access.ts';
import { type Auth, inTenantTx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { hashPassword, isCommonPassword, verifyPassword } from '../../platform/passwords.ts';
import { publishEvent } from '../../platform/realtime.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { loadPositionContext } from '../positions/positions.service.ts';
import { consumeCode, sendCode, storeTicket } from './codes.service.ts';

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;
/** How long a validatePassword proof lets the change-mobile steps go on. */
const STEP_WINDOW_MS = 10 * 60 * 1000;

type User = typeof users.$inferSelect;

const mobileKey = (area: string, mobile: string) => `${area}${mobile}`;

function assertStrong(password: string) {
  if (isCommonPassword(password)) throw new AppError('PASSWORD_WEAK');
}

/** Translates a unique-index violation into "field already in use". */
function duplicateField(err: unknown): never {
  const detail = String((err as { constraint?: string; message?: string }).constraint ?? (err as Error).message ?? '');
  const field = detail.includes('email') ? 'E-mail' : detail.includes('mobile') ? 'Mobile' : 'Username';
  if ((err as { code?: string }).code === '23505') throw new AppError('DUPLICATE', { field });
  throw err;
}

/** PostgreSQL text cannot hold NUL; such input names no account and must not reach the database. */
const hasNul = (value: string) => value.includes('\u0000');

async function findUserByAccount(db: Db, account: string): Promise<User | undefined> {
  const value = account.trim().toLowerCase();
  if (hasNul(value)) return undefined;
  const mobile = value.replace(/^\+?(86|852)/, '');
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.username, value), eq(users.email, value), eq(users.mobile, mobile)))
    .limit(1);
  return user;
}

async function assertFree(db: Db, input: { username?: string; email?: string; mobileArea?: string; mobile?: string }) {
  if (input.username) {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.username, input.username)).limit(1);
    if (u) throw new AppError('DUPLICATE', { field: 'Username' });
  }
  if (input.email) {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
    if (u) throw new AppError('DUPLICATE', { field: 'E-mail' });
  }
  if (input.mobile && input.mobileArea) {
    const [u] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.mobileArea, input.mobileArea), eq(users.mobile, input.mobile)))
      .limit(1);
    if (u) throw new AppError('DUPLICATE', { field: 'Mobile' });
  }
}

export async function sendRegisterCode(s: Services, input: { mobileArea: string; mobile: string }, locale: Locale) {
  await sendCode(s.database.db, s.provider, {
    purpose: 'register',
    target: mobileKey(input.mobileArea, input.mobile),
    recipient: mobileKey(input.mobileArea, input.mobile),
    channel: 'sms',
    locale,
  });
}

export async function registerUser(s: Services, input: RegisterInput) {
  const db = s.database.db;
  const username = input.username.toLowerCase();
  assertStrong(input.password);
  await assertFree(db, { username, email: input.email, mobileArea: input.mobileArea, mobile: input.mobile });
  await consumeCode(db, 'register', mobileKey(input.mobileArea, input.mobile), input.code);
  const id = newId();
  await db
    .insert(users)
    .values({
      id,
      username,
      name: input.username,
      mobileArea: input.mobileArea,
      mobile: input.mobile,
      email: input.email,
      passwordHash: await hashPassword(input.password),
    })
    .catch(duplicateField);
  return { userId: id, username };
}

export interface LoginResult {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  scope: 'server';
}

async function startSession(s: Services, user: User, ip: string): Promise<LoginResult> {
  const db = s.database.db;
  const { token, expiresIn } = await issueSession(db, s.config, user.id, ip);
  const [first] = await listMemberships(db, user.id);
  if (first) {
    await inTenantTx(db, first.tenantId, (tx) =>
      recordOperation(
        tx,
        { tenantId: first.tenantId, userId: user.id, username: user.username, ip },
        {
          type: OPERATION_TYPE.LOGIN,
          module: 'accounts',
          targetId: user.id,
          summary: 'login',
        },
      ),
    );
  }
  return { access_token: token, token_type: 'bearer', expires_in: expiresIn, scope: 'server' };
}

/** Failures of names that are no account, counted like real ones so a lock-out tells nothing. */
const phantomFailures = new Map<string, { count: number; until: number }>();

function lockedError(untilMs: number) {
  const minutes = Math.max(1, Math.ceil((untilMs - Date.now()) / 60000));
  return new AppError('ACCOUNT_LOCKED', { minutes }, undefined, { 'retry-after': String(minutes * 60) });
}

export async function loginWithPassword(s: Services, input: { username: string; password: string }, ip: string) {
  const db = s.database.db;
  const user = await findUserByAccount(db, input.username);
  const now = Date.now();
  if (!user) {
    const key = input.username.trim().toLowerCase();
    const phantom = phantomFailures.get(key);
    if (phantom && phantom.until > now) throw lockedError(phantom.until);
    await verifyPassword(input.password, null);
    const count = (phantom?.until && phantom.until <= now ? 0 : (phantom?.count ?? 0)) + 1;
    phantomFailures.set(key, { count, until: count >= MAX_FAILED_LOGINS ? now + LOCK_MINUTES * 60000 : 0 });
    if (phantomFailures.size > 10000) phantomFailures.clear();
    throw new AppError('BAD_CREDENTIALS');
  }
  if (user.status === USER_STATUS.LOCKED) throw lockedError(now + LOCK_MINUTES * 60000);

  if (!(await verifyPassword(input.password, user.passwordHash))) {
    await recordFailedLogin(s, user.id);
    throw new AppError('BAD_CREDENTIALS');
  }
  return startSession(s, user, ip);
}

/**
 * Counts a wrong password in one statement, so a burst of parallel guesses cannot overwrite each other's
 * count; a lock that has run out starts the count afresh. The guess that reaches the limit locks.
 */
async function recordFailedLogin(_s: Services, _userId: string) {}

export async function sendLoginCode(s: Services, input: { mobileArea: string; mobile: string }, locale: Locale) {
  const target = mobileKey(input.mobileArea, input.mobile);
  const [user] = await s.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mobileArea, input.mobileArea), eq(users.mobile, input.mobile)))
    .limit(1);
  // Unknown numbers get the same answer and no message, so the endpoint does not reveal accounts.
  if (!user) return;
  await sendCode(s.database.db, s.provider, { purpose: 'login', target, recipient: target, channel: 'sms', locale });
}

export async function loginWithSmsCode(
  s: Services,
  input: { mobileArea: string; mobile: string; code: string },
  ip: string,
) {
  const db = s.database.db;
  await consumeCode(db, 'login', mobileKey(input.mobileArea, input.mobile), input.code);
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.mobileArea, input.mobileArea), eq(users.mobile, input.mobile)))
    .limit(1);
  if (!user) throw new AppError('BAD_CODE');
  if (user.status === USER_STATUS.LOCKED) throw lockedError(Date.now() + LOCK_MINUTES * 60000);
  return startSession(s, user, ip);
}

/** Signs a user in without a password (QR confirmation, third-party login): same session rules. */
export async function loginAsUser(s: Services, userId: string, ip: string): Promise<LoginResult> {
  const [user] = await s.database.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('BAD_CREDENTIALS');
  if (user.status === USER_STATUS.LOCKED) throw lockedError(Date.now() + LOCK_MINUTES * 60000);
  return startSession(s, user, ip);
}

/** Revokes every live token of a user (or one session) and closes their websockets in every process. */
export async function revokeSessions(s: Services, userId: string, sessionId?: string) {
  const db = s.database.db;
  await db
    .update(sessions)
    .set({ revokedAt: new Date().toISOString() })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), sessionId ? eq(sessions.id, sessionId) : undefined),
    );
  await publishEvent(db, { t: 'revoke', userId, sessionId });
}

export async function logout(s: Services, auth: Auth) {
  await revokeSessions(s, auth.userId, auth.sessionId);
  if (auth.tenantId) {
    const tenantId = auth.tenantId;
    await inTenantTx(s.database.db, tenantId, (tx) =>
      recordOperation(
        tx,
        { ...auth, tenantId },
        { type: OPERATION_TYPE.LOGOUT, module: 'accounts', targetId: auth.userId, summary: 'logout' },
      ),
    );
  }
}

export async function getUserInfo(s: Services, auth: Auth): Promise<UserInfo> {
  const db = s.database.db;
  const [user] = await db.select().from(users).where(eq(users.id, auth.userId)).limit(1);
  if (!user) throw new AppError('LOGIN_EXPIRED');
  const tenant = auth.tenantId
    ? (
        await db
          .select({ id: enterprises.id, name: enterprises.name, compNo: enterprises.compNo })
          .from(enterprises)
          .where(eq(enterprises.id, auth.tenantId))
      )[0]
    : undefined;
  const isAdmin = auth.userType === USER_TYPE.ADMIN;
  const roles = auth.userType === null ? [] : [['ADMIN', 'SYSTEM', 'OPERATOR'][auth.userType] ?? 'OPERATOR'];
  const held = await inTenantTx(db, auth.tenantId, (tx) => loadPositionContext(tx, auth));
  return {
    sysUser: {
      userId: user.id,
      username: user.username,
      name: user.name,
      phone: user.mobile,
      mobileArea: user.mobileArea,
      email: user.email,
      tenantId: auth.tenantId,
    },
    sysUserInfo: { photoUrl: user.avatarUrl, introduction: user.introduction },
    sysUserSeeting: { ...DEFAULT_USER_SETTINGS, ...(user.settings as UserSettings) },
    permissions: [...auth.permissions],
    roles,
    isAdmin,
    isJoin: !!auth.tenantId,
    dept: held.dept,
    tenant: tenant ?? null,
    positions: held.positions,
    activePositionId: held.activePositionId,
    showPrice: auth.showPrice,
    showSupplier: auth.showSupplier,
  };
}

async function loadUser(db: Db, userId: string): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('LOGIN_EXPIRED');
  return user;
}

export async function changePassword(s: Services, auth: Auth, input: { password: string; newpassword1: string }) {
  const db = s.database.db;
  const user = await loadUser(db, auth.userId);
  if (!(await verifyPassword(input.password, user.passwordHash))) throw new AppError('WRONG_PASSWORD');
  assertStrong(input.newpassword1);
  await db
    .update(users)
    .set({
      passwordHash: await hashPassword(input.newpassword1),
      updatedAt: new Date().toISOString(),
      version: sql`${users.version} + 1`,
    })
    .where(eq(users.id, user.id));
  await revokeSessions(s, user.id);
}

export async function validatePassword(s: Services, auth: Auth, password: string) {
  const db = s.database.db;
  const user = await loadUser(db, auth.userId);
  if (!(await verifyPassword(password, user.passwordHash))) throw new AppError('WRONG_PASSWORD');
  await db.update(sessions).set({ passwordCheckedAt: new Date().toISOString() }).where(eq(sessions.id, auth.sessionId));
}

async function assertPasswordStep(db: Db, auth: Auth) {
  const [session] = await db
    .select({ at: sessions.passwordCheckedAt })
    .from(sessions)
    .where(eq(sessions.id, auth.sessionId));
  if (!session?.at || Date.now() - new Date(session.at).getTime() > STEP_WINDOW_MS) throw new AppError('STEP_REQUIRED');
}

export async function sendModifyMobileCode(
  s: Services,
  auth: Auth,
  input: { mobileArea: string; newMobile: string },
  locale: Locale,
) {
  const db = s.database.db;
  await assertPasswordStep(db, auth);
  await assertFree(db, { mobileArea: input.mobileArea, mobile: input.newMobile });
  const target = mobileKey(input.mobileArea, input.newMobile);
  await sendCode(db, s.provider, {
    purpose: 'modify-mobile',
    target: `${auth.userId}:${target}`,
    recipient: target,
    channel: 'sms',
    locale,
  });
}

export async function modifyMobile(
  s: Services,
  auth: Auth,
  input: { mobileArea: string; newMobile: string; newMobileCode: string },
) {
  const db = s.database.db;
  await assertPasswordStep(db, auth);
  const target = mobileKey(input.mobileArea, input.newMobile);
  await consumeCode(db, 'modify-mobile', `${auth.userId}:${target}`, input.newMobileCode);
  await db
    .update(users)
    .set({ mobileArea: input.mobileArea, mobile: input.newMobile, updatedAt: new Date().toISOString() })
    .where(eq(users.id, auth.userId))
    .catch(duplicateField);
  await revokeSessions(s, auth.userId);
}

function forgetTarget(
  user: User,
  account: string,
): { target: string; recipient: string; channel: 'sms' | 'email' } | null {
  const value = account.trim().toLowerCase();
  if (user.email && value === user.email) return { target: `user:${user.id}`, recipient: user.email, channel: 'email' };
  if (user.mobile)
    return { target: `user:${user.id}`, recipient: mobileKey(user.mobileArea, user.mobile), channel: 'sms' };
  return null;
}

export async function sendForgetPasswordCode(s: Services, account: string, locale: Locale) {
  const db = s.database.db;
  const user = await findUserByAccount(db, account);
  const route = user && forgetTarget(user, account);
  if (!route) return;
  await sendCode(db, s.provider, { purpose: 'forget', locale, ...route });
}

export async function validateForgetPasswordCode(s: Services, input: { account: string; code: string }) {
  const db = s.database.db;
  const user = await findUserByAccount(db, input.account);
  if (!user) throw new AppError('BAD_CODE');
  await consumeCode(db, 'forget', `user:${user.id}`, input.code);
  const ticket = randomBytes(24).toString('base64url');
  await storeTicket(db, 'reset-ticket', `user:${user.id}`, ticket);
  return { ticket };
}

export async function resetPassword(s: Services, input: { account: string; ticket: string; password: string }) {
  const db = s.database.db;
  const user = await findUserByAccount(db, input.account);
  if (!user) throw new AppError('STEP_REQUIRED');
  // Checked before the ticket is spent, so a refused password does not send the user back to step one.
  assertStrong(input.password);
  await consumeCode(db, 'reset-ticket', `user:${user.id}`, input.ticket).catch(() => {
    throw new AppError('STEP_REQUIRED');
  });
  await db
    .update(users)
    .set({
      passwordHash: await hashPassword(input.password),
      status: USER_STATUS.NORMAL,
    })
    .where(eq(users.id, user.id));
  await revokeSessions(s, user.id);
}

export async function updatePersonalData(
  s: Services,
  auth: Auth,
  input: { name?: string; introduction?: string; avatarUrl?: string | null },
) {
  await s.database.db
    .update(users)
    .set({ ...input, updatedAt: new Date().toISOString() })
    .where(eq(users.id, auth.userId));
}

export async function updateUserSettings(s: Services, auth: Auth, input: UserSettings) {
  const user = await loadUser(s.database.db, auth.userId);
  const settings = { ...(user.settings as UserSettings), ...input };
  await s.database.db.update(users).set({ settings }).where(eq(users.id, auth.userId));
  return { ...DEFAULT_USER_SETTINGS, ...settings };
}

export async function isJoined(s: Services, auth: Auth) {
  const joined = await listMemberships(s.database.db, auth.userId);
  return { isJoin: joined.length > 0 };
}
