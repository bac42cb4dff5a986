import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { AppError } from './errors.ts';
import { newId } from './ids.ts';

export interface IdempotencyScope {
  tenantId: string;
  userId: string;
  key: string | undefined;
  route: string;
  /** SHA-256 of the canonical JSON of the request's path parameters, query and body. */
  requestHash: string;
}

/** JSON with object keys sorted at every level, so the same request hashes the same whatever its key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** For a create made by the server itself (seed, a step inside another request): nothing to remember. */
export const withoutKey = (userId: string): IdempotencyScope => ({
  tenantId: '0',
  userId,
  key: undefined,
  route: '',
  requestHash: '',
});

export function idempotencyScope(req: FastifyRequest): IdempotencyScope {
  const raw = req.headers['idempotency-key'];
  const key = typeof raw === 'string' && raw.length > 0 && raw.length <= 128 ? raw : undefined;
  const requestHash = createHash('sha256')
    .update(canonicalJson({ params: req.params ?? {}, query: req.query ?? {}, body: req.body ?? null }))
    .digest('hex');
  // Only enterprise routes belong to the active enterprise: an account-level create such as registering
  // an enterprise changes which one is active, and its retry must still find the first reply.
  const access = req.routeOptions.config?.access;
  const inEnterprise = access !== undefined && access !== 'public' && access !== 'authenticated';
  return {
    tenantId: (inEnterprise && req.auth?.tenantId) || '0',
    userId: req.auth?.userId ?? '0',
    key,
    route: `${req.method} ${req.routeOptions.url}`,
    requestHash,
  };
}

/**
 * Runs a create at most once per tenant, user, route and Idempotency-Key, inside the caller's
 * transaction: the key row is claimed first, so a concurrent retry waits on the unique index and then
 * gets the stored reply instead of making a second document (QUALITY R-02). The same key with another
 * request is refused: answering it with the first reply would report a document that was never made.
 */
export async function idempotent<T>(tx: Queryable, scope: IdempotencyScope, work: () => Promise<T>): Promise<T> {
  if (!scope.key) return work();
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({
      id: newId(),
      scopeTenantId: scope.tenantId,
      userId: scope.userId,
      key: scope.key,
      route: scope.route,
      requestHash: scope.requestHash,
      statusCode: 0,
    })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  if (claimed.length === 0) {
    const [stored] = await tx
      .select({ body: idempotencyKeys.body, requestHash: idempotencyKeys.requestHash })
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.scopeTenantId, scope.tenantId),
          eq(idempotencyKeys.userId, scope.userId),
          eq(idempotencyKeys.key, scope.key),
          eq(idempotencyKeys.route, scope.route),
        ),
      );
    // Keys stored before requests were hashed (empty hash) still answer their retry for their last day.
    if (stored && stored.requestHash !== '' && stored.requestHash !== scope.requestHash) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED');
    }
    return stored?.body as T;
  }
  const result = await work();
  await tx
    .update(idempotencyKeys)
    .set({ statusCode: 200, body: result as object })
    .where(eq(idempotencyKeys.id, claimed[0].id));
  return result;
}
