import type { TableColumnsType } from 'antd';

/** A column without a numeric width is counted at this width when the columns are fitted. */
export const DEFAULT_COLUMN_WIDTH = 120;
/** The row checkboxes (UI.md: 60 px). */
export const SELECTION_WIDTH = 60;

type Column = TableColumnsType<never>[number];

export const columnKey = (column: Column): string => String(column.key);

/** The operation column (UI.md: 160 px, fixed right) always shows and is never a column to hide. */
export const isOperationColumn = (column: Column): boolean => column.key === 'operation' || column.fixed === 'right';

export const columnWidth = (column: Column): number =>
  typeof column.width === 'number' ? column.width : DEFAULT_COLUMN_WIDTH;

/** The user's own choice in the column settings: each column they placed on one side or the other. */
export interface ColumnChoice {
  shown: string[];
  hidden: string[];
}

export interface FitOptions {
  /** Keys of the columns that must always be visible; keys the table does not have are ignored. */
  mustSee: readonly string[];
  /** The width of the table's container in px; 0 or undefined (not measured) hides nothing. */
  width: number | undefined;
  /** Width taken by what is not a column (the selection checkboxes). */
  reserve?: number;
  /** The user's choice, which wins over the fit for every column it names. */
  choice?: ColumnChoice | null;
}

/**
 * The keys of the columns that start hidden (UI.md "what decides comes first"): the must-see columns and
 * the operation column always count; the other columns are taken in their declared order, each one
 * that still fits in the container's width; the rest go behind the column settings. A column the user
 * placed in the settings stays where they put it.
 */
export function fitColumns(columns: TableColumnsType<never>, options: FitOptions): string[] {
  const { mustSee, width, reserve = 0, choice } = options;
  const userHidden = (key: string) => choice?.hidden.includes(key) ?? false;
  const settled = (c: Column) => mustSee.includes(columnKey(c)) || (choice?.shown.includes(columnKey(c)) ?? false);
  let used =
    reserve +
    columns
      .filter((c) => isOperationColumn(c) || (settled(c) && !userHidden(columnKey(c))))
      .reduce((sum, c) => sum + columnWidth(c), 0);
  const hidden: string[] = [];
  for (const column of columns) {
    const key = columnKey(column);
    if (isOperationColumn(column)) continue;
    if (userHidden(key)) hidden.push(key);
    else if (settled(column)) continue;
    else if (!width || used + columnWidth(column) <= width) used += columnWidth(column);
    else hidden.push(key);
  }
  return hidden;
}
