import { describe, expect, it } from 'vitest';
import { formatListDate, formatListDateTime } from './review-format';

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
