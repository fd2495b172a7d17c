// Names of the screening benchmark's labelled set: a seeded generator, structured names (given
// names, surnames, particles, suffixes), their renderings, and the spelling variants a query
// makes of a listed name. Written without looking at the matcher; the phonetic key and the
// token similarity here only decide which unlisted names are too close to a listed one to be
// labelled "no hit" (collisions.ts).
import {
  femaleGiven,
  maleGiven,
  marianSecondNames,
  suffixes,
  surnames as surnamePool,
} from './name-pools';

/** sfc32 seeded through splitmix32: deterministic, fast, good enough for sampling. */
export type Rng = {
  next: () => number;
  int: (n: number) => number;
  chance: (p: number) => boolean;
  pick: <T>(list: readonly T[]) => T;
};

export function createRng(seed: number): Rng {
  let s = seed >>> 0;
  const splitmix = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i += 1) next();
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (list) => list[int(list.length)]!,
  };
}

/** Picks from a list ordered by frequency: weight 1 / (rank + 3)^0.9. */
function weightedPicker<T>(list: readonly T[]): (rng: Rng) => T {
  const cumulative: number[] = [];
  let total = 0;
  list.forEach((_, rank) => {
    total += 1 / Math.pow(rank + 3, 0.9);
    cumulative.push(total);
  });
  return (rng) => {
    const target = rng.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return list[lo]!;
  };
}

const pickMale = weightedPicker(maleGiven);
const pickFemale = weightedPicker(femaleGiven);
const pickSurname = weightedPicker(surnamePool);

export type Role = 'given' | 'surname' | 'particle' | 'suffix';
/** A token as the pools spell it ("José", "da"), or as a variant rewrote it. */
export type Token = { readonly text: string; readonly role: Role };
export type PersonName = readonly Token[];
export type Gender = 'F' | 'M';

// ---------------------------------------------------------------- normalisation and similarity

/** Upper case without accents (Ç becomes C), as a name is often typed. */
export function fold(text: string): string {
  let folded = folds.get(text);
  if (folded === undefined) {
    folded = foldNow(text);
    if (folds.size < 100_000) folds.set(text, folded);
  }
  return folded;
}
const folds = new Map<string, string>();
const foldNow = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();

/**
 * A Portuguese sound key of one token, covering every phonetic rule the variants apply: Ç and
 * C before E/I as S, PH as F, TH as T, CH as X, W as V, Y as I, Z as S, doubled letters single,
 * a final M as N.
 */
export function soundKey(text: string): string {
  let key = soundKeys.get(text);
  if (key === undefined) {
    key = soundKeyNow(text);
    if (soundKeys.size < 100_000) soundKeys.set(text, key);
  }
  return key;
}
const soundKeys = new Map<string, string>();
function soundKeyNow(text: string): string {
  let s = text.toUpperCase().replace(/Ç/g, 'S');
  s = fold(s)
    .replace(/[^A-Z]/g, '')
    .replace(/PH/g, 'F')
    .replace(/TH/g, 'T')
    .replace(/CH/g, 'X')
    .replace(/C(?=[EI])/g, 'S')
    .replace(/W/g, 'V')
    .replace(/Y/g, 'I')
    .replace(/Z/g, 'S')
    .replace(/([A-Z])\1+/g, '$1')
    .replace(/M$/, 'N');
  return s;
}

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  const previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = previous[0]!;
    previous[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = previous[j]!;
      previous[j] = Math.min(
        above + 1,
        previous[j - 1]! + 1,
        diagonal + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      diagonal = above;
    }
  }
  return previous[b.length]!;
}

/** The edits a typo may make in a token of this length: 0 under 4 letters, 2 from 8. */
export const typoBudget = (length: number) => (length >= 8 ? 2 : length >= 4 ? 1 : 0);

/**
 * Whether two tokens could be one name under the variant classes: the same sound key, or
 * within the typo budget of the shorter one (on the letters or on the keys).
 */
export function similarTokens(a: string, b: string): boolean {
  const fa = fold(a);
  const fb = fold(b);
  if (fa === fb) return true;
  const ka = soundKey(a);
  const kb = soundKey(b);
  if (ka === kb) return true;
  const budget = typoBudget(Math.min(fa.length, fb.length));
  return levenshtein(fa, fb) <= budget || levenshtein(ka, kb) <= budget;
}

// ---------------------------------------------------------------- generation

const distinctFrom = (tokens: readonly Token[], text: string) =>
  tokens.every((t) => t.role === 'particle' || !similarTokens(t.text, text));

export function randomGiven(rng: Rng, gender: Gender): string {
  return gender === 'F' ? pickFemale(rng) : pickMale(rng);
}

export function randomSurname(rng: Rng): readonly [string, string, number] {
  return pickSurname(rng);
}

/** Given names (1 or 2), surnames (1 to 3, some with their particle), a suffix for some men. */
export function randomPersonName(rng: Rng, gender: Gender = rng.chance(0.5) ? 'F' : 'M'): Token[] {
  const tokens: Token[] = [{ text: randomGiven(rng, gender), role: 'given' }];
  const first = tokens[0]!.text;
  if (gender === 'F' && first === 'Maria' && rng.chance(0.6)) {
    if (rng.chance(0.3)) {
      const [particle, name] = rng.pick(marianSecondNames);
      tokens.push({ text: particle, role: 'particle' }, { text: name, role: 'given' });
    } else {
      pushGiven(rng, tokens, gender);
    }
  } else if (rng.chance(0.35)) {
    pushGiven(rng, tokens, gender);
  }
  const roll = rng.next();
  const count = roll < 0.12 ? 1 : roll < 0.8 ? 2 : 3;
  const chosen: (readonly [string, string, number])[] = [];
  for (let guard = 0; chosen.length < count && guard < 50; guard += 1) {
    const surname = randomSurname(rng);
    if (!distinctFrom(tokens, surname[0])) continue;
    if (chosen.some(([name]) => similarTokens(name, surname[0]))) continue;
    chosen.push(surname);
  }
  chosen.forEach(([name, particle, share], index) => {
    if (index > 0 && index === chosen.length - 1 && rng.chance(0.03)) {
      tokens.push({ text: 'e', role: 'particle' });
    } else if (particle !== '' && rng.chance(share)) {
      tokens.push({ text: particle, role: 'particle' });
    }
    tokens.push({ text: name, role: 'surname' });
  });
  if (gender === 'M' && rng.chance(0.06)) {
    const roll2 = rng.next();
    const suffix =
      roll2 < 0.5
        ? suffixes[0]
        : roll2 < 0.8
          ? suffixes[1]
          : roll2 < 0.95
            ? suffixes[2]
            : suffixes[3];
    tokens.push({ text: suffix, role: 'suffix' });
  }
  return tokens;
}

function pushGiven(rng: Rng, tokens: Token[], gender: Gender) {
  for (let guard = 0; guard < 20; guard += 1) {
    const name = randomGiven(rng, gender);
    if (distinctFrom(tokens, name)) {
      tokens.push({ text: name, role: 'given' });
      return;
    }
  }
}

// ---------------------------------------------------------------- rendering

export type Style = { readonly accents: boolean; readonly letterCase: 'upper' | 'title' | 'lower' };
export const listedStyle = (accents: boolean): Style => ({ accents, letterCase: 'upper' });

function renderText(text: string, role: Role, style: Style): string {
  const plain = style.accents ? text : fold(text);
  if (style.letterCase === 'upper') return plain.toLocaleUpperCase('pt-BR');
  const lower = plain.toLocaleLowerCase('pt-BR');
  if (style.letterCase === 'lower' || role === 'particle') return lower;
  return lower.charAt(0).toLocaleUpperCase('pt-BR') + lower.slice(1);
}

/** The tokens in a style: each token's text rewritten (the roles kept). */
export function renderTokens(name: PersonName, style: Style): Token[] {
  return name.map((t) => ({ text: renderText(t.text, t.role, style), role: t.role }));
}

export const joinName = (tokens: readonly Token[]) => tokens.map((t) => t.text).join(' ');

export const render = (name: PersonName, style: Style) => joinName(renderTokens(name, style));

export const hasAccent = (text: string) => fold(text) !== text.toUpperCase();

/** The given names and surnames (no particles, no suffix), folded. */
export const coreTokens = (name: PersonName) =>
  name.filter((t) => t.role === 'given' || t.role === 'surname').map((t) => fold(t.text));
