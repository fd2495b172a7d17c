import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeListCursor,
  encodeListCursor,
  isListCursorTimestamp,
  type ListCursor,
} from './list-cursor';

const id = 'd28ea90f-a608-4990-8493-b1cbc9cd373d';

/** What the server answered for a row of 1 November 2026, 12:00 UTC (Buffer's base64url). */
const served =
  'WyIyMDI2LTExLTAxIDEyOjAwOjAwKzAwIiwiZDI4ZWE5MGYtYTYwOC00OTkwLTg0OTMtYjFjYmM5Y2QzNzNkIl0';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url without padding of an ASCII text: a cursor tampered with. */
function base64url(text: string): string {
  let bits = '';
  for (const character of text) bits += character.charCodeAt(0).toString(2).padStart(8, '0');
  let out = '';
  for (let index = 0; index < bits.length; index += 6) {
    out += alphabet[parseInt(bits.slice(index, index + 6).padEnd(6, '0'), 2)];
  }
  return out;
}

describe('list cursors', () => {
  it('writes what the server always wrote, and reads it back', () => {
    const cursor = { createdAt: '2026-11-01 12:00:00+00', id };
    expect(encodeListCursor(cursor)).toBe(served);
    expect(decodeListCursor(served)).toEqual(cursor);
  });

  it.each([
    '2026-11-22 14:03:07.123456+00',
    '2026-11-22 11:03:07.5-03',
    '2024-02-29 00:00:00+05:30',
    '1890-01-01 00:00:00-03:06:28',
    '0001-01-01 00:00:00+15:59:59',
    '9999-12-31 23:59:59.999999-15',
  ])('reads a cursor at %s', (createdAt) => {
    const cursor = { createdAt, id: id.toUpperCase() };
    expect(decodeListCursor(encodeListCursor(cursor))).toEqual(cursor);
  });

  it.each([
    ['month 13', '2026-13-01 12:00:00+00'],
    ['month 0', '2026-00-01 12:00:00+00'],
    ['day 0', '2026-11-00 12:00:00+00'],
    ['30 February', '2026-02-30 12:00:00+00'],
    ['29 February of a common year', '2100-02-29 12:00:00+00'],
    ['31 April', '2026-04-31 12:00:00+00'],
    ['hour 24', '2026-11-01 24:00:00+00'],
    ['minute 60', '2026-11-01 12:60:00+00'],
    ['second 60', '2026-11-01 12:00:60+00'],
    ['year 0', '0000-11-01 12:00:00+00'],
    ['offset +99', '2026-11-01 12:00:00+99'],
    ['offset +16', '2026-11-01 12:00:00+16'],
    ['offset minutes 60', '2026-11-01 12:00:00-03:60'],
    ['offset seconds 60', '2026-11-01 12:00:00-03:00:60'],
    ['no offset', '2026-11-01 12:00:00'],
    ['seven decimals', '2026-11-01 12:00:00.1234567+00'],
    ['an ISO text', '2026-11-01T12:00:00Z'],
    ['a word', 'ontem'],
  ])('refuses a timestamp with %s', (_, createdAt) => {
    expect(isListCursorTimestamp(createdAt)).toBe(false);
    expect(decodeListCursor(encodeListCursor({ createdAt, id }))).toBeNull();
  });

  it.each([
    ['not base64url', 'não é cursor'],
    ['base64 with padding', `${served}==`],
    ['a length base64 never has', 'AAAAA'],
    ['base64 of bytes beyond ASCII', '__8'],
    ['not JSON', base64url('[2026')],
    ['another shape', base64url('{"createdAt":"2026-11-01 12:00:00+00"}')],
    ['three items', base64url(`["2026-11-01 12:00:00+00","${id}",1]`)],
    ['a number for the date', base64url(`[1,"${id}"]`)],
    ['a number for the id', base64url('["2026-11-01 12:00:00+00",1]')],
    ['an id that is not a uuid', base64url('["2026-11-01 12:00:00+00","1 or 1=1"]')],
    ['spaces in the JSON', base64url(`[ "2026-11-01 12:00:00+00", "${id}" ]`)],
    ['escapes in the JSON', base64url(`["2026-11-01 12:00:00\\u002b00","${id}"]`)],
  ])('refuses a cursor that is %s', (_, value) => {
    expect(decodeListCursor(value)).toBeNull();
  });

  it('refuses a cursor with stray bits after its last byte', () => {
    const cursor = { createdAt: '2026-11-01 12:00:00.5+00', id };
    const written = encodeListCursor(cursor);
    // Its bytes are not a multiple of three: the last character carries bits that no byte
    // holds, zero when written. Set, they decode to the same bytes, but it is not that cursor.
    expect(written.length % 4).not.toBe(0);
    expect(decodeListCursor(written)).toEqual(cursor);
    const last = alphabet.indexOf(written.at(-1)!);
    expect(decodeListCursor(written.slice(0, -1) + alphabet[last + 1])).toBeNull();
  });

  it('reads back every cursor it writes, and nothing else decodes to a different one', () => {
    const pad = (value: number, length = 2) => String(value).padStart(length, '0');
    const instant = fc.date({
      min: new Date('0001-01-01T00:00:00Z'),
      max: new Date('9999-12-31T23:59:59Z'),
      noInvalidDate: true,
    });
    const cursor: fc.Arbitrary<ListCursor> = fc
      .tuple(instant, fc.integer({ min: 0, max: 999_999 }), fc.uuid())
      .map(([date, micros, uuid]) => ({
        createdAt:
          `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
          `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}` +
          `.${pad(micros, 6)}+00`,
        id: uuid,
      }));
    fc.assert(
      fc.property(cursor, (value) => {
        expect(decodeListCursor(encodeListCursor(value))).toEqual(value);
      }),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (value) => {
        const decoded = decodeListCursor(value);
        if (decoded) expect(encodeListCursor(decoded)).toBe(value);
      }),
      { numRuns: 200 },
    );
  });
});
