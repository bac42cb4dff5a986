import {
  type ListResult,
  OPERATION_TYPE,
  PARTNER_KINDS,
  type PartnerKind,
  type PartnerRestrictionDetail,
  type PartnerRestrictionEnterprise,
  type PartnerRestrictionListQuery,
  type PartnerRestrictionRow,
  type PartnerRestrictionUpdateInput,
  type PositionEmployeeOption,
  text,
} from '@concord/shared';
import { and, asc, count, eq, ilike, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { departments, employeePartners, employees, enterprises } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { actorOf, escapeLike } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { GONE_STATUSES } from './positions.service.ts';

/*
 * The trading-partner restriction screen (spec §6 /jurisdiction/tradpartner). Until the supplier and
 * customer archives exist (issue 4), a partner is named by its 8-digit enterprise number.
 */

const partnerCount = (kind: PartnerKind) => sql<number>`(select count(*)::int from ${employeePartners}
  where ${employeePartners.tenantId} = ${employees.tenantId} and ${employeePartners.employeeId} = ${employees.id}
    and ${employeePartners.kind} = ${kind})`;

const employeeColumns = {
  id: employees.id,
  name: employees.name,
  platformNo: employees.platformNo,
  deptName: departments.deptName,
  status: employees.status,
};

export async function listPartnerRestrictions(
  { tx: q, tenantId }: RequestContext,
  query: PartnerRestrictionListQuery,
): Promise<ListResult<PartnerRestrictionRow>> {
  const keyword = query.keyword ? escapeLike(query.keyword) : null;
  const where = and(
    eq(employees.tenantId, tenantId),
    notInArray(employees.status, GONE_STATUSES),
    keyword
      ? or(ilike(employees.name, keyword), ilike(employees.platformNo, keyword), ilike(employees.erpCode, keyword))
      : undefined,
  );
  const size = query.pageSize;
  const [rows, [{ total }]] = await Promise.all([
    q
      .select({ ...employeeColumns, supplierCount: partnerCount('supplier'), clientCount: partnerCount('client') })
      .from(employees)
      .leftJoin(departments, and(eq(departments.tenantId, employees.tenantId), eq(departments.id, employees.deptId)))
      .where(where)
      .orderBy(asc(employees.name), asc(employees.id))
      .limit(size)
      .offset((query.pageNum - 1) * size),
    q.select({ total: count() }).from(employees).where(where),
  ]);
  return {
    dataList: rows.map((r) => ({ ...r, supplierCount: Number(r.supplierCount), clientCount: Number(r.clientCount) })),
    totalCount: total,
  };
}

async function loadEmployee(q: Queryable, tenantId: string, employeeId: string): Promise<PositionEmployeeOption> {
  const [employee] = await q
    .select(employeeColumns)
    .from(employees)
    .leftJoin(departments, and(eq(departments.tenantId, employees.tenantId), eq(departments.id, employees.deptId)))
    .where(and(eq(employees.tenantId, tenantId), eq(employees.id, employeeId)))
    .limit(1);
  if (!employee) throw new AppError('NOT_FOUND');
  return employee;
}

export function getPartnerRestriction(
  { tx, tenantId }: RequestContext,
  employeeId: string,
): Promise<PartnerRestrictionDetail> {
  return loadPartnerRestriction(tx, tenantId, employeeId);
}

async function loadPartnerRestriction(
  q: Queryable,
  tenantId: string,
  employeeId: string,
): Promise<PartnerRestrictionDetail> {
  const employee = await loadEmployee(q, tenantId, employeeId);
  const [{ version }] = await q
    .select({ version: employees.version })
    .from(employees)
    .where(and(eq(employees.tenantId, tenantId), eq(employees.id, employeeId)));
  const rows = await q
    .select({ kind: employeePartners.kind, id: enterprises.id, compNo: enterprises.compNo, name: enterprises.name })
    .from(employeePartners)
    .innerJoin(enterprises, eq(enterprises.id, employeePartners.partnerTenantId))
    .where(and(eq(employeePartners.tenantId, tenantId), eq(employeePartners.employeeId, employeeId)))
    .orderBy(asc(enterprises.compNo));
  const of = (kind: PartnerKind) => rows.filter((r) => r.kind === kind).map(({ kind: _k, ...e }) => e);
  return { employee, supplier: of('supplier'), client: of('client'), version };
}

/** The enterprise behind an 8-digit number, offered as a partner; never the caller's own. */
export async function lookupPartnerEnterprise(
  { tx: q, tenantId }: RequestContext,
  compNo: string,
): Promise<PartnerRestrictionEnterprise> {
  const [found] = await q
    .select({ id: enterprises.id, compNo: enterprises.compNo, name: enterprises.name })
    .from(enterprises)
    .where(eq(enterprises.compNo, compNo))
    .limit(1);
  if (!found) throw new AppError('PARTNER_ENTERPRISE_NOT_FOUND');
  if (found.id === tenantId) throw new AppError('PARTNER_IS_SELF');
  return found;
}

/**
 * Replaces both partner lists of an employee. The staff screen replaces the same rows under the
 * employee's version, so this write claims the employee at the version the editor read (and moves it on).
 */
export async function updatePartnerRestriction(
  { tx: q, auth, tenantId }: RequestContext,
  employeeId: string,
  input: PartnerRestrictionUpdateInput,
): Promise<PartnerRestrictionDetail> {
  const [claimed] = await q
    .update(employees)
    .set({ version: sql`${employees.version} + 1`, updatedAt: new Date().toISOString() })
    .where(and(eq(employees.tenantId, tenantId), eq(employees.id, employeeId), eq(employees.version, input.version)))
    .returning({ id: employees.id });
  const before = await loadPartnerRestriction(q, tenantId, employeeId);
  if (!claimed) throw new AppError('CONFLICT');
  const wanted = { supplier: [...new Set(input.supplier)], client: [...new Set(input.client)] };
  const all = [...new Set([...wanted.supplier, ...wanted.client])];
  if (all.includes(tenantId)) throw new AppError('PARTNER_IS_SELF');
  if (all.length) {
    const [{ found }] = await q.select({ found: count() }).from(enterprises).where(inArray(enterprises.id, all));
    if (found !== all.length) throw new AppError('PARTNER_ENTERPRISE_NOT_FOUND');
  }
  await q
    .delete(employeePartners)
    .where(and(eq(employeePartners.tenantId, tenantId), eq(employeePartners.employeeId, employeeId)));
  const rows = PARTNER_KINDS.flatMap((kind) =>
    wanted[kind].map((partnerTenantId) => ({ tenantId, employeeId, partnerTenantId, kind })),
  );
  if (rows.length) await q.insert(employeePartners).values(rows);
  const after = await loadPartnerRestriction(q, tenantId, employeeId);
  const describe = (d: PartnerRestrictionDetail, kind: PartnerKind) => d[kind].map((e) => e.compNo).join(',') || '-';
  const changed = PARTNER_KINDS.some((k) => describe(before, k) !== describe(after, k));
  await recordOperation(q, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: 'trading-partners',
    targetId: employeeId,
    summary: changed
      ? text('positions.partnersUpdated', {
          name: before.employee.name,
          suppliersBefore: describe(before, 'supplier'),
          suppliersAfter: describe(after, 'supplier'),
          clientsBefore: describe(before, 'client'),
          clientsAfter: describe(after, 'client'),
        })
      : text('positions.partnersUnchanged', { name: before.employee.name }),
  });
  return after;
}
