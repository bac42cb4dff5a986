import { formatDecimal, MASK } from '@concord/shared';

/** A number by the statement's decimal places with thousands separators; `***` stays masked, null empty. */
export function formatNumber(value: string | number | null | undefined, places: number): string {
  if (value === null || value === undefined || value === '') return '';
  if (value === MASK) return MASK;
  return formatDecimal(value, places);
}

/** A right-aligned number column (UI.md: numbers right-aligned with thousands separators). */
export const numberColumn = (places: number) => ({
  align: 'right' as const,
  render: (v: string | null) => formatNumber(v, places),
});
