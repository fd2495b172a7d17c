import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  deadlineStatus,
  easterSunday,
  holidaysOf,
  isBusinessDay,
} from './business-days';
import { formatDateTime } from './dates';

/** The due time of 'até 2 dias úteis' for a submission at `iso`. */
const dueOf = (iso: string) => addBusinessDays(new Date(iso), 2).toISOString();

describe('Brazilian national holidays', () => {
  it('computes Easter Sunday for known years', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2019)).toBe('2019-04-21');
    // The earliest and the latest dates Easter can fall on.
    expect(easterSunday(2285)).toBe('2285-03-22');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });

  it('lists the holidays of a year in order, Good Friday from Easter', () => {
    expect(holidaysOf(2026)).toEqual([
      { date: '2026-01-01', name: 'Confraternização Universal' },
      { date: '2026-04-03', name: 'Sexta-feira da Paixão' },
      { date: '2026-04-21', name: 'Tiradentes' },
      { date: '2026-05-01', name: 'Dia do Trabalho' },
      { date: '2026-09-07', name: 'Independência do Brasil' },
      { date: '2026-10-12', name: 'Nossa Senhora Aparecida' },
      { date: '2026-11-02', name: 'Finados' },
      { date: '2026-11-15', name: 'Proclamação da República' },
      { date: '2026-11-20', name: 'Dia Nacional de Zumbi e da Consciência Negra' },
      { date: '2026-12-25', name: 'Natal' },
    ]);
    const goodFriday = (year: number) =>
      holidaysOf(year).find((h) => h.name === 'Sexta-feira da Paixão')?.date;
    expect(goodFriday(2024)).toBe('2024-03-29');
    expect(goodFriday(2025)).toBe('2025-04-18');
    expect(goodFriday(2027)).toBe('2027-03-26');
  });

  it('keeps two holidays on one day (Good Friday on Tiradentes, 2000)', () => {
    expect(holidaysOf(2000).filter((h) => h.date === '2000-04-21')).toHaveLength(2);
  });

  it('counts each law from its year', () => {
    const dates = (year: number) => holidaysOf(year).map((h) => h.date);
    expect(dates(2023)).not.toContain('2023-11-20');
    expect(dates(2024)).toContain('2024-11-20');
    expect(dates(1979)).not.toContain('1979-10-12');
    expect(dates(1980)).toContain('1980-10-12');
  });

  it('refuses a year outside the Gregorian computation', () => {
    expect(() => easterSunday(1582)).toThrow(RangeError);
    expect(() => holidaysOf(10_000)).toThrow(RangeError);
    expect(() => holidaysOf(2026.5)).toThrow(RangeError);
  });
});

describe('business days', () => {
  it('are weekdays other than national holidays', () => {
    expect(isBusinessDay('2026-11-19')).toBe(true); // Thursday
    expect(isBusinessDay('2026-11-20')).toBe(false); // Zumbi, Friday
    expect(isBusinessDay('2026-11-21')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-22')).toBe(false); // Sunday
    expect(isBusinessDay('2025-04-18')).toBe(false); // Good Friday
    expect(isBusinessDay('2023-11-20')).toBe(true); // Monday, before Lei 14.759/2023
  });

  it('include the pontos facultativos (Carnaval, Ash Wednesday, Corpus Christi)', () => {
    expect(isBusinessDay('2026-02-16')).toBe(true);
    expect(isBusinessDay('2026-02-17')).toBe(true);
    expect(isBusinessDay('2026-02-18')).toBe(true);
    expect(isBusinessDay('2026-06-04')).toBe(true);
  });

  it('refuses what is not a YYYY-MM-DD day', () => {
    expect(() => isBusinessDay('2026-02-30')).toThrow(RangeError);
    expect(() => isBusinessDay('19/11/2026')).toThrow(RangeError);
    expect(() => isBusinessDay('0099-01-04')).toThrow(RangeError);
  });
});

describe('the due time of two business days', () => {
  it('ends the second business day after the submission day, in São Paulo time', () => {
    // Monday 10:00 in São Paulo → end of Wednesday.
    const due = addBusinessDays(new Date('2026-11-23T13:00:00Z'), 2);
    expect(due.toISOString()).toBe('2026-11-26T02:59:59.999Z');
    expect(formatDateTime(due)).toBe('25/11/2026 às 23:59');
  });

  it('runs across a weekend', () => {
    expect(dueOf('2026-11-26T13:00:00Z')).toBe('2026-12-01T02:59:59.999Z'); // Thu → Mon
    expect(dueOf('2026-11-27T13:00:00Z')).toBe('2026-12-02T02:59:59.999Z'); // Fri → Tue
  });

  it('runs across a holiday and a weekend (Zumbi, Friday 20 Nov 2026)', () => {
    // Thursday 19 → Monday 23 and Tuesday 24.
    expect(dueOf('2026-11-19T15:00:00Z')).toBe('2026-11-25T02:59:59.999Z');
  });

  it('runs across Good Friday and Tiradentes in one week (April 2025)', () => {
    // Thursday 17 → (Fri 18, Sat, Sun, Mon 21 closed) Tuesday 22 and Wednesday 23.
    expect(dueOf('2025-04-17T12:00:00Z')).toBe('2025-04-24T02:59:59.999Z');
  });

  it('runs into the next year and its holidays', () => {
    // Wednesday 31 Dec 2025 → (1 Jan closed) Friday 2 and Monday 5 Jan 2026.
    expect(dueOf('2025-12-31T12:00:00Z')).toBe('2026-01-06T02:59:59.999Z');
  });

  it('counts the São Paulo day, not the UTC day, near midnight', () => {
    // 27 Nov 02:30 UTC is still Thursday 26 Nov, 23:30, in São Paulo.
    expect(dueOf('2026-11-27T02:30:00Z')).toBe('2026-12-01T02:59:59.999Z');
    // 03:00 UTC is Friday 00:00 in São Paulo.
    expect(dueOf('2026-11-27T03:00:00Z')).toBe('2026-12-02T02:59:59.999Z');
  });

  it('takes a submission on a weekend or holiday as received on the next business day', () => {
    const fromMonday = '2026-12-03T02:59:59.999Z'; // Mon 30 Nov → end of Wed 2 Dec
    expect(dueOf('2026-11-28T12:00:00Z')).toBe(fromMonday); // Saturday
    expect(dueOf('2026-11-29T23:00:00Z')).toBe(fromMonday); // Sunday 20:00
    expect(dueOf('2026-11-30T03:00:00Z')).toBe(fromMonday); // Monday 00:00
    // Friday 20 Nov (Zumbi) counts as Monday 23 → end of Wednesday 25.
    expect(dueOf('2026-11-20T12:00:00Z')).toBe('2026-11-26T02:59:59.999Z');
    // With no day to add, the due time is the end of the day it counts as received.
    expect(addBusinessDays(new Date('2026-11-28T12:00:00Z'), 0).toISOString()).toBe(
      '2026-12-01T02:59:59.999Z',
    );
  });

  it('always ends a business day at 23:59 in São Paulo, after the submission', () => {
    for (let day = 0; day < 365; day += 1) {
      const submitted = new Date(Date.UTC(2026, 0, 1, 14) + day * 86_400_000);
      const due = addBusinessDays(submitted, 2);
      expect(due.getTime()).toBeGreaterThan(submitted.getTime() + 2 * 86_400_000);
      expect(formatDateTime(due).endsWith('às 23:59')).toBe(true);
      const [dd, mm, yyyy] = formatDateTime(due).slice(0, 10).split('/');
      expect(isBusinessDay(`${yyyy}-${mm}-${dd}`)).toBe(true);
    }
  });

  it('refuses a negative or fractional count and an invalid instant', () => {
    expect(() => addBusinessDays(new Date('2026-11-19T12:00:00Z'), -1)).toThrow(RangeError);
    expect(() => addBusinessDays(new Date('2026-11-19T12:00:00Z'), 1.5)).toThrow(RangeError);
    expect(() => addBusinessDays(new Date('not a date'), 2)).toThrow(RangeError);
  });
});

describe('the deadline status of a case', () => {
  // Submitted Thursday 19 Nov 2026 → due at the end of Tuesday 24 Nov, São Paulo time.
  const due = addBusinessDays(new Date('2026-11-19T15:00:00Z'), 2);
  const at = (iso: string) => deadlineStatus(due, new Date(iso));

  it('is no prazo before the due day', () => {
    expect(at('2026-11-19T15:00:00Z')).toBe('no_prazo');
    expect(at('2026-11-24T02:59:59.999Z')).toBe('no_prazo'); // Monday 23:59:59.999
  });

  it('falls due on the due day, up to its last instant', () => {
    expect(at('2026-11-24T03:00:00Z')).toBe('vence_hoje'); // Tuesday 00:00
    expect(at('2026-11-25T02:59:59.999Z')).toBe('vence_hoje');
  });

  it('is late once the due time has passed', () => {
    expect(at('2026-11-25T03:00:00Z')).toBe('atrasado'); // Wednesday 00:00
    expect(at('2027-01-10T12:00:00Z')).toBe('atrasado');
  });
});
