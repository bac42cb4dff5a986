import type { DecimalText } from '@concord/shared';

/*
 * The comparison's per-cell arithmetic on exact fixed-point integers (BigInt), P-09: 500 lines × 10
 * suppliers is 5,000 cells, and decimal.js per cell was most of the reply's time. The rules are the
 * money module's (`unitPriceWithTax`, `lineAmount`, `deltaPercent`, `priceAtQuantity`): every result is
 * rounded once, half away from zero, at the buyer's places, and written in its shortest form. Here a
 * division is exact before its one rounding; the money module divides at 64 significant digits first,
 * which for the stored numbers (≤ 13 integer digits, ≤ 6 places; rates ≤ 4 places) cannot land on
 * another side of a half. `inquiries-figures.test.ts` checks the two agree on generated cases.
 */

/** value = n ÷ 10^s */
interface Fixed {
  n: bigint;
  s: number;
}

const POWERS: bigint[] = [];
const pow10 = (k: number): bigint => (POWERS[k] ??= 10n ** BigInt(k));

function fixed(text: DecimalText): Fixed {
  const dot = text.indexOf('.');
  if (dot < 0) return { n: BigInt(text), s: 0 };
  return { n: BigInt(text.slice(0, dot) + text.slice(dot + 1)), s: text.length - dot - 1 };
}

/** num ÷ den rounded half away from zero to an integer (den ≠ 0). */
function divRound(num: bigint, den: bigint): bigint {
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  const q = num / den;
  const r = num % den;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < den) return q;
  return num < 0n ? q - 1n : q + 1n;
}

/** `x` at exactly `places` (rounded half away from zero, or padded). */
function at(x: Fixed, places: number): Fixed {
  if (x.s === places) return x;
  if (x.s < places) return { n: x.n * pow10(places - x.s), s: places };
  return { n: divRound(x.n, pow10(x.s - places)), s: places };
}

/** Shortest decimal text: `150`, `8.1`, never `-0`. */
function text(x: Fixed): DecimalText {
  let { n, s } = x;
  if (n === 0n) return '0';
  while (s > 0 && n % 10n === 0n) {
    n /= 10n;
    s--;
  }
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString();
  if (s === 0) return (negative ? '-' : '') + digits;
  const padded = digits.padStart(s + 1, '0');
  return `${negative ? '-' : ''}${padded.slice(0, -s)}.${padded.slice(-s)}`;
}

const mul = (a: Fixed, b: Fixed): Fixed => ({ n: a.n * b.n, s: a.s + b.s });
const add = (a: Fixed, b: Fixed): Fixed => {
  const s = Math.max(a.s, b.s);
  return { n: a.n * pow10(s - a.s) + b.n * pow10(s - b.s), s };
};
const sub = (a: Fixed, b: Fixed): Fixed => add(a, { n: -b.n, s: b.s });
/** a ÷ b rounded half away from zero at `places`, exactly. */
const div = (a: Fixed, b: Fixed, places: number): Fixed => ({
  n: divRound(a.n * pow10(b.s + places), b.n * pow10(a.s)),
  s: places,
});
const cmp = (a: Fixed, b: Fixed): number => {
  const d = sub(a, b).n;
  return d < 0n ? -1 : d > 0n ? 1 : 0;
};

const HUNDRED: Fixed = { n: 100n, s: 0 };

export interface CellFigures {
  /** The price that applies at the line's quantity: its price break, else the unit price. */
  price: DecimalText;
  breakPrice: DecimalText | null;
  excl: DecimalText;
  incl: DecimalText;
  amount: DecimalText;
  deltaPct: DecimalText | null;
}

/**
 * One priced cell: the price break at `qty` (the greatest quantity not above it), the price without
 * and with tax at the price places (a tax-included price ÷ (1 + rate), a tax-excluded one + round(price
 * × rate)), the amount round(qty × price) at the amount places and Δ % against the last price.
 */
export function cellFigures(
  unitPrice: DecimalText,
  breaks: readonly { minQty: DecimalText; price: DecimalText }[],
  qty: DecimalText,
  taxRate: DecimalText,
  taxIncluded: boolean,
  lastPrice: DecimalText | null,
  places: { price: number; amount: number },
): CellFigures {
  const q = fixed(qty);
  let found: { minQty: Fixed; price: DecimalText } | null = null;
  for (const b of breaks) {
    const minQty = fixed(b.minQty);
    if (cmp(minQty, q) <= 0 && (!found || cmp(minQty, found.minQty) > 0)) found = { minQty, price: b.price };
  }
  const priceText = found ? found.price : unitPrice;
  const price = fixed(priceText);
  const gross = at(price, places.price);
  const rate = div(fixed(taxRate), HUNDRED, fixed(taxRate).s + 2);
  const one: Fixed = { n: 1n, s: 0 };
  let excl: Fixed;
  let incl: Fixed;
  if (taxIncluded) {
    incl = gross;
    excl = div(gross, add(one, rate), places.price);
  } else {
    excl = gross;
    incl = add(gross, at(mul(gross, rate), places.price));
  }
  const base = lastPrice === null ? null : fixed(lastPrice);
  const deltaPct = base === null || base.n === 0n ? null : text(div(mul(sub(price, base), HUNDRED), base, 2));
  return {
    price: priceText,
    breakPrice: found ? found.price : null,
    excl: text(excl),
    incl: text(incl),
    amount: text(at(mul(q, price), places.amount)),
    deltaPct,
  };
}

/** The least of decimal texts by value; null for none. */
export function leastOf(values: readonly DecimalText[]): DecimalText | null {
  let least: { text: DecimalText; value: Fixed } | null = null;
  for (const v of values) {
    const value = fixed(v);
    if (!least || cmp(value, least.value) < 0) least = { text: v, value };
  }
  return least?.text ?? null;
}

/** Whether two decimal texts are the same number (`1.50` and `1.5`). */
export const sameValue = (a: DecimalText, b: DecimalText) => cmp(fixed(a), fixed(b)) === 0;

/** The exact sum, rounded at `places`. */
export function sumFixed(values: readonly DecimalText[], places: number): DecimalText {
  let total: Fixed = { n: 0n, s: 0 };
  for (const v of values) total = add(total, fixed(v));
  return text(at(total, places));
}
