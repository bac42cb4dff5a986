import {
  canApplyEmployeeAction,
  departmentSubtree,
  EMPLOYEE_ACTIONS,
  type EmployeeDetail,
  type EmployeeItem,
  type EmployeePartner,
  type employeeListSchema,
  type employeeUpdateSchema,
  type ListResult,
  MEMBER_STATUS,
  OPERATION_TYPE,
  PARTNER_KINDS,
  type PartnerKind,
  text,
  USER_TYPE,
} from '@concord/shared';
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import {
  departments,
  employeeInvitations,
  employeePartners,
  employeePositions,
  employees,
  enterprises,
  memberships,
  positions,
  users,
} from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { actorOf, escapeLike } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { publishEvent } from '../../platform/realtime.ts';
import { recordOperation, summarizeChanges } from '../operation-logs/operation-logs.service.ts';

type EmployeeListQuery = z.infer<typeof employeeListSchema>;
type EmployeeUpdate = z.infer<typeof employeeUpdateSchema>;

export const STAFF_MODULE = 'staff';

/**
 * Gives a user who has just joined an enterprise (created it, joined with the invite code, or
 * accepted an invitation) an employee record there, or marks their old record joined again. An
 * accepted invitation names its record: the account is bound to it, and an older record of the same
 * account (from before it left) lets go of the account. Runs in the caller's tenant transaction.
 */
export async function recordJoinedEmployee(
  q: Queryable,
  tenantId: string,
  userId: string,
  invitedBy: string | null = null,
  invitedEmployeeId?: string,
): Promise<string> {
  const [own] = await q
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.tenantId, tenantId), eq(employees.userId, userId)))
    .limit(1);
  const [user] = await q.select().from(users).where(eq(users.id, userId)).limit(1);
  const fromUser = {
    userId,
    mobileArea: user?.mobileArea ?? '+86',
    mobile: user?.mobile ?? '',
    email: user?.email ?? '',
    platformNo: user?.username ?? '',
    status: MEMBER_STATUS.JOINED,
  };
  const target = invitedEmployeeId ?? own?.id;
  if (own && target && own.id !== target) {
    await q
      .update(employees)
      .set({ userId: null })
      .where(and(eq(employees.tenantId, tenantId), eq(employees.id, own.id)));
  }
  if (target) {
    await q
      .update(employees)
      .set({
        ...fromUser,
        name: sql`coalesce(nullif(${employees.name}, ''), ${user?.name ?? ''})`,
        version: sql`${employees.version} + 1`,
        updatedAt: new Date().toISOString(),
      })
      .where(and(eq(employees.tenantId, tenantId), eq(employees.id, target)));
    // Joining by any route closes the record's open invitations.
    await q
      .update(employeeInvitations)
      .set({ acceptedAt: new Date().toISOString() })
      .where(
        and(
          eq(employeeInvitations.enterpriseId, tenantId),
          eq(employeeInvitations.employeeId, target),
          isNull(employeeInvitations.acceptedAt),
          isNull(employeeInvitations.revokedAt),
        ),
      );
    return target;
  }
  const id = newId();
  await q.insert(employees).values({ tenantId, id, name: user?.name ?? '', invitedBy, ...fromUser });
  return id;
}

const openInvitationOf = sql`
  i.enterprise_id = ${employees.tenantId} and i.employee_id = ${employees.id}
  and i.accepted_at is null and i.revoked_at is null`;

/** An invitation still IN_PROGRESS whose link has expired reads NOT_JOINED (spec §4). */
const effectiveStatus = sql<number>`(case
  when ${employees.status} = ${sql.raw(String(MEMBER_STATUS.IN_PROGRESS))}
   and not exists (select 1 from ${employeeInvitations} i where ${openInvitationOf} and i.expires_at > now())
  then ${sql.raw(String(MEMBER_STATUS.NOT_JOINED))} else ${employees.status} end)`;

const itemColumns = {
  id: employees.id,
  userId: employees.userId,
  name: employees.name,
  mobileArea: employees.mobileArea,
  mobile: employees.mobile,
  email: employees.email,
  erpCode: employees.erpCode,
  erpName: employees.erpName,
  deptId: employees.deptId,
  deptCode: departments.deptCode,
  deptName: departments.deptName,
  platformNo: employees.platformNo,
  remarks: employees.remarks,
  status: effectiveStatus,
  isAdmin: sql<boolean>`exists (select 1 from ${memberships} m
    where m.tenant_id = ${employees.tenantId} and m.user_id = ${employees.userId}
      and m.user_type = ${sql.raw(String(USER_TYPE.ADMIN))} and m.status = ${sql.raw(String(MEMBER_STATUS.JOINED))})`,
  positionNames: sql<string[]>`coalesce((select json_agg(p.name order by p.code)
    from ${employeePositions} ep join ${positions} p on p.tenant_id = ep.tenant_id and p.id = ep.position_id
    where ep.tenant_id = ${employees.tenantId} and ep.employee_id = ${employees.id}), '[]'::json)`,
  invitationExpiresAt: sql<string | null>`(select max(i.expires_at)::text from ${employeeInvitations} i
    where ${openInvitationOf})`,
  version: employees.version,
  createdAt: employees.createdAt,
  updatedAt: employees.updatedAt,
};

const selectEmployees = (q: Queryable) =>
  q
    .select(itemColumns)
    .from(employees)
    .leftJoin(departments, and(eq(departments.tenantId, employees.tenantId), eq(departments.id, employees.deptId)));

const SORTABLE = {
  name: employees.name,
  erpCode: employees.erpCode,
  erpName: employees.erpName,
  platformNo: employees.platformNo,
  status: employees.status,
  createdAt: employees.createdAt,
};

async function departmentAndBelow(q: Queryable, tenantId: string, deptId: string): Promise<string[]> {
  const all = await q
    .select({ id: departments.id, parentId: departments.parentId })
    .from(departments)
    .where(eq(departments.tenantId, tenantId));
  return [...departmentSubtree(all, deptId)];
}

export async function listEmployees(
  { tx: q, tenantId }: RequestContext,
  query: EmployeeListQuery,
): Promise<ListResult<EmployeeItem>> {
  const f = query.filter ?? {};
  const deptIds = f.deptId ? await departmentAndBelow(q, tenantId, f.deptId) : undefined;
  const conditions: (SQL | undefined)[] = [
    eq(employees.tenantId, tenantId),
    f.name
      ? or(
          ilike(employees.name, escapeLike(f.name)),
          ilike(employees.erpName, escapeLike(f.name)),
          ilike(employees.platformNo, escapeLike(f.name)),
        )
      : undefined,
    f.mobile
      ? or(ilike(employees.mobile, escapeLike(f.mobile)), ilike(employees.email, escapeLike(f.mobile)))
      : undefined,
    f.status === undefined ? undefined : sql`${effectiveStatus} = ${f.status}`,
    deptIds ? inArray(employees.deptId, deptIds) : undefined,
  ];
  const where = and(...conditions);
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    selectEmployees(q)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [employees.createdAt, 'asc']), asc(employees.id))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(employees).where(where),
  ]);
  return { dataList: rows, totalCount: total };
}

/** One employee of the caller's enterprise; another enterprise's id reads exactly like a missing one. */
export async function loadEmployee(q: Queryable, tenantId: string, id: string): Promise<EmployeeItem> {
  const [row] = await selectEmployees(q)
    .where(and(eq(employees.tenantId, tenantId), eq(employees.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export function getEmployeeDetail({ tx, tenantId }: RequestContext, id: string): Promise<EmployeeDetail> {
  return loadEmployeeDetail(tx, tenantId, id);
}

async function loadEmployeeDetail(q: Queryable, tenantId: string, id: string): Promise<EmployeeDetail> {
  const item = await loadEmployee(q, tenantId, id);
  const held = await q
    .select({ id: positions.id, code: positions.code, name: positions.name })
    .from(employeePositions)
    .innerJoin(
      positions,
      and(eq(positions.tenantId, employeePositions.tenantId), eq(positions.id, employeePositions.positionId)),
    )
    .where(and(eq(employeePositions.tenantId, tenantId), eq(employeePositions.employeeId, id)))
    .orderBy(asc(positions.code));
  const partnerRows = await q
    .select({
      partnerTenantId: employeePartners.partnerTenantId,
      kind: employeePartners.kind,
      compNo: enterprises.compNo,
      name: enterprises.name,
    })
    .from(employeePartners)
    .leftJoin(enterprises, eq(enterprises.id, employeePartners.partnerTenantId))
    .where(and(eq(employeePartners.tenantId, tenantId), eq(employeePartners.employeeId, id)))
    .orderBy(asc(enterprises.compNo));
  const partners = new Map<string, EmployeePartner>();
  for (const r of partnerRows) {
    const entry = partners.get(r.partnerTenantId) ?? {
      partnerTenantId: r.partnerTenantId,
      compNo: r.compNo ?? '',
      name: r.name ?? '',
      supplier: false,
      client: false,
    };
    if (r.kind === 'supplier') entry.supplier = true;
    if (r.kind === 'client') entry.client = true;
    partners.set(r.partnerTenantId, entry);
  }
  return { ...item, positions: held, partners: [...partners.values()] };
}

export async function assertDepartment(q: Queryable, tenantId: string, deptId: string) {
  const [dept] = await q
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), eq(departments.id, deptId)))
    .limit(1);
  if (!dept) throw new AppError('DEPT_NOT_FOUND');
}

/**
 * Trading partners are other enterprises named by number; until the partner archives of issue 4
 * exist, any enterprise on the platform other than the caller's own may be named.
 */
async function resolvePartners(q: Queryable, tenantId: string, input: EmployeeUpdate['partners']) {
  const wanted = input.filter((p) => p.supplier || p.client);
  if (wanted.length === 0) return [];
  const found = await q
    .select({ id: enterprises.id, compNo: enterprises.compNo })
    .from(enterprises)
    .where(inArray(enterprises.compNo, [...new Set(wanted.map((p) => p.compNo))]));
  const byNo = new Map(found.map((e) => [e.compNo, e.id]));
  const rows = new Map<string, { partnerTenantId: string; kind: PartnerKind }>();
  for (const p of wanted) {
    const partnerTenantId = byNo.get(p.compNo);
    if (!partnerTenantId) throw new AppError('PARTNER_ENTERPRISE_NOT_FOUND');
    if (partnerTenantId === tenantId) throw new AppError('PARTNER_IS_SELF');
    for (const kind of PARTNER_KINDS) {
      if (p[kind]) rows.set(`${partnerTenantId}:${kind}`, { partnerTenantId, kind });
    }
  }
  return [...rows.values()];
}

async function assertPositions(q: Queryable, tenantId: string, positionIds: string[]) {
  if (positionIds.length === 0) return;
  const [{ n }] = await q
    .select({ n: count() })
    .from(positions)
    .where(and(eq(positions.tenantId, tenantId), inArray(positions.id, positionIds)));
  if (n !== positionIds.length) throw new AppError('EMPLOYEE_POSITION_NOT_FOUND');
}

const changeView = (e: EmployeeDetail) => ({
  erpCode: e.erpCode,
  erpName: e.erpName,
  dept: e.deptName ?? '',
  remarks: e.remarks,
  positions: e.positions.map((p) => p.code).join(','),
  partners: e.partners.map((p) => `${p.compNo}${p.supplier ? ':supplier' : ''}${p.client ? ':client' : ''}`).join(','),
});

/**
 * ERP code and name, department, remarks, positions held and trading-partner permissions. A member
 * managing staff cannot hand positions to themselves; only the administrator can.
 */
export async function updateEmployee(
  { tx: q, auth, tenantId }: RequestContext,
  id: string,
  input: EmployeeUpdate,
): Promise<EmployeeDetail> {
  const before = await loadEmployeeDetail(q, tenantId, id);
  const positionIds = [...new Set(input.positionIds)];
  if (input.deptId && input.deptId !== before.deptId) await assertDepartment(q, tenantId, input.deptId);
  await assertPositions(q, tenantId, positionIds);
  const positionsChanged =
    positionIds.length !== before.positions.length || before.positions.some((p) => !positionIds.includes(p.id));
  if (positionsChanged && before.userId === auth.userId && auth.userType !== USER_TYPE.ADMIN) {
    throw new AppError('FORBIDDEN');
  }
  const partnerRows = await resolvePartners(q, tenantId, input.partners);

  const updated = await q
    .update(employees)
    .set({
      erpCode: input.erpCode,
      erpName: input.erpName,
      deptId: input.deptId,
      remarks: input.remarks,
      // The active position must be one still held; otherwise token resolution falls back to the first.
      activePositionId: positionIds.length
        ? sql`case when ${inArray(employees.activePositionId, positionIds)} then ${employees.activePositionId} end`
        : null,
      version: sql`${employees.version} + 1`,
      updatedAt: new Date().toISOString(),
    })
    .where(and(eq(employees.tenantId, tenantId), eq(employees.id, id), eq(employees.version, input.version)))
    .returning({ id: employees.id });
  if (updated.length === 0) throw new AppError('CONFLICT');

  const mine = and(eq(employeePositions.tenantId, tenantId), eq(employeePositions.employeeId, id));
  await q.delete(employeePositions).where(mine);
  if (positionIds.length) {
    await q
      .insert(employeePositions)
      .values(positionIds.map((positionId) => ({ tenantId, employeeId: id, positionId })));
  }
  // The position screen replaces these holder rows under the position's version: move it on.
  const heldBefore = before.positions.map((p) => p.id);
  const regrouped = [
    ...positionIds.filter((p) => !heldBefore.includes(p)),
    ...heldBefore.filter((p) => !positionIds.includes(p)),
  ];
  if (regrouped.length) {
    await q
      .update(positions)
      .set({ version: sql`${positions.version} + 1`, updatedAt: new Date().toISOString() })
      .where(and(eq(positions.tenantId, tenantId), inArray(positions.id, regrouped)));
  }
  await q
    .delete(employeePartners)
    .where(and(eq(employeePartners.tenantId, tenantId), eq(employeePartners.employeeId, id)));
  if (partnerRows.length) {
    await q.insert(employeePartners).values(partnerRows.map((p) => ({ tenantId, employeeId: id, ...p })));
  }

  const after = await loadEmployeeDetail(q, tenantId, id);
  const changes = summarizeChanges(changeView(before), changeView(after));
  await recordOperation(q, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: STAFF_MODULE,
    targetId: id,
    summary: changes
      ? text('employees.updated', { name: after.name, changes })
      : text('employees.unchanged', { name: after.name }),
  });
  return after;
}

/**
 * Leaving (QUIT) or resignation unbinding: access to the enterprise ends at once. The membership is
 * what token resolution reads, so the next request with the old token is refused; open websockets of
 * that enterprise are closed through the revoke event when this transaction commits. Unbinding also
 * unlinks the account from the record and drops its positions and partner permissions, so a later
 * return starts from a clean record. The last administrator cannot leave, and only an administrator
 * can remove another one.
 */
export async function leaveEmployee(
  { tx: q, auth, tenantId }: RequestContext,
  id: string,
  action: 'quit' | 'unbind',
): Promise<EmployeeItem> {
  const row = await loadEmployee(q, tenantId, id);
  if (!canApplyEmployeeAction(action, row.status)) throw new AppError('EMPLOYEE_STATUS_CHANGED');
  const to = EMPLOYEE_ACTIONS[action].to;
  if (row.userId) {
    const admins = await q
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(
        and(
          eq(memberships.tenantId, tenantId),
          eq(memberships.userType, USER_TYPE.ADMIN),
          eq(memberships.status, MEMBER_STATUS.JOINED),
        ),
      )
      .for('update');
    if (admins.some((a) => a.userId === row.userId)) {
      if (auth.userType !== USER_TYPE.ADMIN) throw new AppError('FORBIDDEN');
      if (admins.length === 1) throw new AppError('LAST_ADMIN');
    }
  }
  const unbind = action === 'unbind';
  const updated = await q
    .update(employees)
    .set({
      status: to,
      ...(unbind ? { userId: null, activePositionId: null } : {}),
      version: sql`${employees.version} + 1`,
      updatedAt: new Date().toISOString(),
    })
    .where(and(eq(employees.tenantId, tenantId), eq(employees.id, id), eq(employees.status, row.status)))
    .returning({ id: employees.id });
  if (updated.length === 0) throw new AppError('EMPLOYEE_STATUS_CHANGED');
  if (unbind) {
    await q
      .delete(employeePositions)
      .where(and(eq(employeePositions.tenantId, tenantId), eq(employeePositions.employeeId, id)));
    await q
      .delete(employeePartners)
      .where(and(eq(employeePartners.tenantId, tenantId), eq(employeePartners.employeeId, id)));
  }
  if (row.userId) {
    await q
      .update(memberships)
      .set({ status: to })
      .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, row.userId)));
    await publishEvent(q, { t: 'revoke', userId: row.userId, tenantId });
  }
  await recordOperation(q, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: STAFF_MODULE,
    targetId: id,
    summary: text(unbind ? 'employees.leftUnbound' : 'employees.left', { name: row.name, platformNo: row.platformNo }),
  });
  return loadEmployee(q, tenantId, id);
}
