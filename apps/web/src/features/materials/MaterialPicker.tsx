import type { MaterialOption } from '@concord/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { materialKeys, materialsApi } from './materials.api.ts';

/** Typing pauses this long before the server is asked, so each burst of keys is one request. */
export const PICKER_DEBOUNCE_MS = 250;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export const materialLabel = (m: Pick<MaterialOption, 'prdtNo' | 'prdtName' | 'prdtSpc'>) =>
  [m.prdtNo, m.prdtName, m.prdtSpc].filter(Boolean).join(' · ');

/**
 * The material picker of order lines and forms: an antd Select searching the server by code, name,
 * specification or pinyin (initials too: `tpdz` finds 贴片电阻). The chosen option is handed back whole,
 * so the caller fills the unit and names without another request.
 */
export function MaterialPicker({
  value,
  onChange,
  initialOption,
  placeholder,
  style,
  disabled,
  'aria-label': ariaLabel,
}: {
  value?: string | null;
  onChange?: (id: string | null, option: MaterialOption | null) => void;
  /** The option of the current value when the form opens, so it shows a label before any search. */
  initialOption?: MaterialOption | null;
  placeholder?: string;
  style?: React.CSSProperties;
  disabled?: boolean;
  /** Where no form label names the picker (a table cell). */
  'aria-label'?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<MaterialOption | null>(initialOption ?? null);
  const q = useDebounced(text.trim(), PICKER_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: materialKeys.search(q),
    queryFn: () => materialsApi.search(q),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const found = search.data ?? [];
  const options = chosen && !found.some((m) => m.id === chosen.id) ? [chosen, ...found] : found;
  return (
    <Select<string>
      showSearch={{ filterOption: false, onSearch: setText }}
      allowClear
      value={value ?? undefined}
      placeholder={placeholder ?? t('materials.picker.placeholder')}
      style={{ minWidth: 280, ...style }}
      disabled={disabled}
      aria-label={ariaLabel}
      loading={search.isFetching}
      notFoundContent={search.isFetching ? <Spin size="small" /> : t('materials.picker.noMatch')}
      options={options.map((m) => ({ value: m.id, label: materialLabel(m) }))}
      onChange={(id) => {
        const option = options.find((m) => m.id === id) ?? null;
        setChosen(option);
        onChange?.(id ?? null, option);
      }}
      onClear={() => setText('')}
    />
  );
}
