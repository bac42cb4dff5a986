import { BlockList, isIP } from 'node:net';
import {
  ALL_PERMISSIONS,
  DEFAULT_PERMISSIONS,
  isPermissionCode,
  MEMBER_STATUS,
  USER_STATUS,
  USER_TYPE,
} from '@concord/shared';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/client.ts';
import { employees, memberships, sessions, users } from '../db/schema.ts';
import { type Auth, inTenantTx, type PositionGrant } from './context.ts';
import { AppError } from './errors.ts';
import { newId } from './ids.ts';
import { serverSecret } from './secrets.ts';
import { hashToken, newToken, successorToken } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
    /** Why a presented token was refused, so protected routes answer 424 instead of 401. */
    tokenRejected: boolean;
  }
}

export const REFRESHED_TOKEN_HEADER = 'x-refreshed-token';

export interface Membership {
  tenantId: string;
  userType: number;
}

/** Joined enterprises of a user, oldest first: the first joined is the default. */
export async function listMemberships(db: Db, userId: string): Promise<Membership[]> {
  return db
    .select({ tenantId: memberships.tenantId, userType: memberships.userType })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.status, MEMBER_STATUS.JOINED)))
    .orderBy(asc(memberships.joinedAt));
}

/**
 * The enterprise administrator holds everything; everyone else the default codes plus those of the
 * active position (spec §3, §4 switch roles).
 */
export function permissionsFor(userType: number | null, position?: { permissions: readonly string[] } | null) {
  if (userType === null) return new Set<string>();
  if (userType === USER_TYPE.ADMIN) return new Set(ALL_PERMISSIONS);
  return new Set([...DEFAULT_PERMISSIONS, ...(position?.permissions ?? []).filter(isPermissionCode)]);
}

type HeldPosition = PositionGrant & { permissions: string[]; showPrice: boolean; showSupplier: boolean };

export interface Grant {
  employeeId: string | null;
  deptId: string | null;
  positionIds: string[];
  position: HeldPosition | null;
}

/**
 * Reads the caller's employee record and positions inside the tenant (RLS applies). The active
 * position is the one the employee chose, else the first held by code; a stale choice falls back.
 */
export async function loadGrant(db: Db, tenantId: string, userId: string): Promise<Grant> {
  return inTenantTx(db, tenantId, async (tx) => {
    // One round trip: the employee with the positions it holds, by code (every request pays it).
    const [employee] = await tx
      .select({
        id: employees.id,
        deptId: employees.deptId,
        activePositionId: employees.activePositionId,
        // Spelled out: in a one-table select drizzle leaves column names unqualified.
        held: sql<HeldPosition[]>`coalesce((
          select json_agg(json_build_object(
                   'id', p.id::text, 'name', p.name, 'superiorId', p.superior_id::text,
                   'dataPermission', p.data_permission, 'customDeptIds', p.custom_dept_ids,
                   'acrossUser', p.across_user, 'checkIp', p.check_ip, 'allowedIps', p.allowed_ips,
                   'permissions', p.permissions, 'showPrice', p.show_price, 'showSupplier', p.show_supplier)
                 order by p.code)
            from employee_positions ep
            join positions p on p.tenant_id = ep.tenant_id and p.id = ep.position_id
           where ep.tenant_id = employees.tenant_id and ep.employee_id = employees.id), '[]'::json)`,
      })
      .from(employees)
      .where(and(eq(employees.tenantId, tenantId), eq(employees.userId, userId)))
      .limit(1);
    if (!employee) return { employeeId: null, deptId: null, positionIds: [], position: null };
    const held = employee.held;
    const active = held.find((p) => p.id === employee.activePositionId) ?? held[0] ?? null;
    return { employeeId: employee.id, deptId: employee.deptId, positionIds: held.map((p) => p.id), position: active };
  });
}

const GRANT_CACHE_SIZE = 10_000;
const grantCaches = new WeakMap<Db, Map<string, { version: number; grant: Grant }>>();

/**
 * The grant of a member, read again only when the enterprise's access version has moved since it
 * was cached (the version comes with the token lookup, so a request pays no extra round trip). The
 * token, the user's lock and the membership itself are read on every request (QUALITY S-07).
 */
async function cachedGrant(db: Db, tenantId: string, userId: string, version: number): Promise<Grant> {
  let cache = grantCaches.get(db);
  if (!cache) {
    cache = new Map();
    grantCaches.set(db, cache);
  }
  const key = `${tenantId}:${userId}`;
  const hit = cache.get(key);
  if (hit?.version === version) return hit.grant;
  const grant = await loadGrant(db, tenantId, userId);
  cache.delete(key);
  // Oldest first: a Map iterates in insertion order, and a refreshed entry is inserted anew.
  if (cache.size >= GRANT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, { version, grant });
  return grant;
}

/** Exact addresses or CIDR blocks (IPv4 or IPv6) from the position's list. */
export function ipAllowed(ip: string, allowed: readonly string[]): boolean {
  const list = new BlockList();
  for (const entry of allowed) {
    const [address, bits] = entry.trim().split('/');
    const family = isIP(address ?? '');
    if (!family) continue;
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, Number(bits), type);
  }
  const normalized = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(normalized);
  return family !== 0 && list.check(normalized, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The token lookup every request makes, built once per database and prepared by name, so neither
 * the server nor PostgreSQL composes or plans it again.
 */
function buildSessionLookup(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      parentId: sessions.parentId,
      firstUsedAt: sessions.firstUsedAt,
      username: users.username,
      status: users.status,
      // The joined enterprises ride along: one round trip per request for the token.
      joined: sql<(Membership & { accessVersion: number })[]>`coalesce((
        select json_agg(json_build_object('tenantId', m.tenant_id::text, 'userType', m.user_type,
                                          'accessVersion', e.access_version) order by m.created_at)
          from memberships m
          join enterprises e on e.id = m.tenant_id
         where m.user_id = sessions.user_id and m.status = ${MEMBER_STATUS.JOINED}), '[]'::json)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('auth_session_lookup');
}

const sessionLookups = new WeakMap<Db, ReturnType<typeof buildSessionLookup>>();

function sessionLookup(db: Db) {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = buildSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  return lookup;
}

export interface ResolvedToken {
  auth: Auth;
  refreshed?: { token: string; expiresIn: number };
}

/**
 * Resolves a bearer token and the requested tenant. Returns null when the token is unknown, revoked,
 * expired or its user locked; throws 403 when the tenant asked for is not one of the user's.
 */
export async function resolveToken(
  db: Db,
  config: Config,
  token: string,
  requestedTenant: string | undefined,
  ip: string,
): Promise<ResolvedToken | null> {
  const now = new Date();
  const [row] = await sessionLookup(db).execute({ tokenHash: hashToken(token), now: now.toISOString() });
  if (!row || row.status === USER_STATUS.LOCKED) return null;

  const joined = row.joined;
  let active: (typeof joined)[number] | undefined = joined[0];
  if (requestedTenant) {
    active = joined.find((m) => m.tenantId === requestedTenant);
    if (!active) throw new AppError('TENANT_FORBIDDEN');
  }
  const userType = active?.userType ?? null;
  const grant = active ? await cachedGrant(db, active.tenantId, row.userId, active.accessVersion) : null;
  const position = userType === USER_TYPE.ADMIN ? null : (grant?.position ?? null);
  // Administrators see everything; a member without a position sees prices only once one grants it.
  const unrestricted = userType === USER_TYPE.ADMIN;
  const auth: Auth = {
    userId: row.userId,
    username: row.username,
    sessionId: row.sessionId,
    tenantId: active?.tenantId ?? null,
    userType,
    permissions: permissionsFor(userType, position),
    ip,
    employeeId: grant?.employeeId ?? null,
    deptId: grant?.deptId ?? null,
    positionIds: grant?.positionIds ?? [],
    position,
    showPrice: unrestricted || (position?.showPrice ?? false),
    showSupplier: unrestricted || (position?.showSupplier ?? true),
  };

  if (row.parentId && !row.firstUsedAt) await markFirstUse(db, row.sessionId, now);
  const remainingMs = new Date(row.expiresAt).getTime() - now.getTime();
  if (remainingMs < (config.tokenTtlSeconds * 1000) / 2) {
    const successor = await mintSuccessor(db, config, { id: row.sessionId, userId: row.userId, token }, ip);
    return { auth, refreshed: { token: successor, expiresIn: config.tokenTtlSeconds } };
  }
  return { auth };
}

/** How long a parent stays valid once its successor has been used: requests already under way still land. */
export const PARENT_GRACE_MS = 60_000;

/**
 * The first request with a successor starts its parent's last minute. Once per successor: the update
 * that sets `first_used_at` is the one that shortens the parent.
 */
async function markFirstUse(db: Db, sessionId: string, now: Date) {
  await db.execute(sql`
    with used as (
      update ${sessions} set first_used_at = ${now.toISOString()}::timestamptz
       where id = ${sessionId} and first_used_at is null
      returning parent_id)
    update ${sessions} p
       set expires_at = least(p.expires_at, ${new Date(now.getTime() + PARENT_GRACE_MS).toISOString()}::timestamptz)
      from used where p.id = used.parent_id`);
}

/**
 * Serializes minting and revoking a user's sessions, so a successor cannot be minted beside a logout or
 * password change and outlive it.
 */
export async function lockSessionsOf(q: Queryable, userId: string) {
  await q.execute(sql`select pg_advisory_xact_lock(hashtext('sessions'), hashtext(${userId}))`);
}

/**
 * The one successor of a session past half its life (QUALITY S-12). Its token is derived from the
 * parent's, so parallel requests compute the same one and insert one row; it joins the parent's
 * family, and nothing is minted for a parent revoked meanwhile (the token returned is then dead too).
 */
async function mintSuccessor(
  db: Db,
  config: Config,
  parent: { id: string; userId: string; token: string },
  ip: string,
): Promise<string> {
  const token = successorToken(serverSecret(config), parent.token);
  const expiresAt = new Date(Date.now() + config.tokenTtlSeconds * 1000).toISOString();
  await db.transaction(async (tx) => {
    await lockSessionsOf(tx, parent.userId);
    await tx.execute(sql`
      insert into ${sessions} (id, token_hash, user_id, family_id, parent_id, expires_at, ip)
      select ${newId()}::bigint, ${hashToken(token)}, user_id, family_id, id, ${expiresAt}::timestamptz, ${ip}
        from ${sessions} where id = ${parent.id} and revoked_at is null
      on conflict (token_hash) do nothing`);
  });
  return token;
}

/** A new family: the login's session is its first member and names it. */
export async function issueSession(db: Db, config: Config, userId: string, ip: string | null) {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + config.tokenTtlSeconds * 1000).toISOString();
  const id = newId();
  await db.insert(sessions).values({ id, familyId: id, tokenHash: hash, userId, expiresAt, ip });
  return { token, expiresIn: config.tokenTtlSeconds };
}

/** Browsers cannot set headers on a websocket handshake, so there the query carries them. */
const isUpgrade = (req: FastifyRequest) => req.headers.upgrade?.toLowerCase() === 'websocket';
const queryValue = (req: FastifyRequest, name: string) => {
  const value = (req.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
};

function bearer(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  // <img> and download links cannot send headers either; the token in their query is redacted from logs.
  const viaQuery = isUpgrade(req) || req.url.startsWith('/gateway/system/oss/file/');
  return viaQuery ? queryValue(req, 'access_token') : undefined;
}

export function tenantHeader(req: FastifyRequest): string | undefined {
  const raw =
    req.headers.tenant_id ?? req.headers['tenant-id'] ?? (isUpgrade(req) ? queryValue(req, 'TENANT_ID') : undefined);
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && /^\d{1,20}$/.test(value) ? value : undefined;
}

function enforce(req: FastifyRequest) {
  const { access, adminOnly } = req.routeOptions.config;
  if (!access || access === 'public') return;
  if (!req.auth) throw new AppError(req.tokenRejected ? 'LOGIN_EXPIRED' : 'UNAUTHORIZED');
  if (access === 'authenticated') return;
  if (!req.auth.tenantId) throw new AppError('NO_ENTERPRISE');
  const position = req.auth.position;
  if (position?.checkIp && !ipAllowed(req.ip, position.allowedIps)) throw new AppError('IP_FORBIDDEN');
  if (adminOnly && req.auth.userType !== USER_TYPE.ADMIN) throw new AppError('FORBIDDEN');
  if (access !== 'member' && !req.auth.permissions.has(access)) throw new AppError('FORBIDDEN');
}

/**
 * The one place where route access is decided: a token (if any) is resolved on every request, and
 * each route's declared access is checked before its handler runs.
 */
export function registerAccessControl(app: FastifyInstance, db: Db, config: Config) {
  app.decorateRequest('auth', null);
  app.decorateRequest('tokenRejected', false);
  // Before validation, so a caller without access learns nothing from a 400 about the body's shape.
  app.addHook('preValidation', async (req: FastifyRequest, reply: FastifyReply) => {
    const token = bearer(req);
    if (token) {
      const resolved = await resolveToken(db, config, token, tenantHeader(req), req.ip);
      if (resolved) {
        req.auth = resolved.auth;
        // Every later line of this request (the reply's "request completed" too) names who made it.
        req.log = req.log.child({ tenantId: resolved.auth.tenantId, userId: resolved.auth.userId });
        reply.log = req.log;
        if (resolved.refreshed) reply.header(REFRESHED_TOKEN_HEADER, resolved.refreshed.token);
      } else {
        req.tokenRejected = true;
      }
    }
    enforce(req);
  });
}
