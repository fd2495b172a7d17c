/**
 * The keyset cursors of the back-office lists (`next` and `previous` of a page, sent back as
 * `after` and `before`): a row's position in the sort order, `[sort key, id]` as JSON in
 * base64url (no padding). The sort key is the row's created_at, or its due time (prazo_analise)
 * in the due-time sort, as the text PostgreSQL prints for a timestamptz
 * (`2026-11-22 14:03:07.123456+00`, microseconds kept); `id` is the row's uuid. A cursor belongs
 * to the sort that made it: the lists drop it when the sort changes.
 *
 * The server makes them; a cursor that comes back is read only if it is exactly one the server
 * could have made: a real calendar date and time, a UTC offset PostgreSQL accepts, a uuid, and
 * the same text when written again. Anything else (a tampered cursor: month 13, 30 February,
 * offset +99, another shape) is refused before it reaches the database, which would otherwise
 * fail on it. Written without Buffer or atob, so the web and the server read cursors alike.
 */

/**
 * A position in the sort order: a row's sort key (as PostgreSQL prints it; named after the
 * first sort, created_at, it holds the due time in the due-time sort) and id.
 */
export type ListCursor = { createdAt: string; id: string };

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url without padding of an ASCII text (a cursor's JSON is ASCII). */
function encodeAscii(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index += 3) {
    const a = text.charCodeAt(index);
    const b = index + 1 < text.length ? text.charCodeAt(index + 1) : 0;
    const c = index + 2 < text.length ? text.charCodeAt(index + 2) : 0;
    const bits = (a << 16) | (b << 8) | c;
    out += alphabet[(bits >> 18) & 63]! + alphabet[(bits >> 12) & 63]!;
    if (index + 1 < text.length) out += alphabet[(bits >> 6) & 63]!;
    if (index + 2 < text.length) out += alphabet[bits & 63]!;
  }
  return out;
}

/**
 * The ASCII text of a base64url value, or null when it is not base64url or not ASCII. Padding
 * and stray bits are tolerated here; decodeListCursor refuses them by writing the cursor again.
 */
function decodeAscii(value: string): string | null {
  if (value.length % 4 === 1) return null;
  let text = '';
  let bits = 0;
  let count = 0;
  for (const character of value) {
    const digit = alphabet.indexOf(character);
    if (digit < 0) return null;
    bits = ((bits << 6) | digit) & 0xffffff;
    count += 6;
    if (count >= 8) {
      count -= 8;
      const code = (bits >> count) & 0xff;
      if (code > 0x7f) return null;
      text += String.fromCharCode(code);
    }
  }
  return text;
}

const timestampPattern =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?([+-])(\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * PostgreSQL refuses a UTC offset of 16 hours or more (MAX_TZDISP_HOUR); within that, minutes
 * and seconds are below 60. Every real zone's offset, historical ones included, is inside.
 */
const MAX_OFFSET_HOURS = 15;

/**
 * Whether a text is a timestamptz as PostgreSQL prints it (DateStyle ISO, years 1 to 9999) and
 * a real instant: the date and time read back unchanged from a calendar (no month 13, no 30
 * February, no 24:00) and the offset within PostgreSQL's range.
 */
export function isListCursorTimestamp(text: string): boolean {
  const parts = timestampPattern.exec(text);
  if (!parts) return false;
  // The sign (index 7) is not a number and is not read; an absent ':MM' or ':SS' reads as 0.
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = parts
    .slice(1, 7)
    .map(Number);
  const [offsetHours = 0, offsetMinutes = 0, offsetSeconds = 0] = parts
    .slice(8)
    .map((part) => Number(part ?? 0));
  if (year < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second);
  const roundTrips =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  return roundTrips && offsetHours <= MAX_OFFSET_HOURS && offsetMinutes < 60 && offsetSeconds < 60;
}

/** A cursor as it travels in the URL. */
export function encodeListCursor(cursor: ListCursor): string {
  return encodeAscii(JSON.stringify([cursor.createdAt, cursor.id]));
}

/** The position a cursor holds, or null when it is not one encodeListCursor makes. */
export function decodeListCursor(value: string): ListCursor | null {
  const text = decodeAscii(value);
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    typeof parsed[0] !== 'string' ||
    typeof parsed[1] !== 'string' ||
    !isListCursorTimestamp(parsed[0]) ||
    !uuidPattern.test(parsed[1])
  ) {
    return null;
  }
  const cursor = { createdAt: parsed[0], id: parsed[1] };
  // Padding, stray bits, spaces or escapes in the JSON: not a cursor the server wrote.
  return encodeListCursor(cursor) === value ? cursor : null;
}
