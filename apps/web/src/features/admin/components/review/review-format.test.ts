import { describe, expect, it } from 'vitest';
import {
  formatDeadline,
  formatDuration,
  formatListDate,
  formatListDateTime,
} from './review-format';

describe('the dates of the lists', () => {
  it('are dd/MM/yy in São Paulo time', () => {
    expect(formatListDate('2025-03-10T13:05:00.000Z')).toBe('10/03/25');
    // 02:30 UTC is the evening before in São Paulo.
    expect(formatListDate('2025-03-09T02:30:00.000Z')).toBe('08/03/25');
    expect(formatListDate('2031-12-31T12:00:00.000Z')).toBe('31/12/31');
  });

  it('are the same in the PF list', () => {
    expect(formatListDateTime('2025-03-10T13:05:00.000Z')).toBe('10/03/25');
  });
});

describe('the due times of the lists', () => {
  it('are dd/MM/yy HH:mm in São Paulo time', () => {
    // The end of 10 March in São Paulo is 02:59 UTC on the 11th.
    expect(formatDeadline('2025-03-11T02:59:59.999Z')).toBe('10/03/25 23:59');
    expect(formatDeadline('2025-03-10T13:05:00.000Z')).toBe('10/03/25 10:05');
  });
});

describe('the durations of the dashboard', () => {
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  it.each([
    [null, '—'],
    [0, 'menos de 1 min'],
    [29_000, 'menos de 1 min'],
    [35 * MINUTE, '35 min'],
    [59 * MINUTE + 40_000, '1 h'],
    [5 * HOUR, '5 h'],
    [5 * HOUR + 29 * MINUTE, '5 h'],
    [23 * HOUR + 40 * MINUTE, '1 dia'],
    [28 * HOUR, '1 dia e 4 h'],
    [48 * HOUR, '2 dias'],
    [49 * HOUR, '2 dias e 1 h'],
  ])('say %s ms as %j', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
