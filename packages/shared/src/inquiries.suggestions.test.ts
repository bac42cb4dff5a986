import { describe, expect, it } from 'vitest';
import {
  awardProblem,
  deltaPercent,
  earliestDelivery,
  firstUnorderedBreak,
  lowestOf,
  lowestPerLine,
  lowestTotalFromOne,
  priceAtQuantity,
  type SuggestionLine,
  unitPriceWithTax,
} from './inquiries.suggestions.ts';

const cell = (quotationId: string, price: string | null, leadDays: number | null = null) => ({
  quotationId,
  price,
  leadDays,
});

/** Three suppliers on three lines: A cheapest in total, B cheapest on line 2 and not bidding line 3, C fastest. */
const lines: (SuggestionLine & { lineNo: number })[] = [
  { lineId: 'l1', lineNo: 1, qty: '100', cells: [cell('A', '3.1415', 20), cell('B', '3.2', 15), cell('C', '3.5', 5)] },
  { lineId: 'l2', lineNo: 2, qty: '10', cells: [cell('A', '12', 20), cell('B', '11.9', 15), cell('C', '13', 7)] },
  { lineId: 'l3', lineNo: 3, qty: '5', cells: [cell('A', '8', 30), cell('B', null), cell('C', '7.5', null)] },
];

describe('price at a quantity', () => {
  const breaks = [
    { minQty: '100', price: '3.0' },
    { minQty: '1000', price: '2.8' },
  ];
  it('takes the highest break not above the quantity, else the unit price', () => {
    expect(priceAtQuantity('3.2', breaks, '99.99')).toEqual({ price: '3.2', breakPrice: null });
    expect(priceAtQuantity('3.2', breaks, '100')).toEqual({ price: '3.0', breakPrice: '3.0' });
    expect(priceAtQuantity('3.2', breaks, '5000')).toEqual({ price: '2.8', breakPrice: '2.8' });
    expect(priceAtQuantity('3.2', [...breaks].reverse(), '1500')).toEqual({ price: '2.8', breakPrice: '2.8' });
  });

  it('finds breaks that do not rise by quantity', () => {
    expect(firstUnorderedBreak(breaks)).toBe(-1);
    expect(firstUnorderedBreak([breaks[1]!, breaks[0]!])).toBe(1);
    expect(firstUnorderedBreak([breaks[0]!, breaks[0]!])).toBe(1);
  });

  it('compares a price with the last one in percent', () => {
    expect(deltaPercent('3.1415', '3.3')).toBe('-4.8');
    expect(deltaPercent('2', '1.5')).toBe('33.33');
    expect(deltaPercent('2', null)).toBeNull();
    expect(deltaPercent('2', '0')).toBeNull();
  });

  it('splits a price into without and with tax by the money module’s rule', () => {
    expect(unitPriceWithTax('3.1415', '13', true, 4)).toEqual({ excl: '2.7801', incl: '3.1415' });
    expect(unitPriceWithTax('2.78', '13', false, 4)).toEqual({ excl: '2.78', incl: '3.1414' });
  });
});

describe('suggestions', () => {
  it('marks the lowest bid of a line, every one on a tie, none when nobody priced it', () => {
    expect(lowestOf(lines[0]!)).toEqual(['A']);
    expect(lowestOf({ cells: [cell('A', '2'), cell('B', '2.00'), cell('C', '3')] })).toEqual(['A', 'B']);
    expect(lowestOf({ cells: [cell('A', null)] })).toEqual([]);
  });

  it('gives each line wholly to its lowest bid', () => {
    expect(lowestPerLine(lines)).toEqual([
      { lineId: 'l1', quotationId: 'A', qty: '100' },
      { lineId: 'l2', quotationId: 'B', qty: '10' },
      { lineId: 'l3', quotationId: 'C', qty: '5' },
    ]);
  });

  it('gives each line to the earliest delivery, unknown lead times last', () => {
    expect(earliestDelivery(lines)).toEqual([
      { lineId: 'l1', quotationId: 'C', qty: '100' },
      { lineId: 'l2', quotationId: 'C', qty: '10' },
      { lineId: 'l3', quotationId: 'A', qty: '5' },
    ]);
  });

  it('gives everything to the one supplier covering the most lines at the lowest total', () => {
    // A: 314.15 + 120 + 40 = 474.15; C: 350 + 130 + 37.5 = 517.5; B covers two lines only.
    expect(lowestTotalFromOne(lines, 2).map((a) => a.quotationId)).toEqual(['A', 'A', 'A']);
    const withoutA = lines.map((l) => ({ ...l, cells: l.cells.filter((c) => c.quotationId !== 'A') }));
    expect(lowestTotalFromOne(withoutA, 2)).toEqual([
      { lineId: 'l1', quotationId: 'C', qty: '100' },
      { lineId: 'l2', quotationId: 'C', qty: '10' },
      { lineId: 'l3', quotationId: 'C', qty: '5' },
    ]);
    expect(lowestTotalFromOne([], 2)).toEqual([]);
  });
});

describe('award checks', () => {
  const award = (lineId: string, allocations: [string, string][], reason = '') => ({
    lineId,
    allocations: allocations.map(([quotationId, qty]) => ({ quotationId, qty })),
    reason,
  });

  it('accepts a split that keeps within the quantity and gives reasons off the lowest bid', () => {
    expect(
      awardProblem(
        lines,
        [
          award(
            'l1',
            [
              ['A', '60'],
              ['B', '40'],
            ],
            'second source',
          ),
        ],
        2,
      ),
    ).toBeNull();
    expect(awardProblem(lines, [award('l1', [['A', '50']])], 2)).toBeNull();
  });

  it('refuses over-award, also across two entries of one line', () => {
    expect(
      awardProblem(
        lines,
        [
          award(
            'l1',
            [
              ['A', '60'],
              ['B', '40.01'],
            ],
            'x',
          ),
        ],
        2,
      ),
    ).toEqual({
      code: 'INQUIRY_OVER_AWARD',
      lineNo: 1,
      qty: '100.01',
      max: '100',
    });
    expect(awardProblem(lines, [award('l1', [['A', '60']]), award('l1', [['A', '41']])], 2)?.code).toBe(
      'INQUIRY_OVER_AWARD',
    );
  });

  it('refuses a no-bid cell, a stranger, a missing reason and an empty award', () => {
    expect(awardProblem(lines, [award('l3', [['B', '1']], 'x')], 2)).toEqual({
      code: 'INQUIRY_AWARD_NO_BID',
      lineNo: 3,
    });
    expect(awardProblem(lines, [award('l3', [['Z', '1']])], 2)?.code).toBe('INQUIRY_AWARD_QUOTATION_UNKNOWN');
    expect(awardProblem(lines, [award('l9', [['A', '1']])], 2)?.code).toBe('INQUIRY_AWARD_LINE_UNKNOWN');
    expect(awardProblem(lines, [award('l2', [['A', '10']], '  ')], 2)).toEqual({
      code: 'INQUIRY_AWARD_REASON_REQUIRED',
      lineNo: 2,
    });
    expect(awardProblem(lines, [award('l2', [])], 2)?.code).toBe('INQUIRY_AWARD_EMPTY');
  });
});
