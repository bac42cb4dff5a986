import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';

/**
 * The parts of a column a card reads. antd types `dataIndex` as the record's deep key paths, which the
 * compiler cannot narrow for a generic record in reasonable time: the card reads it as plain keys.
 */
interface CardColumn<T> {
  dataIndex?: string | number | readonly (string | number)[];
  render?: (value: unknown, row: T, index: number) => unknown;
}

/** What a column shows for a row, as the table would render its cell (list cards and line cards). */
export function cellOf<T>(column: TableColumnType<T>, row: T, index: number): ReactNode {
  const { dataIndex, render } = column as CardColumn<T>;
  const path = dataIndex === undefined ? [] : Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  const value = path.length
    ? path.reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], row)
    : undefined;
  if (!render) return value as ReactNode;
  const rendered = render(value, row, index);
  return rendered && typeof rendered === 'object' && 'children' in rendered && !('$$typeof' in rendered)
    ? (rendered.children as ReactNode)
    : (rendered as ReactNode);
}
