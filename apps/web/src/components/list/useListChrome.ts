import type { TableColumnsType } from 'antd';
import { type RefCallback, useCallback, useState } from 'react';
import { useColumnChoice } from './columnChoice.ts';
import { columnKey, columnWidth, fitColumns, isOperationColumn, SELECTION_WIDTH } from './fitColumns.ts';
import type { ToggleColumn } from './TableToolbar.tsx';
import { useCardMode } from './useCardMode.ts';

export interface ListChromeOptions {
  /**
   * Keys of the columns that must always be visible (UI.md "what decides comes first"): for a document
   * its number, the other party, amount, date and status; for a line the material, quantity, date,
   * amount, status and the other party's answer. Keys the table lacks are ignored, so a two-sided list
   * names both `supplier` and `customer`. The first is the card's title on a phone.
   */
  mustSee?: readonly string[];
  /** The list has row checkboxes: their 60 px are taken before the columns are fitted. */
  selectable?: boolean;
  /** Several lists on one route keep their column choices apart by this name. */
  id?: string;
}

export interface ListChrome<T> {
  /** The search form shows (desktop; on a phone it sits in the filters drawer). */
  searchVisible: boolean;
  /** Below 992 px the list shows cards. */
  cards: boolean;
  /** The phone's filters drawer is open. */
  filtersOpen: boolean;
  closeFilters: () => void;
  /** The columns to show, in their declared order. */
  columns: TableColumnsType<T>;
  allColumns: TableColumnsType<T>;
  mustSee: readonly string[];
  /** The width the shown columns take: the table's horizontal scroll. */
  scrollX: number;
  /** Put on the element whose width the table may use (ListTable does). */
  measureRef: RefCallback<HTMLElement>;
  toolbarProps: {
    searchVisible: boolean;
    onToggleSearch: () => void;
    columns: ToggleColumn[];
    hidden: string[];
    onHiddenChange: (hidden: string[]) => void;
    cards: boolean;
    customised: boolean;
    onResetColumns: () => void;
  };
}

/** The width of the measured element, followed as it changes; undefined until it is measured. */
function useMeasuredWidth(): [number | undefined, RefCallback<HTMLElement>] {
  const [width, setWidth] = useState<number>();
  const ref = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    const measure = () => setWidth(Math.floor(element.getBoundingClientRect().width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [width, ref];
}

/**
 * The state behind a list: whether the search form shows, which columns fit (the must-see columns
 * always, the others in declared order while they fit the measured container), the user's own choice
 * from the column settings (kept per route in localStorage, it wins over the fit) and the phone's card
 * mode. Spread `toolbarProps` into TableToolbar, give `chrome` to ListTable and ListSearch.
 */
export function useListChrome<T>(
  allColumns: TableColumnsType<T>,
  { mustSee = [], selectable = false, id }: ListChromeOptions = {},
): ListChrome<T> {
  const cards = useCardMode();
  const [searchVisible, setSearchVisible] = useState(true);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [width, measureRef] = useMeasuredWidth();

  const [choice, saveChoice] = useColumnChoice(`${window.location.pathname}${id ? `#${id}` : ''}`);

  const columnsOf = allColumns as TableColumnsType<never>;
  const hidden = fitColumns(columnsOf, {
    mustSee,
    width,
    reserve: selectable ? SELECTION_WIDTH : 0,
    choice,
  });
  const columns = allColumns.filter((c) => !hidden.includes(columnKey(c as never)));
  const toggleable = allColumns.filter((c) => !isOperationColumn(c as never));

  return {
    searchVisible: searchVisible && !cards,
    cards,
    filtersOpen: filtersOpen && cards,
    closeFilters: () => setFiltersOpen(false),
    columns,
    allColumns,
    mustSee,
    scrollX: (selectable ? SELECTION_WIDTH : 0) + columns.reduce((sum, c) => sum + columnWidth(c as never), 0),
    measureRef,
    toolbarProps: {
      searchVisible: cards ? filtersOpen : searchVisible,
      onToggleSearch: () => (cards ? setFiltersOpen((v) => !v) : setSearchVisible((v) => !v)),
      columns: toggleable.map((c) => ({ key: columnKey(c as never), title: String(c.title) })),
      hidden,
      onHiddenChange: (next) =>
        saveChoice({
          hidden: next,
          shown: toggleable.map((c) => columnKey(c as never)).filter((key) => !next.includes(key)),
        }),
      cards,
      customised: choice !== null,
      onResetColumns: () => saveChoice(null),
    },
  };
}
