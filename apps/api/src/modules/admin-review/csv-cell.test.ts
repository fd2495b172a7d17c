import { describe, expect, it } from 'vitest';
import { csvCell } from './csv-cell';

describe('a CSV cell', () => {
  it.each([
    ['plain', 'plain'],
    ['a;b', '"a;b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1+1', "'=1+1"],
    ['+55 11', "'+55 11"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['\rCR', `"'\rCR"`],
    ['=HYPERLINK("x";"y")', `"'=HYPERLINK(""x"";""y"")"`],
    ['Ana-Maria = 1', 'Ana-Maria = 1'],
    ['', ''],
  ])('writes %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('writes nothing for no value', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  // Issue 23, item 9: the full-width and other compatibility forms are the ASCII signs in NFKC.
  it.each([
    ['full-width =', '\uFF1DHYPERLINK("http://evil.example";"clique")'],
    ['full-width +', '\uFF0B1+1'],
    ['full-width -', '\uFF0D1+1'],
    ['full-width @', '\uFF20SUM(A1)'],
    ['small =', '\uFE661+1'],
    ['superscript =', '\u207C1+1'],
    ['= after spaces', '  =1+1'],
    ['= after a no-break space', '\u00A0=1+1'],
    ['= after invisible characters', '\uFEFF\u200B=1+1'],
  ])('neutralises a formula starting with a %s, the value kept as stored', (_, value) => {
    const cell = csvCell(value);
    expect(cell.replace(/^"/, '')).toMatch(/^'/);
    expect(cell).toContain(value.replace(/"/g, '""'));
  });
});
