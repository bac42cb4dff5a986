import type {
  ListResult,
  Warehouse,
  warehouseFieldsSchema,
  warehouseListSchema,
  warehouseUpdateSchema,
} from '@concord/shared';
import { and, asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.ts';
import { warehouses } from '../../db/schema.ts';
import { type Auth, inTenantTx } from '../../platform/context.ts';
import { escapeLike } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { type IdempotencyScope, idempotent } from '../../platform/idempotency.ts';
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

export async function listWarehouses(q: Queryable, tenantId: string, query: ListQuery): Promise<ListResult<Warehouse>> {
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
  q: Queryable,
  tenantId: string,
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

export async function getWarehouse(q: Queryable, tenantId: string, id: string): Promise<Warehouse> {
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

export async function createWarehouse(db: Db, auth: Auth, input: Fields, scope: IdempotencyScope): Promise<Warehouse> {
  const tenantId = auth.tenantId!;
  return inTenantTx(db, tenantId, (tx) =>
    idempotent(tx, scope, async () => {
      await assertCodeFree(tx, tenantId, input.code, null);
      const id = newId();
      await tx.insert(warehouses).values({ tenantId, id, ...input });
      await logChange(tx, auth, ADD, LOG_MODULES.warehouses, id, `created the warehouse ${input.code} ${input.name}`);
      return getWarehouse(tx, tenantId, id);
    }),
  );
}

/** Inserts checked import rows in chunks, inside the caller's transaction: all of them or none. */
export async function insertWarehouses(q: Queryable, auth: Auth, rows: Fields[]): Promise<void> {
  const tenantId = auth.tenantId!;
  for (let i = 0; i < rows.length; i += 1000) {
    await q.insert(warehouses).values(rows.slice(i, i + 1000).map((r) => ({ tenantId, id: newId(), ...r })));
  }
  await logChange(q, auth, ADD, LOG_MODULES.warehouses, null, `imported ${rows.length} warehouse(s)`);
}

export async function updateWarehouse(q: Queryable, auth: Auth, id: string, input: UpdateInput): Promise<Warehouse> {
  const tenantId = auth.tenantId!;
  const before = await getWarehouse(q, tenantId, id);
  const { version, ...fields } = input;
  await assertCodeFree(q, tenantId, fields.code, id);
  await updateVersioned(q, warehouses, tenantId, id, version, fields);
  const changes = summarizeChanges({ ...before }, fields);
  if (changes) await logChange(q, auth, UPDATE, LOG_MODULES.warehouses, id, `${before.code}: ${changes}`);
  return getWarehouse(q, tenantId, id);
}

/** A warehouse still named by a material or an approved supplier stays. */
export async function deleteWarehouse(q: Queryable, auth: Auth, id: string): Promise<void> {
  const tenantId = auth.tenantId!;
  const row = await getWarehouse(q, tenantId, id);
  if ((await countWarehouseUses(q, tenantId, id)) > 0) throw new AppError('WAREHOUSE_IN_USE');
  await q.delete(warehouses).where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.id, id)));
  await logChange(q, auth, DELETE, LOG_MODULES.warehouses, id, `deleted the warehouse ${row.code} ${row.name}`);
}
