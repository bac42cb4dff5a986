import { describe, expect, it } from 'vitest';
import { DEFAULT_DECIMAL_PLACES, formatDecimal, roundTo } from './basic-data.decimals.ts';
import { evaluationItemFieldsSchema, interestRateFieldsSchema } from './basic-data.schema.ts';

describe('roundTo', () => {
  it('rounds half away from zero without binary artefacts', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(2.675, 2)).toBe(2.68);
    expect(roundTo(7319.42715, 4)).toBe(7319.4272);
    expect(roundTo(1.4999, 0)).toBe(1);
    expect(roundTo(-0.0001, 2)).toBe(0);
    expect(roundTo(123456789.123456, 6)).toBe(123456789.123456);
  });
});

describe('formatDecimal', () => {
  it('groups thousands and pads the configured places', () => {
    expect(formatDecimal(1234567.5, 2)).toBe('1,234,567.50');
    expect(formatDecimal(-1234.5678, DEFAULT_DECIMAL_PLACES.price)).toBe('-1,234.5678');
    expect(formatDecimal('999.995', 2)).toBe('1,000.00');
    expect(formatDecimal(12, 0)).toBe('12');
    expect(formatDecimal(0.1 + 0.2, 2)).toBe('0.30');
  });

  it('formats decimal text exactly, without a JS number', () => {
    expect(formatDecimal('999999999999.999999', 6)).toBe('999,999,999,999.999999');
    expect(formatDecimal('1234567890123.4565', 3)).toBe('1,234,567,890,123.457');
    expect(formatDecimal('2.675', 2)).toBe('2.68');
    expect(formatDecimal('-0.004', 2)).toBe('0.00');
    expect(formatDecimal('1050', 2)).toBe('1,050.00');
    expect(formatDecimal('185.4', 4)).toBe('185.4000');
    expect(formatDecimal('1e3', 0)).toBe('1,000');
  });

  it('leaves masked and empty values alone', () => {
    expect(formatDecimal('***', 2)).toBe('***');
    expect(formatDecimal(null, 2)).toBe('');
    expect(formatDecimal(undefined, 2)).toBe('');
  });
});

describe('basic-data schemas', () => {
  it('refuses a period that ends before it starts', () => {
    const r = interestRateFieldsSchema.safeParse({
      startDate: '2026-02-01',
      endDate: '2026-01-31',
      monthlyRate: '0.3',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].path).toEqual(['endDate']);
  });

  it('refuses scoring options above the maximum or scoring twice the same', () => {
    const base = { code: 'Q', name: 'Quality', reviewCriteria: 'yield', maxScore: 10 };
    const above = evaluationItemFieldsSchema.safeParse({ ...base, options: [{ score: 11, description: 'x' }] });
    expect(above.success).toBe(false);
    const twice = evaluationItemFieldsSchema.safeParse({
      ...base,
      options: [
        { score: 5, description: 'a' },
        { score: 5, description: 'b' },
      ],
    });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0].path).toEqual(['options', 1, 'score']);
  });
});
