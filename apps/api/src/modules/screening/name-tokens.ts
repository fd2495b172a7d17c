/**
 * Names as the screening compares them: upper case without accents, split into tokens, with the
 * particles (DA, DE, DOS, E...) and the generation suffixes (FILHO, JUNIOR, NETO...) set apart as
 * weak tokens, each strong token with a phonetic key for Brazilian Portuguese spelling.
 */

/** Particles of Portuguese and Spanish names, and the connectors of company names. */
const particles = new Set([
  'D',
  'DA',
  'DAS',
  'DE',
  'DEL',
  'DI',
  'DO',
  'DOS',
  'DU',
  'E',
  'Y',
  'LA',
  'LE',
  'VAN',
  'VON',
  'DER',
  'AL',
  'EL',
  'BIN',
  'BEN',
]);

/** Generation suffixes, and the spellings that mean the same one. */
const suffixes = new Map<string, string>([
  ['FILHO', 'FILHO'],
  ['FILHA', 'FILHO'],
  ['FO', 'FILHO'],
  ['JUNIOR', 'JUNIOR'],
  ['JR', 'JUNIOR'],
  ['NETO', 'NETO'],
  ['NETA', 'NETO'],
  ['SOBRINHO', 'SOBRINHO'],
  ['SOBRINHA', 'SOBRINHO'],
  ['SEGUNDO', 'SEGUNDO'],
  ['II', 'SEGUNDO'],
  ['III', 'TERCEIRO'],
  ['TERCEIRO', 'TERCEIRO'],
]);

/** FILLHO, JUNOIR: a last word one edit from a suffix of five letters or more. */
function misspeltSuffix(word: string): string | undefined {
  if (word.length < 4) return undefined;
  for (const [spelling, generation] of suffixes) {
    if (spelling.length >= 5 && boundedEditDistance(word, spelling, 1) <= 1) return generation;
  }
  return undefined;
}

/** Words of a company's legal form: they say nothing of which company it is. */
const companyForms = new Set([
  'LTDA',
  'LIMITADA',
  'SA',
  'S/A',
  'ME',
  'EPP',
  'EIRELI',
  'CIA',
  'COMPANHIA',
  'SOCIEDADE',
  'ANONIMA',
  'SIMPLES',
  'SS',
  'MEI',
  'INC',
  'LLC',
  'LTD',
  'CO',
  'CORP',
]);

export type NameToken = {
  /** Upper case, A-Z and 0-9 only. */
  readonly text: string;
  readonly sound: string;
};

export type NameTokens = {
  /** The tokens that identify the person or company, in the order written. */
  readonly strong: readonly NameToken[];
  /** Particles and company forms (weak: their absence changes little). */
  readonly weak: readonly string[];
  /** FILHO, JUNIOR, NETO... (normalised), if any. */
  readonly suffix: string | null;
};

/** Upper case, accents removed, ç → C, apostrophes joined (D'ÁVILA → DAVILA), others → space. */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/['’`´]/g, '')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

/** A name's tokens; `company` also sets the legal-form words apart. */
export function nameTokens(name: string, options: { company?: boolean } = {}): NameTokens {
  const strong: NameToken[] = [];
  const weak: string[] = [];
  let suffix: string | null = null;
  const words = normaliseName(name).split(' ').filter(Boolean);
  // The same words with Ç read as S, for the sound: ALEÇANDRA sounds as ALESSANDRA, PEÇANHA as
  // PESSANHA (the text keeps C, so that GONCALVES typed without the cedilla is GONÇALVES).
  const sounded = normaliseName(name.replace(/[çÇ]/g, 'S')).split(' ').filter(Boolean);
  words.forEach((word, index) => {
    const generation =
      suffixes.get(word) ?? (index === words.length - 1 ? misspeltSuffix(word) : undefined);
    // A suffix only after a first name ('NETO' alone, or first, is a name).
    if (generation && index > 0 && strong.length > 0) {
      suffix = generation;
    } else if (particles.has(word) && words.length > 1) {
      weak.push(word);
    } else if (options.company && companyForms.has(word)) {
      weak.push(word);
    } else {
      strong.push({ text: word, sound: soundKey(sounded[index] ?? word) });
    }
  });
  return { strong, weak, suffix };
}

/**
 * A phonetic key for Brazilian Portuguese spelling: letters that sound alike become one
 * (W/V, Y/I, PH/F, TH/T, CH/SH/X, Z/S, SS/S, Ç and soft C/S, hard C/K/Q, soft G/J, LH/LI, NH/NI),
 * silent H goes, doubled letters become one, final M becomes N, final E and O become I and U.
 * Spellings of one sound get one key: WALLACE and VALACE (VALASI), SOUZA and SOUSA (SOUSA),
 * THEREZA and TERESA (TERESA), LUIZ and LUIS (LUIS).
 */
export function soundKey(token: string): string {
  let s = token;
  s = s.replace(/PH/g, 'F').replace(/TH/g, 'T').replace(/[CS]H/g, 'X');
  s = s.replace(/LH/g, 'LI').replace(/NH/g, 'NI');
  s = s.replace(/H/g, '');
  s = s.replace(/W/g, 'V').replace(/Y/g, 'I');
  s = s.replace(/Q(U)?(?=[EI])/g, 'K').replace(/QU?/g, 'K');
  s = s.replace(/GU(?=[EI])/g, 'G').replace(/G(?=[EI])/g, 'J');
  s = s
    .replace(/SC(?=[EI])/g, 'S')
    .replace(/C(?=[EI])/g, 'S')
    .replace(/C/g, 'K');
  s = s.replace(/Z/g, 'S');
  s = s.replace(/(.)\1+/g, '$1');
  s = s.replace(/M$/, 'N').replace(/E$/, 'I').replace(/O$/, 'U');
  return s === '' ? token : s;
}

/**
 * The edit distance with adjacent transpositions (optimal string alignment), or `limit + 1` as
 * soon as it must exceed `limit`.
 */
export function boundedEditDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const m = a.length;
  const n = b.length;
  let twoBack = new Array<number>(n + 1).fill(0);
  let previous = Array.from({ length: n + 1 }, (_, j) => j);
  let current = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= m; i += 1) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, twoBack[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    [twoBack, previous, current] = [previous, current, twoBack];
  }
  return Math.min(previous[n]!, limit + 1);
}

/** How many edits a token of this length may have and still be the same name: 0, 1 or 2. */
export function editBudget(length: number): number {
  if (length <= 3) return 0;
  if (length <= 7) return 1;
  return 2;
}

/** Every string one deletion away from the token, and the token itself (typo candidates). */
export function deletions(token: string): string[] {
  const out = new Set<string>([token]);
  if (token.length > 3) {
    for (let i = 0; i < token.length; i += 1) out.add(token.slice(0, i) + token.slice(i + 1));
  }
  return [...out];
}
