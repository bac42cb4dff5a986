import { describe, expect, it } from 'vitest';
import { chineseCapitalAmount } from './money-words.ts';

describe('chineseCapitalAmount', () => {
  it('writes whole yuan with 整', () => {
    expect(chineseCapitalAmount('13285')).toBe('壹万叁仟贰佰捌拾伍元整');
    expect(chineseCapitalAmount('13285.00')).toBe('壹万叁仟贰佰捌拾伍元整');
    expect(chineseCapitalAmount('1')).toBe('壹元整');
    expect(chineseCapitalAmount('10')).toBe('壹拾元整');
    expect(chineseCapitalAmount('0')).toBe('零元整');
    expect(chineseCapitalAmount('0.00')).toBe('零元整');
  });

  it('reads one 零 for a run of zeros inside the number', () => {
    expect(chineseCapitalAmount('105')).toBe('壹佰零伍元整');
    expect(chineseCapitalAmount('10001')).toBe('壹万零壹元整');
    expect(chineseCapitalAmount('1001')).toBe('壹仟零壹元整');
    expect(chineseCapitalAmount('1010')).toBe('壹仟零壹拾元整');
    expect(chineseCapitalAmount('100100')).toBe('壹拾万零壹佰元整');
    expect(chineseCapitalAmount('100000001')).toBe('壹亿零壹元整');
    expect(chineseCapitalAmount('1000010000')).toBe('壹拾亿零壹万元整');
  });

  it('reads no 零 for zeros at the end of a 万 or 亿 group', () => {
    expect(chineseCapitalAmount('101000')).toBe('壹拾万壹仟元整');
    expect(chineseCapitalAmount('100000')).toBe('壹拾万元整');
    expect(chineseCapitalAmount('100000000')).toBe('壹亿元整');
    expect(chineseCapitalAmount('1000000000000')).toBe('壹万亿元整');
    expect(chineseCapitalAmount('1234500000000')).toBe('壹万贰仟叁佰肆拾伍亿元整');
    expect(chineseCapitalAmount('1000100000000')).toBe('壹万零壹亿元整');
    expect(chineseCapitalAmount('9999999999999.99')).toBe(
      '玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分',
    );
  });

  it('writes 角 and 分: 整 when there is no 分, 零 for a missing 角', () => {
    expect(chineseCapitalAmount('105.50')).toBe('壹佰零伍元伍角整');
    expect(chineseCapitalAmount('1.05')).toBe('壹元零伍分');
    expect(chineseCapitalAmount('1.25')).toBe('壹元贰角伍分');
    expect(chineseCapitalAmount('0.5')).toBe('伍角整');
    expect(chineseCapitalAmount('0.05')).toBe('伍分');
    expect(chineseCapitalAmount('8783325.58')).toBe('捌佰柒拾捌万叁仟叁佰贰拾伍元伍角捌分');
    expect(chineseCapitalAmount('13.060000')).toBe('壹拾叁元零陆分');
  });

  it('writes negative amounts and the traditional script', () => {
    expect(chineseCapitalAmount('-13.06')).toBe('负壹拾叁元零陆分');
    expect(chineseCapitalAmount('23001.2', 'traditional')).toBe('貳萬參仟零壹元貳角整');
    expect(chineseCapitalAmount('600000000', 'traditional')).toBe('陸億元整');
  });

  it('refuses what it cannot write', () => {
    expect(() => chineseCapitalAmount('1.005')).toThrow(RangeError);
    expect(() => chineseCapitalAmount('1e3')).toThrow(RangeError);
    expect(() => chineseCapitalAmount('***')).toThrow(RangeError);
    expect(() => chineseCapitalAmount('12345678901234567')).toThrow(RangeError);
  });
});
