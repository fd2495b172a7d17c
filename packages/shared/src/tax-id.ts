import { isValid as hasValidCnpjCheckDigits } from '@fnando/cnpj';
import { isValid as hasValidCpfCheckDigits } from '@fnando/cpf';
import { CNPJ_LENGTH, CPF_LENGTH } from './constants';

/** Keeps the digits of a value. */
export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Keeps the characters a CNPJ may hold (digits and capital letters), upper-casing the input. */
export function cnpjCharacters(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

function allSame(value: string): boolean {
  return value.length > 0 && [...value].every((character) => character === value[0]);
}

/** A CPF is 11 digits, not all the same, with both check digits right (masked or not). */
export function isValidCpf(value: string): boolean {
  if (/[^\d.\-\s]/.test(value)) return false;
  const digits = onlyDigits(value);
  return digits.length === CPF_LENGTH && !allSame(digits) && hasValidCpfCheckDigits(digits);
}

/** The canonical shape of a CNPJ: 12 characters of 0-9/A-Z followed by 2 check digits. */
export const cnpjPattern = /^[0-9A-Z]{12}\d{2}$/;

/**
 * A CNPJ, numeric or alphanumeric (Receita Federal, new registrations from July 2026): 14
 * characters, letters only in the first 12, numeric check digits computed with each character's
 * ASCII code minus 48, not all the same character. Lower case is accepted and upper-cased.
 */
export function isValidCnpj(value: string): boolean {
  if (/[^0-9A-Za-z.\-/\s]/.test(value)) return false;
  const characters = cnpjCharacters(value);
  return (
    cnpjPattern.test(characters) &&
    !allSame(characters.slice(0, 12)) &&
    hasValidCnpjCheckDigits(characters)
  );
}

/** The stored form of a CPF: its 11 digits. */
export function normalizeCpf(value: string): string {
  return onlyDigits(value);
}

/** The stored form of a CNPJ: its 14 characters, upper case. */
export function normalizeCnpj(value: string): string {
  return cnpjCharacters(value);
}

/** `000.000.000-00` for a complete CPF; anything else is returned as given. */
export function formatCpf(value: string): string {
  const digits = onlyDigits(value);
  if (digits.length !== CPF_LENGTH) return value;
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
}

/** `AA.AAA.AAA/AAAA-NN` for a complete CNPJ; anything else is returned as given. */
export function formatCnpj(value: string): string {
  const characters = cnpjCharacters(value);
  if (characters.length !== CNPJ_LENGTH) return value;
  return `${characters.slice(0, 2)}.${characters.slice(2, 5)}.${characters.slice(5, 8)}/${characters.slice(8, 12)}-${characters.slice(12)}`;
}
