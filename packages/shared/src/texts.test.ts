import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales.ts';
import type { TextEntry, TextTemplate } from './texts/types.ts';
import { placeholdersOf, renderText, TEXTS, text, verbatim } from './texts.ts';

const variants = (t: TextTemplate) => (typeof t === 'string' ? [t] : [t.one, t.other]);

/** Characters written differently in Traditional Chinese: none may appear in a zh-TW text. */
const SIMPLIFIED =
  '们为发单订这个说时对设认货库审务额价应该项称实号数录开关无让进过还请给经询报组织员户账变确结质检标级购买卖运输调拨';

describe('server texts', () => {
  const entries = Object.entries(TEXTS as Record<string, TextEntry>);

  it('render every key in the three languages with its parameters, leaving no placeholder', () => {
    for (const [key, entry] of entries) {
      const names = new Set(variants(entry['en-US']).flatMap(placeholdersOf));
      for (const locale of LOCALES) {
        for (const template of variants(entry[locale])) {
          expect(new Set(placeholdersOf(template)), `${key} ${locale}`).toEqual(names);
        }
        const params = Object.fromEntries([...names].map((n) => [n, n === 'count' ? 2 : `<${n}>`]));
        const rendered = renderText({ key, params }, locale);
        expect(rendered, `${key} ${locale}`).not.toMatch(/\{\{|\}\}/);
        expect(rendered.trim().length, `${key} ${locale}`).toBeGreaterThan(0);
      }
    }
  });

  it('write zh-TW in Traditional characters', () => {
    for (const [key, entry] of entries) {
      for (const template of variants(entry['zh-TW'])) {
        const found = [...template].filter((c) => SIMPLIFIED.includes(c));
        expect(found, `${key}: ${template}`).toEqual([]);
      }
    }
  });

  it('render nested texts in the same language and English counts in the singular for one', () => {
    expect(renderText(text('party.own'), 'zh-CN')).toBe('我方');
    expect(renderText(verbatim('sent order PO1'), 'zh-TW')).toBe('sent order PO1');
    expect(renderText({ key: 'not.a.key' }, 'en-US')).toBe('not.a.key');
  });
});
