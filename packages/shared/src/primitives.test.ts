import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  calendarDate,
  dateSchema,
  dateTimeSchema,
  decimalInputSchema,
  idSchema,
  isStorableText,
  rawTextSchema,
  requiredTextSchema,
  textSchema,
  versionSchema,
} from './primitives.ts';

const ok = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) => schema.safeParse(value).success;

describe('idSchema', () => {
  it('takes a positive decimal that fits a signed 64-bit integer', () => {
    expect(ok(idSchema, '1')).toBe(true);
    expect(ok(idSchema, '9223372036854775807')).toBe(true);
  });

  it('refuses what the database would refuse or never holds, without throwing', () => {
    for (const bad of ['', 'abc', '1.5', '-1', '0', '01', '9223372036854775808', '1'.repeat(40), ' 1', 'a\u0000b']) {
      expect(ok(idSchema, bad), bad).toBe(false);
    }
    expect(ok(idSchema, 1)).toBe(false);
  });
});

describe('text schemas', () => {
  it('refuse NUL and lone surrogates, keep surrogate pairs', () => {
    for (const schema of [textSchema(10), requiredTextSchema(10), rawTextSchema(10)]) {
      expect(ok(schema, 'a\u0000b')).toBe(false);
      expect(ok(schema, '\ud800')).toBe(false);
      expect(ok(schema, 'x\udc00y')).toBe(false);
      expect(ok(schema, '\udc00\ud800')).toBe(false);
      expect(ok(schema, 'ok 😀')).toBe(true);
    }
    expect(isStorableText('中文 ok')).toBe(true);
  });

  it('bound the length and trim where they say so', () => {
    expect(ok(textSchema(3), 'abcd')).toBe(false);
    expect(textSchema(3).parse('  ab  ')).toBe('ab');
    expect(ok(requiredTextSchema(3), '   ')).toBe(false);
    expect(rawTextSchema(10).parse(' a ')).toBe(' a ');
  });
});

describe('date schemas', () => {
  it('take real calendar days only', () => {
    expect(ok(dateSchema, '2024-02-29')).toBe(true);
    expect(ok(dateSchema, '0001-01-01')).toBe(true);
    for (const bad of [
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-00-10',
      '0000-01-01',
      '2026-1-1',
      '2026-01-01x',
    ]) {
      expect(ok(dateSchema, bad), bad).toBe(false);
    }
  });

  it('read years below 100 as themselves', () => {
    expect(calendarDate('0050-02-29')).toBeNull();
    expect(calendarDate('0048-02-29')).toEqual([48, 2, 29]);
  });

  it('take instants with an offset on a real day', () => {
    expect(ok(dateTimeSchema, '2026-01-01T00:00:00Z')).toBe(true);
    expect(ok(dateTimeSchema, '2026-01-01T08:00:00+08:00')).toBe(true);
    for (const bad of ['2026-13-01T00:00:00Z', '2026-02-30T00:00:00Z', '0000-01-01T00:00:00Z', '2026-01-01']) {
      expect(ok(dateTimeSchema, bad), bad).toBe(false);
    }
  });
});

describe('versionSchema', () => {
  it('stays within an integer column', () => {
    expect(ok(versionSchema, 2_147_483_647)).toBe(true);
    for (const bad of [0, -1, 1.5, 2_147_483_648, 9007199254740991, 1e308])
      expect(ok(versionSchema, bad), String(bad)).toBe(false);
  });
});

describe('decimalInputSchema', () => {
  const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

  it('takes decimal strings of up to 13 + 6 digits and leaves them in their shortest form', () => {
    const schema = decimalInputSchema();
    expect(schema.parse('1000000000000.123456')).toBe('1000000000000.123456');
    expect(schema.parse('9999999999999.999999')).toBe('9999999999999.999999');
    expect(schema.parse('2.50')).toBe('2.5');
    expect(schema.parse('007')).toBe('7');
    expect(schema.parse('0.000')).toBe('0');
  });

  it('refuses JSON numbers and other text, naming why', () => {
    const schema = decimalInputSchema();
    expect(messageOf(schema, 2.5)).toBe('decimalString');
    expect(messageOf(schema, undefined)).toBe('required');
    for (const bad of ['1e3', ' 1', '1.', '.5', '+1', '1,5', '12345678901234', '1.1234567', 'NaN', ''])
      expect(messageOf(schema, bad), bad).toBe('decimalString');
  });

  it('keeps its bounds', () => {
    expect(messageOf(decimalInputSchema({ min: 'positive' }), '0')).toBe('positive');
    expect(messageOf(decimalInputSchema(), '-0.01')).toBe('nonNegative');
    expect(messageOf(decimalInputSchema({ max: '100' }), '100.000001')).toBe('invalid');
    expect(decimalInputSchema({ max: '100' }).parse('100')).toBe('100');
  });
});
