import { type DecimalKind, type DecimalPlaces, formatDecimal, MASK } from '@concord/shared';
import { useDecimalPlaces } from '../features/basic-data/useDecimalPlaces.ts';

/**
 * The one formatter of numbers on screen (issue 16 §7, UI.md "Values"): thousands separators, the
 * places of the kind of value, the currency after an amount, `%` after a rate. Decimal strings are
 * formatted from their digits (shared `formatDecimal` on the money module), never through a JS number.
 * A masked value (`***`) shows as it is, an empty one as ''.
 */
export type NumberValue = string | number | null | undefined;

/** Places of a rate (tax rate, on-time rate, yield) wherever it is shown. */
export const RATE_PLACES = 2;

export interface NumberFormat {
  /** `fmt('1050', 'quantity')` → "1,050.00" at the places of that kind. */
  fmt: (value: NumberValue, kind: DecimalKind) => string;
  /** `money('185.4', 'CNY')` → "185.40 CNY" at the amount places; without a currency the figure alone. */
  money: (value: NumberValue, currency?: string | null) => string;
  /** `rate('13')` → "13.00 %". */
  rate: (value: NumberValue) => string;
}

const withSuffix = (text: string, suffix: string | null | undefined) =>
  text && text !== MASK && suffix ? `${text} ${suffix}` : text;

/** The formatter of a document rounded with `places` (a two-party document carries its own). */
export function numberFormat(places: DecimalPlaces): NumberFormat {
  return {
    fmt: (value, kind) => formatDecimal(value, places[kind]),
    money: (value, currency) => withSuffix(formatDecimal(value, places.amount), currency),
    rate: (value) => withSuffix(formatDecimal(value, RATE_PLACES), '%'),
  };
}

/** The formatter at the enterprise's places, or at a document's own `places` when given. */
export function useNumbers(places?: DecimalPlaces): NumberFormat {
  const tenant = useDecimalPlaces();
  return numberFormat(places ?? tenant);
}
