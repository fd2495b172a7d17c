import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  maskBankNumber,
  maskCep,
  maskCnes,
  maskCnpj,
  maskCpf,
  maskDate,
  maskOtp,
  maskPhone,
  maskPhoneInternational,
  maskUf,
} from './masks';

const typed = fc.string({ unit: fc.constantFrom(...'0123456789abcXYZ.-/()+ '), maxLength: 30 });

const masks = [
  { name: 'CPF', mask: maskCpf, max: 14, allowed: /^[\d.-]*$/ },
  { name: 'CNPJ', mask: maskCnpj, max: 18, allowed: /^[\dA-Z./-]*$/ },
  { name: 'CEP', mask: maskCep, max: 9, allowed: /^[\d-]*$/ },
  { name: 'phone', mask: maskPhone, max: 15, allowed: /^[\d() -]*$/ },
  { name: 'international phone', mask: maskPhoneInternational, max: 19, allowed: /^[\d()+ -]*$/ },
  { name: 'one-time code', mask: maskOtp, max: 6, allowed: /^\d*$/ },
  { name: 'CNES', mask: maskCnes, max: 7, allowed: /^\d*$/ },
  { name: 'UF', mask: maskUf, max: 2, allowed: /^[A-Z]*$/ },
  { name: 'date', mask: maskDate, max: 10, allowed: /^[\d/]*$/ },
  {
    name: 'bank number',
    mask: (value: string) => maskBankNumber(value, 6),
    max: 6,
    allowed: /^[\d-]*$/,
  },
];

describe.each(masks)('$name mask', ({ mask, max, allowed }) => {
  it('is idempotent, never exceeds its length and keeps only allowed characters', () => {
    fc.assert(
      fc.property(typed, (value) => {
        const masked = mask(value);
        return mask(masked) === masked && masked.length <= max && allowed.test(masked);
      }),
    );
  });

  it('gives an empty value for an empty input', () => {
    expect(mask('')).toBe('');
  });
});

describe('masks applied keystroke by keystroke', () => {
  function typeInto(mask: (value: string) => string, keys: string): string {
    let value = '';
    for (const key of keys) value = mask(value + key);
    return value;
  }

  it('formats a CPF', () => {
    expect(typeInto(maskCpf, '52998224725')).toBe('529.982.247-25');
    expect(maskCpf('5299')).toBe('529.9');
    expect(maskCpf('529')).toBe('529');
    expect(maskCpf('529982247259999')).toBe('529.982.247-25');
  });

  it('formats numeric and alphanumeric CNPJs, letters only in the first 12 positions', () => {
    expect(typeInto(maskCnpj, '11222333000181')).toBe('11.222.333/0001-81');
    expect(typeInto(maskCnpj, '12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(maskCnpj('12ABC34501DEXY35')).toBe('12.ABC.345/01DE-35');
  });

  it('formats a date as dd/mm/aaaa, with the slashes written as the digits come', () => {
    expect(typeInto(maskDate, '14082031')).toBe('14/08/2031');
    expect(maskDate('14')).toBe('14');
    expect(maskDate('140')).toBe('14/0');
    expect(maskDate('14/08/2031')).toBe('14/08/2031');
    expect(maskDate('14-08-2031 extra 99')).toBe('14/08/2031');
    expect(maskDate('abc')).toBe('');
  });

  it('formats a CEP', () => {
    expect(typeInto(maskCep, '01310100')).toBe('01310-100');
    expect(maskCep('01310')).toBe('01310');
  });

  it('formats a phone in the national and the international mask', () => {
    expect(typeInto(maskPhone, '11987654321')).toBe('(11) 98765-4321');
    expect(typeInto(maskPhoneInternational, '11987654321')).toBe('+55 (11) 98765-4321');
    expect(maskPhoneInternational('+55 (55) 98765-4321')).toBe('+55 (55) 98765-4321');
    expect(maskPhoneInternational('5511987654321')).toBe('+55 (11) 98765-4321');
    expect(maskPhone('+55 (11) 98765-4321')).toBe('(11) 98765-4321');
  });

  it('lets the applicant delete backwards through a separator', () => {
    expect(maskCpf('529.')).toBe('529');
    expect(maskPhoneInternational('+55 (')).toBe('');
    expect(maskPhone('(11) ')).toBe('(11');
  });

  it('keeps codes, CNES, bank numbers and UFs to their characters', () => {
    expect(maskOtp('12a34567')).toBe('123456');
    expect(maskCnes('12.345-678')).toBe('1234567');
    expect(maskBankNumber('12.34-5x', 10)).toBe('1234-5');
    expect(maskUf('s1p')).toBe('SP');
  });
});
