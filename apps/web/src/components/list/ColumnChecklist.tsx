import { Checkbox } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ChecklistColumn {
  key: string;
  title: ReactNode;
}

/**
 * The column settings of a list or a line table: one checkbox per column, named by the column's title,
 * ticked while the column shows.
 */
export function ColumnChecklist({
  columns,
  shown,
  onChange,
}: {
  columns: readonly ChecklistColumn[];
  shown: readonly string[];
  onChange: (shown: string[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      role="group"
      aria-label={t('list.shownColumns')}
      value={shown.filter((key) => columns.some((c) => c.key === key))}
      onChange={(keys) => onChange(keys.map(String))}
      options={columns.map((c) => ({ value: c.key, label: c.title }))}
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
        gap: '6px 16px',
        maxHeight: 360,
        overflowY: 'auto',
      }}
    />
  );
}
