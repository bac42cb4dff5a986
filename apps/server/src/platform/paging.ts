import { MAX_PAGE_SIZE } from '@concord/shared';
import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export function pageOf(pageParam?: { pageNum: number; pageSize: number }) {
  const size = Math.min(pageParam?.pageSize ?? 20, MAX_PAGE_SIZE);
  return { limit: size, offset: ((pageParam?.pageNum ?? 1) - 1) * size };
}

/**
 * Sort only on declared columns (QUALITY I-01): unknown field names are dropped, never interpolated.
 * The fallback keeps the order stable when the caller asks for nothing sortable.
 */
export function orderBy(
  orderParam: { fieldName: string; asc: boolean }[] | undefined,
  sortable: Record<string, AnyPgColumn>,
  fallback: [AnyPgColumn, 'asc' | 'desc'],
): SQL[] {
  const chosen = (orderParam ?? [])
    .filter((o) => Object.hasOwn(sortable, o.fieldName))
    .map((o) => (o.asc ? asc(sortable[o.fieldName]) : desc(sortable[o.fieldName])));
  return chosen.length ? chosen : [fallback[1] === 'asc' ? asc(fallback[0]) : desc(fallback[0])];
}
