import dayjs from 'dayjs';

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

/** Accepts ISO strings, Postgres text timestamps ("2026-11-23 05:28:05.09+00") and epoch numbers. */
export function toDayjs(value: string | number | null | undefined): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' || /^\d{10}$|^\d{13}$/.test(value)) {
    const n = Number(value);
    // 10-digit timestamps are seconds (spec §9).
    return dayjs(String(value).length === 10 ? n * 1000 : n);
  }
  const iso = value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  const parsed = dayjs(iso);
  return parsed.isValid() ? parsed : null;
}

export function formatDateTime(value: string | number | null | undefined): string {
  return toDayjs(value)?.format(DATE_TIME_FORMAT) ?? '';
}

export function formatDate(value: string | number | null | undefined): string {
  return toDayjs(value)?.format(DATE_FORMAT) ?? '';
}
