import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** UI.md / spec §9 generic pagination: page 1, 20 rows, sizes 10/20/30/50. */
export const PAGE_SIZES = [10, 20, 30, 50];
export const DEFAULT_PAGE_SIZE = 20;
const DATE_PARAM = /^\d{4}-\d{2}-\d{2}$/;

/** A `yyyy-MM-dd` parameter, or undefined for anything else. */
export const dateParam = (raw: string | undefined): string | undefined =>
  raw && DATE_PARAM.test(raw) ? raw : undefined;

/** A comma list of codes; codes `names` does not know (when given) are dropped; undefined when none is left. */
export function codesParam(raw: string | undefined, names?: readonly unknown[]): number[] | undefined {
  const codes = (raw ?? '')
    .split(',')
    .filter((s) => s !== '' && !Number.isNaN(Number(s)) && (!names || names[Number(s)] !== undefined))
    .map(Number);
  return codes.length ? codes : undefined;
}

/** Filters and paging live in the URL query, so a link or a refresh keeps them. */
export function useListParams() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const rawSize = Number(params.get('size'));
  const size = PAGE_SIZES.includes(rawSize) ? rawSize : DEFAULT_PAGE_SIZE;

  const get = (key: string): string | undefined => params.get(key) ?? undefined;

  /** A `yyyy-MM-dd` filter; anything else a hand-edited link carries is ignored. */
  const getDate = (key: string): string | undefined => dateParam(get(key));

  /** A comma list of status codes (message links point at one); codes `names` does not know are dropped. */
  const getCodes = (key: string, names?: readonly unknown[]): number[] | undefined => codesParam(get(key), names);

  /** Changing a filter goes back to page 1; changing the page keeps the filters. */
  const update = (patch: Record<string, string | number | undefined | null>, resetPage = true) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined || v === null || v === '') next.delete(k);
          else next.set(k, String(v));
        }
        if (resetPage && !('page' in patch)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  const reset = (keep: string[] = []) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams();
        for (const k of keep) {
          const v = prev.get(k);
          if (v) next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );

  /** A Table's pagination over `total` rows, kept in the URL like the filters. */
  const pagination = (total: number | undefined): TablePaginationConfig => ({
    current: page,
    pageSize: size,
    total: total ?? 0,
    pageSizeOptions: PAGE_SIZES,
    showSizeChanger: true,
    showTotal: (n) => t('list.total', { total: n }),
    onChange: (p, s) => update({ page: p, size: s }, false),
  });

  return { page, size, get, getDate, getCodes, update, reset, pagination };
}
