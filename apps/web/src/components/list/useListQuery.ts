import {
  keepPreviousData,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
  useQuery,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { useListParams } from './useListParams.ts';

type Paging = Pick<ReturnType<typeof useListParams>, 'page' | 'size' | 'update'>;

/** A query's result whose rows may be the previous page's; each state keeps its narrowing (`isError` → `error`). */
type KeptData<R, T> = R extends unknown ? Omit<R, 'data'> & { data: T | undefined } : never;
export type ListQueryResult<T> = KeptData<UseQueryResult<T, Error>, T>;

/**
 * A list's query (spec §4): while the next page loads the current rows stay, and a page that fails to
 * load keeps the previous page on screen — its rows, and the pager back on its page and size — while
 * the error is reported as any query's is.
 */
export function useListQuery<T>(
  options: Omit<UseQueryOptions<T, Error, T, QueryKey>, 'placeholderData'>,
  paging: Paging,
): ListQueryResult<T> {
  const query = useQuery({ ...options, placeholderData: keepPreviousData });
  const last = useRef<{ page: number; size: number; data: T } | null>(null);
  const loaded = query.isSuccess && !query.isPlaceholderData ? query.data : undefined;
  const { page, size, update } = paging;

  useEffect(() => {
    if (loaded !== undefined) last.current = { page, size, data: loaded };
  }, [loaded, page, size]);

  const previous = query.isError ? last.current : null;
  useEffect(() => {
    if (previous && (previous.page !== page || previous.size !== size)) {
      update({ page: previous.page, size: previous.size }, false);
    }
  }, [previous, page, size, update]);

  return (previous ? { ...query, data: previous.data } : query) as ListQueryResult<T>;
}
