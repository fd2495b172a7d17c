import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  isValidMobilePhone,
  nationalPhoneDigits,
  phoneForSending,
  validDdds,
} from './phone';

describe('phone rules', () => {
  it('knows the 67 Brazilian area codes', () => {
    expect(validDdds).toHaveLength(67);
    expect(new Set(validDdds).size).toBe(67);
    expect(validDdds).not.toContain('20');
    expect(validDdds).not.toContain('23');
  });

  it.each([
    '+55 (11) 98765-4321',
    '(11) 98765-4321',
    '11987654321',
    '5511987654321',
    '+55 (55) 99999-0000',
  ])('accepts the mobile %s', (value) => {
    expect(isValidMobilePhone(value)).toBe(true);
  });

  it.each([
    '(20) 98765-4321',
    '(11) 8765-4321',
    '(11) 88765-4321',
    '(11) 98765-432',
    '',
    '+1 (11) 98765-4321',
  ])('rejects %s', (value) => {
    expect(isValidMobilePhone(value)).toBe(false);
  });

  it('reads the national digits with or without the country code', () => {
    expect(nationalPhoneDigits('+55 (55) 98765-4321')).toBe('55987654321');
    expect(nationalPhoneDigits('55987654321')).toBe('55987654321');
    expect(nationalPhoneDigits('5555987654321')).toBe('55987654321');
  });

  it('normalises for sending: 11 digits get +55, 13 digits starting with 55 get +', () => {
    expect(phoneForSending('(11) 98765-4321')).toBe('+5511987654321');
    expect(phoneForSending('5511987654321')).toBe('+5511987654321');
    expect(phoneForSending('+55 (11) 98765-4321')).toBe('+5511987654321');
    expect(phoneForSending('1198765432')).toBeNull();
    expect(phoneForSending('4411987654321')).toBeNull();
  });

  it('formats a stored number for display', () => {
    expect(formatPhone('+5511987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('123')).toBe('123');
  });
});
