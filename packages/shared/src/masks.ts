/**
 * Input masks, applied to the whole field value on every keystroke. Each is idempotent, never
 * grows past its mask and keeps only the characters its field allows. A separator is written only
 * when a character follows it, so deleting backwards is never blocked by a separator.
 */
import {
  CEP_LENGTH,
  CNES_MAX_LENGTH,
  CNPJ_LENGTH,
  CPF_LENGTH,
  OTP_LENGTH,
  PHONE_LENGTH,
  UF_LENGTH,
} from './constants';
import { nationalPhoneDigits } from './phone';
import { onlyDigits } from './tax-id';

/** Writes `characters` into `pattern`, where each `#` takes one character. */
function fill(pattern: string, characters: string): string {
  let output = '';
  let next = 0;
  for (const symbol of pattern) {
    if (next >= characters.length) break;
    if (symbol === '#') {
      output += characters[next];
      next += 1;
    } else {
      output += symbol;
    }
  }
  return output;
}

/** `000.000.000-00` */
export function maskCpf(value: string): string {
  return fill('###.###.###-##', onlyDigits(value).slice(0, CPF_LENGTH));
}

/** `AA.AAA.AAA/AAAA-NN`: digits or capital letters in the first 12 positions, digits in the last 2. */
export function maskCnpj(value: string): string {
  let characters = '';
  for (const character of value.toUpperCase()) {
    if (characters.length === CNPJ_LENGTH) break;
    const allowed = characters.length < 12 ? /[0-9A-Z]/ : /[0-9]/;
    if (allowed.test(character)) characters += character;
  }
  return fill('##.###.###/####-##', characters);
}

/** `00000-000` */
export function maskCep(value: string): string {
  return fill('#####-###', onlyDigits(value).slice(0, CEP_LENGTH));
}

/** `(00) 00000-0000` */
export function maskPhone(value: string): string {
  return fill('(##) #####-####', nationalPhoneDigits(value).slice(0, PHONE_LENGTH));
}

/** `+55 (DD) 99999-9999`, the identification step of the individual flow. */
export function maskPhoneInternational(value: string): string {
  const digits = nationalPhoneDigits(value).slice(0, PHONE_LENGTH);
  return digits ? `+55 ${fill('(##) #####-####', digits)}` : '';
}

/** A one-time code: digits only, at most 6. */
export function maskOtp(value: string): string {
  return onlyDigits(value).slice(0, OTP_LENGTH);
}

/** CNES: digits only, at most 7. */
export function maskCnes(value: string): string {
  return onlyDigits(value).slice(0, CNES_MAX_LENGTH);
}

/** Bank branch and account: digits and hyphens only. */
export function maskBankNumber(value: string, maxLength: number): string {
  return value.replace(/[^\d-]/g, '').slice(0, maxLength);
}

/** A state code: two letters, upper case. */
export function maskUf(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, UF_LENGTH);
}

/** A date as `dd/mm/aaaa` (the validity of an identity document): digits only, at most 8. */
export function maskDate(value: string): string {
  return fill('##/##/####', onlyDigits(value).slice(0, 8));
}
