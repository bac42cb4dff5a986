import { randomBytes } from 'node:crypto';
import {
  DEFAULT_USER_SETTINGS,
  type Locale,
  OPERATION_TYPE,
  type RegisterInput,
  renderText,
  type TextKey,
  type TokenReply,
  text,
  USER_STATUS,
  USER_TYPE,
  type UserInfo,
  type UserSettings,
} from '@concord/shared';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enterprises, sessions, users } from '../../db/schema.ts';
import { issueSession, listMemberships, lockSessionsOf } from '../../platform/access.ts';
import { inTenantTx, isMemberAuth } from '../../platform/context.ts';
import { actorOf } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { attachUserFile } from '../../platform/file-documents.ts';
import { newId } from '../../platform/ids.ts';
import { hashPassword, isCommonPassword, needsRehash, verifyPassword } from '../../platform/passwords.ts';
import { publishEvent } from '../../platform/realtime.ts';
import type { AccountContext, SignedInContext } from '../../platform/route.ts';
import { serverSecret } from '../../platform/secrets.ts';
import type { Services } from '../../platform/services.ts';
import { type Guard, guarded, type ThrottleRule } from '../../platform/throttle.ts';
import { sign } from '../../platform/tokens.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { loadPositionContext } from '../positions/positions.service.ts';
import { consumeCode, isCodeAccepted, reserveCode, sendCode, storeTicket } from './codes.service.ts';
import { knows, type SignInClient } from './devices.ts';

/** How long a validatePassword proof lets the change-mobile steps go on. */
const STEP_WINDOW_MS = 10 * 60 * 1000;

type User = typeof users.$inferSelect;

const mobileKey = (area: string, mobile: string) => `${area}${mobile}`;

function assertStrong(password: string) {
  if (isCommonPassword(password)) throw new AppError('PASSWORD_WEAK');
}

type AccountField = 'username' | 'email' | 'mobile';
/** Where a form holds a field when it does not use the field's own name (the new mobile). */
type FieldPaths = Partial<Record<AccountField, string>>;
const FIELD_NAMES: Record<AccountField, TextKey> = {
  username: 'accounts.fieldUsername',
  email: 'accounts.fieldEmail',
  mobile: 'accounts.fieldMobile',
};

/** "… is already in use", naming the field in the reader's language and pointing the form at it. */
const inUse = (field: AccountField, locale: Locale, path: string = field) =>
  new AppError('DUPLICATE', { field: renderText(text(FIELD_NAMES[field]), locale) }, [{ path }]);

/** Translates a unique-index violation into "field already in use". */
const duplicateField =
  (locale: Locale, paths: FieldPaths = {}) =>
  (err: unknown): never => {
    const detail = String(
      (err as { constraint?: string; message?: string }).constraint ?? (err as Error).message ?? '',
    );
    const field = detail.includes('email') ? 'email' : detail.includes('mobile') ? 'mobile' : 'username';
    if ((err as { code?: string }).code === '23505') throw inUse(field, locale, paths[field]);
    throw err;
  };

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

async function assertFree(
  db: Db,
  locale: Locale,
  input: { username?: string; email?: string; mobileArea?: string; mobile?: string },
  paths: FieldPaths = {},
) {
  if (input.username) {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.username, input.username)).limit(1);
    if (u) throw inUse('username', locale);
  }
  if (input.email) {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
    if (u) throw inUse('email', locale);
  }
  if (input.mobile && input.mobileArea) {
    const [u] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.mobileArea, input.mobileArea), eq(users.mobile, input.mobile)))
      .limit(1);
    if (u) throw inUse('mobile', locale, paths.mobile);
  }
}

export async function sendRegisterCode(
  { db, locale }: AccountContext,
  s: Services,
  input: { mobileArea: string; mobile: string },
) {
  await sendCode(db, s.provider, {
    purpose: 'register',
    target: mobileKey(input.mobileArea, input.mobile),
    recipient: mobileKey(input.mobileArea, input.mobile),
    channel: 'sms',
    locale,
  });
}

/**
 * The code is checked (and spent) before anything about existing accounts is looked at: without the
 * code sent to the number, nobody learns whether a user name, mobile or e-mail is taken, and each such
 * answer costs a fresh code.
 */
export async function registerUser({ db, locale }: AccountContext, input: RegisterInput) {
  const username = input.username.toLowerCase();
  assertStrong(input.password);
  await consumeCode(db, 'register', mobileKey(input.mobileArea, input.mobile), input.code);
  await assertFree(db, locale, { username, email: input.email, mobileArea: input.mobileArea, mobile: input.mobile });
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
      // What is sent to them before they ever choose reads like the page they registered on.
      settings: { language: locale },
    })
    .catch(duplicateField(locale));
  return { userId: id, username };
}

/*
 * The sign-in throttle (QUALITY S-03, S-11). Wrong guesses count per account and client, per account
 * overall, and per client address; each only delays, progressively, and a right guess clears its own
 * account-and-client count only. A browser whose device cookie names the account is its own client and
 * skips the account-wide and address delays: a stranger's guesses never keep the owner out of a browser
 * the owner signed in with before, and a successful sign-in never counts against a shared address.
 */
const MINUTE = 60_000;
const delays = { baseDelayMs: 30_000, maxDelayMs: 15 * MINUTE, windowMs: 60 * MINUTE };
export const PER_CLIENT: ThrottleRule = { free: 5, ...delays };
export const PER_ACCOUNT: ThrottleRule = { free: 10, ...delays };
/** Generous: an office behind one address has its share of typing mistakes. */
export const PER_ADDRESS: ThrottleRule = { free: 30, ...delays };

/** Passwords and codes are counted apart: guessed codes do not delay the owner's password, nor the reverse. */
type Secret = 'password' | 'code';

/**
 * A name as stored where it names no account: keyed-hashed, never in clear (people type passwords into
 * the name field), and not reversible by hashing guesses without the server secret.
 */
const nameDigest = (s: Services, typed: string) =>
  sign(serverSecret(s.config), 'account-name', typed.trim().toLowerCase()).slice(0, 32);

/**
 * What is counted for an account: its id, or for a name that is no account its digest, so unknown names
 * are throttled exactly like real accounts and a delay reveals nothing (S-04).
 */
const userKey = (userId: string) => `u:${userId}`;
const accountKey = (s: Services, user: { id: string } | undefined, typed: string) =>
  user ? userKey(user.id) : `n:${nameDigest(s, typed)}`;

function signInGuard(s: Services, secret: Secret, account: string, client: SignInClient, known: boolean): Guard {
  const pair = `${secret}:${account}:${known ? `d:${client.device!.id}` : `ip:${client.ip}`}`;
  const whole = `${secret}:${account}`;
  // The per-address count is a rate limit like the HTTP ones, switched off with them (RATE_LIMITS).
  const address = s.config.rateLimits ? [`ip:${client.ip}`] : [];
  return {
    delayedBy: known ? [pair] : [pair, whole, ...address],
    counts: [
      { key: pair, rule: PER_CLIENT },
      { key: whole, rule: PER_ACCOUNT },
      ...address.map((key) => ({ key, rule: PER_ADDRESS })),
    ],
    clears: [pair],
  };
}

/**
 * A user who never chose a language reads what is sent to them (e-mails, messages) in the one they
 * signed in with; a choice made since is never replaced, even by a sign-in racing it.
 */
async function adoptLanguage(db: Db, user: User, locale: Locale) {
  if (typeof user.settings.language === 'string') return;
  await db
    .update(users)
    .set({ settings: sql`${users.settings} || ${JSON.stringify({ language: locale })}::jsonb` })
    .where(and(eq(users.id, user.id), sql`not (${users.settings} ? 'language')`));
}

async function startSession(s: Services, user: User, client: SignInClient): Promise<TokenReply> {
  // Only after the secret was proven, so a stranger does not learn that an account exists or is locked.
  if (user.status === USER_STATUS.LOCKED) throw new AppError('ACCOUNT_LOCKED');
  const db = s.database.db;
  const { token, expiresIn } = await issueSession(db, s.config, user.id, client.ip);
  client.remember(user.id);
  await adoptLanguage(db, user, client.locale);
  const [first] = await listMemberships(db, user.id);
  if (first) {
    await inTenantTx(db, first.tenantId, (tx) =>
      recordOperation(
        tx,
        { tenantId: first.tenantId, userId: user.id, username: user.username, ip: client.ip },
        {
          type: OPERATION_TYPE.LOGIN,
          module: 'accounts',
          targetId: user.id,
          summary: text('accounts.login'),
        },
      ),
    );
  }
  return { access_token: token, token_type: 'bearer', expires_in: expiresIn, scope: 'server' };
}

export async function loginWithPassword(
  { db }: AccountContext,
  s: Services,
  input: { username: string; password: string },
  client: SignInClient,
) {
  const user = await findUserByAccount(db, input.username);
  const guard = signInGuard(s, 'password', accountKey(s, user, input.username), client, knows(client, user?.id));
  // An unknown name is weighed against no hash at the cost of a real one (S-04).
  const right = await guarded(db, guard, () => verifyPassword(input.password, user?.passwordHash ?? null));
  if (!right || !user) throw new AppError('BAD_CREDENTIALS');
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    await rehashPassword(db, user.id, user.passwordHash, input.password);
  }
  return startSession(s, user, client);
}

/**
 * The password just proven, hashed again at today's cost. Only over the hash it was checked against: a
 * password changed in the meantime stays changed. Not an edit of the account: its version stays.
 */
async function rehashPassword(db: Db, userId: string, checked: string, password: string) {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(and(eq(users.id, userId), eq(users.passwordHash, checked)));
}

async function findUserByMobile(db: Db, mobileArea: string, mobile: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.mobileArea, mobileArea), eq(users.mobile, mobile)))
    .limit(1);
  return user;
}

/** Unknown numbers get no message but the same answers, the 60-second wait included. */
export async function sendLoginCode(
  { db, locale }: AccountContext,
  s: Services,
  input: { mobileArea: string; mobile: string },
) {
  const target = mobileKey(input.mobileArea, input.mobile);
  const user = await findUserByMobile(db, input.mobileArea, input.mobile);
  if (!user) {
    await reserveCode(db, 'login', target);
    return;
  }
  await sendCode(db, s.provider, { purpose: 'login', target, recipient: target, channel: 'sms', locale });
}

export async function loginWithSmsCode(
  { db }: AccountContext,
  s: Services,
  input: { mobileArea: string; mobile: string; code: string },
  client: SignInClient,
) {
  const target = mobileKey(input.mobileArea, input.mobile);
  const user = await findUserByMobile(db, input.mobileArea, input.mobile);
  const guard = signInGuard(s, 'code', accountKey(s, user, target), client, knows(client, user?.id));
  const right = await guarded(db, guard, () => isCodeAccepted(db, 'login', target, input.code));
  if (!right || !user) throw new AppError('BAD_CODE');
  return startSession(s, user, client);
}

/** Signs a user in without a password (QR confirmation, third-party login): same session rules. */
export async function loginAsUser(s: Services, userId: string, client: SignInClient): Promise<TokenReply> {
  const [user] = await s.database.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('BAD_CREDENTIALS');
  return startSession(s, user, client);
}

/**
 * Revokes every live session of a user, or the whole family of one session (the login and every
 * successor: a copy of any of them dies with the owner's logout, S-12), and closes their websockets in
 * every process. Under the user's session lock, so no successor is minted beside a revocation.
 */
async function revokeSessions(db: Db, userId: string, sessionId?: string) {
  await db.transaction(async (tx) => {
    await lockSessionsOf(tx, userId);
    const family = sessionId
      ? sql`${sessions.familyId} = (select family_id from ${sessions} where id = ${sessionId})`
      : undefined;
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: new Date().toISOString() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), family))
      .returning({ id: sessions.id });
    if (!sessionId) await publishEvent(tx, { t: 'revoke', userId });
    else for (const { id } of revoked) await publishEvent(tx, { t: 'revoke', userId, sessionId: id });
  });
}

export async function logout({ db, auth }: SignedInContext) {
  await revokeSessions(db, auth.userId, auth.sessionId);
  if (isMemberAuth(auth)) {
    await inTenantTx(db, auth.tenantId, (tx) =>
      recordOperation(tx, actorOf(auth), {
        type: OPERATION_TYPE.LOGOUT,
        module: 'accounts',
        targetId: auth.userId,
        summary: text('accounts.logout'),
      }),
    );
  }
}

/** The settings in force: the user's, the defaults for the rest, and the request's language while none is chosen. */
const settingsInForce = (stored: Record<string, unknown>, locale: Locale): Required<UserSettings> => ({
  ...DEFAULT_USER_SETTINGS,
  language: locale,
  ...(stored as UserSettings),
});

export async function getUserInfo({ db, auth, locale }: SignedInContext): Promise<UserInfo> {
  const [user] = await db.select().from(users).where(eq(users.id, auth.userId)).limit(1);
  if (!user) throw new AppError('LOGIN_EXPIRED');
  const tenant = auth.tenantId
    ? (
        await db
          .select({
            id: enterprises.id,
            name: enterprises.name,
            compNo: enterprises.compNo,
            timeZone: enterprises.timeZone,
          })
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
    sysUserSeeting: settingsInForce(user.settings, locale),
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

/** The current password, proven again by a signed-in session: guessed like a login, throttled like one. */
async function assertCurrentPassword(db: Db, s: Services, user: User, password: string, client: SignInClient) {
  const guard = signInGuard(s, 'password', userKey(user.id), client, knows(client, user.id));
  if (!(await guarded(db, guard, () => verifyPassword(password, user.passwordHash)))) {
    throw new AppError('WRONG_PASSWORD');
  }
}

/** Ends every session of the user, every family, this one included (S-07, S-12). */
export async function changePassword(
  { db, auth }: SignedInContext,
  s: Services,
  input: { password: string; newpassword1: string },
  client: SignInClient,
) {
  const user = await loadUser(db, auth.userId);
  await assertCurrentPassword(db, s, user, input.password, client);
  assertStrong(input.newpassword1);
  await db
    .update(users)
    .set({
      passwordHash: await hashPassword(input.newpassword1),
      updatedAt: new Date().toISOString(),
      version: sql`${users.version} + 1`,
    })
    .where(eq(users.id, user.id));
  await revokeSessions(db, user.id);
}

export async function validatePassword(
  { db, auth }: SignedInContext,
  s: Services,
  password: string,
  client: SignInClient,
) {
  const user = await loadUser(db, auth.userId);
  await assertCurrentPassword(db, s, user, password, client);
  await db.update(sessions).set({ passwordCheckedAt: new Date().toISOString() }).where(eq(sessions.id, auth.sessionId));
}

async function assertPasswordStep(db: Db, sessionId: string) {
  const [session] = await db
    .select({ at: sessions.passwordCheckedAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  if (!session?.at || Date.now() - new Date(session.at).getTime() > STEP_WINDOW_MS) throw new AppError('STEP_REQUIRED');
}

/**
 * Whether the new number is taken is told only once its code is proven (`modifyMobile`), so this step
 * does not reveal other people's numbers either.
 */
export async function sendModifyMobileCode(
  { db, auth, locale }: SignedInContext,
  s: Services,
  input: { mobileArea: string; newMobile: string },
) {
  await assertPasswordStep(db, auth.sessionId);
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
  { db, auth, locale }: SignedInContext,
  input: { mobileArea: string; newMobile: string; newMobileCode: string },
) {
  await assertPasswordStep(db, auth.sessionId);
  const target = mobileKey(input.mobileArea, input.newMobile);
  await consumeCode(db, 'modify-mobile', `${auth.userId}:${target}`, input.newMobileCode);
  await assertFree(db, locale, { mobileArea: input.mobileArea, mobile: input.newMobile }, { mobile: 'newMobile' });
  await db
    .update(users)
    .set({ mobileArea: input.mobileArea, mobile: input.newMobile, updatedAt: new Date().toISOString() })
    .where(eq(users.id, auth.userId))
    .catch(duplicateField(locale, { mobile: 'newMobile' }));
  await revokeSessions(db, auth.userId);
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

/** Where the codes of a name that reaches nobody are kept: its digest, as in the throttle. */
const unreachableTarget = (s: Services, account: string) => `name:${nameDigest(s, account)}`;

/**
 * Same answer for every account, reachable or not, on every request (S-04): a name that reaches nobody
 * gets a code that is stored and never sent, so asking again within 60 s is refused for it too.
 */
export async function sendForgetPasswordCode({ db, locale }: AccountContext, s: Services, account: string) {
  const user = await findUserByAccount(db, account);
  const route = user && forgetTarget(user, account);
  if (!route) {
    await reserveCode(db, 'forget', unreachableTarget(s, account));
    return;
  }
  await sendCode(db, s.provider, { purpose: 'forget', locale, ...route });
}

export async function validateForgetPasswordCode(
  { db }: AccountContext,
  s: Services,
  input: { account: string; code: string },
  client: SignInClient,
) {
  const user = await findUserByAccount(db, input.account);
  const target = user ? `user:${user.id}` : unreachableTarget(s, input.account);
  const guard = signInGuard(s, 'code', accountKey(s, user, input.account), client, knows(client, user?.id));
  const right = await guarded(db, guard, () => isCodeAccepted(db, 'forget', target, input.code));
  if (!right || !user) throw new AppError('BAD_CODE');
  const ticket = randomBytes(24).toString('base64url');
  await storeTicket(db, 'reset-ticket', `user:${user.id}`, ticket);
  return { ticket };
}

export async function resetPassword(
  { db }: AccountContext,
  input: { account: string; ticket: string; password: string },
) {
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
      updatedAt: new Date().toISOString(),
      version: sql`${users.version} + 1`,
    })
    .where(eq(users.id, user.id));
  await revokeSessions(db, user.id);
}

export async function updatePersonalData(
  { db, auth }: SignedInContext,
  input: { name?: string; introduction?: string; avatarUrl?: string | null },
) {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...input, updatedAt: new Date().toISOString() })
      .where(eq(users.id, auth.userId));
    await attachUserFile(tx, auth.userId, input.avatarUrl);
  });
}

export async function updateUserSettings({ db, auth, locale }: SignedInContext, input: UserSettings) {
  const user = await loadUser(db, auth.userId);
  const settings = { ...(user.settings as UserSettings), ...input };
  await db.update(users).set({ settings }).where(eq(users.id, auth.userId));
  return settingsInForce(settings, locale);
}

export async function isJoined({ db, auth }: SignedInContext) {
  const joined = await listMemberships(db, auth.userId);
  return { isJoin: joined.length > 0 };
}
