/**
 * Reads the fields of a Brazilian identity document from OCR text: the old RG, the Carteira de
 * Identidade Nacional (CIN, whose number is the CPF) and the CNH. Pure functions.
 *
 * OCR of a phone photo misreads labels (`NOVE` for `NOME`), inserts spaces inside numbers, turns a
 * slash into an `I` and leaves stray characters where a signature or a photo crosses a line. So
 * labels are matched by edit distance, values are found by what they must look like (a CPF with
 * its check digits, a real calendar date, an RG of 7 to 10 digits) near where the layout puts
 * them, and each field's confidence is that of the OCR words that make up its value, not of the
 * whole line.
 */
import { isValidCpf, onlyDigits } from '@medipay/shared/tax-id';
import { ufValues } from '@medipay/shared/options';

export type IdentityKind = 'RG' | 'CIN' | 'CNH';

export type ExtractedField = { value: string; confidence: number };

/** The spec's extraction result (nome, numero, orgao, uf, validade), each with a confidence. */
export type IdentityExtraction = {
  kind: IdentityKind | null;
  nome: ExtractedField | null;
  numero: ExtractedField | null;
  orgao: ExtractedField | null;
  uf: ExtractedField | null;
  validade: ExtractedField | null;
};

/** One OCR character (tesseract's symbol) and the engine's confidence in it (0..1). */
export type OcrSymbol = { text: string; confidence: number };

/**
 * One OCR word and the engine's confidence in it (0..1); `symbols`, when the engine gives them,
 * carry per-character confidences.
 */
export type OcrWord = { text: string; confidence: number; symbols?: OcrSymbol[]; bbox?: OcrBox };

/**
 * One OCR line; `words`, when the engine gives them, carry per-word confidences. `bbox` (and the
 * words' own) are pixel boxes in the image the engine read, when it gives them.
 */
export type OcrLine = { text: string; confidence: number; words?: OcrWord[]; bbox?: OcrBox };

/** A box in pixels of the image read: left, top, right, bottom. */
export type OcrBox = { x0: number; y0: number; x1: number; y1: number };

/** Issuing bodies of identity documents (abbreviations as printed). */
const issuers = [
  'SSP',
  'SESP',
  'SDS',
  'PC',
  'IIRGD',
  'IFP',
  'DETRAN',
  'DGPC',
  'SEJUSP',
  'SSPDS',
  'POLITEC',
  'SJS',
  'SJTC',
  'SEDS',
  'SESDEC',
  'SSPDC',
];

/** Issuing bodies named in full in an RG's header. */
const issuerNames: [RegExp, string][] = [
  [/SECRETARIA DE ESTADO DA SEGURANCA PUBLICA E DEFESA SOCIAL/, 'SSPDS'],
  [/SECRETARIA DE ESTADO DA SEGURANCA PUBLICA/, 'SESP'],
  [/SECRETARIA DA SEGURANCA PUBLICA|SECRETARIA DE SEGURANCA PUBLICA/, 'SSP'],
  [/SECRETARIA DE DEFESA SOCIAL/, 'SDS'],
  [/POLICIA CIVIL/, 'PC'],
  [/INSTITUTO FELIX PACHECO/, 'IFP'],
];

/** The 27 federative units, by name without accents. */
const stateNames: Record<string, string> = {
  ACRE: 'AC',
  ALAGOAS: 'AL',
  AMAPA: 'AP',
  AMAZONAS: 'AM',
  BAHIA: 'BA',
  CEARA: 'CE',
  'DISTRITO FEDERAL': 'DF',
  'ESPIRITO SANTO': 'ES',
  GOIAS: 'GO',
  MARANHAO: 'MA',
  'MATO GROSSO': 'MT',
  'MATO GROSSO DO SUL': 'MS',
  'MINAS GERAIS': 'MG',
  PARA: 'PA',
  PARAIBA: 'PB',
  PARANA: 'PR',
  PERNAMBUCO: 'PE',
  PIAUI: 'PI',
  'RIO DE JANEIRO': 'RJ',
  'RIO GRANDE DO NORTE': 'RN',
  'RIO GRANDE DO SUL': 'RS',
  RONDONIA: 'RO',
  RORAIMA: 'RR',
  'SANTA CATARINA': 'SC',
  'SAO PAULO': 'SP',
  SERGIPE: 'SE',
  TOCANTINS: 'TO',
};

const ufSet = new Set<string>(ufValues);

/** Upper case without accents, single spaces: the form labels are matched in. */
function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Levenshtein distance, for labels misread by one or two letters. */
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

/** How many misread letters a label word of this length tolerates. */
const tolerance = (word: string) => (word.length <= 3 ? 0 : word.length <= 6 ? 1 : 2);

/** A word of a label, compared without punctuation, digits read as the letters they resemble. */
function labelWord(token: string): string {
  return token
    .replace(/0/g, 'O')
    .replace(/1/g, 'I')
    .replace(/5/g, 'S')
    .replace(/[^A-Z]/g, '');
}

const sameWord = (token: string, word: string) =>
  editDistance(labelWord(token), word) <= tolerance(word);

type Token = {
  text: string;
  raw: string;
  confidence: number;
  start: number;
  end: number;
  /** Per-character confidences aligned with `text`, when the engine gave symbols. */
  characters?: number[];
  bbox?: OcrBox;
};
type Row = { index: number; text: string; tokens: Token[]; confidence: number };

function toRows(lines: OcrLine[]): Row[] {
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
function checked(confidence: number, strength: number): number {
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
function confidenceOf(row: Row, start: number, end: number): number {
  const used = row.tokens.filter((token) => token.end > start && token.start < end);
  if (used.length === 0) return row.confidence;
  return used.reduce((sum, token) => sum + tokenConfidence(token, start, end), 0) / used.length;
}

type LabelMatch = { row: Row; first: number; last: number; end: number };

/** Where a label (its words in order, each allowed a misread letter or two) sits in a row. */
function findLabelIn(row: Row, label: string[]): LabelMatch | null {
  for (let first = 0; first + label.length <= row.tokens.length; first += 1) {
    if (label.every((word, offset) => sameWord(row.tokens[first + offset]!.text, word))) {
      const last = first + label.length - 1;
      return { row, first, last, end: row.tokens[last]!.end };
    }
  }
  return null;
}

function findLabels(rows: Row[], label: string[]): LabelMatch[] {
  return rows.flatMap((row) => {
    const match = findLabelIn(row, label);
    return match ? [match] : [];
  });
}

const label = (text: string) => text.split(' ');

/* ---------------------------------------------------------------- kind */

const kindSignals: Record<IdentityKind, [string[], number][]> = {
  CNH: [
    [label('HABILITACAO'), 3],
    [label('DETRAN'), 3],
    [label('DRIVER LICENSE'), 3],
    [label('PERMISSAO'), 2],
    [label('CAT HAB'), 2],
    [label('DEPARTAMENTO NACIONAL DE TRANSITO'), 3],
    [label('RENACH'), 2],
  ],
  CIN: [
    [label('IDENTIDADE NACIONAL'), 4],
    [label('CIN'), 3],
    [label('IDENTITY CARD'), 3],
    [label('NAME'), 2],
    [label('DATE OF BIRTH'), 3],
    [label('VALID UNTIL'), 3],
    [label('ISSUING AUTHORITY'), 3],
    [label('NATIONALITY'), 2],
  ],
  RG: [
    [label('REGISTRO GERAL'), 3],
    [label('CARTEIRA DE IDENTIDADE'), 2],
    [label('INSTITUTO DE IDENTIFICACAO'), 3],
    [label('SEGURANCA PUBLICA'), 2],
    [label('DOC ORIGEM'), 2],
    [label('DATA DE EXPEDICAO'), 2],
    [label('VALIDA EM TODO O TERRITORIO NACIONAL'), 2],
  ],
};

function detectKindIn(rows: Row[]): IdentityKind | null {
  let best: IdentityKind | null = null;
  let bestScore = 0;
  for (const kind of ['CNH', 'CIN', 'RG'] as const) {
    const score = kindSignals[kind].reduce(
      (sum, [words, weight]) => sum + (rows.some((row) => findLabelIn(row, words)) ? weight : 0),
      0,
    );
    if (score > bestScore) {
      best = kind;
      bestScore = score;
    }
  }
  return bestScore >= 2 ? best : null;
}

export function detectKind(text: string): IdentityKind | null {
  return detectKindIn(toRows(text.split('\n').map((line) => ({ text: line, confidence: 1 }))));
}

/* ---------------------------------------------------------------- nome */

/** Label words of the three layouts: never part of a name. */
const labelVocabulary = new Set([
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
const nameParticles = new Set(['DA', 'DE', 'DO', 'DAS', 'DOS', 'E', 'DI', 'DU', 'D']);

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

/** Where the name sits when its label was lost: the first name-only row after these rows. */
const nameAfter: Record<IdentityKind, string[][]> = {
  RG: [label('REGISTRO GERAL'), label('REGISTRO'), label('EXPEDICAO')],
  CIN: [label('IDENTITY CARD'), label('CARTEIRA DE IDENTIDADE')],
  CNH: [label('HABILITACAO'), label('DRIVER LICENSE'), label('LICENSE')],
};

function findName(rows: Row[], kind: IdentityKind | null): ExtractedField | null {
  const labelled = findLabelledName(rows);
  if (labelled || !kind) return labelled;
  for (const words of nameAfter[kind]) {
    const anchor = findLabels(rows, words)[0];
    if (!anchor) continue;
    for (const row of rows.slice(anchor.row.index + 1, anchor.row.index + 4)) {
      const found = wholeNameRow(row);
      if (found) return found;
    }
  }
  return null;
}

function findLabelledName(rows: Row[]): ExtractedField | null {
  for (const match of findLabels(rows, ['NOME'])) {
    const next = match.row.tokens[match.last + 1];
    if (next && sameWord(next.text, 'SOCIAL')) continue;
    const sameRow = nameIn(match.row, match.last + 1);
    if (sameRow) return sameRow;
    for (const row of rows.slice(match.row.index + 1, match.row.index + 3)) {
      // A label row (`NOME SOCIAL / SOCIAL NAME`, `FILIAÇÃO`, `DATA DE NASCIMENTO`) is no name.
      const first = row.tokens[0]?.text ?? '';
      const isLabelRow =
        row.tokens.some((token) => token.text === '/') ||
        ['FILIACAO', 'NOME', 'DATA', 'NATURALIDADE', 'REGISTRO', 'CPF', 'DOC', 'SEXO'].some(
          (word) => sameWord(first, word),
        );
      const value = nameIn(row, 0);
      if (value && !isLabelRow) return value;
    }
  }
  return null;
}

/* ---------------------------------------------------------------- dates */

type Found = { value: string; confidence: number; row: number; at: number };

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
function findExpiry(rows: Row[]): ExtractedField | null {
  const issued = issueDates(rows);
  const lastIssue = Math.max(...issued.map((date) => date.time));
  const all = rows.flatMap(datesIn).filter((date) => {
    const year = new Date(date.time).getUTCFullYear();
    const isIssue = issued.some((issue) => issue.row === date.row && issue.at === date.at);
    return year >= 1995 && year <= 2070 && !isIssue && !(date.time <= lastIssue);
  });
  if (all.length === 0) return null;
  const latest = all.reduce((best, date) => (date.time > best.time ? date : best));
  const labelled = findLabels(rows, ['VALIDADE'])
    .flatMap((match) => [
      ...datesIn(match.row).filter((date) => date.at >= match.end),
      ...(rows[match.row.index + 1] ? datesIn(rows[match.row.index + 1]!) : []),
    ])
    .find((date) => date.time === latest.time);
  const chosen = labelled ?? latest;
  // A lone date with no label and nothing else to compare with is not taken as an expiry.
  if (!labelled && all.length + issued.length < 2) return null;
  return { value: chosen.value, confidence: chosen.confidence };
}

/* ---------------------------------------------------------------- numbers */

/**
 * In a word that is mostly digits, letters OCR takes for digits are read as those digits; a `]`
 * too, which is how a 1 against a box's border is often read.
 */
function digitsLikely(text: string): string {
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
function digitReadings(text: string): string[] {
  const framed = /(^|\s)[|[\]{}()/\\!](?=\d)/g;
  const readings = [digitsLikely(text)];
  if (framed.test(text)) readings.push(digitsLikely(text.replace(framed, '$1 ')));
  return readings;
}

/** Dots every three digits from the right: how RG numbers are printed. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * An RG number in a row: 7 to 10 digits, dotted or not, stray spaces or a stray comma around the
 * dots (`2.994,.057-5`), an optional state prefix (`MG-`) and an optional check digit (a digit or
 * X after a hyphen). Stored as printed without the prefix: the body grouped by dots, then `-` and
 * the check digit.
 */
function rgNumbersIn(row: Row): Found[] {
  const text = digitsLikely(row.text);
  const pattern =
    /(?:\b[A-Z]{2} ?- ?)?(?<![\d.,])(\d{1,3}(?: ?[.,]{1,2} ?\d{3}){2,3}|\d{7,10})(?: ?- ?([0-9X]))?(?![\d/]| ?- ?\d)/g;
  const found: Found[] = [];
  for (const match of text.matchAll(pattern)) {
    const body = match[1]!.replace(/\D/g, '');
    if (body.length < 7 || body.length > 10) continue;
    // A CPF (11 digits with its check digits) or a date is not an RG.
    const value = match[2] ? `${groupThousands(body)}-${match[2]}` : groupThousands(body);
    found.push({
      value,
      confidence: checked(confidenceOf(row, match.index, match.index + match[0].length), 0.5),
      row: row.index,
      at: match.index,
    });
  }
  return found;
}

/** CPFs (11 digits, masked or not, stray spaces tolerated) whose check digits are right. */
function cpfsIn(row: Row): Found[] {
  const found: Found[] = [];
  const pattern = /(?<!\d)\d{3} ?\.? ?\d{3} ?\.? ?\d{3} ?[-.]? ?\d{2}(?!\d)/g;
  const matches = digitReadings(row.text).flatMap((text) => [...text.matchAll(pattern)]);
  for (const match of matches) {
    const digits = onlyDigits(match[0]);
    if (!isValidCpf(digits)) continue;
    found.push({
      value: digits,
      confidence: checked(confidenceOf(row, match.index, match.index + match[0].length), 0.9),
      row: row.index,
      at: match.index,
    });
  }
  return found;
}

/** The check digits of a CNH registration number (DENATRAN's rule). */
export function hasValidCnhCheckDigits(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  let sum = 0;
  for (let i = 0; i < 9; i += 1) sum += d[i]! * (9 - i);
  let first = sum % 11;
  let discount = 0;
  if (first >= 10) {
    first = 0;
    discount = 2;
  }
  sum = 0;
  for (let i = 0; i < 9; i += 1) sum += d[i]! * (i + 1);
  const rest = sum % 11;
  const second = rest >= 10 ? 0 : rest - discount;
  return d[9] === first && d[10] === second;
}

/** 11-digit registration numbers (not masked like a CPF), stray spaces tolerated. */
function registrosIn(row: Row): (Found & { valid: boolean })[] {
  const found: (Found & { valid: boolean })[] = [];
  const pattern = /(?<![\d./-])\d(?: ?\d){10}(?![\d./-])/g;
  const matches = digitReadings(row.text).flatMap((text) => [...text.matchAll(pattern)]);
  for (const match of matches) {
    const digits = match[0].replace(/ /g, '');
    const valid = hasValidCnhCheckDigits(digits);
    const confidence = confidenceOf(row, match.index, match.index + match[0].length);
    found.push({
      value: digits,
      // Every CNH registro carries check digits: one that fails them was misread, whatever the
      // OCR's confidence, and is left for the applicant to type.
      confidence: valid ? checked(confidence, 0.9) : Math.min(confidence, 0.5),
      row: row.index,
      at: match.index,
      valid,
    });
  }
  return found;
}

/** Candidates after a label on its row, then on the next two rows. */
function nearLabel<T extends Found>(
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

function findNumber(rows: Row[], kind: IdentityKind | null): ExtractedField | null {
  const pick = (found: Found | undefined) =>
    found ? { value: found.value, confidence: found.confidence } : null;
  if (kind === 'CNH') {
    const labelled = nearLabel(rows, ['REGISTRO'], registrosIn);
    const anywhere = rows.flatMap(registrosIn);
    return pick(
      labelled.find((found) => found.valid) ??
        anywhere.find((found) => found.valid) ??
        labelled[0] ??
        anywhere[0],
    );
  }
  if (kind === 'CIN') {
    return pick(nearLabel(rows, ['CPF'], cpfsIn)[0] ?? rows.flatMap(cpfsIn)[0]);
  }
  const labelled =
    nearLabel(rows, ['REGISTRO', 'GERAL'], rgNumbersIn, 1)[0] ??
    nearLabel(rows, ['REGISTRO'], rgNumbersIn, 1)[0] ??
    nearLabel(rows, ['RG'], rgNumbersIn, 1)[0];
  if (labelled || kind === 'RG') return pick(labelled ?? rows.flatMap(rgNumbersIn)[0]);
  return null;
}

/* ---------------------------------------------------------------- issuer and state */

/**
 * `SSP/PE`, `SSP PE`, `SSP-PE`, and `SSPIPE` (the slash read as an I), anywhere in a row. After a
 * slash or a hyphen the state may be glued to a signature's scrawl read as letters (`SDS/PEVI`):
 * the two letters after the separator are the state, rated by their own characters.
 */
function issuerWithUf(row: Row, allowed = issuers): { orgao: Found; uf: Found } | null {
  const ufs = ufValues.join('|');
  const pattern = new RegExp(
    `(?<![A-Z])(${allowed.join('|')}) ?(?:[/|\\\\\\-.,]|(?<=[A-Z])[I1L](?=(?:${ufs})\\b))? ?(${ufs})(?:\\b|(?<=[/-] ?[A-Z]{2})(?=[A-Z]))`,
  );
  const match = pattern.exec(row.text);
  if (!match) return null;
  const ufAt = match.index + match[0].length - 2;
  return {
    orgao: {
      value: match[1]!,
      confidence: checked(confidenceOf(row, match.index, match.index + match[1]!.length), 0.5),
      row: row.index,
      at: match.index,
    },
    uf: {
      value: match[2]!,
      confidence: checked(confidenceOf(row, ufAt, ufAt + 2), 0.5),
      row: row.index,
      at: ufAt,
    },
  };
}

/** A state named in full (`ESTADO DE SÃO PAULO`), allowing a misread letter or two. */
function stateNamedIn(row: Row): Found | null {
  const match = /\bESTADO (?:DE |DO |DA )?([A-Z ]{4,})/.exec(row.text);
  if (!match) return null;
  const words = match[1]!.trim().split(' ');
  let best: { uf: string; distance: number; length: number } | null = null;
  for (const [name, uf] of Object.entries(stateNames)) {
    const count = name.split(' ').length;
    const candidate = words.slice(0, count).join(' ');
    const distance = editDistance(candidate, name);
    if (
      distance <= Math.floor(name.length / 5) &&
      (!best || distance < best.distance || (distance === best.distance && count > best.length))
    )
      best = { uf, distance, length: count };
  }
  if (!best) return null;
  const start = match.index + match[0].length - match[1]!.length;
  return {
    value: best.uf,
    confidence: confidenceOf(row, start, row.text.length),
    row: row.index,
    at: start,
  };
}

const field = (found: Found | null | undefined): ExtractedField | null =>
  found ? { value: found.value, confidence: found.confidence } : null;

/** On a CNH, the row with the holder's RG (`DOC. IDENTIDADE / ÓRG. EMISSOR / UF`) and the next. */
function holderRgRows(rows: Row[]): Set<number> {
  const skip = new Set<number>();
  for (const match of findLabels(rows, ['IDENTIDADE'])) {
    skip.add(match.row.index);
    skip.add(match.row.index + 1);
  }
  return skip;
}

/**
 * The state of a CNH's place of issue (`LOCAL` label, then `CAMPINAS, SP`, `CAMPINAS/SP` or
 * `CAMPINAS - SP` on its row or the next): the DETRAN that issues a CNH is the state's own.
 */
function placeOfIssueUf(rows: Row[]): Found | null {
  for (const match of findLabels(rows, ['LOCAL'])) {
    for (const row of [match.row, rows[match.row.index + 1]]) {
      if (!row) continue;
      const from = row === match.row ? match.end : 0;
      const found = /[A-Z]{3,} ?[,/-] ?([A-Z]{2})(?![A-Z])/.exec(row.text.slice(from));
      if (!found || !ufSet.has(found[1]!)) continue;
      const at = from + found.index + found[0].length - 2;
      return { value: found[1]!, confidence: confidenceOf(row, at, at + 2), row: row.index, at };
    }
  }
  return null;
}

/** Two reads of the same value in different places of the card: each confirms the other. */
function agreeing(first: Found | null, second: Found | null): Found | null {
  if (!first || !second) return first ?? second;
  if (first.value !== second.value) return first;
  return { ...first, confidence: checked(first.confidence, second.confidence) };
}

function findCnhIssuerAndUf(rows: Row[]): {
  orgao: ExtractedField | null;
  uf: ExtractedField | null;
} {
  const skip = holderRgRows(rows);
  const own = rows.filter((row) => !skip.has(row.index));
  const place = placeOfIssueUf(rows);
  // DETRAN-PR, DETRAN PR, DETRAN/PR, read with a letter or two wrong.
  for (const row of own) {
    for (const [index, token] of row.tokens.entries()) {
      const [head, tail] = token.text.split(/[-/|.]/, 2) as [string, string | undefined];
      if (!sameWord(head, 'DETRAN')) continue;
      const orgao = { value: 'DETRAN', confidence: token.confidence };
      const glued = tail ?? (/^DETRAN..$/.test(labelWord(token.text)) ? token.text.slice(-2) : '');
      const nextToken = row.tokens
        .slice(index + 1, index + 3)
        .find((candidate) => /[A-Z]/.test(candidate.text));
      const nextAt = nextToken ? nextToken.text.search(/[A-Z]/) : -1;
      const next = nextToken?.text.slice(nextAt, nextAt + 2);
      let own: Found | null = null;
      if (glued && ufSet.has(glued)) {
        const at = token.end - 2;
        own = { value: glued, confidence: confidenceOf(row, at, at + 2), row: row.index, at };
      } else if (nextToken && next && ufSet.has(next)) {
        const at = nextToken.start + nextAt;
        own = { value: next, confidence: confidenceOf(row, at, at + 2), row: row.index, at };
      }
      return { orgao, uf: field(agreeing(own, place)) };
    }
  }
  // No DETRAN word survived: a CNH is always issued by a state DETRAN; the state is in its own
  // UF field or in the place of issue.
  const evidence = rows.find((row) => findLabelIn(row, ['HABILITACAO']));
  const orgao = evidence ? { value: 'DETRAN', confidence: evidence.confidence } : null;
  const uf = field(
    own
      .flatMap((row) => {
        const labelMatch = findLabelIn(row, ['UF']);
        const candidates = [row, rows[row.index + 1]].filter(
          (candidate): candidate is Row => !!candidate && !skip.has(candidate.index),
        );
        if (!labelMatch) return [];
        return candidates.flatMap((candidate) =>
          candidate.tokens
            .filter((token) => ufSet.has(token.text) && token.text !== 'UF')
            .map((token) => ({
              value: token.text,
              confidence: token.confidence,
              row: candidate.index,
              at: token.start,
            })),
        );
      })
      .at(0) ??
      place ??
      own.map(stateNamedIn).find(Boolean),
  );
  return { orgao, uf };
}

function findIssuerAndUf(
  rows: Row[],
  kind: IdentityKind | null,
): { orgao: ExtractedField | null; uf: ExtractedField | null } {
  if (kind === 'CNH') return findCnhIssuerAndUf(rows);
  // The issuing authority's own field first, then any `SSP/XX` on the document.
  const labelled = [
    ...findLabels(rows, ['ORGAO', 'EXPEDIDOR']),
    ...findLabels(rows, ['ORGAO', 'EMISSOR']),
    ...findLabels(rows, ['ISSUING', 'AUTHORITY']),
  ];
  const labelledPairs = labelled.flatMap((match) =>
    [match.row, rows[match.row.index + 1]].flatMap((row) => {
      const pair = row ? issuerWithUf(row) : null;
      return pair ? [pair] : [];
    }),
  );
  const pair = labelledPairs[0] ?? rows.map((row) => issuerWithUf(row)).find(Boolean);
  if (pair) return { orgao: field(pair.orgao), uf: field(pair.uf) };

  // An issuer alone (no state beside it), then the issuer and the state named in the header.
  let orgao: ExtractedField | null = null;
  const issuerPattern = new RegExp(`(?<![A-Z])(${issuers.join('|')})(?![A-Z])`);
  for (const match of labelled) {
    for (const row of [match.row, rows[match.row.index + 1]]) {
      const found = row
        ? issuerPattern.exec(row.text.slice(match.row === row ? match.end : 0))
        : null;
      if (row && found && !orgao) {
        const at = (match.row === row ? match.end : 0) + found.index;
        orgao = { value: found[1]!, confidence: confidenceOf(row, at, at + found[1]!.length) };
      }
    }
  }
  if (!orgao) {
    for (const row of rows) {
      const named = issuerNames.find(([pattern]) => pattern.test(fuzzyHeader(row.text)));
      if (named) {
        orgao = { value: named[1], confidence: row.confidence };
        break;
      }
    }
  }
  const stateRow = rows.map(stateNamedIn).find(Boolean);
  let uf = field(stateRow);
  if (!uf) {
    // `SECRETARIA DA SEGURANÇA PÚBLICA - SP`: a state after the issuer's name.
    for (const row of rows) {
      if (!issuerNames.some(([pattern]) => pattern.test(fuzzyHeader(row.text)))) continue;
      const match = /[-/] ?([A-Z]{2})$/.exec(row.text);
      if (match && ufSet.has(match[1]!)) {
        const at = row.text.length - 2;
        uf = { value: match[1]!, confidence: confidenceOf(row, at, at + 2) };
        break;
      }
    }
  }
  return { orgao, uf };
}

/** A header row with its words snapped to the words issuers' names are made of. */
const headerWords = [
  'SECRETARIA',
  'SEGURANCA',
  'PUBLICA',
  'ESTADO',
  'DEFESA',
  'SOCIAL',
  'POLICIA',
  'CIVIL',
  'INSTITUTO',
  'FELIX',
  'PACHECO',
];
function fuzzyHeader(text: string): string {
  return text
    .split(' ')
    .map((word) => headerWords.find((known) => sameWord(word, known)) ?? word)
    .join(' ');
}

/** Every field the text allows; a field not found is null. */
export function parseIdentity(lines: OcrLine[]): IdentityExtraction {
  const rows = toRows(lines);
  const kind = detectKindIn(rows);
  const { orgao, uf } = findIssuerAndUf(rows, kind);
  return {
    kind,
    nome: findName(rows, kind),
    numero: findNumber(rows, kind),
    orgao,
    uf,
    validade: kind === 'RG' || kind === null ? null : findExpiry(rows),
  };
}

/* ---------------------------------------------------------------- second reading */

export type IdentityFieldName = 'nome' | 'numero' | 'orgao' | 'uf' | 'validade';

/**
 * Labels beside or under which a field's value is printed, by kind: where a field that was not
 * read (or not confidently) can be read again. A signature crossing the value's row, a frame line
 * glued to a digit, or a row tesseract's page layout analysis merged with its neighbour, is often
 * legible when the value's band alone is read.
 */
type ValuePlace = { fields: IdentityFieldName[]; label: string[]; place: 'below' | 'beside' };

const below = (fields: IdentityFieldName[], words: string): ValuePlace => ({
  fields,
  label: label(words),
  place: 'below',
});
const beside = (fields: IdentityFieldName[], words: string): ValuePlace => ({
  fields,
  label: label(words),
  place: 'beside',
});

const valuePlaces: Record<IdentityKind, ValuePlace[]> = {
  CIN: [
    below(['orgao', 'uf'], 'ORGAO EXPEDIDOR'),
    below(['orgao', 'uf'], 'ISSUING AUTHORITY'),
    below(['validade'], 'VALIDADE'),
    below(['validade'], 'VALID UNTIL'),
    // The number sits under the start of `REGISTRO GERAL - CPF / PERSONAL NUMBER`, not under
    // `CPF` in its middle.
    below(['numero'], 'REGISTRO GERAL'),
    below(['numero'], 'CPF'),
  ],
  CNH: [
    below(['numero'], 'REGISTRO'),
    below(['validade'], 'VALIDADE'),
    // The place of issue (`ANÁPOLIS, GO`): its state is the issuing DETRAN's.
    below(['uf'], 'LOCAL'),
  ],
  // The old RG prints its number on the label's row: `REGISTRO GERAL 23.844.575-0`.
  RG: [beside(['numero'], 'REGISTRO GERAL')],
};

/** A band of the image to read again, for these fields, and the line its value belongs after. */
export type Reread = { fields: IdentityFieldName[]; afterLine: number; box: OcrBox };

/**
 * Where to read again the fields that were not read with `minConfidence`, found with the label's
 * word boxes: under a label, the column the label heads (up to the next label on its row, a gap of
 * several letter heights away) and about two value rows down; beside a label, the label and the
 * words that follow it on its row up to such a gap (the label is read again with its value, so the
 * band's text still names the field). None without boxes.
 */
export function rereadsFor(lines: OcrLine[], minConfidence: number): Reread[] {
  const rows = toRows(lines);
  const kind = detectKindIn(rows);
  if (!kind) return [];
  const first = parseIdentity(lines);
  const wanted = (fields: IdentityFieldName[]) =>
    fields.filter((name) => (first[name]?.confidence ?? 0) < minConfidence);
  const rereads: Reread[] = [];
  for (const { fields, label: words, place } of valuePlaces[kind]) {
    const missing = wanted(fields);
    if (missing.length === 0 || rereads.some((done) => done.fields.includes(missing[0]!))) continue;
    const match = findLabels(rows, words)[0];
    if (!match) continue;
    const tokens = match.row.tokens;
    const labelTokens = tokens.slice(match.first, match.last + 1);
    if (!labelTokens.every((token) => token.bbox)) continue;
    const boxes = labelTokens.map((token) => token.bbox!);
    const height = Math.max(...boxes.map((box) => box.y1 - box.y0));
    let right = boxes.at(-1)!.x1;
    let end: number | null = null;
    let bottom = Math.max(...boxes.map((box) => box.y1));
    let top = Math.min(...boxes.map((box) => box.y0));
    for (const [index, token] of tokens.slice(match.last + 1).entries()) {
      if (!token.bbox) break;
      // Beside its label, the value is the next word however far the label's column reaches.
      const value = place === 'beside' && index === 0;
      if (!value && token.bbox.x0 - right > 2.5 * height) {
        end = token.bbox.x0 - height;
        break;
      }
      right = token.bbox.x1;
      top = Math.min(top, token.bbox.y0);
      bottom = Math.max(bottom, token.bbox.y1);
    }
    // Words just before the label on its row belong to it (`Nº` of `Nº REGISTRO`, misread or not
    // matched): the column starts at the first of them.
    let left = boxes[0]!.x0;
    for (const token of tokens.slice(0, match.first).reverse()) {
      if (!token.bbox || left - token.bbox.x1 > 2.5 * height) break;
      left = token.bbox.x0;
    }
    const x0 = Math.max(0, Math.round(left - height));
    const labelBottom = Math.max(...boxes.map((box) => box.y1));
    const box =
      place === 'below'
        ? {
            x0,
            y0: Math.round(labelBottom + 0.2 * height),
            x1: Math.round(end ?? right + 6 * height),
            y1: Math.round(labelBottom + 3.2 * height),
          }
        : {
            x0,
            y0: Math.max(0, Math.round(top - 0.5 * height)),
            x1: Math.round(end ?? right + 2 * height),
            y1: Math.round(bottom + 0.5 * height),
          };
    rereads.push({
      fields: missing,
      afterLine: place === 'below' ? match.row.index : match.row.index - 1,
      box,
    });
  }
  return rereads;
}

/**
 * The fields with the bands read again: each band's lines take the place of the lines read in it
 * (right after its label's line) and the document is parsed again for the band's fields. A value
 * read the same way twice is confirmed (the two confidences combined); a different value replaces
 * the first only when it is read with more confidence.
 */
export function parseWithRereads(
  lines: OcrLine[],
  rereads: { reread: Reread; lines: OcrLine[] }[],
): IdentityExtraction {
  const result = parseIdentity(lines);
  for (const { reread, lines: band } of rereads) {
    const { box } = reread;
    const inBand = (line: OcrLine) => {
      if (!line.bbox) return false;
      const middle = (line.bbox.y0 + line.bbox.y1) / 2;
      return middle >= box.y0 && middle <= box.y1 && line.bbox.x1 > box.x0 && line.bbox.x0 < box.x1;
    };
    const merged = [
      ...(reread.afterLine < 0 ? band : []),
      ...lines.flatMap((line, index) => [
        ...(inBand(line) ? [] : [line]),
        ...(index === reread.afterLine ? band : []),
      ]),
    ];
    const second = parseIdentity(merged);
    for (const name of reread.fields) {
      const before = result[name];
      const again = second[name];
      if (!again) continue;
      if (before && before.value === again.value)
        result[name] = {
          value: before.value,
          confidence: checked(before.confidence, again.confidence),
        };
      else if (!before || again.confidence > before.confidence) result[name] = again;
    }
  }
  return result;
}
