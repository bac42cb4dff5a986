// Instants arrive as RFC 3339 UTC (`2026-11-26T01:11:00.000Z`) and are shown in the reader's time
// (formatDateTime); date-only fields (`yyyy-MM-dd`) are calendar days, shown as they are, never shifted.
import dayjs from 'dayjs';

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const valid = (parsed: dayjs.Dayjs) => (parsed.isValid() ? parsed : null);

/** Accepts ISO strings, Postgres text timestamps ("2026-11-23 05:28:05.09+00") and epoch numbers. */
export function toDayjs(value: string | number | null | undefined): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' || /^\d{10}$|^\d{13}$/.test(value)) {
    const n = Number(value);
    // 10-digit timestamps are seconds (spec §9).
    return dayjs(String(value).length === 10 ? n * 1000 : n);
  }
  // A calendar day is that day in the reader's zone (local midnight), never an instant shifted by it.
  if (DATE_ONLY.test(value)) return valid(dayjs(value));
  // Postgres text timestamps ("2026-11-23 05:28:05.09+00") become ISO ("…T05:28:05.09+00:00").
  return valid(dayjs(value.replace(' ', 'T').replace(/(T[^+-]*[+-]\d{2})$/, '$1:00')));
}

/** An instant in the reader's time, `yyyy-MM-dd HH:mm:ss`. */
export function formatDateTime(value: string | number | null | undefined): string {
  return toDayjs(value)?.format(DATE_TIME_FORMAT) ?? '';
}

/** A date-only field as it is; an instant as the reader's calendar day. */
export function formatDate(value: string | number | null | undefined): string {
  if (typeof value === 'string' && DATE_ONLY.test(value)) return value;
  return toDayjs(value)?.format(DATE_FORMAT) ?? '';
}

/** The reader's calendar day (`yyyy-MM-dd`), to compare with date-only fields; not the UTC day. */
export function todayDate(): string {
  return dayjs().format(DATE_FORMAT);
}
