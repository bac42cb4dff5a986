import {
  type DictionaryItem,
  type DictType,
  type dictionaryFieldsSchema,
  type dictionaryListSchema,
  type dictionaryUpdateSchema,
  type ListResult,
  roundDecimal,
  text,
} from '@concord/shared';
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { dictionaryItems } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { placedDecimal, RATE_INPUT_PLACES } from '../../platform/decimal-places.ts';
import { escapeLike } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { summarizeChanges } from '../operation-logs/operation-logs.service.ts';
import { ADD, assertUnique, DELETE, LOG_MODULES, logChange, UPDATE, updateVersioned } from './basic-data.common.ts';

type Fields = z.infer<typeof dictionaryFieldsSchema>;
type UpdateInput = z.infer<typeof dictionaryUpdateSchema>;
type ListQuery = z.infer<typeof dictionaryListSchema>;

const columns = {
  id: dictionaryItems.id,
  dictType: dictionaryItems.dictType,
  code: dictionaryItems.code,
  name: dictionaryItems.name,
  value: dictionaryItems.value,
  sortOrder: dictionaryItems.sortOrder,
  enabled: dictionaryItems.enabled,
  remarks: dictionaryItems.remarks,
  version: dictionaryItems.version,
  createdAt: dictionaryItems.createdAt,
  updatedAt: dictionaryItems.updatedAt,
};

const toItem = (r: { dictType: string } & Omit<DictionaryItem, 'dictType'>) => ({
  ...r,
  dictType: r.dictType as DictType,
});

/** A dictionary's type as the log names it, in the reader's language. */
const dictTypeText = (dictType: DictType) => text(`basicData.dictType.${dictType}`);

const SORTABLE = {
  dictType: dictionaryItems.dictType,
  code: dictionaryItems.code,
  name: dictionaryItems.name,
  sortOrder: dictionaryItems.sortOrder,
  createdAt: dictionaryItems.createdAt,
};

export async function listDictionaryItems(
  { tx: q, tenantId }: RequestContext,
  query: ListQuery,
): Promise<ListResult<DictionaryItem>> {
  const f = query.filter ?? {};
  const where = and(
    eq(dictionaryItems.tenantId, tenantId),
    f.dictType ? eq(dictionaryItems.dictType, f.dictType) : undefined,
    f.enabled === undefined ? undefined : eq(dictionaryItems.enabled, f.enabled),
    f.keyword
      ? or(ilike(dictionaryItems.code, escapeLike(f.keyword)), ilike(dictionaryItems.name, escapeLike(f.keyword)))
      : undefined,
  );
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    q
      .select(columns)
      .from(dictionaryItems)
      .where(where)
      .orderBy(
        ...orderBy(query.orderParam, SORTABLE, [dictionaryItems.dictType, 'asc']),
        asc(dictionaryItems.sortOrder),
        asc(dictionaryItems.code),
      )
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(dictionaryItems).where(where),
  ]);
  return { dataList: rows.map(toItem), totalCount: total };
}

export function getDictionaryItem({ tx, tenantId }: RequestContext, id: string): Promise<DictionaryItem> {
  return loadDictionaryItem(tx, tenantId, id);
}

async function loadDictionaryItem(q: Queryable, tenantId: string, id: string): Promise<DictionaryItem> {
  const [row] = await q
    .select(columns)
    .from(dictionaryItems)
    .where(and(eq(dictionaryItems.tenantId, tenantId), eq(dictionaryItems.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return toItem(row);
}

const assertCodeFree = (q: Queryable, tenantId: string, input: Fields, selfId: string | null) =>
  assertUnique(
    q,
    dictionaryItems,
    dictionaryItems.id,
    and(
      eq(dictionaryItems.tenantId, tenantId),
      eq(dictionaryItems.dictType, input.dictType),
      eq(dictionaryItems.code, input.code),
    ),
    selfId,
    input.code,
  );

/** The item as stored: its tax-rate percent at the places every rate has (4), more is refused. */
const stored = <T extends Fields>(input: T): T => ({
  ...input,
  value: input.value === null ? null : placedDecimal(input.value, RATE_INPUT_PLACES, 'value'),
});

/** A stored `13.0000` and a sent `13` are the same value to the change log. */
const comparable = <T extends { value: string | null }>(item: T): T => ({
  ...item,
  value: item.value === null ? null : roundDecimal(item.value, RATE_INPUT_PLACES),
});

export async function createDictionaryItem(ctx: RequestContext, input: Fields): Promise<DictionaryItem> {
  const { tx, tenantId } = ctx;
  return idempotent(tx, ctx.idem, async () => {
    const item = stored(input);
    await assertCodeFree(tx, tenantId, item, null);
    const id = newId();
    await tx.insert(dictionaryItems).values({ tenantId, id, ...item });
    await logChange(
      ctx,
      ADD,
      LOG_MODULES.dictionaries,
      id,
      text('basicData.dictionaryItemCreated', {
        dictType: dictTypeText(input.dictType),
        code: input.code,
        name: input.name,
      }),
    );
    return loadDictionaryItem(tx, tenantId, id);
  });
}

export async function updateDictionaryItem(
  ctx: RequestContext,
  id: string,
  input: UpdateInput,
): Promise<DictionaryItem> {
  const { tx: q, tenantId } = ctx;
  const before = await loadDictionaryItem(q, tenantId, id);
  const { version, ...sent } = input;
  const fields = stored(sent);
  await assertCodeFree(q, tenantId, fields, id);
  await updateVersioned(q, dictionaryItems, tenantId, id, version, fields);
  const changes = summarizeChanges(comparable(before), fields);
  if (changes) {
    await logChange(
      ctx,
      UPDATE,
      LOG_MODULES.dictionaries,
      id,
      text('basicData.dictionaryItemUpdated', { dictType: dictTypeText(before.dictType), code: before.code, changes }),
    );
  }
  return loadDictionaryItem(q, tenantId, id);
}

export async function deleteDictionaryItem(ctx: RequestContext, id: string): Promise<void> {
  const { tx: q, tenantId } = ctx;
  const row = await loadDictionaryItem(q, tenantId, id);
  await q.delete(dictionaryItems).where(and(eq(dictionaryItems.tenantId, tenantId), eq(dictionaryItems.id, id)));
  await logChange(
    ctx,
    DELETE,
    LOG_MODULES.dictionaries,
    id,
    text('basicData.dictionaryItemDeleted', { dictType: dictTypeText(row.dictType), code: row.code, name: row.name }),
  );
}
