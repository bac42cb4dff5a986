import type { TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import type { useListParams } from './useListParams.ts';

export interface ListSort {
  key: string;
  asc: boolean;
}

/**
 * A list's sort kept in the URL like its filters (`sort=<column key>&order=desc|asc`; without `order`
 * descending, the first step of the cycle). Give sortable columns `sorter: true` and
 * `sortOrder: sortOrder(key)`, and the ListTable `onChange`: a click cycles descending → ascending →
 * none and goes back to page 1.
 */
export function useListSort<T>(params: Pick<ReturnType<typeof useListParams>, 'get' | 'update'>) {
  const key = params.get('sort');
  const sort: ListSort | undefined = key ? { key, asc: params.get('order') === 'asc' } : undefined;
  const sortOrder = (column: string): SortOrder => (sort?.key === column ? (sort.asc ? 'ascend' : 'descend') : null);
  const onChange: NonNullable<TableProps<T>['onChange']> = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    params.update({
      sort: s?.order ? String(s.columnKey) : undefined,
      order: s?.order ? (s.order === 'ascend' ? 'asc' : 'desc') : undefined,
    });
  };
  return { sort, sortOrder, onChange };
}
