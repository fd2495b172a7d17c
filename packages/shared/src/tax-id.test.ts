import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cnpjCharacters,
  formatCnpj,
  formatCpf,
  isValidCnpj,
  isValidCpf,
  normalizeCnpj,
  normalizeCpf,
  onlyDigits,
} from './tax-id';

/** Check digit of the Receita Federal mod-11 rules, written independently of the library. */
function mod11(values: number[], weights: number[]): number {
  const sum = values.reduce((total, value, index) => total + value * weights[index]!, 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

function cpfFrom(base: number[]): string {
  const first = mod11(base, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = mod11([...base, first], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return [...base, first, second].join('');
}

const cnpjValue = (character: string) => character.charCodeAt(0) - 48;

function cnpjFrom(base: string): string {
  const values = [...base].map(cnpjValue);
  const first = mod11(values, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = mod11([...values, first], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${base}${first}${second}`;
}

const digit = fc.integer({ min: 0, max: 9 });
const alphanumeric = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');

const validCpf = fc
  .array(digit, { minLength: 9, maxLength: 9 })
  .map(cpfFrom)
  .filter((cpf) => !/^(\d)\1{10}$/.test(cpf));

const numericCnpj = fc
  .array(digit, { minLength: 12, maxLength: 12 })
  .map((digits) => cnpjFrom(digits.join('')))
  .filter((cnpj) => !/^(.)\1{11}/.test(cnpj));

const alphanumericCnpj = fc
  .array(alphanumeric, { minLength: 12, maxLength: 12 })
  .map((characters) => cnpjFrom(characters.join('')))
  .filter((cnpj) => !/^(.)\1{11}/.test(cnpj));

describe('CPF', () => {
  it('accepts the reference example, masked or not', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
  });

  it.each([
    '111.111.111-11',
    '000.000.000-00',
    '529.982.247-24',
    '529.982.247-2',
    '5299822472500',
    '',
    'abc',
  ])('rejects %s', (value) => {
    expect(isValidCpf(value)).toBe(false);
  });

  it('rejects letters mixed into the digits', () => {
    expect(isValidCpf('529.982.247-2a5')).toBe(false);
  });

  it('accepts every CPF built with the check-digit rule', () => {
    fc.assert(fc.property(validCpf, (cpf) => isValidCpf(cpf) && isValidCpf(formatCpf(cpf))));
  });

  /*
   * Mod 11 maps remainders 0 and 1 to the same check digit, so a few single-digit changes of the
   * first nine digits give another valid CPF (74030132804 -> 84030132804). A change is therefore
   * rejected exactly when the check digits of the changed number disagree, and a change of a check
   * digit is always rejected.
   */
  it('rejects a single-digit change exactly when the check digits no longer match', () => {
    fc.assert(
      fc.property(
        validCpf,
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (cpf, position, shift) => {
          const changed = (Number(cpf[position]) + shift) % 10;
          const mutated = `${cpf.slice(0, position)}${changed}${cpf.slice(position + 1)}`;
          const stillConsistent =
            position < 9 &&
            cpfFrom([...mutated.slice(0, 9)].map(Number)) === mutated &&
            !/^(\d)\1{10}$/.test(mutated);
          return isValidCpf(mutated) === stillConsistent;
        },
      ),
    );
  });

  it('rejects every change of a CPF check digit', () => {
    fc.assert(
      fc.property(
        validCpf,
        fc.integer({ min: 9, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (cpf, position, shift) => {
          const changed = (Number(cpf[position]) + shift) % 10;
          return !isValidCpf(`${cpf.slice(0, position)}${changed}${cpf.slice(position + 1)}`);
        },
      ),
    );
  });

  it('rejects every CPF made of one repeated digit', () => {
    for (let value = 0; value <= 9; value += 1)
      expect(isValidCpf(String(value).repeat(11))).toBe(false);
  });

  it('normalises to digits and formats complete values only', () => {
    expect(normalizeCpf('529.982.247-25')).toBe('52998224725');
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('5299')).toBe('5299');
    expect(onlyDigits('a1b2-3')).toBe('123');
  });
});

describe('CNPJ', () => {
  it('accepts numeric and alphanumeric examples of the Receita Federal', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('AA345678/000A-29')).toBe(true);
    expect(isValidCnpj('6A3EDMWP000168')).toBe(true);
  });

  it('accepts lower case and stores upper case', () => {
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });

  it.each([
    '12.ABC.345/01DE-36',
    'AA345678/0003-29',
    '00.000.000/0000-00',
    '11.111.111/1111-11',
    'AAAAAAAAAAAA00',
    '12.ABC.345/01DE-3A',
    '12.ABC.345/01DE',
    '12.ABC.345/01DE-35#',
    '',
  ])('rejects %s', (value) => {
    expect(isValidCnpj(value)).toBe(false);
  });

  it('rejects a CNPJ whose first 12 characters are all the same, even with correct check digits', () => {
    expect(isValidCnpj(cnpjFrom('AAAAAAAAAAAA'))).toBe(false);
    expect(isValidCnpj(cnpjFrom('777777777777'))).toBe(false);
  });

  it('accepts every CNPJ built with the check-digit rule, numeric or alphanumeric', () => {
    fc.assert(
      fc.property(numericCnpj, (cnpj) => isValidCnpj(cnpj) && isValidCnpj(formatCnpj(cnpj))),
    );
    fc.assert(
      fc.property(alphanumericCnpj, (cnpj) => isValidCnpj(cnpj) && isValidCnpj(formatCnpj(cnpj))),
    );
  });

  /*
   * The same mod-11 rule over ASCII-48 values: a change in the first 12 characters gives another
   * valid CNPJ when the new check digits happen to equal the old ones (remainders 0 and 1 share a
   * digit; a value change by a multiple of 11, such as '6' -> 'A', is invisible). Such a change is
   * accepted exactly when the reference computation agrees; a check digit change never is.
   */
  it('rejects a single-character change exactly when the check digits no longer match', () => {
    fc.assert(
      fc.property(
        fc.oneof(numericCnpj, alphanumericCnpj),
        fc.integer({ min: 0, max: 13 }),
        alphanumeric,
        (cnpj, position, replacement) => {
          fc.pre(replacement !== cnpj[position]);
          const mutated = `${cnpj.slice(0, position)}${replacement}${cnpj.slice(position + 1)}`;
          const stillConsistent =
            position < 12 &&
            cnpjFrom(mutated.slice(0, 12)) === mutated &&
            !/^(.)\1{11}/.test(mutated);
          return isValidCnpj(mutated) === stillConsistent;
        },
      ),
    );
  });

  it('rejects every change of a CNPJ check digit', () => {
    fc.assert(
      fc.property(
        fc.oneof(numericCnpj, alphanumericCnpj),
        fc.integer({ min: 12, max: 13 }),
        alphanumeric,
        (cnpj, position, replacement) => {
          fc.pre(replacement !== cnpj[position]);
          return !isValidCnpj(
            `${cnpj.slice(0, position)}${replacement}${cnpj.slice(position + 1)}`,
          );
        },
      ),
    );
  });

  it('rejects most single-character changes (the blind spot is small)', () => {
    const samples = fc.sample(
      fc.tuple(alphanumericCnpj, fc.integer({ min: 0, max: 11 }), alphanumeric),
      2000,
    );
    const accepted = samples.filter(([cnpj, position, replacement]) => {
      if (replacement === cnpj[position]) return false;
      return isValidCnpj(`${cnpj.slice(0, position)}${replacement}${cnpj.slice(position + 1)}`);
    });
    expect(accepted.length / samples.length).toBeLessThan(0.1);
  });

  it('shows the blind spot of the rule itself: a change by 11 keeps the check digits', () => {
    expect(cnpjFrom('62ABC34501DE').slice(12)).toBe(cnpjFrom('A2ABC34501DE').slice(12));
  });

  it('formats complete values only', () => {
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('12ABC')).toBe('12ABC');
    expect(cnpjCharacters('12.abc-3')).toBe('12ABC3');
  });
});
