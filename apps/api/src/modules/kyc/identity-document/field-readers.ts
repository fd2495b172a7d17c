/**
 * Readers of the fields every layout prints alike: the holder's name, dates (of issue and of
 * expiry), and the digits of a number as OCR misreads them.
 */
import {
  checked,
  confidenceOf,
  editDistance,
  findLabelIn,
  findLabels,
  labelWord,
  sameWord,
  type Found,
  type Row,
  type Token,
} from './ocr-rows';
import type { ExtractedField } from './types';

/* ---------------------------------------------------------------- nome */

/** Label words of the three layouts: never part of a name. */
export const labelVocabulary = new Set([
  'NOME',
  'NAME',
  'SOCIAL',
  'FILIACAO',
  'FILIATION',
  'NATURALIDADE',
  'NACIONALIDADE',
  'NATIONALITY',
  'DATA',
  'REGISTRO',
  'GERAL',
  'CPF',
  'DOC',
  'ORIGEM',
  'VALIDADE',
  'SEXO',
  'SEX',
  'ASSINATURA',
  'TITULAR',
  'IDENTIDADE',
  'ORGAO',
  'EMISSOR',
  'EXPEDIDOR',
  'HABILITACAO',
  'CARTEIRA',
  'REPUBLICA',
  'FEDERATIVA',
  'BRASIL',
  'POLEGAR',
  'DIREITO',
  'PLACE',
  'BIRTH',
  'DATE',
  'ESTADO',
  'SECRETARIA',
  'SEGURANCA',
  'PUBLICA',
  'INSTITUTO',
  'IDENTIFICACAO',
  'NACIONAL',
  'TRANSITO',
  'MINISTERIO',
  'TRANSPORTES',
  'IDENTITY',
  'CARD',
  'DRIVER',
  'LICENSE',
  'PERMISSAO',
  'LOCAL',
  'EMISSAO',
  'EXPEDICAO',
  'DIRETOR',
  'PORTADOR',
  'CERT',
  'NASC',
  'PERSONAL',
  'NUMBER',
  'BRA',
]);
export const nameParticles = new Set(['DA', 'DE', 'DO', 'DAS', 'DOS', 'E', 'DI', 'DU', 'D']);

/** A person's name in a run of words: letters only, stray marks at either end dropped. */
function nameIn(row: Row, fromToken: number): ExtractedField | null {
  const words: Token[] = [];
  for (const token of row.tokens.slice(fromToken)) {
    if (token.text === '/' || /^\/?[A-Z]*\/$/.test(token.text)) {
      // A bilingual label's '/ NAME' part, or a separator: nothing of the name so far is kept.
      if (words.length > 0) break;
      continue;
    }
    if (/\d/.test(token.text) && words.length > 0) break;
    words.push(token);
  }
  // Letters only inside each word; stray marks (|, —, ~, quotes) glued to a word are dropped.
  const cleaned = words.map((token) => ({
    ...token,
    word: token.text.replace(/^[^A-Z']+|[^A-Z]+$/g, ''),
  }));
  const isNameWord = (entry: (typeof cleaned)[number]) =>
    /^[A-Z][A-Z']*$/.test(entry.word) &&
    !/[a-z]/.test(entry.raw.replace(/[^A-Za-z]/g, '').slice(1)) &&
    !labelVocabulary.has(entry.word) &&
    (entry.word.length >= 2 || nameParticles.has(entry.word));
  let start = 0;
  while (
    start < cleaned.length &&
    !(isNameWord(cleaned[start]!) && cleaned[start]!.word.length >= 2)
  )
    start += 1;
  let end = start;
  while (end < cleaned.length && isNameWord(cleaned[end]!)) end += 1;
  let kept = cleaned.slice(start, end);
  // A name ends with a name, not with a particle or a one- or two-letter scrap of a signature.
  while (
    kept.length > 0 &&
    (nameParticles.has(kept.at(-1)!.word) ||
      (kept.at(-1)!.word.length <= 2 && kept.at(-1)!.confidence < 0.7))
  )
    kept = kept.slice(0, -1);
  if (kept.length < 2) return null;
  const value = kept.map((entry) => entry.word).join(' ');
  if (value.replace(/ /g, '').length < 5) return null;
  const confidence = kept.reduce((sum, entry) => sum + entry.confidence, 0) / kept.length;
  return { value, confidence };
}

/**
 * A row that is a name and nothing else: two or more words of letters, no label word, no digit,
 * stray marks at the ends aside. Used where the small print of the label was not read at all.
 */
function wholeNameRow(row: Row): ExtractedField | null {
  if (/\d/.test(row.text) || row.tokens.some((token) => token.text === '/')) return null;
  const found = nameIn(row, 0);
  if (!found) return null;
  const letters = row.tokens.filter((token) => /[A-Z]{2,}/.test(token.text)).length;
  const words = found.value.split(' ');
  if (nameParticles.has(words[0]!) || words.length < letters) return null;
  return found;
}

/** The confidence a name row needs to be taken without any label to anchor it. */
const UNANCHORED_NAME_FLOOR = 0.6;

/**
 * The name after its label, or else the first name-only row after one of `nameAfter`'s labels
 * (the rows that precede the name in the document's layout), or else, on a card whose kind is
 * known (`ofKnownKind`), its first name-only row before FILIAÇÃO: every layout prints the holder's
 * name before anyone else's, and the header's words are label words.
 */
export function findName(
  rows: Row[],
  nameAfter: string[][],
  ofKnownKind = false,
): ExtractedField | null {
  const labelled = findLabelledName(rows);
  if (labelled) return unlessContinued(rows, labelled);
  for (const words of nameAfter) {
    const anchor = findLabels(rows, words)[0];
    if (!anchor) continue;
    for (const row of rows.slice(anchor.row.index + 1, anchor.row.index + 4)) {
      const found = wholeNameRow(row);
      if (found) return unlessContinued(rows, { found, row });
    }
  }
  // Here a header misread into capitals (`STO E PESARABC`) can look like a name; OCR is never
  // sure of such a row, so those read below UNANCHORED_NAME_FLOOR are passed over.
  if (!ofKnownKind) return null;
  const parentsFrom = findLabels(rows, ['FILIACAO'])[0]?.row.index ?? rows.length;
  for (const row of rows.slice(0, parentsFrom)) {
    const found = wholeNameRow(row);
    if (found && found.confidence >= UNANCHORED_NAME_FLOOR)
      return unlessContinued(rows, { found, row });
  }
  return null;
}

/** The confidence of a name that may go on in the next row: below any threshold. */
const CONTINUED_NAME_CONFIDENCE = 0.5;

/**
 * A name whose next row is a name-only row too: a long name printed on two lines, or, with the
 * FILIAÇÃO label lost, the holder's name above a parent's. Either way the row alone may be part
 * of the name, so it is kept only below any threshold: never stored, still shown to the rereads.
 */
function unlessContinued(rows: Row[], name: { found: ExtractedField; row: Row }): ExtractedField {
  const next = rows[name.row.index + 1];
  if (!next || !wholeNameRow(next)) return name.found;
  return {
    value: name.found.value,
    confidence: Math.min(name.found.confidence, CONTINUED_NAME_CONFIDENCE),
  };
}

function findLabelledName(rows: Row[]): { found: ExtractedField; row: Row } | null {
  for (const match of findLabels(rows, ['NOME'])) {
    const next = match.row.tokens[match.last + 1];
    if (next && sameWord(next.text, 'SOCIAL')) continue;
    const sameRow = nameIn(match.row, match.last + 1);
    if (sameRow) return { found: sameRow, row: match.row };
    for (const row of rows.slice(match.row.index + 1, match.row.index + 3)) {
      // A label row (`NOME SOCIAL / SOCIAL NAME`, `FILIAÇÃO`, `DATA DE NASCIMENTO`) is no name.
      const first = row.tokens[0]?.text ?? '';
      const isLabelRow =
        row.tokens.some((token) => token.text === '/') ||
        ['FILIACAO', 'NOME', 'DATA', 'NATURALIDADE', 'REGISTRO', 'CPF', 'DOC', 'SEXO'].some(
          (word) => sameWord(first, word),
        );
      const value = nameIn(row, 0);
      if (value && !isLabelRow) return { found: value, row };
    }
  }
  return null;
}

/* ---------------------------------------------------------------- dates */

/** Real calendar dates (dd/MM/yyyy) in a row, separators and stray spaces tolerated. */
function datesIn(row: Row): (Found & { time: number })[] {
  const found: (Found & { time: number })[] = [];
  const pattern = /(\d{2}) ?[/.\-I|] ?(\d{2}) ?[/.\-I|] ?(\d{4})/g;
  for (const match of row.text.matchAll(pattern)) {
    const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const time = Date.UTC(year, month - 1, day);
    const check = new Date(time);
    if (
      year < 1900 ||
      year > 2100 ||
      check.getUTCDate() !== day ||
      check.getUTCMonth() !== month - 1
    )
      continue;
    found.push({
      value: `${match[1]}/${match[2]}/${match[3]}`,
      confidence: checked(confidenceOf(row, match.index, match.index + match[0].length), 0.3),
      row: row.index,
      at: match.index,
      time,
    });
  }
  return found;
}

/**
 * Dates of issue: under (or after) a label that names the issue (`DATA DE EMISSÃO`, `DATE OF
 * ISSUE`, `LOCAL DATA EMISSÃO`) or its place, in a label row that does not also name the expiry. Never an expiry.
 */
function issueDates(rows: Row[]): (Found & { time: number })[] {
  // `LOCAL` too: a CNH's `LOCAL / DATA EMISSÃO` whose second half was not read (a place of
  // birth's row holds the birth date, no expiry either).
  const labels = [
    ...findLabels(rows, ['EMISSAO']),
    ...findLabels(rows, ['ISSUE']),
    ...findLabels(rows, ['LOCAL']),
  ];
  return labels.flatMap((match) => {
    if (findLabelIn(match.row, ['VALIDADE']) || findLabelIn(match.row, ['VALID'])) return [];
    const below = rows[match.row.index + 1];
    return [
      ...datesIn(match.row).filter((date) => date.at >= match.end),
      ...(below ? datesIn(below) : []),
    ];
  });
}

/**
 * The expiry date: on a CIN and a CNH it is the latest date printed (birth, first licence and
 * issue all come before it), within a plausible range; the date under or after the VALIDADE label
 * when the two agree. A date of issue is never taken for it, nor anything not after it: when the
 * expiry itself was not read, the latest date left is the issue date or an older one.
 */
export function findExpiry(rows: Row[]): ExtractedField | null {
  return readExpiry(rows).expiry;
}

/** The expiry (findExpiry) and whether it was read under its own label. */
export function readExpiry(rows: Row[]): { expiry: ExtractedField | null; labelled: boolean } {
  const none = { expiry: null, labelled: false };
  const issued = issueDates(rows);
  const lastIssue = Math.max(...issued.map((date) => date.time));
  const all = rows.flatMap(datesIn).filter((date) => {
    const year = new Date(date.time).getUTCFullYear();
    const isIssue = issued.some((issue) => issue.row === date.row && issue.at === date.at);
    return year >= 1995 && year <= 2070 && !isIssue && !(date.time <= lastIssue);
  });
  if (all.length === 0) return none;
  const latest = all.reduce((best, date) => (date.time > best.time ? date : best));
  const labelled = findLabels(rows, ['VALIDADE'])
    .flatMap((match) => [
      ...datesIn(match.row).filter((date) => date.at >= match.end),
      ...(rows[match.row.index + 1] ? datesIn(rows[match.row.index + 1]!) : []),
    ])
    .find((date) => date.time === latest.time);
  const chosen = labelled ?? latest;
  // A lone date with no label and nothing else to compare with is not taken as an expiry.
  if (!labelled && all.length + issued.length < 2) return none;
  return { expiry: { value: chosen.value, confidence: chosen.confidence }, labelled: !!labelled };
}

/** Every calendar date printed on the card, whatever its label. */
export function printedDates(rows: Row[]): string[] {
  return [...new Set(rows.flatMap(datesIn).map((date) => date.value))];
}

type DateKind = 'birth' | 'issue' | 'firstLicence' | 'expiry';
type DateLabel = { kind: DateKind; token: Token; at: number; index: number };

/** The words that name the box a date is printed in. */
function dateLabelsIn(row: Row): DateLabel[] {
  const found: DateLabel[] = [];
  for (const [index, token] of row.tokens.entries()) {
    const word = labelWord(token.text);
    const previous = row.tokens[index - 1]?.text ?? '';
    let kind: DateKind | null = null;
    if (sameWord(token.text, 'NASCIMENTO') || sameWord(token.text, 'BIRTH') || word === 'NASC')
      kind = 'birth';
    else if (
      (sameWord(token.text, 'EMISSAO') &&
        editDistance(word, 'EMISSAO') < editDistance(word, 'EMISSOR')) ||
      sameWord(token.text, 'EXPEDICAO') ||
      sameWord(token.text, 'ISSUE')
    )
      kind = 'issue';
    else if (sameWord(token.text, 'VALIDADE') || word === 'VALID') kind = 'expiry';
    // `1ª HABILITAÇÃO`, `PRIMEIRA HABILITAÇÃO`; not the title's `NACIONAL DE HABILITAÇÃO`.
    else if (
      sameWord(token.text, 'HABILITACAO') &&
      (/^[1IL|!][^A-Z0-9]*[AO]?[^A-Z0-9]*$/.test(previous) || sameWord(previous, 'PRIMEIRA'))
    )
      kind = 'firstLicence';
    if (kind) found.push({ kind, token, at: token.start, index });
  }
  return found;
}

/** Where a position of a row's text sits on the image: its word's left edge. */
const leftOf = (row: Row, at: number) =>
  row.tokens.find((token) => token.start <= at && at < token.end)?.bbox?.x0;

/**
 * Every date read under (or after) a label naming its box, by that box: birth, issue, first
 * licence, expiry. On a row of several boxes (`Nº REGISTRO  VALIDADE  1ª HABILITAÇÃO`) a date
 * below belongs to the box whose label starts left of it and nearest; without word boxes, only
 * when there are as many dates as labels (in order) or a single label.
 */
export function cardDates(rows: Row[]): Record<DateKind, string[]> {
  const dates: Record<DateKind, string[]> = { birth: [], issue: [], firstLicence: [], expiry: [] };
  const add = (kind: DateKind, value: string) => {
    if (!dates[kind].includes(value)) dates[kind].push(value);
  };
  for (const row of rows) {
    const labels = dateLabelsIn(row);
    if (labels.length === 0) continue;
    for (const date of datesIn(row)) {
      const before = labels.filter((entry) => entry.at < date.at).at(-1);
      if (before) add(before.kind, date.value);
    }
    const below = rows[row.index + 1];
    if (!below) continue;
    const ownLabels = dateLabelsIn(below);
    const under = datesIn(below).filter((date) => !ownLabels.some((entry) => entry.at < date.at));
    const height = Math.max(
      0,
      ...labels.map((entry) => (entry.token.bbox ? entry.token.bbox.y1 - entry.token.bbox.y0 : 0)),
    );
    // A box's column starts at its label's first word (`DATA` of `DATA NASCIMENTO`, `1ª` of
    // `1ª HABILITAÇÃO`): the words just before the label word, set closer than a wide gap.
    const columnStart = (entry: DateLabel) => {
      let left = entry.token.bbox!.x0;
      for (const token of row.tokens.slice(0, entry.index).reverse()) {
        if (!token.bbox || left - token.bbox.x1 > 1.5 * height) break;
        if (labels.some((other) => other.token === token)) break;
        left = token.bbox.x0;
      }
      return left;
    };
    for (const [index, date] of under.entries()) {
      const x = leftOf(below, date.at);
      if (x !== undefined && labels.every((entry) => entry.token.bbox)) {
        const column = labels
          .map((entry) => ({ entry, left: columnStart(entry) }))
          .filter(({ left }) => left <= x + height)
          .reduce<{ entry: DateLabel; left: number } | null>(
            (best, candidate) => (!best || candidate.left > best.left ? candidate : best),
            null,
          );
        if (column) add(column.entry.kind, date.value);
      } else if (labels.length === 1 || labels.length === under.length) {
        add(labels[Math.min(index, labels.length - 1)]!.kind, date.value);
      }
    }
  }
  return dates;
}

/** The names under FILIAÇÃO (the parents'): a name read there is never the holder's. */
export function parentNames(rows: Row[]): string[] {
  const names: string[] = [];
  for (const match of findLabels(rows, ['FILIACAO'])) {
    const sameRow = nameIn(match.row, match.last + 1);
    if (sameRow) names.push(sameRow.value);
    for (const row of rows.slice(match.row.index + 1, match.row.index + 4)) {
      const found = wholeNameRow(row);
      if (found) names.push(found.value);
    }
  }
  return [...new Set(names)];
}

/* ---------------------------------------------------------------- numbers */

/**
 * In a word that is mostly digits, letters OCR takes for digits are read as those digits; a `]`
 * too, which is how a 1 against a box's border is often read.
 */
export function digitsLikely(text: string): string {
  return text.replace(/[0-9OQDIL|SB\]]+/g, (run) => {
    const digits = run.replace(/\D/g, '').length;
    if (digits * 2 < run.length) return run;
    return run
      .replace(/[OQD]/g, '0')
      .replace(/[IL|\]]/g, '1')
      .replace(/S/g, '5')
      .replace(/B/g, '8');
  });
}

/**
 * A field's printed frame, read as a glyph glued to the first digit of its value (`|17923225256`,
 * `/70051115274`),
 * or a real `1` misread as `|`: both readings of the row, for numbers whose check digits tell which
 * one is right. The frame is blanked with a space so positions in the row stay the same.
 */
export function digitReadings(text: string): string[] {
  const framed = /(^|\s)[|[\]{}()/\\!](?=\d)/g;
  const readings = [digitsLikely(text)];
  if (framed.test(text)) readings.push(digitsLikely(text.replace(framed, '$1 ')));
  return readings;
}

/** Candidates after a label on its row, then on the next two rows. */
export function nearLabel<T extends Found>(
  rows: Row[],
  words: string[],
  find: (row: Row) => T[],
  below = 2,
): T[] {
  return findLabels(rows, words).flatMap((match) => [
    ...find(match.row).filter((found) => found.at >= match.end),
    ...rows.slice(match.row.index + 1, match.row.index + 1 + below).flatMap(find),
  ]);
}
