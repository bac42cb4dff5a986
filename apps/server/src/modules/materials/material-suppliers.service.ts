import {
  addDecimals,
  compareDecimals,
  type ListResult,
  MATERIAL_RATE_SCALE,
  type MaterialSupplier,
  type materialSupplierCreateSchema,
  type materialSupplierListSchema,
  type materialSupplierUpdateSchema,
  OPERATION_TYPE,
  text,
} from '@concord/shared';
import { and, asc, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { materialSuppliers, materials, suppliers, warehouses } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { actorOf, escapeLike } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { recordOperation, summarizeChanges } from '../operation-logs/operation-logs.service.ts';
import {
  loggedValues,
  type MaterialPlaces,
  materialPlaces,
  placedFields,
  SUPPLIER_DECIMALS,
} from './materials.decimals.ts';
import { lockMaterial, MATERIALS_MODULE } from './materials.service.ts';

/**
 * Approved suppliers per material (spec §3). Logged under the materials module with the material as
 * target, so the material's operation record shows them. The quota check runs after the material row
 * is locked, so concurrent writers of one material cannot together pass 100 %.
 */

type CreateInput = z.output<typeof materialSupplierCreateSchema>;
type UpdateInput = z.output<typeof materialSupplierUpdateSchema>;
type ListQuery = z.output<typeof materialSupplierListSchema>;

const MAX_QUOTA = '100';

const placed = <T extends CreateInput | UpdateInput>(input: T, places: MaterialPlaces) =>
  placedFields(input, SUPPLIER_DECIMALS, places);

/** Whether quotas totalling `total` percent pass the 100 % a material allows. */
export const quotaExceeded = (total: string) => compareDecimals(total, MAX_QUOTA) > 0;

const columns = {
  id: materialSuppliers.id,
  materialId: materialSuppliers.materialId,
  prdtNo: materials.prdtNo,
  prdtName: materials.prdtName,
  supplierId: materialSuppliers.supplierId,
  supCode: suppliers.supCode,
  supName: suppliers.supName,
  supPrdtNo: materialSuppliers.supPrdtNo,
  supPrdtName: materialSuppliers.supPrdtName,
  supPrdtSpc: materialSuppliers.supPrdtSpc,
  poLeadDateNum: materialSuppliers.poLeadDateNum,
  poQuotaRate: materialSuppliers.poQuotaRate,
  assWh: materialSuppliers.assWh,
  assWhName: warehouses.name,
  safeStoreQty: materialSuppliers.safeStoreQty,
  topStoreQty: materialSuppliers.topStoreQty,
  deliveryType: materialSuppliers.deliveryType,
  scheduleOverRate: materialSuppliers.scheduleOverRate,
  version: materialSuppliers.version,
  updatedAt: materialSuppliers.updatedAt,
};

/** How an approved supplier meets its material, supplier and warehouse: the list's and the export's joins. */
export const approvedSupplierJoin = {
  material: and(eq(materials.tenantId, materialSuppliers.tenantId), eq(materials.id, materialSuppliers.materialId)),
  supplier: and(eq(suppliers.tenantId, materialSuppliers.tenantId), eq(suppliers.id, materialSuppliers.supplierId)),
  warehouse: and(eq(warehouses.tenantId, materialSuppliers.tenantId), eq(warehouses.id, materialSuppliers.assWh)),
};

const select = (q: Queryable) =>
  q
    .select(columns)
    .from(materialSuppliers)
    .innerJoin(materials, approvedSupplierJoin.material)
    .innerJoin(suppliers, approvedSupplierJoin.supplier)
    .leftJoin(warehouses, approvedSupplierJoin.warehouse);

const SORTABLE = {
  prdtNo: materials.prdtNo,
  supCode: suppliers.supCode,
  poQuotaRate: materialSuppliers.poQuotaRate,
  updatedAt: materialSuppliers.updatedAt,
};

export async function listMaterialSuppliers(
  { tx: q, tenantId }: RequestContext,
  query: ListQuery,
): Promise<ListResult<MaterialSupplier>> {
  const f = query.filter ?? {};
  const where = and(
    eq(materialSuppliers.tenantId, tenantId),
    f.materialId ? eq(materialSuppliers.materialId, f.materialId) : undefined,
    f.supplierId ? eq(materialSuppliers.supplierId, f.supplierId) : undefined,
    f.keyword
      ? or(
          ilike(materials.prdtNo, escapeLike(f.keyword)),
          ilike(materials.prdtName, escapeLike(f.keyword)),
          ilike(suppliers.supCode, escapeLike(f.keyword)),
          ilike(suppliers.supName, escapeLike(f.keyword)),
          ilike(materialSuppliers.supPrdtNo, escapeLike(f.keyword)),
        )
      : undefined,
  );
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    select(q)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [materials.prdtNo, 'asc']), asc(suppliers.supCode))
      .limit(page.limit)
      .offset(page.offset),
    q
      .select({ total: count() })
      .from(materialSuppliers)
      .innerJoin(
        materials,
        and(eq(materials.tenantId, materialSuppliers.tenantId), eq(materials.id, materialSuppliers.materialId)),
      )
      .innerJoin(
        suppliers,
        and(eq(suppliers.tenantId, materialSuppliers.tenantId), eq(suppliers.id, materialSuppliers.supplierId)),
      )
      .where(where),
  ]);
  return { dataList: rows, totalCount: total };
}

export function getMaterialSupplier({ tx, tenantId }: RequestContext, id: string): Promise<MaterialSupplier> {
  return loadMaterialSupplier(tx, tenantId, id);
}

async function loadMaterialSupplier(q: Queryable, tenantId: string, id: string): Promise<MaterialSupplier> {
  const [row] = await select(q)
    .where(and(eq(materialSuppliers.tenantId, tenantId), eq(materialSuppliers.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The quotas of the other approved suppliers of a locked material plus this one, in percent. */
export async function quotaTotal(
  q: Queryable,
  tenantId: string,
  materialId: string,
  quota: string,
  exceptId: string | null,
): Promise<string> {
  const [{ sum }] = await q
    .select({ sum: sql<string>`coalesce(sum(${materialSuppliers.poQuotaRate}), 0)::text` })
    .from(materialSuppliers)
    .where(
      and(
        eq(materialSuppliers.tenantId, tenantId),
        eq(materialSuppliers.materialId, materialId),
        exceptId ? ne(materialSuppliers.id, exceptId) : undefined,
      ),
    );
  return addDecimals(sum, quota, MATERIAL_RATE_SCALE);
}

async function assertReferences(q: Queryable, tenantId: string, supplierId: string | null, assWh: string | null) {
  if (supplierId) {
    const [s] = await q
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(and(eq(suppliers.tenantId, tenantId), eq(suppliers.id, supplierId)))
      .limit(1);
    if (!s) throw new AppError('MATERIAL_REFERENCE_NOT_FOUND', { field: 'supplier' });
  }
  if (assWh) {
    const [w] = await q
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.id, assWh)))
      .limit(1);
    if (!w) throw new AppError('MATERIAL_REFERENCE_NOT_FOUND', { field: 'warehouse' });
  }
}

export async function createMaterialSupplier(ctx: RequestContext, request: CreateInput): Promise<MaterialSupplier> {
  const { tx, auth, tenantId } = ctx;
  return idempotent(tx, ctx.idem, async () => {
    const input = placed(request, await materialPlaces(tx, tenantId));
    const material = await lockMaterial(tx, tenantId, input.materialId);
    await assertReferences(tx, tenantId, input.supplierId, input.assWh);
    const total = await quotaTotal(tx, tenantId, input.materialId, input.poQuotaRate, null);
    if (quotaExceeded(total)) throw new AppError('MATERIAL_QUOTA_EXCEEDED', { total });
    const id = newId();
    const [inserted] = await tx
      .insert(materialSuppliers)
      .values({ tenantId, id, ...input })
      .onConflictDoNothing()
      .returning({ id: materialSuppliers.id });
    if (!inserted) throw new AppError('MATERIAL_SUPPLIER_TAKEN');
    const row = await loadMaterialSupplier(tx, tenantId, id);
    await recordOperation(tx, actorOf(auth), {
      type: OPERATION_TYPE.ADD,
      module: MATERIALS_MODULE,
      targetId: input.materialId,
      summary: text('materials.supplierApproved', {
        prdtNo: material.prdtNo,
        supCode: row.supCode,
        poQuotaRate: input.poQuotaRate,
      }),
    });
    return row;
  });
}

const LOGGED = [
  'supPrdtNo',
  'supPrdtName',
  'supPrdtSpc',
  'poLeadDateNum',
  'poQuotaRate',
  'assWh',
  'safeStoreQty',
  'topStoreQty',
  'deliveryType',
  'scheduleOverRate',
] as const;

export async function updateMaterialSupplier(
  { tx: q, auth, tenantId }: RequestContext,
  id: string,
  input: UpdateInput,
): Promise<MaterialSupplier> {
  const before = await loadMaterialSupplier(q, tenantId, id);
  const material = await lockMaterial(q, tenantId, before.materialId);
  const { version, ...fields } = placed(input, await materialPlaces(q, tenantId));
  await assertReferences(q, tenantId, null, fields.assWh);
  const total = await quotaTotal(q, tenantId, before.materialId, fields.poQuotaRate, id);
  if (quotaExceeded(total)) throw new AppError('MATERIAL_QUOTA_EXCEEDED', { total });
  const [updated] = await q
    .update(materialSuppliers)
    .set({ ...fields, version: sql`${materialSuppliers.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(materialSuppliers.tenantId, tenantId),
        eq(materialSuppliers.id, id),
        eq(materialSuppliers.version, version),
      ),
    )
    .returning({ id: materialSuppliers.id });
  if (!updated) throw new AppError('CONFLICT');
  const decimals = Object.keys(SUPPLIER_DECIMALS);
  const changes = summarizeChanges(loggedValues(before, LOGGED, decimals), loggedValues(fields, LOGGED, decimals));
  if (changes) {
    await recordOperation(q, actorOf(auth), {
      type: OPERATION_TYPE.UPDATE,
      module: MATERIALS_MODULE,
      targetId: before.materialId,
      summary: text('materials.supplierUpdated', { prdtNo: material.prdtNo, supCode: before.supCode, changes }),
    });
  }
  return loadMaterialSupplier(q, tenantId, id);
}

export async function deleteMaterialSupplier({ tx: q, auth, tenantId }: RequestContext, id: string): Promise<void> {
  const row = await loadMaterialSupplier(q, tenantId, id);
  await q.delete(materialSuppliers).where(and(eq(materialSuppliers.tenantId, tenantId), eq(materialSuppliers.id, id)));
  await recordOperation(q, actorOf(auth), {
    type: OPERATION_TYPE.DELETE,
    module: MATERIALS_MODULE,
    targetId: row.materialId,
    summary: text('materials.supplierRemoved', { prdtNo: row.prdtNo, supCode: row.supCode }),
  });
}

/**
 * The supplier's own part number, name and specification for a material, for an order line; null
 * when the supplier is not approved for it. Orders call it inside their own transaction.
 */
export async function findSupplierPartNo(
  tx: Queryable,
  tenantId: string,
  materialId: string,
  supplierId: string,
): Promise<{ supPrdtNo: string; supPrdtName: string; supPrdtSpc: string; poLeadDateNum: number } | null> {
  const [row] = await tx
    .select({
      supPrdtNo: materialSuppliers.supPrdtNo,
      supPrdtName: materialSuppliers.supPrdtName,
      supPrdtSpc: materialSuppliers.supPrdtSpc,
      poLeadDateNum: materialSuppliers.poLeadDateNum,
    })
    .from(materialSuppliers)
    .where(
      and(
        eq(materialSuppliers.tenantId, tenantId),
        eq(materialSuppliers.materialId, materialId),
        eq(materialSuppliers.supplierId, supplierId),
      ),
    )
    .limit(1);
  return row ?? null;
}
