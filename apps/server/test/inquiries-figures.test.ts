import { deltaPercent, lineAmount, priceAtQuantity, unitPriceWithTax } from '@concord/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellFigures, leastOf, sumFixed } from '../src/modules/inquiries/inquiries.figures.ts';

/**
 * The comparison's fixed-point arithmetic (P-09) against the money module it replaces per cell: the same
 * text for every generated price, break, quantity, tax rate, last price and places.
 */

const decimal = (whole: number, places: number) =>
  fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** BigInt(whole) - 1n }), fc.integer({ min: 0, max: places }), fc.nat())
    .map(([w, p, f]) => (p === 0 ? `${w}` : `${w}.${String(f % 10 ** p).padStart(p, '0')}`));

describe('cellFigures', () => {
  it('equals priceAtQuantity, unitPriceWithTax, lineAmount and deltaPercent', () => {
    fc.assert(
      fc.property(
        decimal(7, 6),
        fc.array(fc.tuple(decimal(6, 2), decimal(7, 6)), { maxLength: 3 }),
        decimal(7, 4),
        decimal(2, 4),
        fc.boolean(),
        fc.option(decimal(7, 6)),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 4 }),
        (unitPrice, rawBreaks, qty, taxRate, taxIncluded, lastPrice, price, amount) => {
          const breaks = rawBreaks.map(([minQty, p]) => ({ minQty, price: p }));
          const f = cellFigures(unitPrice, breaks, qty, taxRate, taxIncluded, lastPrice, { price, amount });
          const at = priceAtQuantity(unitPrice, breaks, qty);
          const taxed = unitPriceWithTax(at.price, taxRate, taxIncluded, price);
          expect(f).toEqual({
            price: at.price,
            breakPrice: at.breakPrice,
            excl: taxed.excl,
            incl: taxed.incl,
            amount: lineAmount(qty, at.price, amount),
            deltaPct: deltaPercent(at.price, lastPrice),
          });
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('sums and finds the least exactly', () => {
    expect(sumFixed(['0.1', '0.2', '1.005'], 2)).toBe('1.31');
    expect(sumFixed([], 2)).toBe('0');
    expect(leastOf(['3.10', '3.1', '2.999'])).toBe('2.999');
    expect(leastOf([])).toBeNull();
    expect(cellFigures('2.345', [], '3', '13', true, '-1', { price: 2, amount: 2 }).deltaPct).toBe('-334.5');
  });
});
