import { describe, expect, it } from 'vitest';
import { wholeMonthsOf } from '../src/modules/reports/reports.rates.ts';

describe('wholeMonthsOf', () => {
  it('splits a period into its whole months and the days of the months it covers in part', () => {
    expect(wholeMonthsOf('2025-01-15', '2025-04-10')).toEqual({
      months: ['2025-02-01', '2025-03-01'],
      days: [
        ['2025-01-15', '2025-01-31'],
        ['2025-04-01', '2025-04-10'],
      ],
    });
    expect(wholeMonthsOf('2025-01-01', '2026-01-31')).toEqual({ months: ['2025-01-01', '2026-01-01'], days: [] });
    expect(wholeMonthsOf('2024-02-01', '2024-02-29')).toEqual({ months: ['2024-02-01', '2024-02-01'], days: [] });
    expect(wholeMonthsOf('2025-12-02', '2026-01-31')).toEqual({
      months: ['2026-01-01', '2026-01-01'],
      days: [['2025-12-02', '2025-12-31']],
    });
  });

  it('keeps a period inside one month as days', () => {
    expect(wholeMonthsOf('2025-03-05', '2025-03-20')).toEqual({ months: null, days: [['2025-03-05', '2025-03-20']] });
    expect(wholeMonthsOf('2025-03-05', '2025-04-03')).toEqual({ months: null, days: [['2025-03-05', '2025-04-03']] });
  });
});
