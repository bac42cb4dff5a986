import {
  buildDepartmentTree,
  type Department,
  type DepartmentNode,
  type departmentFieldsSchema,
  type departmentListSchema,
  departmentSubtree,
  type departmentUpdateSchema,
  type ListResult,
  MEMBER_STATUS,
  OPERATION_TYPE,
  text,
} from '@concord/shared';
import { and, asc, count, eq, ilike, inArray, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { departments, employees, positions } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { actorOf, escapeLike } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { recordOperation, summarizeChanges } from '../operation-logs/operation-logs.service.ts';

type DepartmentFields = z.infer<typeof departmentFieldsSchema>;
type DepartmentUpdate = z.infer<typeof departmentUpdateSchema>;
type DepartmentListQuery = z.infer<typeof departmentListSchema>;

const MODULE = 'departments';

/** Employees that still belong to a department: invited or joined. Those who left do not hold it. */
export const ACTIVE_EMPLOYEE_STATUSES = [MEMBER_STATUS.IN_PROGRESS, MEMBER_STATUS.JOINED];

const parent = alias(departments, 'parent');

const columns = {
  id: departments.id,
  deptNo: departments.deptNo,
  deptCode: departments.deptCode,
  deptName: departments.deptName,
  parentId: departments.parentId,
  parentNo: parent.deptNo,
  parentName: parent.deptName,
  sortOrder: departments.sortOrder,
  stopDd: departments.stopDd,
  roleDescription: departments.roleDescription,
  employeeCount: sql<number>`(select count(*)::int from ${employees} e
    where e.tenant_id = ${departments.tenantId} and e.dept_id = ${departments.id}
      and e.status in (${sql.raw(ACTIVE_EMPLOYEE_STATUSES.join(', '))}))`,
  version: departments.version,
  createdAt: departments.createdAt,
  updatedAt: departments.updatedAt,
};

const selectDepartments = (q: Queryable) =>
  q
    .select(columns)
    .from(departments)
    .leftJoin(parent, and(eq(parent.tenantId, departments.tenantId), eq(parent.id, departments.parentId)));

const SORTABLE = {
  deptNo: departments.deptNo,
  deptCode: departments.deptCode,
  deptName: departments.deptName,
  sortOrder: departments.sortOrder,
  stopDd: departments.stopDd,
  createdAt: departments.createdAt,
};

export async function listDepartments(
  { tx: q, tenantId }: RequestContext,
  query: DepartmentListQuery,
): Promise<ListResult<Department>> {
  const f = query.filter ?? {};
  const conditions: (SQL | undefined)[] = [
    eq(departments.tenantId, tenantId),
    f.keyword
      ? or(
          ilike(departments.deptNo, escapeLike(f.keyword)),
          ilike(departments.deptCode, escapeLike(f.keyword)),
          ilike(departments.deptName, escapeLike(f.keyword)),
        )
      : undefined,
    f.parentId ? eq(departments.parentId, f.parentId) : undefined,
  ];
  const where = and(...conditions);
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    selectDepartments(q)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [departments.sortOrder, 'asc']), asc(departments.deptNo))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(departments).where(where),
  ]);
  return { dataList: rows, totalCount: total };
}

/** The whole tree, siblings by sort order then code. */
export async function listDepartmentTree({ tx: q, tenantId }: RequestContext): Promise<DepartmentNode[]> {
  const rows = await selectDepartments(q)
    .where(eq(departments.tenantId, tenantId))
    .orderBy(asc(departments.sortOrder), asc(departments.deptCode));
  return buildDepartmentTree(rows) as DepartmentNode[];
}

export function getDepartment({ tx, tenantId }: RequestContext, id: string): Promise<Department> {
  return loadDepartment(tx, tenantId, id);
}

async function loadDepartment(q: Queryable, tenantId: string, id: string): Promise<Department> {
  const [row] = await selectDepartments(q)
    .where(and(eq(departments.tenantId, tenantId), eq(departments.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Moves inside one enterprise's tree are serialized, so two concurrent moves cannot build a cycle
 * that neither saw on its own, and a department cannot gain a child while it is being deleted.
 */
async function lockTree(q: Queryable, tenantId: string) {
  await q.execute(sql`select pg_advisory_xact_lock(hashtext('departments'), hashtext(${tenantId}))`);
}

async function assertParent(q: Queryable, tenantId: string, parentId: string | null, selfId: string | null) {
  if (!parentId) return;
  const all = await q
    .select({ id: departments.id, parentId: departments.parentId })
    .from(departments)
    .where(eq(departments.tenantId, tenantId));
  if (selfId && departmentSubtree(all, selfId).has(parentId)) throw new AppError('DEPT_PARENT_INVALID');
  if (!all.some((d) => d.id === parentId)) throw new AppError('DEPT_NOT_FOUND');
}

async function assertCodeFree(q: Queryable, tenantId: string, deptCode: string, selfId: string | null) {
  const [taken] = await q
    .select({ id: departments.id })
    .from(departments)
    .where(
      and(
        eq(departments.tenantId, tenantId),
        eq(departments.deptCode, deptCode),
        selfId ? ne(departments.id, selfId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw new AppError('DUPLICATE', { field: deptCode });
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

/** Department numbers run D0001, D0002… per enterprise. */
async function nextDeptNo(q: Queryable, tenantId: string): Promise<string> {
  const [row] = await q
    .execute<{ n: number }>(sql`
    select coalesce(max(substring(dept_no from 2)::int), 0) + 1 as n
      from ${departments} where tenant_id = ${tenantId} and dept_no ~ '^D[0-9]{1,9}$'`)
    .then((r) => r.rows);
  return `D${String(row?.n ?? 1).padStart(4, '0')}`;
}

const MAX_NUMBER_ATTEMPTS = 5;

export async function createDepartment(ctx: RequestContext, input: DepartmentFields): Promise<Department> {
  const { tx: q, auth, tenantId } = ctx;
  return idempotent(q, ctx.idem, async () => {
    await lockTree(q, tenantId);
    await assertParent(q, tenantId, input.parentId, null);
    await assertCodeFree(q, tenantId, input.deptCode, null);
    const id = newId();
    let deptNo = '';
    // A concurrent create may take the same number (or code); DO NOTHING keeps the transaction usable.
    for (let attempt = 0; !deptNo; attempt++) {
      if (attempt === MAX_NUMBER_ATTEMPTS) throw new AppError('CONFLICT');
      const candidate = await nextDeptNo(q, tenantId);
      const inserted = await q
        .insert(departments)
        .values({ tenantId, id, deptNo: candidate, ...input })
        .onConflictDoNothing()
        .returning({ id: departments.id });
      if (inserted.length) deptNo = candidate;
      else await assertCodeFree(q, tenantId, input.deptCode, null);
    }
    await recordOperation(q, actorOf(auth), {
      type: OPERATION_TYPE.ADD,
      module: MODULE,
      targetId: id,
      summary: text('departments.created', { deptNo, deptCode: input.deptCode, deptName: input.deptName }),
    });
    return loadDepartment(q, tenantId, id);
  });
}

const editable = (d: Pick<Department, keyof DepartmentFields | 'parentName'>) => ({
  deptCode: d.deptCode,
  deptName: d.deptName,
  parent: d.parentName ?? '',
  sortOrder: d.sortOrder,
  stopDd: d.stopDd,
  roleDescription: d.roleDescription,
});

export async function updateDepartment(
  { tx: q, auth, tenantId }: RequestContext,
  id: string,
  input: DepartmentUpdate,
): Promise<Department> {
  const before = await loadDepartment(q, tenantId, id);
  const { version, ...fields } = input;
  if (fields.parentId !== before.parentId) {
    await lockTree(q, tenantId);
    await assertParent(q, tenantId, fields.parentId, id);
  }
  if (fields.deptCode !== before.deptCode) await assertCodeFree(q, tenantId, fields.deptCode, id);
  let updated: { id: string }[];
  try {
    updated = await q
      .update(departments)
      .set({ ...fields, version: sql`${departments.version} + 1`, updatedAt: new Date().toISOString() })
      .where(and(eq(departments.tenantId, tenantId), eq(departments.id, id), eq(departments.version, version)))
      .returning({ id: departments.id });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('DUPLICATE', { field: fields.deptCode });
    throw err;
  }
  if (updated.length === 0) throw new AppError('CONFLICT');
  const after = await loadDepartment(q, tenantId, id);
  const changes = summarizeChanges(editable(before), editable(after));
  await recordOperation(q, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: MODULE,
    targetId: id,
    summary: changes
      ? text('departments.updated', { deptNo: before.deptNo, changes })
      : text('departments.unchanged', { deptNo: before.deptNo }),
  });
  return after;
}

/**
 * A department with sub-departments, current employees or positions referring to it stays; employees
 * who already left lose the reference so their records do not point at nothing.
 */
export async function deleteDepartment({ tx: q, auth, tenantId }: RequestContext, id: string): Promise<void> {
  await lockTree(q, tenantId);
  const before = await loadDepartment(q, tenantId, id);
  const [{ children }] = await q
    .select({ children: count() })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), eq(departments.parentId, id)));
  if (children > 0) throw new AppError('DEPT_HAS_CHILDREN', { count: children });
  const inDept = and(eq(employees.tenantId, tenantId), eq(employees.deptId, id));
  const [{ staff }] = await q
    .select({ staff: count() })
    .from(employees)
    .where(and(inDept, inArray(employees.status, ACTIVE_EMPLOYEE_STATUSES)));
  if (staff > 0) throw new AppError('DEPT_HAS_EMPLOYEES', { count: staff });
  const [{ referring }] = await q
    .select({ referring: count() })
    .from(positions)
    .where(
      and(eq(positions.tenantId, tenantId), or(eq(positions.deptId, id), sql`${positions.customDeptIds} ? ${id}`)),
    );
  if (referring > 0) throw new AppError('DEPT_HAS_POSITIONS', { count: referring });
  await q
    .update(employees)
    .set({ deptId: null })
    .where(and(inDept, notInArray(employees.status, ACTIVE_EMPLOYEE_STATUSES)));
  await q.delete(departments).where(and(eq(departments.tenantId, tenantId), eq(departments.id, id)));
  await recordOperation(q, actorOf(auth), {
    type: OPERATION_TYPE.DELETE,
    module: MODULE,
    targetId: id,
    summary: text('departments.deleted', {
      deptNo: before.deptNo,
      deptCode: before.deptCode,
      deptName: before.deptName,
    }),
  });
}
