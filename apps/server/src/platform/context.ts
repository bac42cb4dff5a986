import type { Locale } from '@concord/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable, Tx } from '../db/client.ts';
import { APP_ROLE } from '../db/rls.ts';
import { type IdempotencyScope, withoutKey } from './idempotency.ts';
import type { TellDeps } from './services.ts';

/** Who is calling, resolved once per request from the token and the TENANT_ID header. */
export interface Auth {
  userId: string;
  username: string;
  sessionId: string;
  tenantId: string | null;
  /** 0 ADMIN, 1 SYSTEM, 2 OPERATOR in the active enterprise. */
  userType: number | null;
  permissions: ReadonlySet<string>;
  ip: string;
  /** The caller's employee record, department and positions in the active enterprise. */
  employeeId: string | null;
  deptId: string | null;
  positionIds: readonly string[];
  /** The position in force (spec §4 switch roles); null for administrators and members without one. */
  position: PositionGrant | null;
  /** False when prices and amounts must read `***` (position flag isStationShowPrice). */
  showPrice: boolean;
  /** False when supplier names must read `***` (position flag isStationShowSup). */
  showSupplier: boolean;
}

/** What the active position grants beyond its permission codes. */
export interface PositionGrant {
  id: string;
  name: string;
  superiorId: string | null;
  dataPermission: number;
  customDeptIds: readonly string[];
  acrossUser: boolean;
  checkIp: boolean;
  allowedIps: readonly string[];
}

/**
 * Runs `work` in one transaction as the non-owner app role with the tenant in a transaction-local
 * setting, so row-level security applies and nothing leaks to the next user of the pooled connection.
 */
export async function inTenantTx<T>(db: Db, tenantId: string | null, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // `set local role` as a setting: one round trip for both, on every request's hot path.
    await tx.execute(
      sql`select set_config('role', ${APP_ROLE}, true), set_config('app.tenant_id', ${tenantId ?? ''}, true)`,
    );
    return work(tx);
  });
}

/**
 * Moves the open transaction to another tenant's row-level-security context. A two-party step may
 * write on both sides (the buyer's row and the supplier's) and must commit or fail as one; it is
 * called only after the service has checked that the caller is a party to the document.
 */
export async function switchTenant(tx: Queryable, tenantId: string): Promise<void> {
  await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
}

/** The caller of an enterprise route: signed in with an active enterprise, so both are known by type. */
export type MemberAuth = Auth & { tenantId: string };

export function isMemberAuth(auth: Auth | null | undefined): auth is MemberAuth {
  return !!auth && auth.tenantId !== null;
}

/** Something to do once the request's transaction has committed: telling the other party, a push. */
export type AfterCommit = () => Promise<unknown>;

/**
 * What every enterprise service is handed (one signature: `verbNoun(ctx, …)`): the caller, the one
 * transaction of the request in the caller's tenant, and what may only happen after it commits.
 */
export interface RequestContext {
  auth: MemberAuth;
  tenantId: string;
  userId: string;
  /** The request's transaction: row-level security for `tenantId`, the app role. */
  tx: Tx;
  /** The pool, for work that must commit on its own (after-commit effects, jobs), never for the step itself. */
  db: Db;
  tell: TellDeps;
  locale: Locale;
  log: FastifyBaseLogger;
  /** The request's Idempotency-Key scope (`withoutKey` outside HTTP). */
  idem: IdempotencyScope;
  /** Runs `effect` after the commit; a failing effect is logged, the step stays done. */
  afterCommit(effect: AfterCommit): void;
  /**
   * Runs `effect` in its own transaction after the request's transaction rolled back, before the error
   * is answered: what must be remembered of a refused step (a wrong invite code counted). On PGlite, with
   * one connection, `ctx.db` cannot be used while the request's transaction is open.
   */
  afterRollback(effect: AfterCommit): void;
}

export interface ContextBase {
  db: Db;
  tell: TellDeps;
  locale: Locale;
  log: FastifyBaseLogger;
  idem?: IdempotencyScope;
}

/**
 * Opens the tenant transaction for `auth`, runs `work` with the context, commits, then runs the
 * after-commit effects in order. Routes reach it through `platform/route.ts`; the seed and tests call it
 * directly.
 */
export async function runAsMember<T>(
  base: ContextBase,
  auth: MemberAuth,
  work: (ctx: RequestContext) => Promise<T>,
): Promise<T> {
  const effects: AfterCommit[] = [];
  const onRollback: AfterCommit[] = [];
  const result = await inTenantTx(base.db, auth.tenantId, (tx) =>
    work({
      auth,
      tenantId: auth.tenantId,
      userId: auth.userId,
      tx,
      db: base.db,
      tell: base.tell,
      locale: base.locale,
      log: base.log,
      idem: base.idem ?? withoutKey(auth.userId),
      afterCommit: (effect) => effects.push(effect),
      afterRollback: (effect) => onRollback.push(effect),
    }),
  ).catch(async (err: unknown) => {
    await runEffects(base.log, onRollback, 'after-rollback effect failed');
    throw err;
  });
  await runEffects(base.log, effects, 'after-commit effect failed');
  return result;
}

async function runEffects(log: FastifyBaseLogger, effects: AfterCommit[], failure: string) {
  for (const effect of effects) {
    try {
      await effect();
    } catch (err) {
      log.error({ err }, failure);
    }
  }
}
