// Instants arrive as RFC 3339 UTC (`2026-11-26T01:11:00.000Z`) and are shown in the active enterprise's
// time zone (formatDateTime), which is where its days are counted, not the browser's; date-only fields
// (`yyyy-MM-dd`) are calendar days, shown as they are, never shifted.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useSession } from '../stores/session.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

type DateValue = string | number | null | undefined;

const valid = (parsed: dayjs.Dayjs) => (parsed.isValid() ? parsed : null);

const enterpriseTimeZone = () => useSession.getState().userInfo?.tenant?.timeZone;

/** The zone instants are shown in: the active enterprise's, the browser's until it is known. */
export function displayTimeZone(): string {
  return enterpriseTimeZone() ?? dayjs.tz.guess();
}

/**
 * Accepts ISO strings, Postgres text timestamps ("2026-11-23 05:28:05.09+00") and epoch numbers; an
 * instant comes back in `zone`.
 */
export function toDayjs(value: DateValue, zone = displayTimeZone()): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' || /^\d{10}$|^\d{13}$/.test(value)) {
    const n = Number(value);
    // 10-digit timestamps are seconds (spec §9).
    return dayjs(String(value).length === 10 ? n * 1000 : n).tz(zone);
  }
  // A calendar day is that day (local midnight), never an instant shifted by a zone.
  if (DATE_ONLY.test(value)) return valid(dayjs(value));
  // Postgres text timestamps ("2026-11-23 05:28:05.09+00") become ISO ("…T05:28:05.09+00:00").
  const parsed = valid(dayjs(value.replace(' ', 'T').replace(/(T[^+-]*[+-]\d{2})$/, '$1:00')));
  return parsed ? parsed.tz(zone) : null;
}

const dateTimeIn = (value: DateValue, zone: string) => toDayjs(value, zone)?.format(DATE_TIME_FORMAT) ?? '';
const dateIn = (value: DateValue, zone: string) =>
  typeof value === 'string' && DATE_ONLY.test(value) ? value : (toDayjs(value, zone)?.format(DATE_FORMAT) ?? '');

/** An instant in the enterprise's time, `yyyy-MM-dd HH:mm:ss`. */
export function formatDateTime(value: DateValue): string {
  return dateTimeIn(value, displayTimeZone());
}

/** A date-only field as it is; an instant as the enterprise's calendar day. */
export function formatDate(value: DateValue): string {
  return dateIn(value, displayTimeZone());
}

/** The enterprise's calendar day (`yyyy-MM-dd`), to compare with date-only fields; not the UTC day. */
export function todayDate(): string {
  return dayjs().tz(displayTimeZone()).format(DATE_FORMAT);
}

/**
 * The formatters of a two-party document, whose dates and deadlines are the buyer's: instants in the
 * buyer's zone, and each value followed by that zone when the reader's enterprise counts in another
 * (a supplier in Tokyo reads "2026-12-03 18:00:00 (Asia/Shanghai)").
 */
export function buyerZoneFormat(buyerTimeZone: string) {
  const reader = enterpriseTimeZone();
  const named = (text: string) => (text && reader && reader !== buyerTimeZone ? `${text} (${buyerTimeZone})` : text);
  return {
    dateTime: (value: DateValue) => named(dateTimeIn(value, buyerTimeZone)),
    date: (value: DateValue) => named(dateIn(value, buyerTimeZone)),
  };
}
