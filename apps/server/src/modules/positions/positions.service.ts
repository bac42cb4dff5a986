import {
  completePermissionCodes,
  type ListResult,
  MEMBER_STATUS,
  OPERATION_TYPE,
  type OrgSettingsUpdateInput,
  type OrgSettingsView,
  type PositionContext,
  type PositionCreateInput,
  type PositionDetail,
  type PositionEmployeeOption,
  type PositionHolder,
  type PositionHoldersInput,
  type PositionListQuery,
  type PositionRow,
  type PositionUpdateInput,
  text,
  usesCustomDepartments,
} from '@concord/shared';
import { and, asc, count, eq, ilike, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import { departments, employeePositions, employees, orgSettings, positions } from '../../db/schema.ts';
import type { Auth, RequestContext } from '../../platform/context.ts';
import { DEFAULT_ORG_SETTINGS } from '../../platform/data-scope.ts';
import { actorOf, escapeLike } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { recordOperation, summarizeChanges } from '../operation-logs/operation-logs.service.ts';

const MODULE = 'positions';

/** Employees who left or whose invitation died cannot hold positions or see partners. */
export const GONE_STATUSES = [MEMBER_STATUS.INVALID, MEMBER_STATUS.QUIT, MEMBER_STATUS.RESIGNATION_UNBINDING];

type PositionRecord = typeof positions.$inferSelect;

const superior = alias(positions, 'superior');

const holderCount = sql<number>`(select count(*)::int from ${employeePositions}
  where ${employeePositions.tenantId} = ${positions.tenantId} and ${employeePositions.positionId} = ${positions.id})`;

function selectRows(q: Queryable) {
  return q
    .select({ position: positions, deptName: departments.deptName, superiorName: superior.name, holderCount })
    .from(positions)
    .leftJoin(departments, and(eq(departments.tenantId, positions.tenantId), eq(departments.id, positions.deptId)))
    .leftJoin(superior, and(eq(superior.tenantId, positions.tenantId), eq(superior.id, positions.superiorId)));
}

/** Table columns → the spec's field names of the API. */
function toRow(r: {
  position: PositionRecord;
  deptName: string | null;
  superiorName: string | null;
  holderCount: number;
}): PositionRow {
  const p = r.position;
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    description: p.description,
    deptId: p.deptId,
    deptName: r.deptName,
    superiorId: p.superiorId,
    superiorName: r.superiorName,
    dataPermission: p.dataPermission,
    customDeptIds: p.customDeptIds,
    isStationShowPrice: p.showPrice,
    isStationAcrossUser: p.acrossUser,
    isStationCheckIp: p.checkIp,
    allowedIps: p.allowedIps,
    isStationShowSup: p.showSupplier,
    permissions: p.permissions,
    holderCount: Number(r.holderCount),
    version: p.version,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

const SORTABLE = {
  code: positions.code,
  name: positions.name,
  dataPermission: positions.dataPermission,
  createdAt: positions.createdAt,
  updatedAt: positions.updatedAt,
};

export async function listPositions(
  { tx: q, tenantId }: RequestContext,
  query: PositionListQuery,
): Promise<ListResult<PositionRow>> {
  const f = query.filter ?? {};
  const where = and(
    eq(positions.tenantId, tenantId),
    f.keyword
      ? or(ilike(positions.code, escapeLike(f.keyword)), ilike(positions.name, escapeLike(f.keyword)))
      : undefined,
    f.dataPermission === undefined ? undefined : eq(positions.dataPermission, f.dataPermission),
  );
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    selectRows(q)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [positions.code, 'asc']), asc(positions.id))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(positions).where(where),
  ]);
  return { dataList: rows.map(toRow), totalCount: total };
}

/** Every position of the enterprise, for the superior select (small: one row per job). */
export async function listPositionOptions({ tx: q, tenantId }: RequestContext) {
  return q
    .select({ id: positions.id, code: positions.code, name: positions.name, superiorId: positions.superiorId })
    .from(positions)
    .where(eq(positions.tenantId, tenantId))
    .orderBy(asc(positions.code));
}

async function listHolders(q: Queryable, tenantId: string, positionId: string): Promise<PositionHolder[]> {
  return q
    .select({
      id: employees.id,
      name: employees.name,
      platformNo: employees.platformNo,
      deptName: departments.deptName,
    })
    .from(employeePositions)
    .innerJoin(
      employees,
      and(eq(employees.tenantId, employeePositions.tenantId), eq(employees.id, employeePositions.employeeId)),
    )
    .leftJoin(departments, and(eq(departments.tenantId, employees.tenantId), eq(departments.id, employees.deptId)))
    .where(and(eq(employeePositions.tenantId, tenantId), eq(employeePositions.positionId, positionId)))
    .orderBy(asc(employees.name), asc(employees.id));
}

export function getPosition({ tx, tenantId }: RequestContext, id: string): Promise<PositionDetail> {
  return loadPosition(tx, tenantId, id);
}

async function loadPosition(q: Queryable, tenantId: string, id: string): Promise<PositionDetail> {
  const [row] = await selectRows(q)
    .where(and(eq(positions.tenantId, tenantId), eq(positions.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return { ...toRow(row), holders: await listHolders(q, tenantId, id) };
}

async function assertDepartmentsExist(q: Queryable, tenantId: string, ids: string[]) {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return;
  const [{ found }] = await q
    .select({ found: count() })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), inArray(departments.id, wanted)));
  if (found !== wanted.length) throw new AppError('POSITION_DEPT_NOT_FOUND');
}

/**
 * The superior must exist and must not be the position itself or below it: walking up from the
 * proposed superior may never reach the position being edited.
 */
async function assertSuperiorAllowed(q: Queryable, tenantId: string, positionId: string | null, superiorId: string) {
  const all = await q
    .select({ id: positions.id, superiorId: positions.superiorId })
    .from(positions)
    .where(eq(positions.tenantId, tenantId));
  const parentOf = new Map(all.map((p) => [p.id, p.superiorId]));
  if (!parentOf.has(superiorId)) throw new AppError('POSITION_SUPERIOR_NOT_FOUND');
  const seen = new Set<string>();
  for (let at: string | null | undefined = superiorId; at && !seen.has(at); at = parentOf.get(at)) {
    if (at === positionId) throw new AppError('POSITION_SUPERIOR_CYCLE');
    seen.add(at);
  }
}

async function assertCodeFree(q: Queryable, tenantId: string, code: string, exceptId: string | null) {
  const [taken] = await q
    .select({ id: positions.id })
    .from(positions)
    .where(
      and(
        eq(positions.tenantId, tenantId),
        eq(positions.code, code),
        exceptId ? ne(positions.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw new AppError('DUPLICATE', { field: code });
}

/** The columns a create or update writes, validated against the tenant's departments and positions. */
async function columnsFor(q: Queryable, tenantId: string, positionId: string | null, input: PositionCreateInput) {
  await assertCodeFree(q, tenantId, input.code, positionId);
  const customDeptIds = usesCustomDepartments(input.dataPermission) ? [...new Set(input.customDeptIds)] : [];
  await assertDepartmentsExist(q, tenantId, [...(input.deptId ? [input.deptId] : []), ...customDeptIds]);
  if (input.superiorId) await assertSuperiorAllowed(q, tenantId, positionId, input.superiorId);
  return {
    code: input.code,
    name: input.name,
    description: input.description,
    deptId: input.deptId,
    superiorId: input.superiorId,
    dataPermission: input.dataPermission,
    customDeptIds,
    showPrice: input.isStationShowPrice,
    acrossUser: input.isStationAcrossUser,
    checkIp: input.isStationCheckIp,
    allowedIps: [...new Set(input.allowedIps)],
    showSupplier: input.isStationShowSup,
    permissions: completePermissionCodes(input.permissions),
  };
}

export async function createPosition(ctx: RequestContext, input: PositionCreateInput): Promise<PositionDetail> {
  const { tx: q, auth, tenantId } = ctx;
  return idempotent(q, ctx.idem, async () => {
    const id = newId();
    const columns = await columnsFor(q, tenantId, null, input);
    await q.insert(positions).values({ tenantId, id, ...columns });
    await recordOperation(q, actorOf(auth), {
      type: OPERATION_TYPE.ADD,
      module: MODULE,
      targetId: id,
      summary: text('positions.created', { code: columns.code, name: columns.name }),
    });
    return loadPosition(q, tenantId, id);
  });
}

export async function updatePosition(
  { tx: q, auth, tenantId }: RequestContext,
  id: string,
  input: PositionUpdateInput,
): Promise<PositionDetail> {
  const [before] = await q
    .select()
    .from(positions)
    .where(and(eq(positions.tenantId, tenantId), eq(positions.id, id)))
    .limit(1);
  if (!before) throw new AppError('NOT_FOUND');
  if (before.version !== input.version) throw new AppError('CONFLICT');
  const columns = await columnsFor(q, tenantId, id, input);
  const updated = await q
    .update(positions)
    .set({ ...columns, version: sql`${positions.version} + 1`, updatedAt: new Date().toISOString() })
    .where(and(eq(positions.tenantId, tenantId), eq(positions.id, id), eq(positions.version, input.version)))
    .returning({ id: positions.id });
  if (updated.length === 0) throw new AppError('CONFLICT');
  const changes = summarizeChanges(before as unknown as Record<string, unknown>, columns);
  await recordOperation(q, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: MODULE,
    targetId: id,
    summary: changes
      ? text('positions.updated', { code: before.code, changes })
      : text('positions.unchanged', { code: before.code }),
  });
  return loadPosition(q, tenantId, id);
}

/** Refused while employees hold the position or other positions report to it. */
export async function deletePosition({ tx: q, auth, tenantId }: RequestContext, id: string): Promise<void> {
  const [target] = await q
    .select({ code: positions.code, name: positions.name })
    .from(positions)
    .where(and(eq(positions.tenantId, tenantId), eq(positions.id, id)))
    .limit(1);
  if (!target) throw new AppError('NOT_FOUND');
  const [{ holders }] = await q
    .select({ holders: count() })
    .from(employeePositions)
    .where(and(eq(employeePositions.tenantId, tenantId), eq(employeePositions.positionId, id)));
  if (holders > 0) throw new AppError('POSITION_IN_USE', { count: holders });
  const [{ subordinates }] = await q
    .select({ subordinates: count() })
    .from(positions)
    .where(and(eq(positions.tenantId, tenantId), eq(positions.superiorId, id)));
  if (subordinates > 0) throw new AppError('POSITION_HAS_SUBORDINATES', { count: subordinates });
  await q.delete(positions).where(and(eq(positions.tenantId, tenantId), eq(positions.id, id)));
  await recordOperation(q, actorOf(auth), {
    type: OPERATION_TYPE.DELETE,
    module: MODULE,
    targetId: id,
    summary: text('positions.deleted', { code: target.code, name: target.name }),
  });
}

/** Employees who can be given a position: everyone still on the staff, invitations in progress included. */
export async function listEmployeeOptions({ tx: q, tenantId }: RequestContext): Promise<PositionEmployeeOption[]> {
  return q
    .select({
      id: employees.id,
      name: employees.name,
      platformNo: employees.platformNo,
      deptName: departments.deptName,
      status: employees.status,
    })
    .from(employees)
    .leftJoin(departments, and(eq(departments.tenantId, employees.tenantId), eq(departments.id, employees.deptId)))
    .where(and(eq(employees.tenantId, tenantId), notInArray(employees.status, GONE_STATUSES)))
    .orderBy(asc(employees.name), asc(employees.id));
}

/**
 * Replaces the holders of a position. An employee losing the position they had switched to falls
 * back to their first remaining one on the next request, as token resolution does for a stale choice.
 * The list is replaced whole, so the write claims the position at the version the editor read; the
 * staff screen replaces the same rows from the employee's side under the employee's version, so every
 * employee gained or lost moves on too (and the staff screen moves the positions it changes).
 */
export async function setPositionHolders(
  { tx: q, auth, tenantId }: RequestContext,
  id: string,
  input: PositionHoldersInput,
): Promise<PositionDetail> {
  const [claimed] = await q
    .update(positions)
    .set({ version: sql`${positions.version} + 1`, updatedAt: new Date().toISOString() })
    .where(and(eq(positions.tenantId, tenantId), eq(positions.id, id), eq(positions.version, input.version)))
    .returning({ id: positions.id });
  const position = await loadPosition(q, tenantId, id);
  if (!claimed) throw new AppError('CONFLICT');
  const wanted = [...new Set(input.employeeIds)];
  if (wanted.length) {
    const [{ found }] = await q
      .select({ found: count() })
      .from(employees)
      .where(
        and(
          eq(employees.tenantId, tenantId),
          inArray(employees.id, wanted),
          notInArray(employees.status, GONE_STATUSES),
        ),
      );
    if (found !== wanted.length) throw new AppError('POSITION_EMPLOYEE_NOT_FOUND');
  }
  const current = position.holders.map((h) => h.id);
  const added = wanted.filter((e) => !current.includes(e));
  const removed = current.filter((e) => !wanted.includes(e));
  if (removed.length) {
    await q
      .delete(employeePositions)
      .where(
        and(
          eq(employeePositions.tenantId, tenantId),
          eq(employeePositions.positionId, id),
          inArray(employeePositions.employeeId, removed),
        ),
      );
    await q
      .update(employees)
      .set({ activePositionId: null })
      .where(and(eq(employees.tenantId, tenantId), inArray(employees.id, removed), eq(employees.activePositionId, id)));
  }
  if (added.length) {
    await q.insert(employeePositions).values(added.map((employeeId) => ({ tenantId, employeeId, positionId: id })));
  }
  if (added.length || removed.length) {
    await q
      .update(employees)
      .set({ version: sql`${employees.version} + 1`, updatedAt: new Date().toISOString() })
      .where(and(eq(employees.tenantId, tenantId), inArray(employees.id, [...added, ...removed])));
  }
  const names = new Map(position.holders.map((h) => [h.id, h.name]));
  const after = await loadPosition(q, tenantId, id);
  for (const h of after.holders) names.set(h.id, h.name);
  const describe = (ids: string[]) => ids.map((e) => names.get(e) || e).join(', ');
  if (added.length) {
    await recordOperation(q, actorOf(auth), {
      type: OPERATION_TYPE.ADD_M2M,
      module: MODULE,
      targetId: id,
      summary: text('positions.holdersAdded', { code: position.code, names: describe(added) }),
    });
  }
  if (removed.length) {
    await recordOperation(q, actorOf(auth), {
      type: OPERATION_TYPE.DELETE_M2M,
      module: MODULE,
      targetId: id,
      summary: text('positions.holdersRemoved', { code: position.code, names: describe(removed) }),
    });
  }
  return after;
}

/**
 * The caller's positions with the one in force marked, chosen by the same rule as token resolution:
 * the employee's choice when still held, else the first by code.
 */
export async function loadPositionContext(q: Queryable, auth: Auth): Promise<PositionContext> {
  const tenantId = auth.tenantId;
  if (!tenantId || !auth.employeeId) return { positions: [], activePositionId: null, dept: null };
  const [employee] = await q
    .select({ activePositionId: employees.activePositionId, deptId: departments.id, deptName: departments.deptName })
    .from(employees)
    .leftJoin(departments, and(eq(departments.tenantId, employees.tenantId), eq(departments.id, employees.deptId)))
    .where(and(eq(employees.tenantId, tenantId), eq(employees.id, auth.employeeId)))
    .limit(1);
  const held = await q
    .select({ id: positions.id, code: positions.code, name: positions.name })
    .from(employeePositions)
    .innerJoin(
      positions,
      and(eq(positions.tenantId, employeePositions.tenantId), eq(positions.id, employeePositions.positionId)),
    )
    .where(and(eq(employeePositions.tenantId, tenantId), eq(employeePositions.employeeId, auth.employeeId)))
    .orderBy(asc(positions.code));
  const activeId = held.find((p) => p.id === employee?.activePositionId)?.id ?? held[0]?.id ?? null;
  return {
    positions: held.map((p) => ({ ...p, active: p.id === activeId })),
    activePositionId: activeId,
    dept:
      employee?.deptId && employee.deptName !== null ? { deptId: employee.deptId, deptName: employee.deptName } : null,
  };
}

export function getMyPositions({ tx, auth }: RequestContext): Promise<PositionContext> {
  return loadPositionContext(tx, auth);
}

/** Spec §4 switch roles: the next request resolves permissions, scope and flags from the chosen position. */
export async function switchPosition({ tx: q, auth, tenantId }: RequestContext, positionId: string) {
  const context = await loadPositionContext(q, auth);
  const chosen = context.positions.find((p) => p.id === positionId);
  if (!chosen || !auth.employeeId) throw new AppError('POSITION_NOT_HELD');
  await q
    .update(employees)
    .set({ activePositionId: positionId })
    .where(and(eq(employees.tenantId, tenantId), eq(employees.id, auth.employeeId)));
  await recordOperation(q, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: MODULE,
    targetId: positionId,
    summary: text('positions.switched', { code: chosen.code, name: chosen.name }),
  });
  return { activePositionId: positionId };
}

export function getOrgSettings({ tx, tenantId }: RequestContext): Promise<OrgSettingsView> {
  return loadOrgSettings(tx, tenantId);
}

async function loadOrgSettings(q: Queryable, tenantId: string): Promise<OrgSettingsView> {
  const [row] = await q.select().from(orgSettings).where(eq(orgSettings.tenantId, tenantId)).limit(1);
  if (!row) return { ...DEFAULT_ORG_SETTINGS, version: 0 };
  return {
    privateBusinessData: row.privateBusinessData,
    tradingPartnerRestriction: row.tradingPartnerRestriction,
    superiorSeesSubordinates: row.superiorSeesSubordinates,
    version: row.version,
  };
}

/** Version 0 creates the enterprise's row; a concurrent first save finds it taken and gets 409. */
export async function updateOrgSettings(
  { tx: q, auth, tenantId }: RequestContext,
  input: OrgSettingsUpdateInput,
): Promise<OrgSettingsView> {
  const before = await loadOrgSettings(q, tenantId);
  const { version, ...values } = input;
  const written =
    version === 0
      ? await q
          .insert(orgSettings)
          .values({ tenantId, ...values })
          .onConflictDoNothing()
          .returning({ tenantId: orgSettings.tenantId })
      : await q
          .update(orgSettings)
          .set({ ...values, version: sql`${orgSettings.version} + 1`, updatedAt: new Date().toISOString() })
          .where(and(eq(orgSettings.tenantId, tenantId), eq(orgSettings.version, version)))
          .returning({ tenantId: orgSettings.tenantId });
  if (written.length === 0) throw new AppError('CONFLICT');
  const changes = summarizeChanges(before, values);
  await recordOperation(q, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: 'org-settings',
    targetId: tenantId,
    summary: changes ? text('positions.settingsUpdated', { changes }) : text('positions.settingsUnchanged'),
  });
  return loadOrgSettings(q, tenantId);
}
