import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareDecimals,
  decimalTextOfCell,
  lineAmount,
  placesOf,
  roundDecimal,
  sumDecimals,
  sumTaxed,
  taxedLine,
} from './money.ts';

describe('money', () => {
  it('computes line amounts exactly where floating point loses a cent', () => {
    expect(lineAmount('3', '2.675', 2)).toBe('8.03');
    expect(lineAmount('5', '1.005', 2)).toBe('5.03');
    expect(sumDecimals(['8.03', '5.03'], 2)).toBe('13.06');
    expect(lineAmount('0.5', '0.01', 2)).toBe('0.01');
    expect(lineAmount('-0.5', '0.01', 2)).toBe('-0.01');
  });

  it('rounds half away from zero and writes the places, never -0', () => {
    expect(roundDecimal('2.5', 0)).toBe('3');
    expect(roundDecimal('-2.5', 0)).toBe('-3');
    expect(roundDecimal('-0.004', 2)).toBe('0');
    expect(roundDecimal('1.10', 4)).toBe('1.1');
    expect(roundDecimal('150.004', 2)).toBe('150');
    expect(roundDecimal('9999999999999.999999', 6)).toBe('9999999999999.999999');
    expect(() => roundDecimal('1e3', 2)).toThrow();
  });

  it('splits tax so that excl + tax = incl, tax included or not', () => {
    expect(taxedLine({ qty: '3', price: '2.675', taxRate: '13' }, true, 2)).toEqual({
      excl: '7.11',
      tax: '0.92',
      incl: '8.03',
    });
    expect(taxedLine({ qty: '3', price: '2.675', taxRate: '13' }, false, 2)).toEqual({
      excl: '8.03',
      tax: '1.04',
      incl: '9.07',
    });
    const digits = (max: number, places: number) =>
      fc
        .tuple(fc.bigInt({ min: 0n, max: BigInt(max) }), fc.bigInt({ min: 0n, max: 10n ** BigInt(places) - 1n }))
        .map(([w, f]) => `${w}.${String(f).padStart(places, '0')}`);
    fc.assert(
      fc.property(
        fc.array(fc.record({ qty: digits(1e6, 4), price: digits(1e6, 6), taxRate: digits(30, 2) }), { maxLength: 20 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 6 }),
        (lines, included, places) => {
          const taxed = lines.map((l) => taxedLine(l, included, places));
          for (const t of [...taxed, sumTaxed(taxed, places)]) {
            expect(compareDecimals(sumDecimals([t.excl, t.tax], places), t.incl)).toBe(0);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('placesOf and decimalTextOfCell', () => {
  it('count the places a value needs', () => {
    expect(placesOf('3')).toBe(0);
    expect(placesOf('1.50')).toBe(1);
    expect(placesOf('-0.000125')).toBe(6);
  });

  it('read a spreadsheet double as the figure the cell shows', () => {
    expect(decimalTextOfCell(2.675)).toBe('2.675');
    expect(decimalTextOfCell(0.1 + 0.2)).toBe('0.3');
    expect(decimalTextOfCell(1e-7)).toBe('0.0000001');
    expect(decimalTextOfCell(123456789012.5)).toBe('123456789012.5');
  });
});
