import {
  type EvaluationItem,
  type evaluationItemFieldsSchema,
  type evaluationItemListSchema,
  type evaluationItemUpdateSchema,
  type ListResult,
  text,
} from '@concord/shared';
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { evaluationItems } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { escapeLike } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { summarizeChanges } from '../operation-logs/operation-logs.service.ts';
import { ADD, assertUnique, DELETE, LOG_MODULES, logChange, UPDATE, updateVersioned } from './basic-data.common.ts';

type Fields = z.infer<typeof evaluationItemFieldsSchema>;
type UpdateInput = z.infer<typeof evaluationItemUpdateSchema>;
type ListQuery = z.infer<typeof evaluationItemListSchema>;

const columns = {
  id: evaluationItems.id,
  code: evaluationItems.code,
  name: evaluationItems.name,
  reviewCriteria: evaluationItems.reviewCriteria,
  maxScore: evaluationItems.maxScore,
  options: evaluationItems.options,
  enabled: evaluationItems.enabled,
  remarks: evaluationItems.remarks,
  version: evaluationItems.version,
  createdAt: evaluationItems.createdAt,
  updatedAt: evaluationItems.updatedAt,
};

const toItem = (r: Omit<EvaluationItem, 'maxScore'> & { maxScore: string }): EvaluationItem => ({
  ...r,
  maxScore: Number(r.maxScore),
});

const SORTABLE = { code: evaluationItems.code, name: evaluationItems.name, createdAt: evaluationItems.createdAt };

/** Options are kept from the highest score down, the order a reviewer reads them in. */
const values = (input: Fields) => ({
  ...input,
  maxScore: String(input.maxScore),
  options: [...input.options].sort((a, b) => b.score - a.score),
});

export async function listEvaluationItems(
  { tx: q, tenantId }: RequestContext,
  query: ListQuery,
): Promise<ListResult<EvaluationItem>> {
  const f = query.filter ?? {};
  const where = and(
    eq(evaluationItems.tenantId, tenantId),
    f.enabled === undefined ? undefined : eq(evaluationItems.enabled, f.enabled),
    f.keyword
      ? or(ilike(evaluationItems.code, escapeLike(f.keyword)), ilike(evaluationItems.name, escapeLike(f.keyword)))
      : undefined,
  );
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    q
      .select(columns)
      .from(evaluationItems)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [evaluationItems.code, 'asc']), asc(evaluationItems.id))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(evaluationItems).where(where),
  ]);
  return { dataList: rows.map(toItem), totalCount: total };
}

export function getEvaluationItem({ tx, tenantId }: RequestContext, id: string): Promise<EvaluationItem> {
  return loadEvaluationItem(tx, tenantId, id);
}

async function loadEvaluationItem(q: Queryable, tenantId: string, id: string): Promise<EvaluationItem> {
  const [row] = await q
    .select(columns)
    .from(evaluationItems)
    .where(and(eq(evaluationItems.tenantId, tenantId), eq(evaluationItems.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return toItem(row);
}

const assertCodeFree = (q: Queryable, tenantId: string, code: string, selfId: string | null) =>
  assertUnique(
    q,
    evaluationItems,
    evaluationItems.id,
    and(eq(evaluationItems.tenantId, tenantId), eq(evaluationItems.code, code)),
    selfId,
    code,
  );

export async function createEvaluationItem(ctx: RequestContext, input: Fields): Promise<EvaluationItem> {
  const { tx, tenantId } = ctx;
  return idempotent(tx, ctx.idem, async () => {
    await assertCodeFree(tx, tenantId, input.code, null);
    const id = newId();
    await tx.insert(evaluationItems).values({ tenantId, id, ...values(input) });
    await logChange(
      ctx,
      ADD,
      LOG_MODULES.evaluationItems,
      id,
      text('basicData.evaluationItemCreated', { code: input.code, name: input.name }),
    );
    return loadEvaluationItem(tx, tenantId, id);
  });
}

export async function updateEvaluationItem(
  ctx: RequestContext,
  id: string,
  input: UpdateInput,
): Promise<EvaluationItem> {
  const { tx: q, tenantId } = ctx;
  const before = await loadEvaluationItem(q, tenantId, id);
  const { version, ...fields } = input;
  await assertCodeFree(q, tenantId, fields.code, id);
  await updateVersioned(q, evaluationItems, tenantId, id, version, values(fields));
  const changes = summarizeChanges({ ...before }, fields);
  if (changes)
    await logChange(
      ctx,
      UPDATE,
      LOG_MODULES.evaluationItems,
      id,
      text('basicData.evaluationItemUpdated', { code: before.code, changes }),
    );
  return loadEvaluationItem(q, tenantId, id);
}

export async function deleteEvaluationItem(ctx: RequestContext, id: string): Promise<void> {
  const { tx: q, tenantId } = ctx;
  const row = await loadEvaluationItem(q, tenantId, id);
  await q.delete(evaluationItems).where(and(eq(evaluationItems.tenantId, tenantId), eq(evaluationItems.id, id)));
  await logChange(
    ctx,
    DELETE,
    LOG_MODULES.evaluationItems,
    id,
    text('basicData.evaluationItemDeleted', { code: row.code, name: row.name }),
  );
}
