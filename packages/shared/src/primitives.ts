import { z } from 'zod';
import { compareDecimals, roundDecimal } from './money.ts';

/**
 * The value schemas every request schema is built from (QUALITY I-03). Each one refuses, with a 400,
 * what the database would otherwise refuse with an error: an id beyond bigint, text PostgreSQL cannot
 * store, a date the calendar does not have, a number beyond its column.
 */

const BIGINT_MAX = 9223372036854775807n;
/** The largest value of an `integer` column (versions, counts, codes stored as int4). */
export const INT32_MAX = 2_147_483_647;

/** A positive decimal of at most 19 digits that fits a signed 64-bit integer. */
export function isId(value: string): boolean {
  return /^[1-9]\d{0,18}$/.test(value) && BigInt(value) <= BIGINT_MAX;
}

/**
 * An app-made 64-bit id as a decimal string. The pattern reaches the OpenAPI document; the range is
 * checked in a refinement that never hands `BigInt` anything but digits (zod runs it even after the
 * pattern failed).
 */
export const idSchema = z
  .string({ message: 'required' })
  .regex(/^[1-9]\d{0,18}$/, 'invalid')
  .refine(isId, 'invalid');

/** A lone UTF-16 surrogate has no UTF-8 form: the driver would store U+FFFD instead of what was sent. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text PostgreSQL can store as sent: no NUL character (text cannot hold it) and no lone surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** Any string as sent, without trimming (passwords, tokens): storable and at most `max` characters. */
export const rawTextSchema = (max: number) =>
  z.string({ message: 'required' }).max(max, 'tooLong').refine(isStorableText, 'invalid');

/** Optional free text, trimmed. */
export const textSchema = (max: number) => z.string().trim().max(max, 'tooLong').refine(isStorableText, 'invalid');

/** Required free text, trimmed, not blank. */
export const requiredTextSchema = (max: number) =>
  z.string({ message: 'required' }).trim().min(1, 'required').max(max, 'tooLong').refine(isStorableText, 'invalid');

/** [year, month, day] of a `yyyy-MM-dd` prefix that names a real day of years 1–9999, else null. */
export function calendarDate(value: string): [number, number, number] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1) return null;
  // setUTCFullYear, unlike Date.UTC, does not read years 0–99 as 1900–1999.
  const probe = new Date(0);
  probe.setUTCFullYear(y, mo - 1, d);
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d ? [y, mo, d] : null;
}

/** A calendar date `yyyy-MM-dd` that exists (no 2026-02-30, no month 13, no year 0). */
export const dateSchema = z
  .string({ message: 'required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'date', abort: true })
  .refine((v) => calendarDate(v) !== null, 'date');

/** An ISO 8601 instant with its offset, on a day that exists. */
export const dateTimeSchema = z
  .string({ message: 'required' })
  .datetime({ offset: true, message: 'date', abort: true })
  .refine((v) => calendarDate(v) !== null, 'date');

/** The optimistic-lock version a client read; `integer` in the database. */
export const versionSchema = z
  .number({ message: 'required' })
  .int('invalid')
  .min(1, 'invalid')
  .max(INT32_MAX, 'invalid');

/** The version of a settings row that may not exist yet: 0 until its first save. */
export const settingsVersionSchema = z
  .number({ message: 'required' })
  .int('invalid')
  .min(0, 'invalid')
  .max(INT32_MAX, 'invalid');

/**
 * Quantities, prices, rates and amounts in a request (issue 16, ARCHITECTURE §9): a JSON string of at
 * most 13 integer and 6 fraction digits, never a JSON number (a double cannot hold 10^12 with 6 places).
 * The value leaves in its shortest form (`"1.50"` → `"1.5"`); the places the enterprise allows for its
 * kind are checked by the service, which knows the setting.
 */
export const DECIMAL_INPUT = /^-?\d{1,13}(\.\d{1,6})?$/;

export function decimalInputSchema(bounds: { min?: 'positive' | 'nonNegative'; max?: string } = {}) {
  const { min = 'nonNegative', max } = bounds;
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'required' : 'decimalString') })
    .regex(DECIMAL_INPUT, { message: 'decimalString', abort: true })
    .refine(
      (v) => compareDecimals(v, '0') >= (min === 'positive' ? 1 : 0),
      min === 'positive' ? 'positive' : 'nonNegative',
    )
    .refine((v) => max === undefined || compareDecimals(v, max) <= 0, 'invalid')
    .transform((v) => roundDecimal(v, 6));
}
