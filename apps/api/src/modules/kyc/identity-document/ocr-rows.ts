/**
 * OCR lines as the field readers see them: rows of plain words (upper case, no accents) with their
 * positions and confidences, labels matched by edit distance, and a value's confidence taken from
 * the characters it was read from.
 */
import { editDistance } from '@medipay/shared/text';
import type { ExtractedField, OcrBox, OcrLine, OcrSymbol, OcrWord } from './types';

/** Upper case without accents, single spaces: the form labels are matched in. */
function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();
}

// Labels misread by one or two letters are matched by edit distance.
export { editDistance };

/** How many misread letters a label word of this length tolerates. */
const tolerance = (word: string) => (word.length <= 3 ? 0 : word.length <= 6 ? 1 : 2);

/** A word of a label, compared without punctuation, digits read as the letters they resemble. */
export function labelWord(token: string): string {
  return token
    .replace(/0/g, 'O')
    .replace(/1/g, 'I')
    .replace(/5/g, 'S')
    .replace(/[^A-Z]/g, '');
}

/**
 * Label words within each other's tolerance: a token read exactly as one of them is that word,
 * never another (`EMISSÃO` of a CIN's `DATA DE EMISSÃO` is no CNH's `PERMISSÃO`, the `EMISSOR`
 * of an issuer's box no date's `EMISSÃO`).
 */
const distinctWords = new Set(['EMISSAO', 'EMISSOR', 'PERMISSAO']);

export const sameWord = (token: string, word: string) => {
  const read = labelWord(token);
  if (read !== word && distinctWords.has(read)) return false;
  return editDistance(read, word) <= tolerance(word);
};

export type Token = {
  text: string;
  raw: string;
  confidence: number;
  start: number;
  end: number;
  /** Per-character confidences aligned with `text`, when the engine gave symbols. */
  characters?: number[];
  bbox?: OcrBox;
};
export type Row = { index: number; text: string; tokens: Token[]; confidence: number };

export function toRows(lines: OcrLine[]): Row[] {
  return lines.map((line, index) => {
    const words: OcrWord[] =
      line.words && line.words.length > 0
        ? line.words
        : line.text
            .split(/\s+/)
            .filter(Boolean)
            .map((text) => ({ text, confidence: line.confidence }));
    let text = '';
    const tokens: Token[] = [];
    for (const word of words) {
      const value = plain(word.text);
      if (!value) continue;
      if (text) text += ' ';
      tokens.push({
        text: value,
        raw: word.text,
        confidence: word.confidence,
        start: text.length,
        end: text.length + value.length,
        characters: characterConfidences(value, word.symbols),
        bbox: word.bbox,
      });
      text += value;
    }
    return { index, text, tokens, confidence: line.confidence };
  });
}

/**
 * A value that passes a check the OCR engine knows nothing about (check digits, a closed list of
 * issuers and states, a real calendar date where the layout puts it) is more likely right than its
 * words' confidence says: the remaining doubt is scaled down by the check's strength (0..1).
 */
export function checked(confidence: number, strength: number): number {
  return 1 - (1 - confidence) * (1 - strength);
}

/** A word's symbols as confidences of the characters of its plain text; none if they disagree. */
function characterConfidences(
  value: string,
  symbols: OcrSymbol[] | undefined,
): number[] | undefined {
  if (!symbols || symbols.length === 0) return undefined;
  const characters: number[] = [];
  let text = '';
  for (const symbol of symbols) {
    const part = plain(symbol.text);
    text += part;
    for (let index = 0; index < part.length; index += 1) characters.push(symbol.confidence);
  }
  return text === value ? characters : undefined;
}

/**
 * Tesseract's word confidence also weighs how the word was cut and whether it looks like a word of
 * the language: a number whose every character is read at 0.99 can get a word confidence of 0.3,
 * or 0 when a stray space splits it. The characters' own confidences are then the better measure,
 * taken at the least certain character of the value and rescaled, because a symbol confidence
 * below about 0.9 is already a doubtful character: 0.99 counts as 0.9, 0.94 as 0.4, 0.9 as 0.
 */
export const SYMBOL_CONFIDENCE_FLOOR = 0.9;
function symbolConfidence(lowest: number): number {
  return Math.max(
    0,
    Math.min(1, (lowest - SYMBOL_CONFIDENCE_FLOOR) / (1 - SYMBOL_CONFIDENCE_FLOOR)),
  );
}

/** How sure the engine is of a word's characters start..end (row positions) of a value. */
function tokenConfidence(token: Token, start: number, end: number): number {
  if (!token.characters) return token.confidence;
  const from = Math.max(start, token.start) - token.start;
  const to = Math.min(end, token.end) - token.start;
  const used = token.characters.slice(from, to);
  if (used.length === 0) return token.confidence;
  return Math.max(token.confidence, symbolConfidence(Math.min(...used)));
}

/** The mean confidence of the words a value was read from (characters start..end of a row). */
export function confidenceOf(row: Row, start: number, end: number): number {
  const used = row.tokens.filter((token) => token.end > start && token.start < end);
  if (used.length === 0) return row.confidence;
  return used.reduce((sum, token) => sum + tokenConfidence(token, start, end), 0) / used.length;
}

export type LabelMatch = { row: Row; first: number; last: number; end: number };

/** Where a label (its words in order, each allowed a misread letter or two) sits in a row. */
export function findLabelIn(row: Row, label: string[]): LabelMatch | null {
  for (let first = 0; first + label.length <= row.tokens.length; first += 1) {
    if (label.every((word, offset) => sameWord(row.tokens[first + offset]!.text, word))) {
      const last = first + label.length - 1;
      return { row, first, last, end: row.tokens[last]!.end };
    }
  }
  return null;
}

export function findLabels(rows: Row[], label: string[]): LabelMatch[] {
  return rows.flatMap((row) => {
    const match = findLabelIn(row, label);
    return match ? [match] : [];
  });
}

/** A value read in a row: where it starts (`at`, a position in the row's text) and how sure. */
export type Found = { value: string; confidence: number; row: number; at: number };

export const field = (found: Found | null | undefined): ExtractedField | null =>
  found ? { value: found.value, confidence: found.confidence } : null;
