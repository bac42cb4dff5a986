import {
  type ListResult,
  type MaterialCustomer,
  type materialCustomerFieldsSchema,
  type materialCustomerListSchema,
  type materialCustomerUpdateSchema,
  OPERATION_TYPE,
  text,
} from '@concord/shared';
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { customers, materialCustomers } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { actorOf, escapeLike } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { recordOperation, summarizeChanges } from '../operation-logs/operation-logs.service.ts';
import { CUSTOMER_DECIMALS, loggedValues, materialPlaces, placedFields } from './materials.decimals.ts';
import { isUniqueViolation } from './materials.service.ts';

/**
 * The supplier's material-customer relation (spec §2 /sale/prod-customer): its own material, the
 * customer's material and how it packs. Owned by the supplier tenant; the customer never reads it.
 */

export const MATERIAL_CUSTOMERS_MODULE = 'material-customers';

type Fields = z.output<typeof materialCustomerFieldsSchema>;
type UpdateInput = z.output<typeof materialCustomerUpdateSchema>;
type ListQuery = z.output<typeof materialCustomerListSchema>;

const mc = materialCustomers;

const columns = {
  id: mc.id,
  customerId: mc.customerId,
  customerName: customers.poName,
  custPrdtCode: mc.custPrdtCode,
  custPrdtName: mc.custPrdtName,
  custPrdtSpc: mc.custPrdtSpc,
  prdtNo: mc.prdtNo,
  prdtName: mc.prdtName,
  lengthCm: mc.lengthCm,
  widthCm: mc.widthCm,
  heightCm: mc.heightCm,
  taxCode: mc.taxCode,
  taxName: mc.taxName,
  materialQty: mc.materialQty,
  smallQty: mc.smallQty,
  outerQty: mc.outerQty,
  minQty: mc.minQty,
  overdeliveryRate: mc.overdeliveryRate,
  remarks: mc.remarks,
  version: mc.version,
  updatedAt: mc.updatedAt,
};

const select = (q: Queryable) =>
  q
    .select(columns)
    .from(mc)
    .innerJoin(customers, and(eq(customers.tenantId, mc.tenantId), eq(customers.id, mc.customerId)));

const SORTABLE = { custPrdtCode: mc.custPrdtCode, prdtNo: mc.prdtNo, updatedAt: mc.updatedAt };

export async function listMaterialCustomers(
  { tx: q, tenantId }: RequestContext,
  query: ListQuery,
): Promise<ListResult<MaterialCustomer>> {
  const f = query.filter ?? {};
  const where = and(
    eq(mc.tenantId, tenantId),
    f.customerId ? eq(mc.customerId, f.customerId) : undefined,
    f.keyword
      ? or(
          ilike(mc.custPrdtCode, escapeLike(f.keyword)),
          ilike(mc.custPrdtName, escapeLike(f.keyword)),
          ilike(mc.prdtNo, escapeLike(f.keyword)),
          ilike(mc.prdtName, escapeLike(f.keyword)),
        )
      : undefined,
  );
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    select(q)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [mc.custPrdtCode, 'asc']), asc(mc.id))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(mc).where(where),
  ]);
  return { dataList: rows, totalCount: total };
}

export function getMaterialCustomer({ tx, tenantId }: RequestContext, id: string): Promise<MaterialCustomer> {
  return loadMaterialCustomer(tx, tenantId, id);
}

async function loadMaterialCustomer(q: Queryable, tenantId: string, id: string): Promise<MaterialCustomer> {
  const [row] = await select(q)
    .where(and(eq(mc.tenantId, tenantId), eq(mc.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function assertCustomer(q: Queryable, tenantId: string, customerId: string) {
  const [row] = await q
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)))
    .limit(1);
  if (!row) throw new AppError('MATERIAL_REFERENCE_NOT_FOUND', { field: 'customer' });
}

export async function createMaterialCustomer(ctx: RequestContext, request: Fields): Promise<MaterialCustomer> {
  const { tx, auth, tenantId } = ctx;
  return idempotent(tx, ctx.idem, async () => {
    const input = placedFields(request, CUSTOMER_DECIMALS, await materialPlaces(tx, tenantId));
    await assertCustomer(tx, tenantId, input.customerId);
    const id = newId();
    const [inserted] = await tx
      .insert(mc)
      .values({ tenantId, id, ...input })
      .onConflictDoNothing()
      .returning({ id: mc.id });
    if (!inserted) throw new AppError('MATERIAL_CUSTOMER_TAKEN', { code: input.custPrdtCode });
    await recordOperation(tx, actorOf(auth), {
      type: OPERATION_TYPE.ADD,
      module: MATERIAL_CUSTOMERS_MODULE,
      targetId: id,
      summary: input.prdtNo
        ? text('materials.customerMaterialRelated', {
            prdtNo: input.prdtNo,
            custPrdtCode: input.custPrdtCode,
            custPrdtName: input.custPrdtName,
          })
        : text('materials.customerMaterialAdded', {
            custPrdtCode: input.custPrdtCode,
            custPrdtName: input.custPrdtName,
          }),
    });
    return loadMaterialCustomer(tx, tenantId, id);
  });
}

export async function updateMaterialCustomer(
  { tx: q, auth, tenantId }: RequestContext,
  id: string,
  input: UpdateInput,
): Promise<MaterialCustomer> {
  const before = await loadMaterialCustomer(q, tenantId, id);
  const { version, ...fields } = placedFields(input, CUSTOMER_DECIMALS, await materialPlaces(q, tenantId));
  await assertCustomer(q, tenantId, fields.customerId);
  let updated: { id: string } | undefined;
  try {
    [updated] = await q
      .update(mc)
      .set({ ...fields, version: sql`${mc.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(mc.tenantId, tenantId), eq(mc.id, id), eq(mc.version, version)))
      .returning({ id: mc.id });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('MATERIAL_CUSTOMER_TAKEN', { code: fields.custPrdtCode });
    throw err;
  }
  if (!updated) throw new AppError('CONFLICT');
  const keys = Object.keys(fields) as (keyof typeof fields)[];
  const decimals = Object.keys(CUSTOMER_DECIMALS);
  const changes = summarizeChanges(loggedValues(before, keys, decimals), loggedValues(fields, keys, decimals));
  if (changes) {
    await recordOperation(q, actorOf(auth), {
      type: OPERATION_TYPE.UPDATE,
      module: MATERIAL_CUSTOMERS_MODULE,
      targetId: id,
      summary: text('materials.customerMaterialUpdated', { custPrdtCode: before.custPrdtCode, changes }),
    });
  }
  return loadMaterialCustomer(q, tenantId, id);
}

export async function deleteMaterialCustomer({ tx: q, auth, tenantId }: RequestContext, id: string): Promise<void> {
  const row = await loadMaterialCustomer(q, tenantId, id);
  await q.delete(mc).where(and(eq(mc.tenantId, tenantId), eq(mc.id, id)));
  await recordOperation(q, actorOf(auth), {
    type: OPERATION_TYPE.DELETE,
    module: MATERIAL_CUSTOMERS_MODULE,
    targetId: id,
    summary: text('materials.customerMaterialRemoved', { custPrdtCode: row.custPrdtCode }),
  });
}
