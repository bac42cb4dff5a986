import { canonicalTimeZone, timeZoneSchema } from '@concord/shared';
import { describe, expect, it } from 'vitest';
import { dateTimeIn, dayIn, endOfDay, instantAt, startOfDay } from '../src/platform/time.ts';

const at = (iso: string) => new Date(iso);

describe('the day of an instant in a zone', () => {
  it('is the zone’s calendar day, not the UTC one, either side of midnight', () => {
    expect(dayIn(at('2026-11-26T15:59:59Z'), 'Asia/Shanghai')).toBe('2026-11-26');
    expect(dayIn(at('2026-11-26T16:00:00Z'), 'Asia/Shanghai')).toBe('2026-11-27');
    // UTC+14: already the next day for ten hours of the UTC day.
    expect(dayIn(at('2026-11-26T09:59:59Z'), 'Pacific/Kiritimati')).toBe('2026-11-26');
    expect(dayIn(at('2026-11-26T10:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-11-27');
    expect(dayIn(at('2026-11-27T07:59:59Z'), 'America/Los_Angeles')).toBe('2026-11-26');
    expect(dateTimeIn(at('2026-11-26T16:00:00Z'), 'Asia/Shanghai')).toBe('2026-11-27 00:00:00');
  });

  it('does not depend on the process’s TZ', () => {
    const before = process.env.TZ;
    try {
      const days = ['Pacific/Kiritimati', 'America/Los_Angeles', 'UTC'].map((tz) => {
        process.env.TZ = tz;
        return [dayIn(at('2026-11-26T16:30:00Z'), 'Asia/Shanghai'), startOfDay('2026-11-27', 'Asia/Shanghai')];
      });
      expect(days).toEqual(Array(3).fill(['2026-11-27', at('2026-11-26T16:00:00Z')]));
    } finally {
      process.env.TZ = before;
    }
  });
});

describe('the bounds of a day in a zone', () => {
  it('starts at local midnight and ends where the next day starts', () => {
    expect(startOfDay('2026-11-27', 'Asia/Shanghai')).toEqual(at('2026-11-26T16:00:00Z'));
    expect(endOfDay('2026-11-27', 'Asia/Shanghai')).toEqual(at('2026-11-27T16:00:00Z'));
    expect(startOfDay('2026-11-27', 'Pacific/Kiritimati')).toEqual(at('2026-11-26T10:00:00Z'));
    expect(startOfDay('2026-11-27', 'America/Los_Angeles')).toEqual(at('2026-11-27T08:00:00Z'));
    expect(endOfDay('2026-12-31', 'UTC')).toEqual(at('2027-01-01T00:00:00Z'));
  });

  it('gives a daylight-saving day its 23 or 25 hours (Europe/Berlin)', () => {
    const hours = (day: string) =>
      (endOfDay(day, 'Europe/Berlin').getTime() - startOfDay(day, 'Europe/Berlin').getTime()) / 3_600_000;
    expect(hours('2026-03-29')).toBe(23);
    expect(hours('2026-10-25')).toBe(25);
    expect(hours('2026-11-27')).toBe(24);
    expect(startOfDay('2026-03-29', 'Europe/Berlin')).toEqual(at('2026-03-28T23:00:00Z'));
    expect(startOfDay('2026-03-30', 'Europe/Berlin')).toEqual(at('2026-03-29T22:00:00Z'));
  });

  it('takes a repeated wall time at its first occurrence and a skipped one with the offset before the jump', () => {
    // 02:30 happens twice on 25 October (CEST, then CET) and never on 29 March.
    expect(instantAt('2026-10-25', 'Europe/Berlin', '02:30:00')).toEqual(at('2026-10-25T00:30:00Z'));
    expect(instantAt('2026-03-29', 'Europe/Berlin', '02:30:00')).toEqual(at('2026-03-29T01:30:00Z'));
    expect(dateTimeIn(instantAt('2026-03-29', 'Europe/Berlin', '02:30:00'), 'Europe/Berlin')).toBe(
      '2026-03-29 03:30:00',
    );
    expect(instantAt('2026-11-27', 'Asia/Shanghai', '12:00:00')).toEqual(at('2026-11-27T04:00:00Z'));
  });

  it('starts a day whose midnight is skipped when the clocks jump (America/Havana)', () => {
    // Cuba moves from 00:00 to 01:00 on 8 March 2026.
    const start = startOfDay('2026-03-08', 'America/Havana');
    expect(dateTimeIn(start, 'America/Havana')).toBe('2026-03-08 01:00:00');
    expect(dayIn(new Date(start.getTime() - 1000), 'America/Havana')).toBe('2026-03-07');
  });
});

describe('time zone names', () => {
  it('accepts IANA names in the runtime’s spelling and refuses offsets and unknown names', () => {
    expect(canonicalTimeZone('asia/shanghai')).toBe('Asia/Shanghai');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('+08:00')).toBeNull();
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(timeZoneSchema.safeParse('Europe/Berlin').data).toBe('Europe/Berlin');
    expect(timeZoneSchema.safeParse('Asia/Shang hai').error?.issues[0]?.message).toBe('invalid');
  });
});
