import { Decimal } from 'decimal.js';
import { compareDecimals, type DecimalText, lineAmount, roundDecimal, sumDecimals, taxedLine } from './money.ts';

/** The money module's precision: 64 significant digits before the one rounding at the places. */
const Exact = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP });

/**
 * The comparison's arithmetic, pure so that the server (award checks) and the web (suggestions,
 * inline checks) reach the same answer: which price applies at a quantity, which bid is lowest, three
 * suggested awards and what makes an award invalid.
 */

/** From `minQty` on, `price` (contracts and quotations alike). */
type QuantityBreak = { minQty: DecimalText; price: DecimalText };

/** The price at `qty`: the break with the highest `minQty` not above it, else the unit price. */
export function priceAtQuantity(
  unitPrice: DecimalText,
  breaks: readonly QuantityBreak[],
  qty: DecimalText,
): { price: DecimalText; breakPrice: DecimalText | null } {
  let found: QuantityBreak | null = null;
  for (const b of breaks) {
    if (compareDecimals(b.minQty, qty) <= 0 && (!found || compareDecimals(b.minQty, found.minQty) > 0)) found = b;
  }
  return found ? { price: found.price, breakPrice: found.price } : { price: unitPrice, breakPrice: null };
}

/** Breaks must ascend strictly by quantity; the index of the first that does not, else -1. */
export function firstUnorderedBreak(breaks: readonly QuantityBreak[]): number {
  return breaks.findIndex((b, i) => i > 0 && compareDecimals(b.minQty, breaks[i - 1]!.minQty) <= 0);
}

/** A unit price without and with tax (`taxRate` in percent), rounded to the price places. */
export function unitPriceWithTax(
  price: DecimalText,
  taxRate: DecimalText,
  taxIncluded: boolean,
  places: number,
): { excl: DecimalText; incl: DecimalText } {
  const taxed = taxedLine({ qty: '1', price, taxRate }, taxIncluded, places);
  return { excl: taxed.excl, incl: taxed.incl };
}

/** (price − base) ÷ base in percent at 2 places, exactly; null without a base to compare with. */
export function deltaPercent(price: DecimalText, base: DecimalText | null): DecimalText | null {
  if (base === null || compareDecimals(base, '0') === 0) return null;
  return roundDecimal(new Exact(price).minus(base).times(100).dividedBy(base).toFixed(), 2);
}

/** One quotation's bid on a line, as the suggestions weigh it. */
export interface SuggestionCell {
  quotationId: string;
  /** The comparable price (excluding tax, at the line's quantity); null for no bid or a line left open. */
  price: DecimalText | null;
  leadDays: number | null;
}

export interface SuggestionLine {
  lineId: string;
  qty: DecimalText;
  cells: readonly SuggestionCell[];
}

export interface AwardAllocation {
  lineId: string;
  quotationId: string;
  qty: DecimalText;
}

const priced = (cells: readonly SuggestionCell[]) =>
  cells.filter((c): c is SuggestionCell & { price: DecimalText } => c.price !== null);

/** The quotations with the line's lowest price (all of them on a tie); none when nobody priced it. */
export function lowestOf(line: Pick<SuggestionLine, 'cells'>): string[] {
  const bids = priced(line.cells);
  if (!bids.length) return [];
  const low = bids.reduce((min, c) => (compareDecimals(c.price, min) < 0 ? c.price : min), bids[0]!.price);
  return bids.filter((c) => compareDecimals(c.price, low) === 0).map((c) => c.quotationId);
}

/** The earlier of two by lead days (unknown last), then by price, then the earlier column. */
const byLeadThenPrice = (a: SuggestionCell & { price: DecimalText }, b: SuggestionCell & { price: DecimalText }) =>
  (a.leadDays ?? Number.POSITIVE_INFINITY) - (b.leadDays ?? Number.POSITIVE_INFINITY) ||
  compareDecimals(a.price, b.price);

/** Each line wholly to its lowest bid (the first column on a tie). */
export function lowestPerLine(lines: readonly SuggestionLine[]): AwardAllocation[] {
  return lines.flatMap((line) => {
    const [first] = lowestOf(line);
    return first ? [{ lineId: line.lineId, quotationId: first, qty: line.qty }] : [];
  });
}

/** Each line wholly to the bid that delivers soonest (the lower price on a tie). */
export function earliestDelivery(lines: readonly SuggestionLine[]): AwardAllocation[] {
  return lines.flatMap((line) => {
    const [first] = priced(line.cells).sort(byLeadThenPrice);
    return first ? [{ lineId: line.lineId, quotationId: first.quotationId, qty: line.qty }] : [];
  });
}

/**
 * Every line one supplier priced, to that one supplier: the quotation covering the most lines, and of
 * those the lowest total (Σ round(qty × price)). Lines it did not price stay unawarded.
 */
export function lowestTotalFromOne(lines: readonly SuggestionLine[], amountPlaces: number): AwardAllocation[] {
  const totals = new Map<string, { lines: SuggestionLine[]; amounts: DecimalText[] }>();
  for (const line of lines) {
    for (const c of priced(line.cells)) {
      const t = totals.get(c.quotationId) ?? { lines: [], amounts: [] };
      t.lines.push(line);
      t.amounts.push(lineAmount(line.qty, c.price, amountPlaces));
      totals.set(c.quotationId, t);
    }
  }
  let best: { quotationId: string; lines: SuggestionLine[]; total: DecimalText } | null = null;
  for (const [quotationId, t] of totals) {
    const total = sumDecimals(t.amounts, amountPlaces);
    const better =
      !best ||
      t.lines.length > best.lines.length ||
      (t.lines.length === best.lines.length && compareDecimals(total, best.total) < 0);
    if (better) best = { quotationId, lines: t.lines, total };
  }
  return best ? best.lines.map((l) => ({ lineId: l.lineId, quotationId: best.quotationId, qty: l.qty })) : [];
}

/** One line of an award as the buyer sends it. */
export interface AwardLineInput {
  lineId: string;
  allocations: readonly { quotationId: string; qty: DecimalText }[];
  reason: string;
}

export type AwardProblemCode =
  | 'INQUIRY_AWARD_LINE_UNKNOWN'
  | 'INQUIRY_AWARD_QUOTATION_UNKNOWN'
  | 'INQUIRY_AWARD_NO_BID'
  | 'INQUIRY_OVER_AWARD'
  | 'INQUIRY_AWARD_REASON_REQUIRED'
  | 'INQUIRY_AWARD_EMPTY';

export interface AwardProblem {
  code: AwardProblemCode;
  lineNo: number;
  /** The awarded and the available quantity of an over-awarded line. */
  qty?: DecimalText;
  max?: DecimalText;
}

/**
 * The first reason an award cannot stand, or null: a line or quotation that is not the inquiry's, a
 * quantity on a bid that is no bid (or was left open), more than the line's quantity in total, or a
 * line not (only) going to its lowest bid without a reason. At least one quantity must be awarded.
 */
export function awardProblem(
  lines: readonly (SuggestionLine & { lineNo: number })[],
  awards: readonly AwardLineInput[],
  quantityPlaces: number,
): AwardProblem | null {
  const byId = new Map(lines.map((l) => [l.lineId, l]));
  // A line named twice is one award: its allocations add up.
  const merged = new Map<string, AwardLineInput & { allocations: { quotationId: string; qty: DecimalText }[] }>();
  for (const a of awards) {
    const m = merged.get(a.lineId) ?? { lineId: a.lineId, allocations: [], reason: '' };
    m.allocations.push(...a.allocations);
    m.reason ||= a.reason;
    merged.set(a.lineId, m);
  }
  let any = false;
  for (const award of merged.values()) {
    const line = byId.get(award.lineId);
    if (!line) return { code: 'INQUIRY_AWARD_LINE_UNKNOWN', lineNo: 0 };
    const cells = new Map(line.cells.map((c) => [c.quotationId, c]));
    const lowest = new Set(lowestOf(line));
    for (const a of award.allocations) {
      const cell = cells.get(a.quotationId);
      if (!cell) return { code: 'INQUIRY_AWARD_QUOTATION_UNKNOWN', lineNo: line.lineNo };
      if (cell.price === null) return { code: 'INQUIRY_AWARD_NO_BID', lineNo: line.lineNo };
    }
    const total = sumDecimals(
      award.allocations.map((a) => a.qty),
      quantityPlaces,
    );
    if (compareDecimals(total, line.qty) > 0)
      return { code: 'INQUIRY_OVER_AWARD', lineNo: line.lineNo, qty: total, max: line.qty };
    if (award.allocations.some((a) => !lowest.has(a.quotationId)) && !award.reason.trim())
      return { code: 'INQUIRY_AWARD_REASON_REQUIRED', lineNo: line.lineNo };
    if (award.allocations.length) any = true;
  }
  return any ? null : { code: 'INQUIRY_AWARD_EMPTY', lineNo: 0 };
}
