/**
 * The characters a name may hold (issue 23, item 9). A name that mixes scripts ("Аna SΟuza" with
 * a Cyrillic А and a Greek Ο) looks right to a reviewer and escapes every comparison and screening
 * by name, so a person's name is written in the Latin alphabet only: the letters of the languages
 * written with it (accents, ç, ñ, ß, ø, Vietnamese and Romanian letters...) and the separators of
 * names. A company name also takes digits and ASCII punctuation ("M&A Saúde S/A", "Clínica 24h").
 *
 * Letters are chosen by their Unicode script, limited to the blocks that write languages (Basic
 * Latin, Latin-1, Latin Extended-A and -B, Latin Extended Additional): the Latin-script lookalikes
 * of the phonetic blocks (ɑ, ᴀ), the full-width forms (Ａ) and the clicks (ǀ ǃ) stay out.
 *
 * The values are checked after `cleanLine` (text.ts), with every kind of space as a plain space
 * and in NFC (a decomposed "João" composed); the field (fields.ts) refuses invisible characters
 * before cleaning them.
 */

/** A letter of the Latin script, from the blocks that write languages (the clicks excepted). */
const latinLetter = String.raw`(?=\p{Script=Latin})(?=\p{L})(?![\u01C0-\u01C3])[\u0041-\u024F\u1E00-\u1EFF]`;

/** Combining accents over a letter that has no composed form: two at most. */
const accents = String.raw`[\u0300-\u036F]{0,2}`;

/** Between the words of a person's name: space, apostrophes (D'Ávila, D’Ávila, D´Ávila), hyphen, period. */
const personSeparator = String.raw`[ '\u2019\u2018\u00B4\u0060\u02BC.\-\u2010]`;

/** Beside letters in a company name: digits, ASCII punctuation and a few typographic signs. */
const companyOther = String.raw`[0-9 \x21-\x2F\x3A-\x40\x5B-\x60\x7B-\x7E\u00B0\u00B4\u00B7\u2010\u2013\u2014\u2018\u2019\u201C\u201D]`;

const personName = new RegExp(String.raw`^(?:${latinLetter}${accents}|${personSeparator})*$`, 'u');
const hasLetter = new RegExp(latinLetter, 'u');
const companyName = new RegExp(String.raw`^(?:${latinLetter}${accents}|${companyOther})*$`, 'u');

/** Every kind of space (no-break, thin, ideographic...) as a plain space, then NFC. */
export function normaliseNameText(value: string): string {
  return value.replace(/\p{Zs}/gu, ' ').normalize('NFC');
}

/**
 * Whether a person's name holds only Latin letters and the separators of names, with at least
 * one letter. The empty text passes: the field's "required" rule speaks for it.
 */
export function isLatinPersonName(value: string): boolean {
  return value === '' || (personName.test(value) && hasLetter.test(value));
}

/** Whether a company name holds only Latin letters, digits and punctuation (empty passes). */
export function isLatinCompanyName(value: string): boolean {
  return companyName.test(value);
}
