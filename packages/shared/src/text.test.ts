import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanLine, cleanMultiline } from './text';

/** Everything the product refuses to keep in a typed text. */
const unwanted = [
  '\u0000',
  '\u0001',
  '\u001B',
  '\u007F',
  '\u0080',
  '\u009F',
  '\u00AD',
  '\u034F',
  '\u061C',
  '\u115F',
  '\u1160',
  '\u180E',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u200E',
  '\u200F',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2060',
  '\u2061',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u3164',
  '\uFEFF',
  '\uFFA0',
  '\uFFF9',
  '\u{E0001}',
  '\u{E0041}',
  '\uD800',
  '\uDC00',
];
const unwantedPattern = /[\p{Cc}\p{Cf}\p{Cs}\u034F\u115F\u1160\u3164\uFFA0]/u;

/** Text made of ordinary letters, spaces, breaks and the unwanted characters. */
const typed = fc.string({
  unit: fc.constantFrom(...'aZ ç-é.1\n\r\t', ...unwanted, '\u2028', '\u0085', '😀'),
  maxLength: 40,
});

describe('cleanLine', () => {
  it.each(unwanted.map((character) => [character.codePointAt(0)!.toString(16)]))(
    'removes U+%s',
    (hex) => {
      const character = String.fromCodePoint(parseInt(hex, 16));
      expect(cleanLine(`Ana${character}Souza`)).toBe('AnaSouza');
    },
  );

  it('turns line breaks and tabs into spaces', () => {
    expect(cleanLine('Ana\nBeatriz\r\nSouza\tLima\u2028Reis\u0085Prado')).toBe(
      'Ana Beatriz Souza Lima Reis Prado',
    );
  });

  it('keeps letters, accents, punctuation and emoji as typed', () => {
    const text = 'José D’Ávila-Çelik, nº 12 — São Paulo 😀 👍🏽';
    expect(cleanLine(text)).toBe(text);
  });

  it('leaves a text of invisible characters empty', () => {
    expect(cleanLine('\u200B\u200C\u200D\uFEFF\u2060')).toBe('');
  });

  it('never leaves a control or invisible character, and cleaning twice changes nothing', () => {
    fc.assert(
      fc.property(typed, (text) => {
        const cleaned = cleanLine(text);
        expect(cleaned).not.toMatch(unwantedPattern);
        expect(cleanLine(cleaned)).toBe(cleaned);
      }),
    );
  });
});

describe('cleanMultiline', () => {
  it('keeps lines (as \\n) and tabs, removes the rest', () => {
    expect(cleanMultiline('Envie\u0000 o\r\ncomprovante\rlegível\u2029\tobrigado\u202E')).toBe(
      'Envie o\ncomprovante\nlegível\n\tobrigado',
    );
  });

  it('never leaves a control but line feed and tab, nor an invisible character', () => {
    fc.assert(
      fc.property(typed, (text) => {
        const cleaned = cleanMultiline(text);
        expect(cleaned.replace(/[\n\t]/g, '')).not.toMatch(unwantedPattern);
        expect(cleanMultiline(cleaned)).toBe(cleaned);
      }),
    );
  });
});
