import {
  type ListResult,
  text,
  type Warehouse,
  type warehouseFieldsSchema,
  type warehouseListSchema,
  type warehouseUpdateSchema,
} from '@concord/shared';
import { and, asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { warehouses } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { escapeLike } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { summarizeChanges } from '../operation-logs/operation-logs.service.ts';
import { ADD, assertUnique, DELETE, LOG_MODULES, logChange, UPDATE, updateVersioned } from './basic-data.common.ts';
import { countWarehouseUses } from './material-usage.ts';

type Fields = z.infer<typeof warehouseFieldsSchema>;
type UpdateInput = z.infer<typeof warehouseUpdateSchema>;
type ListQuery = z.infer<typeof warehouseListSchema>;

const columns = {
  id: warehouses.id,
  code: warehouses.code,
  name: warehouses.name,
  segmentCode: warehouses.segmentCode,
  segmentName: warehouses.segmentName,
  featureName: warehouses.featureName,
  featureValue: warehouses.featureValue,
  remarks: warehouses.remarks,
  version: warehouses.version,
  createdAt: warehouses.createdAt,
  updatedAt: warehouses.updatedAt,
};

const SORTABLE = {
  code: warehouses.code,
  name: warehouses.name,
  segmentCode: warehouses.segmentCode,
  createdAt: warehouses.createdAt,
};

const filterOf = (tenantId: string, f: ListQuery['filter'] = {}) =>
  and(
    eq(warehouses.tenantId, tenantId),
    f.keyword
      ? or(ilike(warehouses.code, escapeLike(f.keyword)), ilike(warehouses.name, escapeLike(f.keyword)))
      : undefined,
  );

export async function listWarehouses(
  { tx: q, tenantId }: RequestContext,
  query: ListQuery,
): Promise<ListResult<Warehouse>> {
  const where = filterOf(tenantId, query.filter);
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    q
      .select(columns)
      .from(warehouses)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [warehouses.code, 'asc']), asc(warehouses.id))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(warehouses).where(where),
  ]);
  return { dataList: rows, totalCount: total };
}

/** Every warehouse matching the list's filter, for the export; `max` + 1 rows tell the caller it is too many. */
export async function listWarehousesForExport(
  { tx: q, tenantId }: RequestContext,
  filter: ListQuery['filter'],
  max: number,
): Promise<Warehouse[]> {
  return q
    .select(columns)
    .from(warehouses)
    .where(filterOf(tenantId, filter))
    .orderBy(asc(warehouses.code))
    .limit(max + 1);
}

export function getWarehouse({ tx, tenantId }: RequestContext, id: string): Promise<Warehouse> {
  return loadWarehouse(tx, tenantId, id);
}

async function loadWarehouse(q: Queryable, tenantId: string, id: string): Promise<Warehouse> {
  const [row] = await q
    .select(columns)
    .from(warehouses)
    .where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The codes among `codes` that the tenant already uses (for the import's per-row errors). */
export async function existingWarehouseCodes(q: Queryable, tenantId: string, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const found = new Set<string>();
  for (let i = 0; i < codes.length; i += 5000) {
    const rows = await q
      .select({ code: warehouses.code })
      .from(warehouses)
      .where(and(eq(warehouses.tenantId, tenantId), inArray(warehouses.code, codes.slice(i, i + 5000))));
    for (const r of rows) found.add(r.code);
  }
  return found;
}

const assertCodeFree = (q: Queryable, tenantId: string, code: string, selfId: string | null) =>
  assertUnique(
    q,
    warehouses,
    warehouses.id,
    and(eq(warehouses.tenantId, tenantId), eq(warehouses.code, code)),
    selfId,
    code,
  );

export async function createWarehouse(ctx: RequestContext, input: Fields): Promise<Warehouse> {
  const { tx, tenantId } = ctx;
  return idempotent(tx, ctx.idem, async () => {
    await assertCodeFree(tx, tenantId, input.code, null);
    const id = newId();
    await tx.insert(warehouses).values({ tenantId, id, ...input });
    await logChange(
      ctx,
      ADD,
      LOG_MODULES.warehouses,
      id,
      text('basicData.warehouseCreated', { code: input.code, name: input.name }),
    );
    return loadWarehouse(tx, tenantId, id);
  });
}

/** Inserts checked import rows in chunks, inside the request's transaction: all of them or none. */
export async function insertWarehouses(ctx: RequestContext, rows: Fields[]): Promise<void> {
  const { tx, tenantId } = ctx;
  for (let i = 0; i < rows.length; i += 1000) {
    await tx.insert(warehouses).values(rows.slice(i, i + 1000).map((r) => ({ tenantId, id: newId(), ...r })));
  }
  await logChange(ctx, ADD, LOG_MODULES.warehouses, null, text('basicData.warehousesImported', { count: rows.length }));
}

export async function updateWarehouse(ctx: RequestContext, id: string, input: UpdateInput): Promise<Warehouse> {
  const { tx: q, tenantId } = ctx;
  const before = await loadWarehouse(q, tenantId, id);
  const { version, ...fields } = input;
  await assertCodeFree(q, tenantId, fields.code, id);
  await updateVersioned(q, warehouses, tenantId, id, version, fields);
  const changes = summarizeChanges({ ...before }, fields);
  if (changes)
    await logChange(
      ctx,
      UPDATE,
      LOG_MODULES.warehouses,
      id,
      text('basicData.warehouseUpdated', { code: before.code, changes }),
    );
  return loadWarehouse(q, tenantId, id);
}

/** A warehouse still named by a material or an approved supplier stays. */
export async function deleteWarehouse(ctx: RequestContext, id: string): Promise<void> {
  const { tx: q, tenantId } = ctx;
  const row = await loadWarehouse(q, tenantId, id);
  if ((await countWarehouseUses(q, tenantId, id)) > 0) throw new AppError('WAREHOUSE_IN_USE');
  await q.delete(warehouses).where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.id, id)));
  await logChange(
    ctx,
    DELETE,
    LOG_MODULES.warehouses,
    id,
    text('basicData.warehouseDeleted', { code: row.code, name: row.name }),
  );
}
