/**
 * Business days in Brazil and the reviewers' deadline ('até 2 dias úteis'), counted in the
 * America/Sao_Paulo calendar day. Pure: no IO, no date library.
 *
 * A business day (dia útil) is a Monday to Friday that is not a national holiday (feriado
 * nacional) listed below. State and municipal holidays are not counted: the portal serves the
 * whole country and its reviewers work to one national calendar.
 *
 * Pontos facultativos are not holidays and are business days here: Carnaval (Monday and Tuesday)
 * and Ash Wednesday until 14:00, Corpus Christi, 28 October (Dia do Servidor Público) and the like
 * are days the federal government may release its own staff (its yearly portaria lists them
 * apart from the holidays); no law closes the country on them. Where a state or city made one
 * of them a holiday (Carnaval in Rio de Janeiro, Corpus Christi in many cities) that is a local
 * holiday, not counted for the reason above.
 */

import { saoPauloDayKey, saoPauloParts, startOfSaoPauloDay } from './dates';

export type Holiday = {
  /** `YYYY-MM-DD` */
  date: string;
  /** Name as the law or the federal calendar writes it. */
  name: string;
};

type FixedHoliday = { month: number; day: number; name: string; since?: number };

/**
 * Fixed-date national holidays.
 * - Lei 662/1949, art. 1, in the wording of Lei 10.607/2002: 1 January, 21 April, 1 May,
 *   7 September, 2 November, 15 November and 25 December.
 * - Lei 6.802/1980: 12 October, Nossa Senhora Aparecida, padroeira do Brasil (from 1980).
 * - Lei 14.759/2023: 20 November, Dia Nacional de Zumbi e da Consciência Negra (from 2024).
 */
const FIXED_HOLIDAYS: readonly FixedHoliday[] = [
  { month: 1, day: 1, name: 'Confraternização Universal' },
  { month: 4, day: 21, name: 'Tiradentes' },
  { month: 5, day: 1, name: 'Dia do Trabalho' },
  { month: 9, day: 7, name: 'Independência do Brasil' },
  { month: 10, day: 12, name: 'Nossa Senhora Aparecida', since: 1980 },
  { month: 11, day: 2, name: 'Finados' },
  { month: 11, day: 15, name: 'Proclamação da República' },
  { month: 11, day: 20, name: 'Dia Nacional de Zumbi e da Consciência Negra', since: 2024 },
  { month: 12, day: 25, name: 'Natal' },
];

/**
 * Sexta-feira da Paixão (Good Friday), two days before Easter Sunday. Lei 9.093/1995, art. 2,
 * makes it a religious holiday (feriado religioso) counted among the days each municipality
 * declares; every municipality keeps it and the federal calendar lists it as a national
 * holiday, so it is counted here as one. Easter is computed, not tabled.
 */
const GOOD_FRIDAY = { offsetFromEaster: -2, name: 'Sexta-feira da Paixão' };

/** The Gregorian calendar (and this computation of Easter) starts in 1583. */
const FIRST_YEAR = 1583;
const LAST_YEAR = 9999;

const DAY_MS = 86_400_000;

function assertYear(year: number): void {
  if (!Number.isInteger(year) || year < FIRST_YEAR || year > LAST_YEAR) {
    throw new RangeError(`Year out of range: ${String(year)}`);
  }
}

function isoOf(utcMs: number): string {
  return new Date(utcMs).toISOString().slice(0, 10);
}

/** Milliseconds at UTC midnight of a `YYYY-MM-DD`, or a RangeError if it names no day. */
function utcMsOf(isoDate: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (Number.isNaN(ms) || isoOf(ms) !== isoDate) {
    throw new RangeError(`Invalid ISO date: ${isoDate}`);
  }
  return ms;
}

function addCalendarDays(isoDate: string, days: number): string {
  return isoOf(utcMsOf(isoDate) + days * DAY_MS);
}

/** Easter Sunday (`YYYY-MM-DD`) by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  assertYear(year);
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoOf(Date.UTC(year, month - 1, day));
}

/** The national holidays of a year, in date order (two may share a day, e.g. 21 April 2000). */
export function holidaysOf(year: number): Holiday[] {
  const easter = easterSunday(year);
  const holidays: Holiday[] = FIXED_HOLIDAYS.filter((h) => (h.since ?? year) <= year).map((h) => ({
    date: isoOf(Date.UTC(year, h.month - 1, h.day)),
    name: h.name,
  }));
  holidays.push({
    date: addCalendarDays(easter, GOOD_FRIDAY.offsetFromEaster),
    name: GOOD_FRIDAY.name,
  });
  return holidays.sort((x, y) => x.date.localeCompare(y.date));
}

const holidayDatesByYear = new Map<number, ReadonlySet<string>>();

function holidayDates(year: number): ReadonlySet<string> {
  let dates = holidayDatesByYear.get(year);
  if (!dates) {
    dates = new Set(holidaysOf(year).map((h) => h.date));
    holidayDatesByYear.set(year, dates);
  }
  return dates;
}

/** Whether a `YYYY-MM-DD` is a Monday to Friday other than a national holiday. */
export function isBusinessDay(isoDate: string): boolean {
  const weekday = new Date(utcMsOf(isoDate)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !holidayDates(Number(isoDate.slice(0, 4))).has(isoDate);
}

/** The São Paulo calendar day (`YYYY-MM-DD`) of an instant. */
function saoPauloIsoDate(instant: Date): string {
  const { year, month, day } = saoPauloParts(instant);
  return `${year}-${month}-${day}`;
}

/** The first business day on or after `isoDate`. */
function businessDayOnOrAfter(isoDate: string): string {
  let day = isoDate;
  while (!isBusinessDay(day)) day = addCalendarDays(day, 1);
  return day;
}

/** The last instant (23:59:59.999 in São Paulo) of a `YYYY-MM-DD`. */
function endOfSaoPauloDay(isoDate: string): Date {
  // Noon UTC falls on the same calendar day in São Paulo (UTC-3, UTC-2 in old summers).
  const nextDayStart = startOfSaoPauloDay(`${addCalendarDays(isoDate, 1)}T12:00:00Z`);
  return new Date(nextDayStart.getTime() - 1);
}

/**
 * The due time of something received at `instant` with `days` business days to answer: the end
 * (23:59:59.999, São Paulo time) of the `days`-th business day after the day it counts as
 * received.
 *
 * The day it counts as received is the São Paulo calendar day of `instant` when that day is a
 * business day, otherwise the next business day (a Saturday's submission counts as Monday's).
 * The received day itself is never counted, whatever the hour. So with `days` = 2: received on
 * Thursday at any hour → due at the end of Monday; on Friday → end of Tuesday; on Saturday,
 * Sunday or Monday → end of Wednesday. This is how Brazilian procedural terms run (CPC art. 224:
 * the first day is left out, and a start that falls on a day without business moves to the next
 * business day), so the reviewers' deadline reads the way a Brazilian reader expects
 * 'até 2 dias úteis'. With `days` = 0 the due time is the end of the received day.
 */
export function addBusinessDays(instant: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 0) {
    throw new RangeError(`Business days must be a non-negative integer: ${String(days)}`);
  }
  let day = businessDayOnOrAfter(saoPauloIsoDate(instant));
  for (let counted = 0; counted < days; counted += 1) {
    day = businessDayOnOrAfter(addCalendarDays(day, 1));
  }
  return endOfSaoPauloDay(day);
}

export type DeadlineStatus = 'no_prazo' | 'vence_hoje' | 'atrasado';

/**
 * Where a case stands against its due time at `now`: 'atrasado' once `due` has passed,
 * 'vence_hoje' when `due` is later today (São Paulo day), 'no_prazo' before that day.
 */
export function deadlineStatus(due: Date, now: Date): DeadlineStatus {
  if (now.getTime() > due.getTime()) return 'atrasado';
  return saoPauloDayKey(now) === saoPauloDayKey(due) ? 'vence_hoje' : 'no_prazo';
}
