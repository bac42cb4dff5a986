import {
  type DrawingPublishInput,
  type drawingPublishSchema,
  type ListResult,
  type Material,
  type MaterialDrawing,
  type MaterialOperation,
  materialFieldsSchema,
  type materialListSchema,
  type materialQualificationSchema,
  OPERATION_TYPE,
  text,
} from '@concord/shared';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import {
  materialClasses,
  materialDrawings,
  materials,
  operationLogs,
  qualificationRequirements,
  warehouses,
} from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { actorOf } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { attachFiles } from '../../platform/file-documents.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { recordOperation, renderLogText, summarizeChanges } from '../operation-logs/operation-logs.service.ts';
import {
  loggedValues,
  MATERIAL_DECIMALS,
  type MaterialPlaces,
  materialPlaces,
  placedFields,
} from './materials.decimals.ts';
import { loadReferenceMaps, type ReferenceMaps } from './materials.refs.ts';
import { searchCondition, writeSearchTerms } from './materials.search.ts';

export const MATERIALS_MODULE = 'materials';

type Fields = z.output<typeof materialFieldsSchema>;
type UpdateInput = Fields & { version: number };
type MaterialListQuery = z.output<typeof materialListSchema>;

export const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

const columns = {
  id: materials.id,
  prdtNo: materials.prdtNo,
  prdtName: materials.prdtName,
  prdtSpc: materials.prdtSpc,
  englishName: materials.englishName,
  classId: materials.classId,
  className: materialClasses.name,
  classCode: materialClasses.code,
  erpClassCode: materials.erpClassCode,
  poUnitNo: materials.poUnitNo,
  poUnitName: materials.poUnitName,
  valuationUnitNo: materials.valuationUnitNo,
  valuationUnitName: materials.valuationUnitName,
  poLeadDateNum: materials.poLeadDateNum,
  isCheck: materials.isCheck,
  warehouseId: materials.warehouseId,
  warehouseCode: warehouses.code,
  warehouseName: warehouses.name,
  taxRateCode: materials.taxRateCode,
  taxRate: materials.taxRate,
  minOrderQty: materials.minOrderQty,
  minPackQty: materials.minPackQty,
  orderOverRate: materials.orderOverRate,
  status: sql<0 | 1>`${materials.status}`,
  remarks: materials.remarks,
  version: materials.version,
  createdAt: materials.createdAt,
  updatedAt: materials.updatedAt,
};

const selectMaterials = (q: Queryable) =>
  q
    .select(columns)
    .from(materials)
    .leftJoin(
      materialClasses,
      and(eq(materialClasses.tenantId, materials.tenantId), eq(materialClasses.id, materials.classId)),
    )
    .leftJoin(warehouses, and(eq(warehouses.tenantId, materials.tenantId), eq(warehouses.id, materials.warehouseId)));

const SORTABLE = {
  prdtNo: materials.prdtNo,
  prdtName: materials.prdtName,
  poLeadDateNum: materials.poLeadDateNum,
  createdAt: materials.createdAt,
  updatedAt: materials.updatedAt,
};

export async function materialWhere(
  q: Queryable,
  tenantId: string,
  f: NonNullable<MaterialListQuery['filter']>,
): Promise<SQL> {
  return and(
    eq(materials.tenantId, tenantId),
    f.keyword ? await searchCondition(q, tenantId, f.keyword) : undefined,
    f.classId ? eq(materials.classId, f.classId) : undefined,
    f.status !== undefined ? eq(materials.status, f.status) : undefined,
    f.isCheck !== undefined ? eq(materials.isCheck, f.isCheck) : undefined,
  )!;
}

export async function listMaterials(
  { tx: q, tenantId }: RequestContext,
  query: MaterialListQuery,
): Promise<ListResult<Material>> {
  const where = await materialWhere(q, tenantId, query.filter ?? {});
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    selectMaterials(q)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [materials.prdtNo, 'asc']), asc(materials.id))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(materials).where(where),
  ]);
  return { dataList: rows, totalCount: total };
}

export function getMaterial({ tx, tenantId }: RequestContext, id: string): Promise<Material> {
  return loadMaterial(tx, tenantId, id);
}

async function loadMaterial(q: Queryable, tenantId: string, id: string): Promise<Material> {
  const [row] = await selectMaterials(q)
    .where(and(eq(materials.tenantId, tenantId), eq(materials.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Locks the material row: writers of its drawings and quotas queue here, so their checks hold. */
export async function lockMaterial(
  q: Queryable,
  tenantId: string,
  id: string,
): Promise<{ prdtNo: string; prdtName: string }> {
  const [row] = await q
    .select({ prdtNo: materials.prdtNo, prdtName: materials.prdtName })
    .from(materials)
    .where(and(eq(materials.tenantId, tenantId), eq(materials.id, id)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

const missing = (field: string) => new AppError('MATERIAL_REFERENCE_NOT_FOUND', { field });

/** The stored row of validated fields: places checked, references checked, names and rates copied. */
export function resolveMaterial(input: Fields, refs: ReferenceMaps, places: MaterialPlaces) {
  const fields = placedFields(input, MATERIAL_DECIMALS, places);
  const poUnit = refs.units.get(fields.poUnitNo);
  if (!poUnit) throw missing('unit');
  const valuationUnitNo = fields.valuationUnitNo || fields.poUnitNo;
  const valuationUnit = refs.units.get(valuationUnitNo);
  if (!valuationUnit) throw missing('unit');
  const cls = fields.classId ? refs.classesById.get(fields.classId) : null;
  if (fields.classId && !cls) throw missing('class');
  if (fields.warehouseId && !refs.warehousesById.has(fields.warehouseId)) throw missing('warehouse');
  const tax = fields.taxRateCode ? refs.taxRates.get(fields.taxRateCode) : null;
  if (fields.taxRateCode && !tax) throw missing('tax rate');
  return {
    ...fields,
    erpClassCode: fields.erpClassCode || cls?.erpClassCode || '',
    poUnitName: poUnit.name,
    valuationUnitNo,
    valuationUnitName: valuationUnit.name,
    taxRate: tax?.rate ?? null,
  };
}

export async function createMaterial(ctx: RequestContext, input: Fields): Promise<Material> {
  const { tx, auth, tenantId } = ctx;
  return idempotent(tx, ctx.idem, async () => {
    const row = resolveMaterial(input, await loadReferenceMaps(tx, tenantId), await materialPlaces(tx, tenantId));
    const id = newId();
    const [inserted] = await tx
      .insert(materials)
      .values({ tenantId, id, ...row })
      .onConflictDoNothing()
      .returning({ id: materials.id });
    if (!inserted) throw new AppError('MATERIAL_CODE_TAKEN', { code: input.prdtNo });
    await writeSearchTerms(tx, tenantId, [{ id, ...input }], false);
    await recordOperation(tx, actorOf(auth), {
      type: OPERATION_TYPE.ADD,
      module: MATERIALS_MODULE,
      targetId: id,
      summary: text('materials.created', { prdtNo: input.prdtNo, prdtName: input.prdtName }),
    });
    return loadMaterial(tx, tenantId, id);
  });
}

const LOGGED_FIELDS = Object.keys(materialFieldsSchema.shape) as (keyof Fields)[];

export async function updateMaterial(
  { tx: q, auth, tenantId }: RequestContext,
  id: string,
  input: UpdateInput,
): Promise<Material> {
  const before = await loadMaterial(q, tenantId, id);
  const { version, ...fields } = input;
  const row = resolveMaterial(fields, await loadReferenceMaps(q, tenantId), await materialPlaces(q, tenantId));
  let updated: { id: string } | undefined;
  try {
    [updated] = await q
      .update(materials)
      .set({ ...row, version: sql`${materials.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(materials.tenantId, tenantId), eq(materials.id, id), eq(materials.version, version)))
      .returning({ id: materials.id });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('MATERIAL_CODE_TAKEN', { code: fields.prdtNo });
    throw err;
  }
  if (!updated) throw new AppError('CONFLICT');
  await writeSearchTerms(q, tenantId, [{ id, ...fields }], true);
  const decimals = Object.keys(MATERIAL_DECIMALS);
  const changes = summarizeChanges(
    loggedValues(before, LOGGED_FIELDS, decimals),
    loggedValues(row, LOGGED_FIELDS, decimals),
  );
  if (changes) {
    await recordOperation(q, actorOf(auth), {
      type: OPERATION_TYPE.UPDATE,
      module: MATERIALS_MODULE,
      targetId: id,
      summary: text('materials.updated', { prdtNo: before.prdtNo, changes }),
    });
  }
  return loadMaterial(q, tenantId, id);
}

// ---------------------------------------------------------------------------------------------
// Drawings

const drawingColumns = {
  id: materialDrawings.id,
  materialId: materialDrawings.materialId,
  drawingNo: materialDrawings.drawingNo,
  drawingName: materialDrawings.drawingName,
  drawingVersion: materialDrawings.drawingVersion,
  attachments: materialDrawings.attachments,
  remarks: materialDrawings.remarks,
  isItValid: materialDrawings.isItValid,
  publishTime: materialDrawings.publishTime,
  publishUser: materialDrawings.publishUser,
};

export async function listMaterialDrawings(
  { tx: q, tenantId }: RequestContext,
  materialId: string,
): Promise<MaterialDrawing[]> {
  await loadMaterial(q, tenantId, materialId);
  return q
    .select(drawingColumns)
    .from(materialDrawings)
    .where(and(eq(materialDrawings.tenantId, tenantId), eq(materialDrawings.materialId, materialId)))
    .orderBy(asc(materialDrawings.drawingNo), desc(materialDrawings.drawingVersion));
}

/**
 * Publishes the next version of a drawing number: the material row is locked first, so two
 * publishers of the same drawing run one after the other; the previous valid version is invalidated
 * in the same transaction and the partial unique index would refuse a second valid one anyway.
 */
export async function publishMaterialDrawing(
  ctx: RequestContext,
  materialId: string,
  input: z.output<typeof drawingPublishSchema>,
): Promise<MaterialDrawing> {
  const { tx, auth, tenantId } = ctx;
  return idempotent(tx, ctx.idem, async () => {
    const material = await lockMaterial(tx, tenantId, materialId);
    const same = and(
      eq(materialDrawings.tenantId, tenantId),
      eq(materialDrawings.materialId, materialId),
      eq(materialDrawings.drawingNo, input.drawingNo),
    );
    const [{ last }] = await tx
      .select({ last: sql<number>`coalesce(max(${materialDrawings.drawingVersion}), 0)::int` })
      .from(materialDrawings)
      .where(same);
    await tx
      .update(materialDrawings)
      .set({ isItValid: false })
      .where(and(same, eq(materialDrawings.isItValid, true)));
    const id = newId();
    const drawingVersion = Number(last) + 1;
    await tx.insert(materialDrawings).values({
      tenantId,
      id,
      materialId,
      drawingNo: input.drawingNo,
      drawingName: input.drawingName,
      drawingVersion,
      attachments: input.attachments,
      remarks: input.remarks,
      isItValid: true,
      publishUserId: auth.userId,
      publishUser: auth.username,
    });
    await attachFiles(tx, auth.userId, { table: materialDrawings, id, ownerTenantId: tenantId }, input.attachments);
    await recordOperation(tx, actorOf(auth), {
      type: OPERATION_TYPE.ADD,
      module: MATERIALS_MODULE,
      targetId: materialId,
      summary: text('materials.drawingPublished', {
        prdtNo: material.prdtNo,
        drawingNo: input.drawingNo,
        drawingVersion,
      }),
    });
    const [row] = await tx
      .select(drawingColumns)
      .from(materialDrawings)
      .where(and(eq(materialDrawings.tenantId, tenantId), eq(materialDrawings.id, id)));
    return row;
  });
}

export type { DrawingPublishInput };

// ---------------------------------------------------------------------------------------------
// Qualification requirements and operation record of one material

/** Requirements with scope material name the material by id or, written before the archive existed, by code. */
type MaterialQualification = z.input<typeof materialQualificationSchema>;

export async function listMaterialQualifications(
  { tx: q, tenantId }: RequestContext,
  materialId: string,
): Promise<MaterialQualification[]> {
  const material = await loadMaterial(q, tenantId, materialId);
  const qr = qualificationRequirements;
  const rows = await q
    .select({
      id: qr.id,
      scopeType: qr.scopeType,
      scopeId: qr.scopeId,
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
    })
    .from(qr)
    .where(
      and(eq(qr.tenantId, tenantId), eq(qr.scopeType, 'material'), inArray(qr.scopeId, [material.id, material.prdtNo])),
    )
    .orderBy(asc(qr.fileName));
  return rows.map((r) => ({ ...r, scopeName: material.prdtNo, supName: '' }) as MaterialQualification);
}

export async function listMaterialOperations(
  { tx: q, auth, tenantId, locale }: RequestContext,
  materialId: string,
): Promise<MaterialOperation[]> {
  await loadMaterial(q, tenantId, materialId);
  const rows = await q
    .select({
      id: operationLogs.id,
      username: operationLogs.username,
      operationType: operationLogs.operationType,
      summary: operationLogs.summary,
      createdAt: operationLogs.createdAt,
    })
    .from(operationLogs)
    .where(
      and(
        eq(operationLogs.tenantId, tenantId),
        inArray(operationLogs.module, [MATERIALS_MODULE, 'material-suppliers']),
        eq(operationLogs.targetId, materialId),
      ),
    )
    .orderBy(desc(operationLogs.createdAt), desc(operationLogs.id))
    .limit(200);
  return rows.map((r) => ({ ...r, summary: renderLogText(r.summary, locale, auth) }));
}

/** Ids of the materials with these codes, for imports and other modules naming materials by code. */
export async function findMaterialIdsByCode(
  q: Queryable,
  tenantId: string,
  codes: string[],
): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await q
    .select({ id: materials.id, prdtNo: materials.prdtNo })
    .from(materials)
    .where(and(eq(materials.tenantId, tenantId), inArray(materials.prdtNo, codes)));
  return new Map(rows.map((r) => [r.prdtNo, r.id]));
}
