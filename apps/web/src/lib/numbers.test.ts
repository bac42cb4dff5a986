import { describe, expect, it } from 'vitest';
import { numberFormat } from './numbers.ts';

const { fmt, money, rate } = numberFormat({ quantity: 2, price: 4, amount: 2 });

describe('numberFormat', () => {
  it('shows each kind with its places and thousands separators', () => {
    expect(fmt('1050', 'quantity')).toBe('1,050.00');
    expect(fmt('185.4', 'price')).toBe('185.4000');
    expect(fmt(1234567.5, 'amount')).toBe('1,234,567.50');
  });

  it('keeps every digit of a decimal string', () => {
    expect(fmt('999999999999.995', 'amount')).toBe('1,000,000,000,000.00');
    expect(numberFormat({ quantity: 6, price: 6, amount: 6 }).fmt('999999999999.999999', 'amount')).toBe(
      '999,999,999,999.999999',
    );
  });

  it('writes the currency after an amount and % after a rate', () => {
    expect(money('8.03', 'CNY')).toBe('8.03 CNY');
    expect(money('13.06', null)).toBe('13.06');
    expect(rate('13')).toBe('13.00 %');
    expect(rate(96.666)).toBe('96.67 %');
  });

  it('leaves masked and empty values alone', () => {
    expect(money('***', 'CNY')).toBe('***');
    expect(rate(null)).toBe('');
    expect(fmt('', 'quantity')).toBe('');
  });
});
