import type { UserInfo } from '@concord/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../stores/session.ts';
import { buyerZoneFormat, formatDate, formatDateTime, todayDate } from './dates.ts';

const pad = (n: number) => String(n).padStart(2, '0');
/** The reader's wall clock of an instant, written without dayjs. */
const local = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

describe('dates', () => {
  it('shows an RFC 3339 UTC instant in the reader’s time', () => {
    expect(formatDateTime('2026-11-26T01:11:00.000Z')).toBe(local('2026-11-26T01:11:00.000Z'));
    expect(formatDate('2026-11-26T23:30:00.000Z')).toBe(local('2026-11-26T23:30:00.000Z').slice(0, 10));
  });

  it('reads Postgres text timestamps and epoch numbers as instants', () => {
    expect(formatDateTime('2026-11-23 05:28:05.09+00')).toBe(local('2026-11-23T05:28:05.090Z'));
    expect(formatDateTime('2026-11-23T05:28:05-05')).toBe(local('2026-11-23T10:28:05.000Z'));
    expect(formatDateTime(1_795_655_460)).toBe(local('2026-11-26T01:11:00.000Z'));
    expect(formatDateTime('1795655460000')).toBe(local('2026-11-26T01:11:00.000Z'));
  });

  it('shows a date-only field as the calendar day it is, in every zone', () => {
    expect(formatDate('2026-11-26')).toBe('2026-11-26');
    expect(formatDateTime('2026-11-26')).toBe('2026-11-26 00:00:00');
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('gives the reader’s calendar day for today', () => {
    const now = new Date();
    expect(todayDate()).toBe(`${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`);
  });
});

describe('dates in the enterprise’s zone', () => {
  const enterpriseIn = (timeZone: string) =>
    useSession.setState({ userInfo: { tenant: { id: '1', name: 'E', compNo: '10000001', timeZone } } as UserInfo });
  afterEach(() => {
    useSession.getState().clear();
    vi.useRealTimers();
  });

  it('shows instants and today in the enterprise’s zone, not the browser’s', () => {
    enterpriseIn('Asia/Shanghai');
    expect(formatDateTime('2026-11-26T16:30:00.000Z')).toBe('2026-11-27 00:30:00');
    expect(formatDate('2026-11-26T16:30:00.000Z')).toBe('2026-11-27');
    expect(formatDate('2026-11-26')).toBe('2026-11-26');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T16:30:00.000Z'));
    expect(todayDate()).toBe('2026-11-27');
    enterpriseIn('America/Los_Angeles');
    expect(todayDate()).toBe('2026-11-26');
    expect(formatDateTime(1_795_655_460)).toBe('2026-11-25 17:11:00');
  });

  it('names the buyer’s zone on a two-party document only for a reader counting in another', () => {
    enterpriseIn('Asia/Tokyo');
    const fromShanghai = buyerZoneFormat('Asia/Shanghai');
    expect(fromShanghai.dateTime('2026-12-03T10:00:00.000Z')).toBe('2026-12-03 18:00:00 (Asia/Shanghai)');
    expect(fromShanghai.date('2026-12-03')).toBe('2026-12-03 (Asia/Shanghai)');
    expect(fromShanghai.date(null)).toBe('');
    enterpriseIn('Asia/Shanghai');
    expect(buyerZoneFormat('Asia/Shanghai').dateTime('2026-12-03T10:00:00.000Z')).toBe('2026-12-03 18:00:00');
  });
});
