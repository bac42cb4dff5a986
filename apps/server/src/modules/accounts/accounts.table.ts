import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tstz, updatedAt, version } from '../../db/columns.ts';

/** Global: a person's account, shared by every enterprise they belong to. */
export const users = pgTable(
  'users',
  {
    id: bigId('id').primaryKey(),
    username: text('username').notNull(),
    mobileArea: text('mobile_area').notNull().default('+86'),
    mobile: text('mobile'),
    email: text('email'),
    passwordHash: text('password_hash'),
    name: text('name').notNull().default(''),
    avatarUrl: text('avatar_url'),
    introduction: text('introduction'),
    status: integer('status').notNull().default(0),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(t.username),
    uniqueIndex('users_mobile_uq').on(t.mobileArea, t.mobile),
    uniqueIndex('users_email_uq').on(t.email),
  ],
);

/**
 * Global: opaque access tokens, stored as SHA-256 hashes. A refreshed token is the one successor of its
 * parent (derived, not random: parallel requests mint the same one) and belongs to the parent's family;
 * logout and password change end the whole family (QUALITY S-12).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: bigId('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: bigId('user_id').notNull(),
    /** The id of the family's first session (the login). */
    familyId: bigId('family_id').notNull(),
    parentId: bigId('parent_id'),
    /** When the successor was first presented: the parent stays valid for 60 s after it. */
    firstUsedAt: tstz('first_used_at'),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    /** Set when the session proved the password again (change-mobile step 1). */
    passwordCheckedAt: tstz('password_checked_at'),
    ip: text('ip'),
  },
  (t) => [
    uniqueIndex('sessions_token_uq').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_family_idx').on(t.familyId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Global: failure counters of the sign-in throttle (QUALITY S-03, S-11), kept in the database so every
 * process sees the same. `key` names what is counted: an account, an account from one client, an
 * account's guesses at one enterprise's invite code, an enterprise's wrong guesses for its administrator.
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: tstz('window_started_at').notNull().defaultNow(),
    lastFailureAt: tstz('last_failure_at').notNull().defaultNow(),
    /** No attempt is weighed before this time (the progressive delay). */
    delayedUntil: tstz('delayed_until'),
    notifiedAt: tstz('notified_at'),
  },
  (t) => [index('auth_throttles_last_idx').on(t.lastFailureAt)],
);

/** Global: one-time verification codes (SMS / e-mail), hashed. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigId('id').primaryKey(),
    purpose: text('purpose').notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    /** After a successful check, a grant that a following step (e.g. resetPaswd) may consume once. */
    verifiedAt: tstz('verified_at'),
  },
  (t) => [index('verification_codes_target_idx').on(t.purpose, t.target)],
);

/** Global: QR-code login tickets (2-minute life). */
export const qrLogins = pgTable('qr_logins', {
  id: bigId('id').primaryKey(),
  secretHash: text('secret_hash').notNull(),
  status: text('status').notNull().default('waiting'),
  userId: bigId('user_id'),
  /** Who asked for the ticket, shown on the phone's confirm screen so a relayed QR code is noticed. */
  requesterIp: text('requester_ip'),
  requesterAgent: text('requester_agent'),
  createdAt: createdAt(),
  expiresAt: tstz('expires_at').notNull(),
});

/** Global: a third-party (OpenID Connect) identity linked to an account. */
export const oidcLinks = pgTable(
  'oidc_links',
  {
    id: bigId('id').primaryKey(),
    userId: bigId('user_id').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('oidc_links_subject_uq').on(t.issuer, t.subject)],
);

/** Global: pending OIDC logins (state, nonce, PKCE verifier) between redirect and callback. */
export const oidcStates = pgTable('oidc_states', {
  state: text('state').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  redirect: text('redirect'),
  linkUserId: bigId('link_user_id'),
  createdAt: createdAt(),
});

/** Global: messages the development provider "sent" (SMS and e-mail), readable on /dev/outbox. */
export const outbox = pgTable('outbox', {
  id: bigId('id').primaryKey(),
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

/**
 * Global: replies remembered per tenant, user, route and Idempotency-Key (24 h) so a retried create does
 * nothing twice; the request's canonical-JSON hash tells a retry from a reuse of the key with another body.
 * The tenant column is not named `tenant_id`: the row is written before and outside any tenant's policies.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigId('id').primaryKey(),
    scopeTenantId: bigId('scope_tenant_id').notNull().default('0'),
    userId: bigId('user_id').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull().default(''),
    statusCode: integer('status_code').notNull(),
    body: jsonb('body'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_uq').on(t.scopeTenantId, t.userId, t.key, t.route),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
