import { z } from 'zod';
import { DECIMAL_TEXT, roundDecimal } from './money.ts';

/**
 * Decimal places of quantities, prices and amounts (spec §2 decimalplaces, UI.md "Values"): every
 * module rounds and shows numbers with the enterprise's settings through these two functions.
 */

export const DECIMAL_KINDS = ['quantity', 'price', 'amount'] as const;
export type DecimalKind = (typeof DECIMAL_KINDS)[number];
export type DecimalPlaces = Record<DecimalKind, number>;

export const MIN_DECIMAL_PLACES = 0;
export const MAX_DECIMAL_PLACES = 6;
export const DEFAULT_DECIMAL_PLACES: DecimalPlaces = { quantity: 2, price: 4, amount: 2 };

const clampPlaces = (places: number) =>
  Math.min(MAX_DECIMAL_PLACES + 2, Math.max(0, Number.isFinite(places) ? Math.trunc(places) : 0));

/**
 * Rounds half away from zero at `places` decimals. Shifting through the exponent notation instead of
 * multiplying avoids binary artefacts such as 1.005 → 1.00.
 */
export function roundTo(value: number, places: number): number {
  if (!Number.isFinite(value)) return value;
  const p = clampPlaces(places);
  const sign = value < 0 ? -1 : 1;
  const shifted = Math.round(Number(`${Math.abs(value)}e${p}`));
  const result = sign * Number(`${shifted}e-${p}`);
  return Object.is(result, -0) ? 0 : result;
}

/**
 * "1,234,567.50" for 1234567.5 at 2 places. A masked value (`***`) or other text that is not a number
 * comes back unchanged, an empty value as ''. Decimal text is rounded by the money module, never through
 * a JS number, so 10^12 with 6 places keeps every digit.
 */
export function formatDecimal(value: number | string | null | undefined, places: number): string {
  if (value === null || value === undefined || value === '') return '';
  const p = clampPlaces(places);
  let rounded: string;
  if (typeof value === 'string' && DECIMAL_TEXT.test(value)) rounded = roundDecimal(value, p);
  else {
    // Other text a number accepts ("1e3", " 5 ") and numbers themselves: their shortest decimal form.
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n)) return String(value);
    rounded = roundDecimal(n, p);
  }
  const negative = rounded.startsWith('-');
  const [whole, fraction = ''] = (negative ? rounded.slice(1) : rounded).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const padded = p > 0 ? `.${fraction.padEnd(p, '0')}` : '';
  return `${negative ? '-' : ''}${grouped}${padded}`;
}

/** Decimal places in a reply: how many places each kind of number was rounded with. */
export const decimalPlacesReplySchema = z.object({
  quantity: z.number().int(),
  price: z.number().int(),
  amount: z.number().int(),
});
