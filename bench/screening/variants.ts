// The variant classes of the labelled set: how a query may write a listed person's name. Each
// function takes the listed name (its tokens as the list writes them, upper case) and returns
// the query's name and a short note of what changed, or null when the class does not apply to
// this name.
import {
  fold,
  hasAccent,
  joinName,
  levenshtein,
  randomGiven,
  randomSurname,
  type Gender,
  type Rng,
  similarTokens,
  type Token,
} from './names';

export type Variant = { readonly name: string; readonly note: string };

const VOWELS = 'AEIOUÁÉÍÓÚÂÊÔÃÕÀ';
const isVowel = (c: string | undefined) => c !== undefined && VOWELS.includes(c);
const isCore = (t: Token) => t.role === 'given' || t.role === 'surname';
const upper = (text: string, accents: boolean) =>
  (accents ? text : fold(text)).toLocaleUpperCase('pt-BR');

// ---------------------------------------------------------------- case and accents

export function caseChange(rng: Rng, listed: readonly Token[]): Variant {
  if (rng.chance(0.5)) {
    return { name: joinName(listed).toLocaleLowerCase('pt-BR'), note: 'minúsculas' };
  }
  const title = listed.map((t) => {
    const lower = t.text.toLocaleLowerCase('pt-BR');
    return t.role === 'particle'
      ? lower
      : lower.charAt(0).toLocaleUpperCase('pt-BR') + lower.slice(1);
  });
  return { name: title.join(' '), note: 'iniciais maiúsculas' };
}

/** Accents lost (listed with accents) or put back (listed without, the name has them). */
export function accents(
  listed: readonly Token[],
  pool: readonly Token[],
  listedWithAccents: boolean,
): Variant | null {
  if (listedWithAccents) {
    if (!listed.some((t) => hasAccent(t.text))) return null;
    return { name: fold(joinName(listed)), note: 'sem acentos' };
  }
  if (!pool.some((t) => hasAccent(t.text))) return null;
  return {
    name: pool.map((t) => t.text.toLocaleUpperCase('pt-BR')).join(' '),
    note: 'acentos repostos',
  };
}

// ---------------------------------------------------------------- typos

// prettier-ignore
const KEYBOARD: Record<string, string> = {
  Q: 'WA', W: 'QASE', E: 'WSDR', R: 'EDFT', T: 'RFGY', Y: 'TGHU', U: 'YHJI', I: 'UJKO',
  O: 'IKLP', P: 'OL', A: 'QWSZ', S: 'AWEDXZ', D: 'SERFCX', F: 'DRTGVC', G: 'FTYHBV',
  H: 'GYUJNB', J: 'HUIKMN', K: 'JIOLM', L: 'KOP', Z: 'ASX', X: 'ZSDC', C: 'XDFV', V: 'CFGB',
  B: 'VGHN', N: 'BHJM', M: 'NJK',
};

function oneEdit(rng: Rng, chars: string[], allowTransposition: boolean): string[] {
  const out = [...chars];
  const roll = rng.next();
  const at = rng.int(out.length);
  const base = fold(out[at]!);
  if (allowTransposition && roll < 0.2 && out.length > 2) {
    const i = rng.int(out.length - 1);
    [out[i], out[i + 1]] = [out[i + 1]!, out[i]!];
  } else if (roll < 0.55) {
    out[at] = rng.pick([...(KEYBOARD[base] ?? 'E')]);
  } else if (roll < 0.8) {
    out.splice(at, 1);
  } else {
    const inserted = rng.chance(0.5) ? base : rng.pick([...(KEYBOARD[base] ?? 'E')]);
    out.splice(at + (rng.chance(0.5) ? 1 : 0), 0, inserted);
  }
  return out;
}

/**
 * `edits` keyboard typos (substitution by a neighbouring key, deletion, insertion; with 2 edits,
 * one may be a transposition) in one token long enough for them: 4 letters for 1 edit, 8 for 2.
 */
export function typo(rng: Rng, listed: readonly Token[], edits: 1 | 2): Variant | null {
  const minimum = edits === 1 ? 4 : 8;
  const candidates = listed
    .map((t, i) => [t, i] as const)
    .filter(([t]) => isCore(t) && fold(t.text).length >= minimum);
  if (candidates.length === 0) return null;
  const [token, index] = rng.pick(candidates);
  for (let attempt = 0; attempt < 30; attempt += 1) {
    let chars = [...token.text];
    for (let e = 0; e < edits; e += 1) chars = oneEdit(rng, chars, edits === 2 && e === 0);
    const text = chars.join('');
    if (levenshtein(fold(token.text), fold(text)) !== edits || /^\W|\W$/.test(text)) continue;
    const out = [...listed];
    out[index] = { text, role: token.role };
    return { name: joinName(out), note: `${token.text} → ${text}` };
  }
  return null;
}

// ---------------------------------------------------------------- particles, middle names

export function particleDropped(rng: Rng, listed: readonly Token[]): Variant | null {
  const indexes = listed.flatMap((t, i) => (t.role === 'particle' ? [i] : []));
  if (indexes.length === 0) return null;
  const at = rng.pick(indexes);
  return {
    name: joinName(listed.filter((_, i) => i !== at)),
    note: `sem "${listed[at]!.text}"`,
  };
}

const particleOf = (surname: string) =>
  ({ SILVA: 'DA', SANTOS: 'DOS', REIS: 'DOS', NEVES: 'DAS', NASCIMENTO: 'DO', PRADO: 'DO' })[
    fold(surname)
  ];

export function particleAdded(rng: Rng, listed: readonly Token[]): Variant | null {
  const options: { at: number; text: string }[] = [];
  listed.forEach((t, i) => {
    if (t.role !== 'surname' || listed[i - 1]?.role === 'particle') return;
    options.push({ at: i, text: particleOf(t.text) ?? rng.pick(['DA', 'DE', 'DE', 'DO', 'DOS']) });
    if (listed[i - 1]?.role === 'surname') options.push({ at: i, text: 'E' });
  });
  if (options.length === 0) return null;
  const { at, text } = rng.pick(options);
  const out = [...listed];
  out.splice(at, 0, { text, role: 'particle' });
  return { name: joinName(out), note: `com "${text}"` };
}

const coreIndexes = (listed: readonly Token[]) => listed.flatMap((t, i) => (isCore(t) ? [i] : []));

/** A given name or surname between the first and the last one left out (with its particle). */
export function middleDropped(rng: Rng, listed: readonly Token[]): Variant | null {
  const core = coreIndexes(listed);
  if (core.length < 3) return null;
  const at = rng.pick(core.slice(1, -1));
  const from = listed[at - 1]?.role === 'particle' ? at - 1 : at;
  return {
    name: joinName(listed.filter((_, i) => i < from || i > at)),
    note: `sem ${listed[at]!.text}`,
  };
}

/** A given name after the given names, or a surname before the last surname. */
export function middleAdded(
  rng: Rng,
  listed: readonly Token[],
  gender: Gender,
  accents: boolean,
): Variant | null {
  const core = coreIndexes(listed);
  const givens = listed.flatMap((t, i) => (t.role === 'given' ? [i] : []));
  const lastSurname = core[core.length - 1]!;
  const asGiven = givens.length === 1 && rng.chance(0.5);
  for (let guard = 0; guard < 30; guard += 1) {
    const text = asGiven ? randomGiven(rng, gender) : randomSurname(rng)[0];
    if (listed.some((t) => isCore(t) && similarTokens(t.text, text))) continue;
    const out = [...listed];
    const role = asGiven ? 'given' : 'surname';
    const at = asGiven
      ? givens[0]! + 1
      : listed[lastSurname - 1]?.role === 'particle'
        ? lastSurname - 1
        : lastSurname;
    if (!asGiven && at <= givens[givens.length - 1]!) return null;
    out.splice(at, 0, { text: upper(text, accents), role });
    return { name: joinName(out), note: `com ${upper(text, accents)}` };
  }
  return null;
}

// ---------------------------------------------------------------- order

/**
 * Surname first: "SOUZA, JOÃO CARLOS DA SILVA" (the last surname, its suffix, then the rest,
 * its particle moved to the end as in a citation), "SILVA SOUZA, JOÃO CARLOS" (all surnames),
 * or the surnames then the given names without a comma.
 */
export function swapped(rng: Rng, listed: readonly Token[]): Variant | null {
  const firstSurname = listed.findIndex((t) => t.role === 'surname');
  if (firstSurname <= 0) return null;
  const split = listed[firstSurname - 1]?.role === 'particle' ? firstSurname - 1 : firstSurname;
  const given = listed.slice(0, split);
  const family = listed.slice(split);
  const roll = rng.next();
  if (roll < 0.4) {
    const suffixAt = listed.findIndex((t) => t.role === 'suffix');
    const end = suffixAt === -1 ? listed.length : suffixAt;
    const lastAt = end - 1;
    if (listed[lastAt]?.role !== 'surname') return null;
    const particle = listed[lastAt - 1]?.role === 'particle' ? listed[lastAt - 1] : undefined;
    const head = [listed[lastAt]!, ...listed.slice(end)];
    const rest = [
      ...listed.slice(0, particle ? lastAt - 1 : lastAt),
      ...(particle ? [particle] : []),
    ];
    return { name: `${joinName(head)}, ${joinName(rest)}`, note: 'último sobrenome, vírgula' };
  }
  if (roll < 0.8) {
    return { name: `${joinName(family)}, ${joinName(given)}`, note: 'sobrenomes, vírgula' };
  }
  return { name: `${joinName(family)} ${joinName(given)}`, note: 'sobrenomes primeiro' };
}

// ---------------------------------------------------------------- suffixes

export function suffixChanged(rng: Rng, listed: readonly Token[]): Variant | null {
  const at = listed.findIndex((t) => t.role === 'suffix');
  if (at !== -1) {
    const suffix = listed[at]!.text;
    if (fold(suffix) === 'JUNIOR' && rng.chance(0.35)) {
      const out = [...listed];
      out[at] = { text: 'JR', role: 'suffix' };
      return { name: joinName(out), note: `${suffix} → JR` };
    }
    return { name: joinName(listed.filter((_, i) => i !== at)), note: `sem ${suffix}` };
  }
  const suffix = rng.pick(['FILHO', 'JUNIOR', 'NETO']);
  return { name: `${joinName(listed)} ${suffix}`, note: `com ${suffix}` };
}

// ---------------------------------------------------------------- phonetic spellings

export const phoneticRules = [
  'W/V',
  'Z/S',
  'PH/F',
  'LL/L',
  'Y/I',
  'SS/Ç',
  'CH/X',
  'TH/T',
  'M/N final',
  'letra dobrada',
] as const;
export type PhoneticRule = (typeof phoneticRules)[number];

/** Every spelling of `word` that one application of `rule` gives. */
function applyRule(rule: PhoneticRule, word: string): string[] {
  const out: string[] = [];
  const at = (i: number, length: number, by: string) =>
    out.push(word.slice(0, i) + by + word.slice(i + length));
  const each = (pattern: RegExp, by: string, when: (i: number) => boolean = () => true) => {
    for (const m of word.matchAll(pattern)) if (when(m.index)) at(m.index, m[0].length, by);
  };
  const between = (i: number, length = 1) => isVowel(word[i - 1]) && isVowel(word[i + length]);
  switch (rule) {
    case 'W/V':
      each(/W/g, 'V');
      each(/V/g, 'W', (i) => i === 0);
      break;
    case 'Z/S':
      each(/Z/g, 'S');
      each(/S/g, 'Z', (i) => between(i) || (i === word.length - 1 && word[i - 1] === 'I'));
      break;
    case 'PH/F':
      each(/PH/g, 'F');
      each(/F/g, 'PH', (i) => i === 0 || between(i));
      break;
    case 'LL/L':
      each(/LL/g, 'L');
      each(/L/g, 'LL', (i) => between(i));
      break;
    case 'Y/I':
      each(/Y/g, 'I');
      each(/I/g, 'Y', (i) => isVowel(word[i - 1]) || (i === 0 && isVowel(word[1])));
      break;
    case 'SS/Ç':
      each(/Ç/g, 'SS');
      each(/SS/g, 'Ç', (i) => 'AOUÃÕ'.includes(word[i + 2] ?? '-'));
      break;
    case 'CH/X':
      each(/CH/g, 'X');
      each(/X/g, 'CH', (i) => i === 0);
      break;
    case 'TH/T':
      each(/TH/g, 'T');
      each(/T/g, 'TH', (i) => isVowel(word[i + 1]) && word[i - 1] !== 'T');
      break;
    case 'M/N final':
      each(/M$/g, 'N');
      each(/N$/g, 'M', (i) => isVowel(word[i - 1]));
      break;
    case 'letra dobrada':
      for (const m of word.matchAll(/([TNMLFP])\1/g)) at(m.index, 2, m[1]!);
      for (const m of word.matchAll(/[TNMLFP]/g)) {
        if (between(m.index) && word[m.index + 1] !== m[0]) at(m.index, 1, m[0] + m[0]);
      }
      break;
  }
  return out.filter((spelling) => spelling !== word);
}

export function phoneticApplies(rule: PhoneticRule, listed: readonly Token[]): boolean {
  return listed.some((t) => isCore(t) && applyRule(rule, t.text).length > 0);
}

export function phonetic(rng: Rng, listed: readonly Token[], rule: PhoneticRule): Variant | null {
  const options = listed.flatMap((t, i) =>
    isCore(t) ? applyRule(rule, t.text).map((text) => ({ i, text })) : [],
  );
  if (options.length === 0) return null;
  const { i, text } = rng.pick(options);
  const out = [...listed];
  out[i] = { text, role: listed[i]!.role };
  return { name: joinName(out), note: `${rule}: ${listed[i]!.text} → ${text}` };
}
