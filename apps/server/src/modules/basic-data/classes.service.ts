import {
  type ListResult,
  type MaterialClass,
  type MaterialClassNode,
  type materialClassFieldsSchema,
  type materialClassListSchema,
  type materialClassUpdateSchema,
  text,
} from '@concord/shared';
import { and, asc, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { materialClasses } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { escapeLike } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { summarizeChanges } from '../operation-logs/operation-logs.service.ts';
import { ADD, DELETE, LOG_MODULES, logChange, UPDATE, updateVersioned } from './basic-data.common.ts';
import { countMaterialsOfClass } from './material-usage.ts';

type Fields = z.infer<typeof materialClassFieldsSchema>;
type UpdateInput = z.infer<typeof materialClassUpdateSchema>;
type ListQuery = z.infer<typeof materialClassListSchema>;

const parent = alias(materialClasses, 'parent');

const columns = {
  id: materialClasses.id,
  parentId: materialClasses.parentId,
  parentName: parent.name,
  code: materialClasses.code,
  name: materialClasses.name,
  erpClassCode: materialClasses.erpClassCode,
  sortOrder: materialClasses.sortOrder,
  remarks: materialClasses.remarks,
  childCount: sql<number>`(select count(*)::int from ${materialClasses} c
    where c.tenant_id = ${materialClasses.tenantId} and c.parent_id = ${materialClasses.id})`,
  version: materialClasses.version,
  createdAt: materialClasses.createdAt,
  updatedAt: materialClasses.updatedAt,
};

const selectClasses = (q: Queryable) =>
  q
    .select(columns)
    .from(materialClasses)
    .leftJoin(parent, and(eq(parent.tenantId, materialClasses.tenantId), eq(parent.id, materialClasses.parentId)));

const SORTABLE = {
  code: materialClasses.code,
  name: materialClasses.name,
  sortOrder: materialClasses.sortOrder,
  createdAt: materialClasses.createdAt,
};

export async function listMaterialClasses(
  { tx: q, tenantId }: RequestContext,
  query: ListQuery,
): Promise<ListResult<MaterialClass>> {
  const f = query.filter ?? {};
  const where = and(
    eq(materialClasses.tenantId, tenantId),
    f.keyword
      ? or(ilike(materialClasses.code, escapeLike(f.keyword)), ilike(materialClasses.name, escapeLike(f.keyword)))
      : undefined,
    f.parentId ? eq(materialClasses.parentId, f.parentId) : undefined,
  );
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    selectClasses(q)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [materialClasses.sortOrder, 'asc']), asc(materialClasses.code))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(materialClasses).where(where),
  ]);
  return { dataList: rows, totalCount: total };
}

/** The whole tree, siblings by sort order then code. Class trees stay small (hundreds of nodes). */
export async function getMaterialClassTree({ tx: q, tenantId }: RequestContext): Promise<MaterialClassNode[]> {
  const rows = await q
    .select({
      id: materialClasses.id,
      parentId: materialClasses.parentId,
      code: materialClasses.code,
      name: materialClasses.name,
      erpClassCode: materialClasses.erpClassCode,
      sortOrder: materialClasses.sortOrder,
      remarks: materialClasses.remarks,
      version: materialClasses.version,
      createdAt: materialClasses.createdAt,
      updatedAt: materialClasses.updatedAt,
    })
    .from(materialClasses)
    .where(eq(materialClasses.tenantId, tenantId))
    .orderBy(asc(materialClasses.sortOrder), asc(materialClasses.code));
  const nodes = new Map<string, MaterialClassNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: MaterialClassNode[] = [];
  for (const node of nodes.values()) {
    const up = node.parentId ? nodes.get(node.parentId) : undefined;
    (up ? up.children : roots).push(node);
  }
  return roots;
}

export function getMaterialClass({ tx, tenantId }: RequestContext, id: string): Promise<MaterialClass> {
  return loadMaterialClass(tx, tenantId, id);
}

async function loadMaterialClass(q: Queryable, tenantId: string, id: string): Promise<MaterialClass> {
  const [row] = await selectClasses(q)
    .where(and(eq(materialClasses.tenantId, tenantId), eq(materialClasses.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Tree writes of one tenant run one at a time, so two moves cannot together close a cycle. */
const lockTree = (q: Queryable, tenantId: string) =>
  q.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`material_classes:${tenantId}`}, 0))`);

/** The parent exists in the tenant and is neither the class itself nor below it (spec §5). */
async function assertParent(q: Queryable, tenantId: string, parentId: string | null, selfId: string | null) {
  if (!parentId) return;
  if (parentId === selfId) throw new AppError('MATERIAL_CLASS_PARENT_INVALID');
  const chain = await q.execute<{ id: string }>(sql`
    with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from ${materialClasses} where tenant_id = ${tenantId} and id = ${parentId}
      union all
      select c.id, c.parent_id, up.depth + 1 from ${materialClasses} c
        join up on c.id = up.parent_id
       where c.tenant_id = ${tenantId} and up.depth < 1000
    )
    select id::text as id from up`);
  if (chain.rows.length === 0) throw new AppError('MATERIAL_CLASS_PARENT_INVALID');
  if (selfId && chain.rows.some((r) => r.id === selfId)) throw new AppError('MATERIAL_CLASS_PARENT_INVALID');
}

async function assertCodeFree(q: Queryable, tenantId: string, code: string, selfId: string | null) {
  const [taken] = await q
    .select({ id: materialClasses.id })
    .from(materialClasses)
    .where(
      and(
        eq(materialClasses.tenantId, tenantId),
        eq(materialClasses.code, code),
        selfId ? ne(materialClasses.id, selfId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw new AppError('DUPLICATE', { field: code });
}

export async function createMaterialClass(ctx: RequestContext, input: Fields): Promise<MaterialClass> {
  const { tx, tenantId } = ctx;
  return idempotent(tx, ctx.idem, async () => {
    await lockTree(tx, tenantId);
    await assertCodeFree(tx, tenantId, input.code, null);
    await assertParent(tx, tenantId, input.parentId, null);
    const id = newId();
    await tx.insert(materialClasses).values({ tenantId, id, ...input });
    await logChange(
      ctx,
      ADD,
      LOG_MODULES.classes,
      id,
      text('basicData.classCreated', { code: input.code, name: input.name }),
    );
    return loadMaterialClass(tx, tenantId, id);
  });
}

export async function updateMaterialClass(ctx: RequestContext, id: string, input: UpdateInput): Promise<MaterialClass> {
  const { tx: q, tenantId } = ctx;
  await lockTree(q, tenantId);
  const before = await loadMaterialClass(q, tenantId, id);
  const { version, ...fields } = input;
  await assertCodeFree(q, tenantId, fields.code, id);
  await assertParent(q, tenantId, fields.parentId, id);
  await updateVersioned(q, materialClasses, tenantId, id, version, fields);
  const changes = summarizeChanges({ ...before }, fields);
  if (changes)
    await logChange(
      ctx,
      UPDATE,
      LOG_MODULES.classes,
      id,
      text('basicData.classUpdated', { code: before.code, changes }),
    );
  return loadMaterialClass(q, tenantId, id);
}

/** A class with subclasses or materials stays (spec: a class in use cannot be deleted). */
export async function deleteMaterialClass(ctx: RequestContext, id: string): Promise<void> {
  const { tx: q, tenantId } = ctx;
  await lockTree(q, tenantId);
  const row = await loadMaterialClass(q, tenantId, id);
  if (row.childCount > 0) throw new AppError('MATERIAL_CLASS_HAS_CHILDREN');
  if ((await countMaterialsOfClass(q, tenantId, id)) > 0) throw new AppError('MATERIAL_CLASS_IN_USE');
  await q.delete(materialClasses).where(and(eq(materialClasses.tenantId, tenantId), eq(materialClasses.id, id)));
  await logChange(
    ctx,
    DELETE,
    LOG_MODULES.classes,
    id,
    text('basicData.classDeleted', { code: row.code, name: row.name }),
  );
}
