import { PHONE_COUNTRY_CODE, PHONE_LENGTH } from './constants';
import { onlyDigits } from './tax-id';

/** The 67 area codes (DDD) in use in Brazil (Anatel). */
// prettier-ignore
export const validDdds: readonly string[] = [
  '11', '12', '13', '14', '15', '16', '17', '18', '19',
  '21', '22', '24', '27', '28',
  '31', '32', '33', '34', '35', '37', '38',
  '41', '42', '43', '44', '45', '46', '47', '48', '49',
  '51', '53', '54', '55',
  '61', '62', '63', '64', '65', '66', '67', '68', '69',
  '71', '73', '74', '75', '77', '79',
  '81', '82', '83', '84', '85', '86', '87', '88', '89',
  '91', '92', '93', '94', '95', '96', '97', '98', '99',
];

const ddds = new Set(validDdds);

/**
 * The national digits (DDD + number) of a phone typed with or without the country code: a value
 * written with a leading '+' drops its '55'; a bare 13-digit value starting with 55 does too.
 */
export function nationalPhoneDigits(value: string): string {
  const digits = onlyDigits(value);
  if (value.trimStart().startsWith('+') && digits.startsWith(PHONE_COUNTRY_CODE)) {
    return digits.slice(PHONE_COUNTRY_CODE.length);
  }
  if (
    digits.length === PHONE_LENGTH + PHONE_COUNTRY_CODE.length &&
    digits.startsWith(PHONE_COUNTRY_CODE)
  ) {
    return digits.slice(PHONE_COUNTRY_CODE.length);
  }
  return digits;
}

/** A Brazilian mobile: a valid DDD followed by 9 digits starting with 9. */
export function isValidMobilePhone(value: string): boolean {
  const digits = nationalPhoneDigits(value);
  return digits.length === PHONE_LENGTH && ddds.has(digits.slice(0, 2)) && digits[2] === '9';
}

/**
 * The number to send to (E.164): 11 digits get the prefix +55, 13 digits starting with 55 get a
 * plus sign; anything else cannot be sent to and gives null.
 */
export function phoneForSending(value: string): string | null {
  const digits = onlyDigits(value);
  if (digits.length === PHONE_LENGTH) return `+${PHONE_COUNTRY_CODE}${digits}`;
  if (
    digits.length === PHONE_LENGTH + PHONE_COUNTRY_CODE.length &&
    digits.startsWith(PHONE_COUNTRY_CODE)
  ) {
    return `+${digits}`;
  }
  return null;
}

/** `(11) 98765-4321` for a complete mobile (stored as E.164 or typed); anything else as given. */
export function formatPhone(value: string): string {
  const digits = nationalPhoneDigits(value);
  if (digits.length !== PHONE_LENGTH) return value;
  return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
}
