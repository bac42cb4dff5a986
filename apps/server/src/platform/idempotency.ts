import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { newId } from './ids.ts';

export interface IdempotencyScope {
  userId: string;
  key: string | undefined;
  route: string;
}

export function idempotencyScope(req: FastifyRequest): IdempotencyScope {
  const raw = req.headers['idempotency-key'];
  const key = typeof raw === 'string' && raw.length > 0 && raw.length <= 128 ? raw : undefined;
  return { userId: req.auth?.userId ?? '0', key, route: `${req.method} ${req.routeOptions.url}` };
}

/**
 * Runs a create at most once per user, route and Idempotency-Key, inside the caller's transaction:
 * the key row is claimed first, so a concurrent retry waits on the unique index and then gets the
 * stored reply instead of making a second document (QUALITY R-02).
 */
export async function idempotent<T>(tx: Queryable, scope: IdempotencyScope, work: () => Promise<T>): Promise<T> {
  if (!scope.key) return work();
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ id: newId(), userId: scope.userId, key: scope.key, route: scope.route, statusCode: 0 })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  if (claimed.length === 0) {
    const [stored] = await tx
      .select({ body: idempotencyKeys.body })
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, scope.userId),
          eq(idempotencyKeys.key, scope.key),
          eq(idempotencyKeys.route, scope.route),
        ),
      );
    return stored?.body as T;
  }
  const result = await work();
  await tx
    .update(idempotencyKeys)
    .set({ statusCode: 200, body: result as object })
    .where(eq(idempotencyKeys.id, claimed[0].id));
  return result;
}
