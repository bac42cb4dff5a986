import {
  type ListResult,
  MEMBER_STATUS,
  OPERATION_TYPE,
  type SupplierClass,
  type SupplierClassBuyerOption,
  type supplierClassFieldsSchema,
  type supplierClassListSchema,
  type supplierClassUpdateSchema,
  text,
} from '@concord/shared';
import { and, asc, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import {
  memberships,
  potentialSuppliers,
  qualificationRequirements,
  supplierClasses,
  suppliers,
  users,
} from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { actorOf, escapeLike } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { recordOperation, summarizeChanges } from '../operation-logs/operation-logs.service.ts';

export const CLASSES_MODULE = 'supplier-classes';

type Fields = z.infer<typeof supplierClassFieldsSchema>;
type UpdateInput = z.infer<typeof supplierClassUpdateSchema>;
type ListQuery = z.infer<typeof supplierClassListSchema>;

const columns = {
  id: supplierClasses.id,
  code: supplierClasses.code,
  name: supplierClasses.name,
  buyerUserId: supplierClasses.buyerUserId,
  buyerName: sql<string | null>`nullif(coalesce(nullif(${users.name}, ''), ${users.username}), '')`,
  groupControl: supplierClasses.groupControl,
  supplierCount: sql<number>`(select count(*)::int from ${suppliers} s
    where s.tenant_id = ${supplierClasses.tenantId} and s.supplier_class_id = ${supplierClasses.id})`,
  version: supplierClasses.version,
  createdAt: supplierClasses.createdAt,
};

const selectClasses = (q: Queryable) =>
  q.select(columns).from(supplierClasses).leftJoin(users, eq(users.id, supplierClasses.buyerUserId));

const SORTABLE = { code: supplierClasses.code, name: supplierClasses.name, createdAt: supplierClasses.createdAt };

export async function listSupplierClasses(
  { tx: q, tenantId }: RequestContext,
  query: ListQuery,
): Promise<ListResult<SupplierClass>> {
  const f = query.filter ?? {};
  const where = and(
    eq(supplierClasses.tenantId, tenantId),
    f.keyword
      ? or(ilike(supplierClasses.code, escapeLike(f.keyword)), ilike(supplierClasses.name, escapeLike(f.keyword)))
      : undefined,
  );
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    selectClasses(q)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [supplierClasses.code, 'asc']), asc(supplierClasses.id))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(supplierClasses).where(where),
  ]);
  return { dataList: rows, totalCount: total };
}

export function getSupplierClass({ tx, tenantId }: RequestContext, id: string): Promise<SupplierClass> {
  return loadSupplierClass(tx, tenantId, id);
}

async function loadSupplierClass(q: Queryable, tenantId: string, id: string): Promise<SupplierClass> {
  const [row] = await selectClasses(q)
    .where(and(eq(supplierClasses.tenantId, tenantId), eq(supplierClasses.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The members a class's buyer can be chosen from. */
export function listBuyerOptions({ tx, tenantId }: RequestContext): Promise<SupplierClassBuyerOption[]> {
  return buyerOptions(tx, tenantId);
}

async function buyerOptions(q: Queryable, tenantId: string): Promise<SupplierClassBuyerOption[]> {
  return q
    .select({ userId: users.id, name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.username})` })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.status, MEMBER_STATUS.JOINED)))
    .orderBy(asc(users.username));
}

async function assertValid(q: Queryable, tenantId: string, input: Fields, selfId: string | null) {
  const [taken] = await q
    .select({ id: supplierClasses.id })
    .from(supplierClasses)
    .where(
      and(
        eq(supplierClasses.tenantId, tenantId),
        eq(supplierClasses.code, input.code),
        selfId ? ne(supplierClasses.id, selfId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw new AppError('DUPLICATE', { field: input.code });
  if (input.buyerUserId) {
    const options = await buyerOptions(q, tenantId);
    if (!options.some((o) => o.userId === input.buyerUserId)) throw new AppError('VALIDATION_FAILED');
  }
}

export async function createSupplierClass(
  { tx, auth, tenantId, idem }: RequestContext,
  input: Fields,
): Promise<SupplierClass> {
  return idempotent(tx, idem, async () => {
    await assertValid(tx, tenantId, input, null);
    const id = newId();
    await tx.insert(supplierClasses).values({ tenantId, id, ...input });
    await recordOperation(tx, actorOf(auth), {
      type: OPERATION_TYPE.ADD,
      module: CLASSES_MODULE,
      targetId: id,
      summary: text('suppliers.classCreated', { code: input.code, name: input.name }),
    });
    return loadSupplierClass(tx, tenantId, id);
  });
}

export async function updateSupplierClass(
  { tx: q, auth, tenantId }: RequestContext,
  id: string,
  input: UpdateInput,
): Promise<SupplierClass> {
  const before = await loadSupplierClass(q, tenantId, id);
  const { version, ...fields } = input;
  await assertValid(q, tenantId, fields, id);
  const [updated] = await q
    .update(supplierClasses)
    .set({ ...fields, version: sql`${supplierClasses.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(eq(supplierClasses.tenantId, tenantId), eq(supplierClasses.id, id), eq(supplierClasses.version, version)),
    )
    .returning({ id: supplierClasses.id });
  if (!updated) throw new AppError('CONFLICT');
  const changes = summarizeChanges({ ...before }, fields);
  if (changes) {
    await recordOperation(q, actorOf(auth), {
      type: OPERATION_TYPE.UPDATE,
      module: CLASSES_MODULE,
      targetId: id,
      summary: text('suppliers.classUpdated', { code: fields.code, changes }),
    });
  }
  return loadSupplierClass(q, tenantId, id);
}

/** A class still given to a supplier or a potential supplier, or named by a qualification requirement, stays. */
export async function deleteSupplierClass({ tx: q, auth, tenantId }: RequestContext, id: string): Promise<void> {
  const row = await loadSupplierClass(q, tenantId, id);
  const [prospects] = await q
    .select({ n: count() })
    .from(potentialSuppliers)
    .where(and(eq(potentialSuppliers.tenantId, tenantId), eq(potentialSuppliers.supplierClassId, id)));
  const [requirements] = await q
    .select({ n: count() })
    .from(qualificationRequirements)
    .where(
      and(
        eq(qualificationRequirements.tenantId, tenantId),
        eq(qualificationRequirements.scopeType, 'class'),
        eq(qualificationRequirements.scopeId, id),
      ),
    );
  if (row.supplierCount > 0 || prospects.n > 0 || requirements.n > 0) throw new AppError('SUPPLIER_CLASS_IN_USE');
  await q.delete(supplierClasses).where(and(eq(supplierClasses.tenantId, tenantId), eq(supplierClasses.id, id)));
  await recordOperation(q, actorOf(auth), {
    type: OPERATION_TYPE.DELETE,
    module: CLASSES_MODULE,
    targetId: id,
    summary: text('suppliers.classDeleted', { code: row.code, name: row.name }),
  });
}
