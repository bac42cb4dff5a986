import {
  type AttributeValueType,
  type attributeFieldsSchema,
  type attributeListSchema,
  type attributeUpdateSchema,
  type featureFieldsSchema,
  type featureListSchema,
  type featureUpdateSchema,
  type ListResult,
  type MaterialAttribute,
  type MaterialFeature,
  text,
} from '@concord/shared';
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { materialAttributes, materialFeatures } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { escapeLike } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { summarizeChanges } from '../operation-logs/operation-logs.service.ts';
import { ADD, assertUnique, DELETE, LOG_MODULES, logChange, UPDATE, updateVersioned } from './basic-data.common.ts';

// ---------------------------------------------------------------------------------------------
// Material attributes

type AttributeFields = z.infer<typeof attributeFieldsSchema>;
type AttributeUpdate = z.infer<typeof attributeUpdateSchema>;

const attributeColumns = {
  id: materialAttributes.id,
  code: materialAttributes.code,
  name: materialAttributes.name,
  valueType: sql<AttributeValueType>`${materialAttributes.valueType}`,
  options: materialAttributes.options,
  remarks: materialAttributes.remarks,
  version: materialAttributes.version,
  createdAt: materialAttributes.createdAt,
  updatedAt: materialAttributes.updatedAt,
};

const ATTRIBUTE_SORTABLE = {
  code: materialAttributes.code,
  name: materialAttributes.name,
  valueType: materialAttributes.valueType,
  createdAt: materialAttributes.createdAt,
};

/** Options belong to the option type only; switching a type away from it drops them. */
const attributeValues = (input: Omit<AttributeFields, never>) => ({
  ...input,
  options: input.valueType === 'option' ? input.options : [],
});

export async function listAttributes(
  { tx: q, tenantId }: RequestContext,
  query: z.infer<typeof attributeListSchema>,
): Promise<ListResult<MaterialAttribute>> {
  const f = query.filter ?? {};
  const where = and(
    eq(materialAttributes.tenantId, tenantId),
    f.valueType ? eq(materialAttributes.valueType, f.valueType) : undefined,
    f.keyword
      ? or(ilike(materialAttributes.code, escapeLike(f.keyword)), ilike(materialAttributes.name, escapeLike(f.keyword)))
      : undefined,
  );
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    q
      .select(attributeColumns)
      .from(materialAttributes)
      .where(where)
      .orderBy(...orderBy(query.orderParam, ATTRIBUTE_SORTABLE, [materialAttributes.code, 'asc']))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(materialAttributes).where(where),
  ]);
  return { dataList: rows, totalCount: total };
}

export function getAttribute({ tx, tenantId }: RequestContext, id: string): Promise<MaterialAttribute> {
  return loadAttribute(tx, tenantId, id);
}

async function loadAttribute(q: Queryable, tenantId: string, id: string): Promise<MaterialAttribute> {
  const [row] = await q
    .select(attributeColumns)
    .from(materialAttributes)
    .where(and(eq(materialAttributes.tenantId, tenantId), eq(materialAttributes.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

const assertAttributeCodeFree = (q: Queryable, tenantId: string, code: string, selfId: string | null) =>
  assertUnique(
    q,
    materialAttributes,
    materialAttributes.id,
    and(eq(materialAttributes.tenantId, tenantId), eq(materialAttributes.code, code)),
    selfId,
    code,
  );

export async function createAttribute(ctx: RequestContext, input: AttributeFields): Promise<MaterialAttribute> {
  const { tx, tenantId } = ctx;
  return idempotent(tx, ctx.idem, async () => {
    await assertAttributeCodeFree(tx, tenantId, input.code, null);
    const id = newId();
    await tx.insert(materialAttributes).values({ tenantId, id, ...attributeValues(input) });
    await logChange(
      ctx,
      ADD,
      LOG_MODULES.attributes,
      id,
      text('basicData.attributeCreated', { code: input.code, name: input.name }),
    );
    return loadAttribute(tx, tenantId, id);
  });
}

export async function updateAttribute(
  ctx: RequestContext,
  id: string,
  input: AttributeUpdate,
): Promise<MaterialAttribute> {
  const { tx: q, tenantId } = ctx;
  const before = await loadAttribute(q, tenantId, id);
  const { version, ...rest } = input;
  const fields = attributeValues(rest);
  await assertAttributeCodeFree(q, tenantId, fields.code, id);
  await updateVersioned(q, materialAttributes, tenantId, id, version, fields);
  const changes = summarizeChanges({ ...before }, fields);
  if (changes)
    await logChange(
      ctx,
      UPDATE,
      LOG_MODULES.attributes,
      id,
      text('basicData.attributeUpdated', { code: before.code, changes }),
    );
  return loadAttribute(q, tenantId, id);
}

export async function deleteAttribute(ctx: RequestContext, id: string): Promise<void> {
  const { tx: q, tenantId } = ctx;
  const row = await loadAttribute(q, tenantId, id);
  await q
    .delete(materialAttributes)
    .where(and(eq(materialAttributes.tenantId, tenantId), eq(materialAttributes.id, id)));
  await logChange(
    ctx,
    DELETE,
    LOG_MODULES.attributes,
    id,
    text('basicData.attributeDeleted', { code: row.code, name: row.name }),
  );
}

// ---------------------------------------------------------------------------------------------
// Features: a name and its values

type FeatureFields = z.infer<typeof featureFieldsSchema>;
type FeatureUpdate = z.infer<typeof featureUpdateSchema>;

const featureColumns = {
  id: materialFeatures.id,
  name: materialFeatures.name,
  featureValues: materialFeatures.featureValues,
  remarks: materialFeatures.remarks,
  version: materialFeatures.version,
  createdAt: materialFeatures.createdAt,
  updatedAt: materialFeatures.updatedAt,
};

const FEATURE_SORTABLE = { name: materialFeatures.name, createdAt: materialFeatures.createdAt };

export async function listFeatures(
  { tx: q, tenantId }: RequestContext,
  query: z.infer<typeof featureListSchema>,
): Promise<ListResult<MaterialFeature>> {
  const f = query.filter ?? {};
  const where = and(
    eq(materialFeatures.tenantId, tenantId),
    f.keyword ? ilike(materialFeatures.name, escapeLike(f.keyword)) : undefined,
  );
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    q
      .select(featureColumns)
      .from(materialFeatures)
      .where(where)
      .orderBy(...orderBy(query.orderParam, FEATURE_SORTABLE, [materialFeatures.name, 'asc']), asc(materialFeatures.id))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(materialFeatures).where(where),
  ]);
  return { dataList: rows, totalCount: total };
}

export function getFeature({ tx, tenantId }: RequestContext, id: string): Promise<MaterialFeature> {
  return loadFeature(tx, tenantId, id);
}

async function loadFeature(q: Queryable, tenantId: string, id: string): Promise<MaterialFeature> {
  const [row] = await q
    .select(featureColumns)
    .from(materialFeatures)
    .where(and(eq(materialFeatures.tenantId, tenantId), eq(materialFeatures.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

const assertFeatureNameFree = (q: Queryable, tenantId: string, name: string, selfId: string | null) =>
  assertUnique(
    q,
    materialFeatures,
    materialFeatures.id,
    and(eq(materialFeatures.tenantId, tenantId), eq(materialFeatures.name, name)),
    selfId,
    name,
  );

export async function createFeature(ctx: RequestContext, input: FeatureFields): Promise<MaterialFeature> {
  const { tx, tenantId } = ctx;
  return idempotent(tx, ctx.idem, async () => {
    await assertFeatureNameFree(tx, tenantId, input.name, null);
    const id = newId();
    await tx.insert(materialFeatures).values({ tenantId, id, ...input });
    await logChange(ctx, ADD, LOG_MODULES.features, id, text('basicData.featureCreated', { name: input.name }));
    return loadFeature(tx, tenantId, id);
  });
}

export async function updateFeature(ctx: RequestContext, id: string, input: FeatureUpdate): Promise<MaterialFeature> {
  const { tx: q, tenantId } = ctx;
  const before = await loadFeature(q, tenantId, id);
  const { version, ...fields } = input;
  await assertFeatureNameFree(q, tenantId, fields.name, id);
  await updateVersioned(q, materialFeatures, tenantId, id, version, fields);
  const changes = summarizeChanges({ ...before }, fields);
  if (changes)
    await logChange(
      ctx,
      UPDATE,
      LOG_MODULES.features,
      id,
      text('basicData.featureUpdated', { name: before.name, changes }),
    );
  return loadFeature(q, tenantId, id);
}

export async function deleteFeature(ctx: RequestContext, id: string): Promise<void> {
  const { tx: q, tenantId } = ctx;
  const row = await loadFeature(q, tenantId, id);
  await q.delete(materialFeatures).where(and(eq(materialFeatures.tenantId, tenantId), eq(materialFeatures.id, id)));
  await logChange(ctx, DELETE, LOG_MODULES.features, id, text('basicData.featureDeleted', { name: row.name }));
}
