import { SettingOutlined } from '@ant-design/icons';
import type { TableColumnType, TableProps } from 'antd';
import { Button, Checkbox, Empty, Pagination, Popover, Table, Typography } from 'antd';
import { Fragment, type Key, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnChecklist } from './list/ColumnChecklist.tsx';
import { useColumnChoice } from './list/columnChoice.ts';
import { useCardMode } from './list/useCardMode.ts';
import { cellOf } from './tableCell.ts';

/** A line column: every column has a key, by which the column settings name it. */
export type LineColumn<T> = TableColumnType<T> & { key: string };

/** A cell with nothing to show: a card leaves out its field instead of showing an empty one. */
const blank = (cell: ReactNode) => cell === null || cell === undefined || cell === '' || cell === false;

/** Total width of the shown columns, so the table scrolls only when the user shows more than fits. */
function widthOf<T>(columns: LineColumn<T>[], extra: number): number {
  return columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 120), extra);
}

export interface LineTableProps<T> extends Omit<TableProps<T>, 'columns' | 'title'> {
  /** Names the table for the kept column choice, e.g. `purchase-order-lines`. */
  id: string;
  columns: LineColumn<T>[];
  /**
   * The columns hidden until the user shows them. Every other column is a must-see column: together
   * they fit 1366 px without horizontal scrolling (UI.md "what decides comes first").
   */
  optional: readonly string[];
  /** Left of the column settings: the table's batch actions. */
  toolbar?: ReactNode;
  /** The columns that head a line's card on a phone (not repeated below it); the first column by default. */
  cardTitle?: readonly string[];
  /** Height of the scroll area on a desktop (needed by `virtual`). */
  height?: number;
}

const CARD_PAGE = 20;

const styles = {
  bar: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8, marginBottom: 8 },
  card: { border: '1px solid #f0f0f0', borderRadius: 8, padding: '8px 12px', marginBottom: 8, background: '#fff' },
  head: { display: 'flex', alignItems: 'center', gap: 8, marginBottom: 4 },
  fields: {
    display: 'grid',
    gridTemplateColumns: 'minmax(72px, max-content) 1fr',
    columnGap: 12,
    rowGap: 2,
    margin: 0,
  },
  label: { color: 'rgba(0, 0, 0, 0.65)' },
  value: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  actions: { borderTop: '1px solid #f0f0f0', marginTop: 6, paddingTop: 4 },
} as const;

/**
 * A document's line table (docs/ui-components.md): the must-see columns on screen, the optional ones
 * behind a column-settings button, the operation column fixed right next to what it decides. Below
 * 992 px each line is a card with the must-see fields and the actions.
 */
export function LineTable<T extends object>({
  id,
  columns,
  optional,
  toolbar,
  cardTitle,
  height,
  ...table
}: LineTableProps<T>) {
  const { t } = useTranslation();
  const phone = useCardMode();
  // A buyer who wants the tax split on every order ticks it once: the choice is kept per table.
  const [choice, saveChoice] = useColumnChoice(id);
  const shown = choice?.shown ?? [];
  const [cardPage, setCardPage] = useState(1);
  const optionalColumns = columns.filter((c) => optional.includes(c.key));
  const visible = columns.filter((c) => !optional.includes(c.key) || shown.includes(c.key));
  const settings = optionalColumns.length > 0 && (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('list.columns')}
      content={
        <ColumnChecklist
          columns={optionalColumns.map((c) => ({ key: c.key, title: c.title as ReactNode }))}
          shown={shown}
          onChange={(keys) =>
            saveChoice({ shown: keys, hidden: optionalColumns.map((c) => c.key).filter((k) => !keys.includes(k)) })
          }
        />
      }
    >
      <Button size="small" icon={<SettingOutlined />} title={t('list.columns')}>
        {t('lineTable.moreColumns', { count: optionalColumns.length })}
      </Button>
    </Popover>
  );
  const bar = (toolbar || settings) && (
    <div style={styles.bar}>
      <div>{toolbar}</div>
      {!phone && settings}
    </div>
  );

  if (phone) {
    const rows = (table.dataSource ?? []) as readonly T[];
    // A table paged by the server keeps its pager; a document's lines are paged here.
    const served = table.pagination ? table.pagination : null;
    const keyOf = (row: T, index: number): Key =>
      typeof table.rowKey === 'function'
        ? table.rowKey(row, index)
        : ((row as Record<string, Key>)[String(table.rowKey ?? 'key')] ?? index);
    const start = served ? 0 : (cardPage - 1) * CARD_PAGE;
    const fields = visible.filter((c) => c.key !== 'operation');
    const operation = visible.find((c) => c.key === 'operation');
    const selection = table.rowSelection;
    const selected = selection?.selectedRowKeys ?? [];
    const expandable = table.expandable;
    return (
      <>
        {bar}
        {rows.length === 0 && (table.locale?.emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />)}
        <div className="line-cards">
          {(served ? rows : rows.slice(start, start + CARD_PAGE)).map((row, i) => {
            const index = start + i;
            const key = keyOf(row, index);
            const heads = cardTitle ?? fields.slice(0, 1).map((c) => c.key);
            const checkbox = selection?.getCheckboxProps?.(row);
            const action = operation ? cellOf(operation, row, index) : null;
            const actions = blank(action) ? null : action;
            return (
              <section key={key} className="line-card" style={styles.card}>
                <div style={styles.head}>
                  {selection && (
                    <Checkbox
                      checked={selected.includes(key)}
                      disabled={checkbox?.disabled}
                      aria-label={t('lineTable.select')}
                      onChange={(e) => {
                        const next = e.target.checked ? [...selected, key] : selected.filter((k) => k !== key);
                        selection.onChange?.(
                          next,
                          rows.filter((r, n) => next.includes(keyOf(r, n))),
                          { type: 'single' },
                        );
                      }}
                    />
                  )}
                  <Typography.Text strong>
                    {fields
                      .filter((c) => heads.includes(c.key))
                      .map((c, n) => (
                        <Fragment key={c.key}>
                          {n > 0 && ' · '}
                          {cellOf(c, row, index)}
                        </Fragment>
                      ))}
                  </Typography.Text>
                </div>
                <dl style={styles.fields}>
                  {fields
                    .filter((c) => !heads.includes(c.key))
                    .map((c) => [c, cellOf(c, row, index)] as const)
                    .filter(([, cell]) => !blank(cell))
                    .map(([c, cell]) => (
                      <Fragment key={c.key}>
                        <dt style={styles.label}>{c.title as ReactNode}</dt>
                        <dd style={styles.value}>{cell}</dd>
                      </Fragment>
                    ))}
                </dl>
                {expandable?.expandedRowRender && (expandable.rowExpandable?.(row) ?? true) && (
                  <div style={{ marginTop: 6 }}>{expandable.expandedRowRender(row, index, 0, true)}</div>
                )}
                {actions !== null && <div style={styles.actions}>{actions}</div>}
              </section>
            );
          })}
        </div>
        {served ? (
          <Pagination simple size="small" {...served} style={{ marginTop: 8, textAlign: 'center' }} />
        ) : (
          rows.length > CARD_PAGE && (
            <Pagination
              simple
              size="small"
              current={cardPage}
              pageSize={CARD_PAGE}
              total={rows.length}
              onChange={setCardPage}
              style={{ marginTop: 8, textAlign: 'center' }}
            />
          )
        )}
      </>
    );
  }

  const selectionWidth = table.rowSelection ? Number(table.rowSelection.columnWidth ?? 32) : 0;
  const expandWidth = table.expandable && table.expandable.showExpandColumn !== false ? 48 : 0;
  return (
    <>
      {bar}
      <Table<T>
        size="small"
        pagination={false}
        {...table}
        columns={visible}
        scroll={{ x: widthOf(visible, selectionWidth + expandWidth), y: height }}
      />
    </>
  );
}

/**
 * A quantity with its unit on one line ("600.00 个 Pieces" never breaks inside the unit); a figure too
 * long for its column ends in an ellipsis and shows whole on hover.
 */
export function QtyWithUnit({ qty, unit }: { qty: string; unit?: string | null }) {
  const text = unit ? `${qty} ${unit}` : qty;
  return (
    <span
      title={text}
      style={{
        display: 'inline-block',
        maxWidth: '100%',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        verticalAlign: 'bottom',
      }}
    >
      <span>{qty}</span>
      {unit ? <Typography.Text type="secondary">{` ${unit}`}</Typography.Text> : null}
    </span>
  );
}
