import type { TableColumnsType, TableProps } from 'antd';
import { Card, Checkbox, Empty, Pagination, Spin, Table } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cellOf } from '../tableCell.ts';
import { columnKey, isOperationColumn } from './fitColumns.ts';
import type { ListChrome } from './useListChrome.ts';
import './listKit.css';

/** Sortable columns cycle descending → ascending → none (spec §4). */
export const SORT_CYCLE: SortOrder[] = ['descend', 'ascend'];

type Column<T> = TableColumnsType<T>[number];
type HeaderCell<T> = NonNullable<Column<T>['onHeaderCell']>;

export interface ListTableProps<T> extends Omit<TableProps<T>, 'columns'> {
  chrome: ListChrome<T>;
}

/**
 * A list's table (UI.md list page): the columns `chrome` fitted to the measured container, the
 * operation column fixed right, sorting descending → ascending → none. Below 992 px the rows become
 * cards: the must-see fields as label: value pairs, the status tag beside the title, the operation
 * column's buttons at the card's foot, the row checkboxes where the list has them, and the pagination.
 */
export function ListTable<T extends object>({ chrome, ...table }: ListTableProps<T>) {
  if (chrome.cards) return <ListCards chrome={chrome} {...table} />;
  // Each header names its column, and the must-see ones say so (the 1366 px flow measures them).
  const columns = chrome.columns.map((column) => {
    const key = columnKey(column as never);
    const header = column.onHeaderCell;
    const marks = { 'data-column': key, ...(chrome.mustSee.includes(key) ? { 'data-must-see': '' } : {}) };
    return { ...column, onHeaderCell: ((c, i) => ({ ...header?.(c, i), ...marks })) as HeaderCell<T> };
  });
  return (
    <div ref={chrome.measureRef} className="list-table">
      <Table<T>
        size="small"
        sortDirections={SORT_CYCLE}
        {...table}
        columns={columns}
        scroll={{ ...table.scroll, x: chrome.scrollX }}
      />
    </div>
  );
}

const titleOf = <T,>(column: Column<T>): ReactNode =>
  typeof column.title === 'function' ? column.title({}) : column.title;

function rowKeyOf<T>(rowKey: TableProps<T>['rowKey'], row: T, index: number): Key {
  if (typeof rowKey === 'function') return rowKey(row, index);
  return (row as Record<string, Key>)[(rowKey as string | undefined) ?? 'key'];
}

/** A tree's rows depth first, each with its depth: on a phone every node is a card. */
function flatten<T>(rows: readonly T[], childrenKey: string, depth = 0): { row: T; depth: number }[] {
  return rows.flatMap((row) => {
    const children = (row as Record<string, unknown>)[childrenKey];
    return [{ row, depth }, ...(Array.isArray(children) ? flatten(children as T[], childrenKey, depth + 1) : [])];
  });
}

function ListCards<T extends object>({ chrome, ...table }: ListTableProps<T>) {
  const { t } = useTranslation();
  const tree = flatten(table.dataSource ?? [], table.expandable?.childrenColumnName ?? 'children');
  const rows = tree.map((r) => r.row);
  const shown = chrome.allColumns.filter((c) => chrome.mustSee.includes(columnKey(c as never)));
  const titleKey = chrome.mustSee.find((key) => shown.some((c) => columnKey(c as never) === key));
  const title = shown.find((c) => columnKey(c as never) === titleKey);
  const status = shown.find((c) => c.key === 'status' && c !== title);
  const fields = shown.filter((c) => c !== title && c !== status);
  const operation = chrome.allColumns.find((c) => isOperationColumn(c as never));
  const selection = table.rowSelection;
  const selected = selection?.selectedRowKeys ?? [];
  const keys = rows.map((row, i) => rowKeyOf(table.rowKey, row, i));
  const selectable = keys.filter((_k, i) => !selection?.getCheckboxProps?.(rows[i])?.disabled);
  const select = (next: Key[]) =>
    selection?.onChange?.(
      next,
      rows.filter((_r, i) => next.includes(keys[i])),
      { type: 'multiple' },
    );
  const loading = typeof table.loading === 'object' ? table.loading.spinning : table.loading;
  const pagination = table.pagination === false ? null : table.pagination;
  const emptyText = table.locale?.emptyText;

  return (
    <Spin spinning={!!loading}>
      <div className="list-cards">
        {selection && rows.length > 0 && (
          <Checkbox
            checked={selectable.length > 0 && selectable.every((k) => selected.includes(k))}
            indeterminate={
              selectable.some((k) => selected.includes(k)) && !selectable.every((k) => selected.includes(k))
            }
            onChange={(e) =>
              select(
                e.target.checked
                  ? [...new Set([...selected, ...selectable])]
                  : selected.filter((k) => !selectable.includes(k)),
              )
            }
          >
            {t('list.selectPage')}
          </Checkbox>
        )}
        {rows.length === 0 && (
          <div className="list-cards-empty">
            {typeof emptyText === 'function'
              ? emptyText()
              : (emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />)}
          </div>
        )}
        {rows.map((row, index) => {
          const key = keys[index];
          const actions = operation && cellOf(operation, row, index);
          return (
            <Card
              key={key}
              size="small"
              className="list-card"
              style={tree[index].depth ? { marginInlineStart: tree[index].depth * 16 } : undefined}
              title={
                <span className="list-card-title">
                  {selection && (
                    <Checkbox
                      checked={selected.includes(key)}
                      disabled={selection.getCheckboxProps?.(row)?.disabled}
                      aria-label={t('list.selectRow')}
                      onChange={(e) =>
                        select(e.target.checked ? [...selected, key] : selected.filter((k) => k !== key))
                      }
                    />
                  )}
                  {title && cellOf(title, row, index)}
                </span>
              }
              extra={status && cellOf(status, row, index)}
            >
              <dl className="list-card-fields">
                {fields.map((column) => (
                  <div key={columnKey(column as never)}>
                    <dt>{titleOf(column)}</dt>
                    <dd>{cellOf(column, row, index)}</dd>
                  </div>
                ))}
              </dl>
              {actions && <div className="list-card-actions">{actions}</div>}
            </Card>
          );
        })}
        {pagination && <Pagination size="small" align="center" {...pagination} showSizeChanger={false} />}
      </div>
    </Spin>
  );
}
