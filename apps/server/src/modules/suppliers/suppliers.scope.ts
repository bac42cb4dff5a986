import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import type { MemberAuth } from '../../platform/context.ts';
import { type DataScope, resolveDataScope, scopeCondition } from '../../platform/data-scope.ts';
import { suppliers } from './suppliers.table.ts';

/** The buyer's data scope over its supplier archive: owner, department and assigned supplier partners. */
export const archiveScope = (scope: DataScope) =>
  scopeCondition(scope, {
    owner: suppliers.ownerId,
    dept: suppliers.deptId,
    partner: { column: suppliers.supplierTenantId, kind: 'supplier' },
  });

/** Suppliers on the platform that the caller may see (data scope and trading partners), for pickers. */
export async function joinedSuppliers(q: Queryable, auth: MemberAuth) {
  const scope = await resolveDataScope(q, auth);
  return q
    .select({ id: suppliers.id, supCode: suppliers.supCode, supName: suppliers.supName })
    .from(suppliers)
    .where(and(eq(suppliers.tenantId, auth.tenantId), isNotNull(suppliers.supplierTenantId), archiveScope(scope)))
    .orderBy(asc(suppliers.supCode))
    .limit(500);
}
