import {
  type ListResult,
  OPERATION_TYPE,
  type QualificationRequirement,
  type qualificationRequirementListSchema,
  type qualificationRequirementSchema,
  type qualificationRequirementUpdateSchema,
  type TextRef,
  text,
  type UploadedFileRef,
} from '@concord/shared';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { qualificationRequirements as qr, supplierClasses, suppliers } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { actorOf, escapeLike, requireAny } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { attachFiles } from '../../platform/file-documents.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { recordOperation, summarizeChanges } from '../operation-logs/operation-logs.service.ts';
import { MODULE } from './qualifications.notify.ts';

/**
 * Which documents the buyer requires per supplier class, supplier or material (spec §3). The request
 * form starts from the requirements that apply to a supplier: its own and its class's.
 */

type ListQuery = z.infer<typeof qualificationRequirementListSchema>;
type CreateInput = z.infer<typeof qualificationRequirementSchema>;
type UpdateInput = z.infer<typeof qualificationRequirementUpdateSchema>;

const WRITE = 'PO_SUP_RZ';
const READ = ['PO_SUP_RZ', 'PO_SUP_ARC'];

const columns = {
  id: qr.id,
  scopeType: qr.scopeType,
  scopeId: qr.scopeId,
  scopeName: sql<string>`case ${qr.scopeType}
    when 'class' then coalesce((select c.code || ' ' || c.name from ${supplierClasses} c
                                 where c.tenant_id = ${qr.tenantId} and c.id::text = ${qr.scopeId}), '')
    when 'material' then ${qr.scopeId} else '' end`,
  supName: sql<string>`case ${qr.scopeType}
    when 'supplier' then coalesce((select s.sup_name from ${suppliers} s
                                    where s.tenant_id = ${qr.tenantId} and s.id::text = ${qr.scopeId}), '')
    else '' end`,
  fileName: qr.fileName,
  description: qr.description,
  fileType: qr.fileType,
  isNecessary: qr.isNecessary,
  validityType: qr.validityType,
  validDate: qr.validDate,
  validQuantity: qr.validQuantity,
  templateFile: qr.templateFile,
  version: qr.version,
  updatedAt: qr.updatedAt,
};

const SORTABLE = { fileName: qr.fileName, scopeType: qr.scopeType, updatedAt: qr.updatedAt };

type Row = { [K in keyof typeof columns]: unknown };
const toRequirement = (r: Row) => r as QualificationRequirement;

async function select(q: Queryable, where: SQL | undefined) {
  return q.select(columns).from(qr).where(where);
}

export async function listRequirements(
  { tx: q, auth, tenantId }: RequestContext,
  query: ListQuery,
): Promise<ListResult<QualificationRequirement>> {
  requireAny(auth, READ);
  const f = query.filter ?? {};
  const where = and(
    eq(qr.tenantId, tenantId),
    f.scopeType ? eq(qr.scopeType, f.scopeType) : undefined,
    f.scopeId ? eq(qr.scopeId, f.scopeId) : undefined,
    f.fileName ? ilike(qr.fileName, escapeLike(f.fileName)) : undefined,
  );
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    q
      .select(columns)
      .from(qr)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [qr.updatedAt, 'desc']), desc(qr.id))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(qr).where(where),
  ]);
  return { dataList: rows.map(toRequirement), totalCount: total };
}

/** The requirements that apply to one supplier: set on it, or on its class. */
export async function applicableRequirements(
  { tx: q, auth, tenantId: me }: RequestContext,
  supplierId: string,
): Promise<QualificationRequirement[]> {
  requireAny(auth, READ);
  const [supplier] = await q
    .select({ classId: suppliers.supplierClassId })
    .from(suppliers)
    .where(and(eq(suppliers.tenantId, me), eq(suppliers.id, supplierId)))
    .limit(1);
  if (!supplier) throw new AppError('NOT_FOUND');
  const rows = await q
    .select(columns)
    .from(qr)
    .where(
      and(
        eq(qr.tenantId, me),
        or(
          and(eq(qr.scopeType, 'supplier'), eq(qr.scopeId, supplierId)),
          supplier.classId ? and(eq(qr.scopeType, 'class'), eq(qr.scopeId, supplier.classId)) : undefined,
        ),
      ),
    )
    .orderBy(asc(qr.scopeType), asc(qr.fileName));
  return rows.map(toRequirement);
}

async function assertScope(q: Queryable, tenantId: string, scopeType: string, scopeId: string): Promise<void> {
  if (scopeType === 'material') return;
  const table = scopeType === 'class' ? supplierClasses : suppliers;
  const [found] = await q
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), eq(table.id, scopeId)))
    .limit(1);
  if (!found) throw new AppError('QUALIFICATION_SCOPE_NOT_FOUND');
}

const fieldsOf = (input: CreateInput | UpdateInput) => ({
  scopeType: input.scopeType,
  scopeId: input.scopeId,
  fileName: input.fileName,
  description: input.description,
  fileType: input.fileType,
  isNecessary: input.isNecessary,
  validityType: input.validityType,
  validDate: input.validityType === 'date' ? input.validDate : null,
  validQuantity: input.validQuantity,
  templateFile: input.templateFile,
});

const loggable = (f: Record<string, unknown>) => ({
  ...f,
  templateFile: (f.templateFile as UploadedFileRef | null)?.name ?? '',
});

/** The log entry of a new requirement, naming what it applies to as the list shows it. */
function requirementAdded(r: QualificationRequirement): TextRef {
  const fileName = r.fileName;
  if (r.scopeType === 'class')
    return text('qualifications.requirementAddedForClass', { fileName, className: r.scopeName });
  if (r.scopeType === 'supplier')
    return text('qualifications.requirementAddedForSupplier', { fileName, supName: r.supName });
  return text('qualifications.requirementAddedForMaterial', { fileName, prdtNo: r.scopeId });
}

export async function createRequirement(
  { tx: q, auth, tenantId: me, idem }: RequestContext,
  input: CreateInput,
): Promise<QualificationRequirement> {
  requireAny(auth, [WRITE]);
  return idempotent(q, idem, async () => {
    await assertScope(q, me, input.scopeType, input.scopeId);
    const id = newId();
    await q.insert(qr).values({ tenantId: me, id, ...fieldsOf(input) });
    await attachFiles(q, auth.userId, { table: qr, id, ownerTenantId: me }, input.templateFile);
    const requirement = toRequirement((await select(q, and(eq(qr.tenantId, me), eq(qr.id, id))))[0]!);
    await recordOperation(q, actorOf(auth), {
      type: OPERATION_TYPE.ADD,
      module: MODULE,
      targetId: id,
      summary: requirementAdded(requirement),
    });
    return requirement;
  });
}

export async function updateRequirement(
  { tx: q, auth, tenantId: me }: RequestContext,
  id: string,
  input: UpdateInput,
): Promise<QualificationRequirement> {
  requireAny(auth, [WRITE]);
  const [before] = await q
    .select()
    .from(qr)
    .where(and(eq(qr.tenantId, me), eq(qr.id, id)))
    .limit(1);
  if (!before) throw new AppError('NOT_FOUND');
  await assertScope(q, me, input.scopeType, input.scopeId);
  const fields = fieldsOf(input);
  const updated = await q
    .update(qr)
    .set({ ...fields, version: sql`${qr.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(qr.tenantId, me), eq(qr.id, id), eq(qr.version, input.version)))
    .returning({ id: qr.id });
  if (updated.length === 0) throw new AppError('CONFLICT');
  await attachFiles(q, auth.userId, { table: qr, id, ownerTenantId: me }, input.templateFile);
  const old = Object.fromEntries(Object.keys(fields).map((k) => [k, before[k as keyof typeof before]]));
  const changes = summarizeChanges(loggable(old), loggable(fields));
  await recordOperation(q, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: MODULE,
    targetId: id,
    summary: changes
      ? text('qualifications.requirementUpdated', { fileName: before.fileName, changes })
      : text('qualifications.requirementSaved', { fileName: before.fileName }),
  });
  const [row] = await select(q, and(eq(qr.tenantId, me), eq(qr.id, id)));
  return toRequirement(row!);
}

/** Documents already requested keep their own copy of the fields, so a requirement can go at any time. */
export async function deleteRequirement({ tx: q, auth, tenantId: me }: RequestContext, id: string): Promise<void> {
  requireAny(auth, [WRITE]);
  const [gone] = await q
    .delete(qr)
    .where(and(eq(qr.tenantId, me), eq(qr.id, id)))
    .returning({ fileName: qr.fileName });
  if (!gone) throw new AppError('NOT_FOUND');
  await recordOperation(q, actorOf(auth), {
    type: OPERATION_TYPE.DELETE,
    module: MODULE,
    targetId: id,
    summary: text('qualifications.requirementDeleted', { fileName: gone.fileName }),
  });
}
