/** Dates as the product shows and counts them: pt-BR formats in the America/Sao_Paulo day. */

export const TIME_ZONE = 'America/Sao_Paulo';

export type DateInput = Date | string | number;

type Parts = { year: string; month: string; day: string; hour: string; minute: string };

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function toDate(input: DateInput): Date {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(input)}`);
  return date;
}

/** Calendar and clock fields of an instant in São Paulo. */
export function saoPauloParts(input: DateInput): Parts {
  const parts: Partial<Parts> = {};
  for (const part of partsFormat.formatToParts(toDate(input))) {
    if (part.type in { year: 1, month: 1, day: 1, hour: 1, minute: 1 }) {
      parts[part.type as keyof Parts] = part.value;
    }
  }
  return parts as Parts;
}

/** `YYYYMMDD` of the São Paulo day of an instant. */
export function saoPauloDayKey(input: DateInput): string {
  const { year, month, day } = saoPauloParts(input);
  return `${year}${month}${day}`;
}

/** The instant at which the São Paulo day of `input` began ('created today' counts). */
export function startOfSaoPauloDay(input: DateInput): Date {
  const date = toDate(input);
  const { year, month, day, hour, minute } = saoPauloParts(date);
  const wallClock = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
  );
  const offset = wallClock - Math.floor(date.getTime() / 60_000) * 60_000;
  return new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)) - offset);
}

/** `dd/MM/yyyy 'às' HH:mm` (details). */
export function formatDateTime(input: DateInput): string {
  const { year, month, day, hour, minute } = saoPauloParts(input);
  return `${day}/${month}/${year} às ${hour}:${minute}`;
}

/** `dd/MM/yyyy` */
export function formatDate(input: DateInput): string {
  const { year, month, day } = saoPauloParts(input);
  return `${day}/${month}/${year}`;
}

/** `dd/MM/yy` (lists). */
export function formatShortDate(input: DateInput): string {
  const { year, month, day } = saoPauloParts(input);
  return `${day}/${month}/${year.slice(-2)}`;
}

/** `dd/MM` (the reviewer's date in lists). */
export function formatDayMonth(input: DateInput): string {
  const { month, day } = saoPauloParts(input);
  return `${day}/${month}`;
}

/** Whether a `dd/MM/yyyy` text names a day of the calendar (31/02/2030 does not), 1900 to 2199. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!match) return false;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    year <= 2199 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}
