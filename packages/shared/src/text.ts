/**
 * Cleaning of free text typed by a person: what cannot be seen or stored does not reach the
 * database. PostgreSQL refuses NUL in text; zero-width, bidirectional and other format characters
 * make a blank-looking name pass a "required" rule, or make `documento\u202Efdp.exe` read as
 * `documentoexe.pdf`.
 */

/**
 * Characters that show nothing or reorder the text around them: every Unicode format character
 * (Cf: zero-width space/joiners U+200B-U+200D, marks U+200E/U+200F, embeddings and overrides
 * U+202A-U+202E, isolates U+2066-U+2069, word joiner U+2060, BOM U+FEFF, soft hyphen, tags), the
 * combining grapheme joiner, the Hangul fillers that render blank, and lone UTF-16 surrogates.
 */
const invisible = /[\p{Cf}\u034F\u115F\u1160\u3164\uFFA0\p{Cs}]/gu;

/** Line and paragraph breaks of every kind, and tabs. */
const breaks = /\r\n|[\t\n\v\f\r\u0085\u2028\u2029]/g;

/** C0 and C1 control characters (NUL included) and DEL. */
const controls = /\p{Cc}/gu;

/** C0 and C1 controls but line feed and tab, which a text area keeps. */
const controlsButLineFeedAndTab = /(?![\n\t])\p{Cc}/gu;

const anInvisible = new RegExp(invisible.source, 'u');

/** Whether the text holds one of the invisible characters the cleaning removes. */
export function hasInvisible(value: string): boolean {
  return anInvisible.test(value);
}

/** Removes the invisible characters and controls of a single-line text; breaks become spaces. */
export function cleanLine(value: string): string {
  return value.replace(breaks, ' ').replace(controls, '').replace(invisible, '');
}

/** Removes the invisible characters and controls of a text area; every break becomes `\n`. */
export function cleanMultiline(value: string): string {
  return value
    .replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n')
    .replace(controlsButLineFeedAndTab, '')
    .replace(invisible, '');
}

/** Levenshtein distance (insertions, deletions, substitutions): text read by OCR. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}
