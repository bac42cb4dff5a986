import { DATA_PERMISSION, type DocumentSide, type OrgSettings, type PartnerKind, USER_TYPE } from '@concord/shared';
import { and, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.ts';
import { departments, employeePartners, employeePositions, employees, orgSettings, positions } from '../db/schema.ts';
import type { MemberAuth } from './context.ts';

export const DEFAULT_ORG_SETTINGS: OrgSettings = {
  privateBusinessData: false,
  tradingPartnerRestriction: false,
  superiorSeesSubordinates: true,
};

export async function loadOrgSettings(q: Queryable, tenantId: string): Promise<OrgSettings> {
  const [row] = await q.select().from(orgSettings).where(eq(orgSettings.tenantId, tenantId)).limit(1);
  return row
    ? {
        privateBusinessData: row.privateBusinessData,
        tradingPartnerRestriction: row.tradingPartnerRestriction,
        superiorSeesSubordinates: row.superiorSeesSubordinates,
      }
    : DEFAULT_ORG_SETTINGS;
}

/**
 * Who may be seen, resolved once per request: `null` means everything; otherwise a document is
 * visible when its owner is in `ownerIds` or its department in `deptIds`, and (when `partnerIds` is
 * set) its trading partner in `partnerIds`.
 */
export interface DataScope {
  all: boolean;
  ownerIds: string[];
  deptIds: string[];
  partnerIds: { supplier: string[]; client: string[] } | null;
}

function subtree(all: { id: string; parentId: string | null }[], roots: readonly string[]): string[] {
  const children = new Map<string, string[]>();
  for (const d of all) {
    if (!d.parentId) continue;
    const list = children.get(d.parentId) ?? [];
    list.push(d.id);
    children.set(d.parentId, list);
  }
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return [...seen];
}

async function usersOfDepartments(q: Queryable, tenantId: string, deptIds: string[]): Promise<string[]> {
  if (!deptIds.length) return [];
  const rows = await q
    .select({ userId: employees.userId })
    .from(employees)
    .where(and(eq(employees.tenantId, tenantId), inArray(employees.deptId, deptIds), isNotNull(employees.userId)));
  return rows.map((r) => r.userId!);
}

/** Holders of every position below `positionId` in the superior chain. */
async function subordinateUsers(q: Queryable, tenantId: string, positionId: string): Promise<string[]> {
  const all = await q
    .select({ id: positions.id, parentId: positions.superiorId })
    .from(positions)
    .where(eq(positions.tenantId, tenantId));
  const below = subtree(all, [positionId]).filter((id) => id !== positionId);
  if (!below.length) return [];
  const rows = await q
    .select({ userId: employees.userId })
    .from(employeePositions)
    .innerJoin(
      employees,
      and(eq(employees.tenantId, employeePositions.tenantId), eq(employees.id, employeePositions.employeeId)),
    )
    .where(
      and(
        eq(employeePositions.tenantId, tenantId),
        inArray(employeePositions.positionId, below),
        isNotNull(employees.userId),
      ),
    );
  return rows.map((r) => r.userId!);
}

/**
 * The data scope of spec §3/§6 for the caller: the position's data permission type, narrowed by
 * "view data of other users" and "private business data", widened by "superior sees subordinates",
 * and restricted to assigned trading partners when the enterprise turns that on.
 */
export async function resolveDataScope(q: Queryable, auth: MemberAuth): Promise<DataScope> {
  const tenantId = auth.tenantId;
  if (auth.userType === USER_TYPE.ADMIN) return { all: true, ownerIds: [], deptIds: [], partnerIds: null };
  const settings = await loadOrgSettings(q, tenantId);
  const position = auth.position;
  const me = [auth.userId];
  const type = position?.dataPermission ?? DATA_PERMISSION.ONLY_USER;

  let all = false;
  let ownerIds: string[] = me;
  let deptIds: string[] = [];
  const needsTree = type >= DATA_PERMISSION.ONLY_DEPT_AND_CHILD && type !== DATA_PERMISSION.DEPT_USER;
  const tree = needsTree
    ? await q
        .select({ id: departments.id, parentId: departments.parentId })
        .from(departments)
        .where(eq(departments.tenantId, tenantId))
    : [];
  const own = auth.deptId ? [auth.deptId] : [];
  const custom = [...(position?.customDeptIds ?? [])];
  switch (type) {
    case DATA_PERMISSION.ALL:
      all = true;
      break;
    case DATA_PERMISSION.ONLY_DEPT:
      deptIds = own;
      break;
    case DATA_PERMISSION.ONLY_DEPT_AND_CHILD:
      deptIds = subtree(tree, own);
      break;
    case DATA_PERMISSION.CUSTOM_DEPT_AND_CHILD:
      deptIds = subtree(tree, custom);
      break;
    case DATA_PERMISSION.CUSTOM_DEPT:
      deptIds = custom;
      break;
    case DATA_PERMISSION.DEPT_USER:
      ownerIds = [...new Set([...me, ...(await usersOfDepartments(q, tenantId, own))])];
      break;
    case DATA_PERMISSION.DEPT_AND_CHILD_USER:
      ownerIds = [...new Set([...me, ...(await usersOfDepartments(q, tenantId, subtree(tree, own)))])];
      break;
    default:
      break;
  }
  if (settings.privateBusinessData || (position && !position.acrossUser)) {
    all = false;
    ownerIds = me;
    deptIds = [];
  }
  if (!all && settings.superiorSeesSubordinates && position) {
    ownerIds = [...new Set([...ownerIds, ...(await subordinateUsers(q, tenantId, position.id))])];
  }

  let partnerIds: DataScope['partnerIds'] = null;
  if (settings.tradingPartnerRestriction) {
    const rows = auth.employeeId
      ? await q
          .select({ partner: employeePartners.partnerTenantId, kind: employeePartners.kind })
          .from(employeePartners)
          .where(and(eq(employeePartners.tenantId, tenantId), eq(employeePartners.employeeId, auth.employeeId)))
      : [];
    partnerIds = {
      supplier: rows.filter((r) => r.kind === 'supplier').map((r) => r.partner),
      client: rows.filter((r) => r.kind === 'client').map((r) => r.partner),
    };
  }
  return { all, ownerIds, deptIds, partnerIds };
}

export interface ScopedColumns {
  /** The user who owns (created) the document. */
  owner: AnyPgColumn;
  /** The department the document belongs to, when it has one. */
  dept?: AnyPgColumn;
  /** The trading partner's enterprise id, and which side the partner is on. */
  partner?: { column: AnyPgColumn; kind: PartnerKind };
}

const FALSE = sql`false`;

/**
 * The WHERE condition of a scope for one document table; every list, count, detail, export and
 * report of a scoped document adds it (undefined when nothing is restricted).
 */
export function scopeCondition(scope: DataScope, cols: ScopedColumns): SQL | undefined {
  const parts: SQL[] = [];
  if (!scope.all) {
    const byOwner = scope.ownerIds.length ? inArray(cols.owner, scope.ownerIds) : undefined;
    const byDept = cols.dept && scope.deptIds.length ? inArray(cols.dept, scope.deptIds) : undefined;
    parts.push(or(byOwner, byDept) ?? FALSE);
  }
  if (scope.partnerIds && cols.partner) {
    const allowed = scope.partnerIds[cols.partner.kind];
    parts.push(allowed.length ? inArray(cols.partner.column, allowed) : FALSE);
  }
  return parts.length ? and(...parts) : undefined;
}

/** The parties and the owner of a buyer-owned two-party document (or of anything counted like one). */
export interface TwoPartyColumns {
  tenantId: AnyPgColumn;
  supplierTenantId: AnyPgColumn;
  ownerId: AnyPgColumn;
  deptId: AnyPgColumn;
}

/**
 * What one side may see of a buyer-owned document: the buyer its own documents within its data
 * scope and trading partners; the supplier the documents addressed to it, narrowed only by the
 * client restriction (its users own nothing on the buyer's side).
 */
export function twoPartyCondition(
  tenantId: string,
  side: DocumentSide,
  scope: DataScope,
  t: TwoPartyColumns,
): SQL | undefined {
  return side === 'buyer'
    ? and(
        eq(t.tenantId, tenantId),
        scopeCondition(scope, {
          owner: t.ownerId,
          dept: t.deptId,
          partner: { column: t.supplierTenantId, kind: 'supplier' },
        }),
      )
    : and(
        eq(t.supplierTenantId, tenantId),
        scopeCondition({ ...scope, all: true }, { owner: t.ownerId, partner: { column: t.tenantId, kind: 'client' } }),
      );
}
