import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatShortDate,
  isCalendarDate,
  saoPauloDayKey,
  startOfSaoPauloDay,
} from './dates';

describe('dates in the São Paulo day', () => {
  const instant = '2026-11-23T01:05:00Z'; // 22/11/2026 22:05 in São Paulo

  it('formats the back-office dates', () => {
    expect(formatDateTime(instant)).toBe('22/11/2026 às 22:05');
    expect(formatDate(instant)).toBe('22/11/2026');
    expect(formatShortDate(instant)).toBe('22/11/26');
    expect(formatDayMonth(instant)).toBe('22/11');
  });

  it('accepts dates, strings and timestamps', () => {
    expect(formatDate(new Date(instant))).toBe('22/11/2026');
    expect(formatDate(Date.parse(instant))).toBe('22/11/2026');
  });

  it('refuses an invalid date', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });

  it('keys and starts the day in São Paulo time', () => {
    expect(saoPauloDayKey(instant)).toBe('20261122');
    expect(startOfSaoPauloDay(instant).toISOString()).toBe('2026-11-22T03:00:00.000Z');
    expect(startOfSaoPauloDay('2026-11-22T03:00:00Z').toISOString()).toBe(
      '2026-11-22T03:00:00.000Z',
    );
    expect(startOfSaoPauloDay('2026-11-22T02:59:59.999Z').toISOString()).toBe(
      '2026-11-21T03:00:00.000Z',
    );
  });

  it('handles the years when Brazil still had daylight saving time', () => {
    // 15 Jan 2018 was UTC-2 in São Paulo.
    expect(startOfSaoPauloDay('2018-01-15T12:00:00Z').toISOString()).toBe(
      '2018-01-15T02:00:00.000Z',
    );
    expect(formatDateTime('2018-01-15T12:00:00Z')).toBe('15/01/2018 às 10:00');
  });
});

describe('a typed date dd/MM/yyyy', () => {
  it('is a day of the calendar', () => {
    expect(isCalendarDate('14/08/2031')).toBe(true);
    expect(isCalendarDate('29/02/2028')).toBe(true);
    expect(isCalendarDate('29/02/2027')).toBe(false);
    expect(isCalendarDate('31/04/2030')).toBe(false);
    expect(isCalendarDate('00/01/2030')).toBe(false);
    expect(isCalendarDate('01/13/2030')).toBe(false);
    expect(isCalendarDate('01/01/1899')).toBe(false);
    expect(isCalendarDate('2030-01-01')).toBe(false);
    expect(isCalendarDate('1/1/2030')).toBe(false);
  });
});
