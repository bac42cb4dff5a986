import type { ErrorCode } from '@concord/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.ts';
import { AppError } from './errors.ts';

/** A two-party document header whose steps follow a transition table of packages/shared. */
type DocumentTable = PgTable & {
  tenantId: PgColumn;
  id: PgColumn;
  status: PgColumn;
  version: PgColumn;
  supplierTenantId: PgColumn;
  updatedAt: PgColumn;
};

export interface Claim {
  from: readonly number[];
  /** The version the caller saw, when it says. */
  version: number | undefined;
  side: 'buyer' | 'supplier';
  /** The caller's tenant: a supplier claims only documents addressed to it. */
  me: string;
}

/**
 * Claims a document for one step (ARCHITECTURE §4): the header row moves only from a status the step
 * allows and, when given, from the version the caller saw. The row lock makes concurrent steps on one
 * document run one after the other; the loser finds the row moved and gets 409: CONFLICT
 * for a stale version, `stateChanged` when only the status moved.
 */
export async function claimDocument<T extends DocumentTable>(
  tx: Queryable,
  table: T,
  row: { tenantId: string; id: string },
  claim: Claim,
  stateChanged: ErrorCode,
): Promise<T['$inferSelect']> {
  const t = table as DocumentTable;
  const [claimed] = await tx
    .update(t)
    .set({ version: sql`${t.version} + 1`, updatedAt: sql`now()` } as never)
    .where(
      and(
        eq(t.tenantId, row.tenantId),
        eq(t.id, row.id),
        inArray(t.status, [...claim.from]),
        claim.version !== undefined ? eq(t.version, claim.version) : undefined,
        claim.side === 'supplier' ? eq(t.supplierTenantId, claim.me) : undefined,
      ),
    )
    .returning();
  if (claimed) return claimed as T['$inferSelect'];
  const [now] = await tx
    .select({ version: t.version })
    .from(t)
    .where(and(eq(t.tenantId, row.tenantId), eq(t.id, row.id)));
  throw new AppError(now && claim.version !== undefined && now.version !== claim.version ? 'CONFLICT' : stateChanged);
}
