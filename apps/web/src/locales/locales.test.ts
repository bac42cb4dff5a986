import { describe, expect, it } from 'vitest';
import { enUS } from './en-US.ts';
import { zhCN } from './zh-CN.ts';
import { zhTW } from './zh-TW.ts';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function leaves(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [value];
  return Object.values(value).flatMap(leaves);
}

describe('locales', () => {
  it('have identical key sets in all three languages', () => {
    const en = keys(enUS).sort();
    expect(keys(zhCN).sort()).toEqual(en);
    expect(keys(zhTW).sort()).toEqual(en);
  });

  it('have no empty messages', () => {
    for (const messages of [enUS, zhCN, zhTW]) {
      for (const leaf of leaves(messages)) expect(typeof leaf === 'string' && leaf.length > 0).toBe(true);
    }
  });

  it('keep the same interpolation placeholders across languages', () => {
    const placeholders = (m: unknown) =>
      keys(m).map((k) => {
        const text = k.split('.').reduce<unknown>((o, part) => (o as Record<string, unknown>)[part], m) as string;
        return `${k}:${(text.match(/\{\{\w+\}\}/g) ?? []).sort().join(',')}`;
      });
    expect(placeholders(zhCN).sort()).toEqual(placeholders(enUS).sort());
    expect(placeholders(zhTW).sort()).toEqual(placeholders(enUS).sort());
  });

  it('write zh-TW in Traditional characters, not Simplified', () => {
    const text = leaves(zhTW).join('');
    for (const simplified of ['登录', '账号', '设置', '信息', '数据', '请', '码']) {
      expect(text.includes(simplified)).toBe(false);
    }
  });
});
