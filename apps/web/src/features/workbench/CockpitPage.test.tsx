import { MASK } from '@concord/shared';
import { describe, expect, it } from 'vitest';
import { totalsByCurrency } from './CockpitPage.tsx';

describe('totalsByCurrency', () => {
  it('sums each currency exactly as decimal text and keeps a masked amount masked', () => {
    const open = [
      { month: '2026-10', currency: 'CNY', amount: '0.1', orders: 1 },
      { month: '2026-11', currency: 'CNY', amount: '0.2', orders: 2 },
      { month: '2026-11', currency: 'USD', amount: '1234567890123.45', orders: 1 },
      { month: '2026-11', currency: 'USD', amount: '0.01', orders: 1 },
    ];
    // 0.1 + 0.2 is 0.30000000000000004 as doubles.
    expect(totalsByCurrency(open, 2)).toEqual([
      { currency: 'CNY', amount: '0.3' },
      { currency: 'USD', amount: '1234567890123.46' },
    ]);
    expect(totalsByCurrency([{ month: '2026-11', currency: 'CNY', amount: MASK, orders: 3 }], 2)).toEqual([
      { currency: 'CNY', amount: MASK },
    ]);
  });
});
