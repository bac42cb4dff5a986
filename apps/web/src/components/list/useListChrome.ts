import type { TableColumnsType } from 'antd';
import { useState } from 'react';

/**
 * The state behind a list's TableToolbar: whether the search form shows and which columns the user
 * hid. Spread `toolbarProps` into TableToolbar and give the Table `columns`.
 */
export function useListChrome<T>(allColumns: TableColumnsType<T>, initialHidden: string[] = []) {
  const [searchVisible, setSearchVisible] = useState(true);
  const [hidden, setHidden] = useState<string[]>(initialHidden);
  return {
    searchVisible,
    columns: allColumns.filter((c) => !hidden.includes(String(c.key))),
    toolbarProps: {
      searchVisible,
      onToggleSearch: () => setSearchVisible((v) => !v),
      columns: allColumns.map((c) => ({ key: String(c.key), title: String(c.title) })),
      hidden,
      onHiddenChange: setHidden,
    },
  };
}
