import { Decimal } from 'decimal.js';

/**
 * The one decimal model of quantities, prices, rates and amounts (ARCHITECTURE §9, issue 16). Values
 * travel as decimal strings and are computed here, on decimal.js, never through a JS number: the web
 * preview, the server and PostgreSQL's `round(numeric, n)` give the same figure. Rounding is half away
 * from zero at the enterprise's places, as `round()` on `numeric` does.
 */

/** Enough significant digits for 10^13 × 10^13 with 12 places and no early rounding. */
const Exact = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP });

/** Decimal text as stored (`numeric`) and sent: an optional sign, digits, optional fraction. */
export const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

export type DecimalText = string;

function exact(value: DecimalText | number): Decimal {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError('not a finite number');
    // A number reaches here only from older callers; its shortest decimal form is what was meant.
    return new Exact(String(value));
  }
  if (!DECIMAL_TEXT.test(value)) throw new RangeError(`not a decimal: ${value}`);
  return new Exact(value);
}

/**
 * `value` rounded half away from zero to `places`, in its shortest form (`150`, `8.1`, `12.3457`; never
 * `-0`): what is stored and sent. Showing it with the places is the display formatter's work.
 */
export function roundDecimal(value: DecimalText | number, places: number): DecimalText {
  const rounded = exact(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  return rounded.isZero() ? '0' : rounded.toFixed();
}

/** round(qty × price, places): the amount of a line. */
export function lineAmount(qty: DecimalText | number, price: DecimalText | number, places: number): DecimalText {
  return roundDecimal(exact(qty).times(exact(price)).toFixed(), places);
}

/** The exact sum, rounded to `places` (every addend already has at most that many). */
export function sumDecimals(values: readonly (DecimalText | number)[], places: number): DecimalText {
  const total = values.reduce<Decimal>((sum, v) => sum.plus(exact(v)), new Exact(0));
  return roundDecimal(total.toFixed(), places);
}

/** a − b, rounded to `places`. */
export function subtractDecimals(a: DecimalText | number, b: DecimalText | number, places: number): DecimalText {
  return roundDecimal(exact(a).minus(exact(b)).toFixed(), places);
}

/**
 * The decimal text of a spreadsheet number. A workbook keeps doubles but shows 15 significant digits,
 * so 2.675 typed into a cell comes back as the text `2.675`, never `2.67499999999999982236431605997495353221893310546875`.
 */
export function decimalTextOfCell(value: number): DecimalText {
  return exact(Number(value.toPrecision(15))).toFixed();
}

/** a + b, rounded to `places`. */
export function addDecimals(a: DecimalText | number, b: DecimalText | number, places: number): DecimalText {
  return roundDecimal(exact(a).plus(exact(b)).toFixed(), places);
}

/** How many decimal places `value` needs: `1.50` needs 1, `3` none. */
export function placesOf(value: DecimalText): number {
  const fraction = value.split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length;
}

/** −1, 0 or 1 as a compares to b, exactly. */
export function compareDecimals(a: DecimalText | number, b: DecimalText | number): -1 | 0 | 1 {
  return exact(a).comparedTo(exact(b)) as -1 | 0 | 1;
}

export interface TaxedAmount {
  /** Amount excluding tax. */
  excl: DecimalText;
  tax: DecimalText;
  /** Amount including tax: always excl + tax. */
  incl: DecimalText;
}

/**
 * A line's amounts with tax, by one rule whichever way the price is given (`taxRate` in percent, 13 for
 * 13 %): a tax-included price gives incl = round(qty × price), excl = round(incl ÷ (1 + r)), tax = incl −
 * excl; a tax-excluded one gives excl = round(qty × price), tax = round(excl × r), incl = excl + tax. So
 * excl + tax = incl on every line and, totals being sums of lines, in every total.
 */
export function taxedLine(
  line: { qty: DecimalText | number; price: DecimalText | number; taxRate: DecimalText | number },
  taxIncluded: boolean,
  places: number,
): TaxedAmount {
  const rate = exact(line.taxRate).dividedBy(100);
  const gross = lineAmount(line.qty, line.price, places);
  if (taxIncluded) {
    const excl = roundDecimal(exact(gross).dividedBy(rate.plus(1)).toFixed(), places);
    return { excl, tax: subtractDecimals(gross, excl, places), incl: gross };
  }
  const tax = roundDecimal(exact(gross).times(rate).toFixed(), places);
  return { excl: gross, tax, incl: sumDecimals([gross, tax], places) };
}

/** The column-wise sums of taxed lines. */
export function sumTaxed(lines: readonly TaxedAmount[], places: number): TaxedAmount {
  return {
    excl: sumDecimals(
      lines.map((l) => l.excl),
      places,
    ),
    tax: sumDecimals(
      lines.map((l) => l.tax),
      places,
    ),
    incl: sumDecimals(
      lines.map((l) => l.incl),
      places,
    ),
  };
}
