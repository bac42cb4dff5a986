import { addCalendarDays, DEFAULT_TIME_ZONE } from '@concord/shared';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { enterprises } from '../db/schema.ts';

/**
 * One notion of today (issue 19): an enterprise counts its days in its own time zone
 * (`enterprises.time_zone`), whatever zone the server process, the database session or the browser
 * runs in. A day is `yyyy-MM-dd`; an instant is a `Date`. Pure functions over Intl, and the one
 * cached lookup of an enterprise's zone.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

/** en-CA writes yyyy-MM-dd; h23 keeps midnight at 00, not 24. */
function formatIn(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, f);
  }
  return f;
}

/** The wall clock of an instant in a zone, as `yyyy-MM-dd HH:mm:ss`. */
export function dateTimeIn(at: Date, zone: string): string {
  const parts = formatIn(zone).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/** The calendar day of an instant in a zone, as `yyyy-MM-dd`. */
export const dayIn = (at: Date, zone: string): string => dateTimeIn(at, zone).slice(0, 10);

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds (whole seconds). */
function offsetAt(at: Date, zone: string): number {
  const wall = Date.parse(`${dateTimeIn(at, zone).replace(' ', 'T')}Z`);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

const HOUR = 3_600_000;

/**
 * The instant a zone's wall clock shows `time` on `day`. A time that occurs twice (clocks turned back)
 * is its first occurrence; a time skipped (clocks turned forward) is read with the offset before the
 * jump, as Temporal's "compatible" does, so a day whose midnight is skipped starts when the clocks jump.
 */
export function instantAt(day: string, zone: string, time = '00:00:00'): Date {
  const wall = `${day} ${time}`;
  const asUtc = Date.parse(`${day}T${time}Z`);
  // A transition near the wanted time gives the two offsets in force on either side of it.
  const offsets = new Set([offsetAt(new Date(asUtc - 26 * HOUR), zone), offsetAt(new Date(asUtc + 26 * HOUR), zone)]);
  const candidates = [...offsets].map((o) => asUtc - o).sort((a, b) => a - b);
  const exact = candidates.find((t) => dateTimeIn(new Date(t), zone) === wall);
  return new Date(exact ?? candidates[candidates.length - 1]!);
}

/** The first instant of a day in a zone. */
export const startOfDay = (day: string, zone: string): Date => instantAt(day, zone);

/** The first instant after a day in a zone: a day is valid "through" it while the clock is before this. */
export const endOfDay = (day: string, zone: string): Date => startOfDay(addCalendarDays(day, 1), zone);

// ---------------------------------------------------------------------------------------------
// The zones in force

let systemZone = DEFAULT_TIME_ZONE;

/** TIME_ZONE of the configuration: a new enterprise's zone, and the day of whatever belongs to none. */
export function setSystemTimeZone(zone: string): void {
  systemZone = zone;
}
export const systemTimeZone = (): string => systemZone;

/**
 * Several server processes share one database, so a zone changed through one reaches the others
 * within this time; the process that changed it forgets its copy at once.
 */
const ZONE_TTL_MS = 60_000;
const zones = new Map<string, { zone: string; until: number }>();

/** An enterprise's time zone; the system's for an enterprise that does not exist. */
export async function timeZoneOf(q: Queryable, tenantId: string): Promise<string> {
  const cached = zones.get(tenantId);
  if (cached && cached.until > Date.now()) return cached.zone;
  const [row] = await q.select({ zone: enterprises.timeZone }).from(enterprises).where(eq(enterprises.id, tenantId));
  const zone = row?.zone ?? systemZone;
  zones.set(tenantId, { zone, until: Date.now() + ZONE_TTL_MS });
  return zone;
}

/** Drops the cached zone of an enterprise whose zone has just changed. */
export function forgetTimeZone(tenantId: string): void {
  zones.delete(tenantId);
}

/** Today in an enterprise's zone. */
export async function todayOf(q: Queryable, tenantId: string, now: Date = new Date()): Promise<string> {
  return dayIn(now, await timeZoneOf(q, tenantId));
}
