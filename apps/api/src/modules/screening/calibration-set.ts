/**
 * The calibration set of the matcher's alert threshold (decision 022): fictitious listed people,
 * name variants of some of them that must hit, and unlisted people who share given names and
 * surnames with them that must not. The threshold is chosen on this set; the benchmark reports
 * on another one, built apart (bench/screening/labelled-set.ts).
 */
import { seededRandom } from './fictitious-lists';
import type { PepEntry } from './list-types';
import { createListIndex } from './matcher';

const GIVEN = [
  'Adriana',
  'Alessandra',
  'Alexandre',
  'Aline',
  'Amanda',
  'André',
  'Antônio',
  'Aparecida',
  'Benedito',
  'Bruna',
  'Caio',
  'Carla',
  'Cristiane',
  'Daniel',
  'Daniela',
  'Diego',
  'Edson',
  'Elaine',
  'Emerson',
  'Fabiana',
  'Felipe',
  'Francisca',
  'Francisco',
  'Geraldo',
  'Gustavo',
  'Igor',
  'Isabel',
  'Jéssica',
  'Joaquim',
  'Jorge',
  'Josefa',
  'Juliana',
  'Kátia',
  'Leandro',
  'Luciana',
  'Luiz',
  'Marcelo',
  'Mariana',
  'Matheus',
  'Michele',
  'Natália',
  'Osvaldo',
  'Pedro',
  'Raimundo',
  'Raquel',
  'Ricardo',
  'Rodrigo',
  'Rosângela',
  'Sandra',
  'Sebastião',
  'Sônia',
  'Teresa',
  'Valéria',
  'Vanessa',
  'Wagner',
  'Wellington',
  'Wilson',
  'Yasmin',
  'Sueli',
  'Rafaela',
];
const SURNAMES = [
  'Alves',
  'Andrade',
  'Azevedo',
  'Barros',
  'Batista',
  'Bezerra',
  'Borges',
  'Brito',
  'Campos',
  'Cavalcante',
  'Coelho',
  'Cunha',
  'Duarte',
  'Farias',
  'Freitas',
  'Gomes',
  'Guimarães',
  'Jesus',
  'Lopes',
  'Machado',
  'Marques',
  'Martins',
  'Medeiros',
  'Mendes',
  'Miranda',
  'Moraes',
  'Moreira',
  'Moura',
  'Nogueira',
  'Nunes',
  'Pacheco',
  'Pinheiro',
  'Pinto',
  'Ramos',
  'Reis',
  'Rezende',
  'Rodrigues',
  'Sales',
  'Siqueira',
  'Soares',
  'Souza',
  'Tavares',
  'Teixeira',
  'Vasconcelos',
  'Vieira',
  'Xavier',
  'Matos',
  'Queiroz',
  'Fonseca',
  'Figueiredo',
  'Prado',
  'Peixoto',
  'Sampaio',
  'Leite',
  'Assunção',
  'Hollanda',
  'Mattos',
  'Thomaz',
  'Bittencourt',
  'Schmidt',
  'Silva',
  'Santos',
  'Oliveira',
  'Pereira',
  'Ferreira',
  'Lima',
  'Carvalho',
  'Ribeiro',
  'Araújo',
  'Costa',
];
const PARTICLES = ['da', 'de', 'do', 'dos', 'das'];

type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;

export type CalibrationQuery = {
  readonly name: string;
  readonly cpf: string | null;
  /** The entry the query must hit, or null when it must hit nothing. */
  readonly expected: string | null;
  readonly variant: string;
};

/** Draws from the pool until the word is not one of `taken`. */
function fresh(rng: Rng, pool: readonly string[], taken: readonly string[]): string {
  for (;;) {
    const word = pick(rng, pool);
    if (!taken.includes(word)) return word;
  }
}

function personName(rng: Rng): string[] {
  const words = [pick(rng, GIVEN)];
  if (rng() < 0.4) words.push(fresh(rng, GIVEN, words));
  if (rng() < 0.3) words.push(pick(rng, PARTICLES));
  words.push(fresh(rng, SURNAMES, words));
  // One surname only (SANDRA RODRIGUES) on 15%, three on a quarter of the others.
  if (rng() < 0.15) return words;
  if (rng() < 0.2) words.push(pick(rng, PARTICLES));
  words.push(fresh(rng, SURNAMES, words));
  if (rng() < 0.25) words.push(fresh(rng, SURNAMES, words));
  if (rng() < 0.05) words.push('Filho');
  return words;
}

/**
 * The strong words of a name, without accents, doubled letters and spellings of one sound, sorted:
 * one key for every order and spelling.
 */
function strongKey(words: readonly string[]): string[] {
  return words
    .map((word) =>
      accentless(word)
        .toUpperCase()
        .replace(/[^A-Z]/g, '')
        .replace(/PH/g, 'F')
        .replace(/TH/g, 'T')
        .replace(/Z/g, 'S')
        .replace(/Y/g, 'I')
        .replace(/W/g, 'V')
        .replace(/(.)\1/g, '$1'),
    )
    .filter((word) => word !== '' && !PARTICLES.includes(word.toLowerCase()) && word !== 'FILHO')
    .sort();
}

/** The keys of the name without each one of its words. */
function shorterKeys(words: readonly string[]): string[] {
  const key = strongKey(words);
  return key.map((_, i) => key.filter((__, j) => j !== i).join(' '));
}

type ListedKeys = { readonly whole: Set<string>; readonly shorter: Set<string> };

const accentless = (text: string): string => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** One typo in a token of four letters or more: a letter changed, dropped, doubled or swapped. */
function typo(rng: Rng, words: string[]): string[] {
  const candidates = words
    .map((word, index) => [word, index] as const)
    .filter(([w]) => w.length >= 4);
  const [word, index] = pick(rng, candidates);
  const at = 1 + Math.floor(rng() * (word.length - 2));
  const kind = Math.floor(rng() * 4);
  const changed =
    kind === 0
      ? word.slice(0, at) + pick(rng, [...'aeioulnrst']) + word.slice(at + 1)
      : kind === 1
        ? word.slice(0, at) + word.slice(at + 1)
        : kind === 2
          ? word.slice(0, at) + word[at] + word.slice(at)
          : word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  return words.map((w, i) => (i === index ? changed : w));
}

const sounds: [RegExp, string][] = [
  [/^W/i, 'V'],
  [/ll/i, 'l'],
  [/s(?=[aeiou])/i, 'z'],
  [/z/i, 's'],
  [/ph/i, 'f'],
  [/th/i, 't'],
  [/y/i, 'i'],
  [/ç/i, 'ss'],
  [/ss/i, 'ç'],
  [/ch/i, 'x'],
  [/i$/i, 'e'],
  [/ei/i, 'e'],
  [/tt/i, 't'],
];

function phonetic(rng: Rng, words: string[]): string[] | null {
  const options: [number, RegExp, string][] = [];
  words.forEach((word, index) => {
    for (const [pattern, replacement] of sounds) {
      if (pattern.test(word)) options.push([index, pattern, replacement]);
    }
  });
  if (options.length === 0) return null;
  const [index, pattern, replacement] = pick(rng, options);
  return words.map((w, i) => (i === index ? w.replace(pattern, replacement) : w));
}

function variantOf(rng: Rng, words: string[]): { words: string[]; variant: string } {
  for (;;) {
    const variant = pick(rng, [
      'erro de digitação',
      'sem acentos',
      'partícula retirada ou acrescentada',
      'nome do meio retirado',
      'dois nomes do meio retirados',
      'nome do meio acrescentado',
      'ordem trocada',
      'grafia pelo som',
      'sufixo retirado',
    ]);
    const strong = words.filter((w) => !PARTICLES.includes(w) && w !== 'Filho');
    switch (variant) {
      case 'erro de digitação':
        return { words: typo(rng, words), variant };
      case 'sem acentos':
        if (accentless(words.join(' ')) === words.join(' ')) continue;
        return { words: words.map(accentless), variant };
      case 'partícula retirada ou acrescentada': {
        const particle = words.findIndex((w) => PARTICLES.includes(w));
        if (particle >= 0) return { words: words.filter((_, i) => i !== particle), variant };
        const at = words.length - 1;
        return {
          words: [...words.slice(0, at), pick(rng, PARTICLES), ...words.slice(at)],
          variant,
        };
      }
      case 'nome do meio retirado': {
        if (strong.length < 4) continue;
        const middle = words.indexOf(strong[1]!);
        return { words: words.filter((_, i) => i !== middle), variant };
      }
      case 'dois nomes do meio retirados': {
        if (strong.length < 5) continue;
        const dropped = new Set([words.indexOf(strong[1]!), words.indexOf(strong[2]!)]);
        return { words: words.filter((_, i) => !dropped.has(i)), variant };
      }
      case 'nome do meio acrescentado':
        return { words: [words[0]!, pick(rng, GIVEN), ...words.slice(1)], variant };
      case 'ordem trocada': {
        const last = strong[strong.length - 1]!;
        return { words: [`${last},`, ...words.filter((w) => w !== last)], variant };
      }
      case 'grafia pelo som': {
        const changed = phonetic(rng, words);
        if (!changed) continue;
        return { words: changed, variant };
      }
      case 'sufixo retirado':
        if (!words.includes('Filho')) continue;
        return { words: words.filter((w) => w !== 'Filho'), variant };
    }
  }
}

/**
 * Someone else who shares names with a listed person: never a name that a listed one is, in any
 * order, with or without one more or one less word (that is the listed person's variant).
 */
function neighbourOf(
  rng: Rng,
  words: string[],
  listed: ListedKeys,
): { name: string; variant: string } {
  for (;;) {
    const strong = words.filter((w) => !PARTICLES.includes(w) && w !== 'Filho');
    const last = strong[strong.length - 1]!;
    const kind = Math.floor(rng() * 4);
    let name: string[];
    let variant: string;
    if (kind === 0) {
      name = [pick(rng, GIVEN), ...strong.slice(1)];
      variant = 'outro nome, mesmos sobrenomes';
    } else if (kind === 1) {
      name = [strong[0]!, ...strong.slice(1, -1), pick(rng, SURNAMES)];
      variant = 'mesmo nome, outro sobrenome';
    } else if (kind === 2) {
      name = [strong[0]!, pick(rng, SURNAMES), last];
      variant = 'mesmo nome e sobrenome, outro nome do meio';
    } else {
      name = [pick(rng, GIVEN), pick(rng, SURNAMES), last];
      variant = 'só o último sobrenome em comum';
    }
    const own = strongKey(name).join(' ');
    const same =
      listed.whole.has(own) ||
      listed.shorter.has(own) ||
      shorterKeys(name).some((key) => listed.whole.has(key));
    if (same) continue;
    return { name: name.join(' '), variant };
  }
}

function cpfDigits(rng: Rng): string {
  return Array.from({ length: 11 }, () => Math.floor(rng() * 10)).join('');
}

export type CalibrationSet = {
  readonly entries: PepEntry[];
  readonly queries: CalibrationQuery[];
};

/** `listed` fictitious PEP entries, `queries` variants of some and as many unlisted neighbours. */
export function calibrationSet(seed: number, listed: number, queries: number): CalibrationSet {
  const rng = seededRandom(seed);
  const people = Array.from({ length: listed }, () => ({
    words: personName(rng),
    cpf: cpfDigits(rng),
  }));
  const entries: PepEntry[] = people.map((person, index) => ({
    list: 'pep',
    id: `cal-${index}`,
    names: [person.words.join(' ').toUpperCase()],
    cpfMiddleDigits: person.cpf.slice(3, 9),
    functionAcronym: 'VER',
    functionDescription: 'Vereador',
    functionLevel: '',
    agency: 'Câmara Municipal',
    startDate: null,
    endDate: null,
    graceEndDate: null,
    contentHash: `hash-${index}`,
  }));
  const listedNames: ListedKeys = {
    whole: new Set(people.map((person) => strongKey(person.words).join(' '))),
    shorter: new Set(people.flatMap((person) => shorterKeys(person.words))),
  };
  const out: CalibrationQuery[] = [];
  for (let i = 0; i < queries; i += 1) {
    const index = Math.floor(rng() * people.length);
    const person = people[index]!;
    const { words, variant } = variantOf(rng, person.words);
    out.push({
      name: words.join(' '),
      cpf: rng() < 0.3 ? person.cpf : null,
      expected: `cal-${index}`,
      variant,
    });
  }
  for (let i = 0; i < queries; i += 1) {
    const person = pick(rng, people);
    const { name, variant } = neighbourOf(rng, person.words, listedNames);
    out.push({ name, cpf: rng() < 0.3 ? cpfDigits(rng) : null, expected: null, variant });
  }
  return { entries, queries: out };
}

export type SweepRow = {
  readonly threshold: number;
  /** Share of the variants whose listed person is among the hits. */
  readonly found: number;
  /** Share of the unlisted people with at least one hit. */
  readonly alerted: number;
};

/**
 * How the calibration set fares at each threshold: each query is matched once at the lowest
 * threshold, and the hits' scores are compared with the others.
 */
export function sweepThresholds(
  set: CalibrationSet,
  thresholds: readonly number[],
  today: string,
): SweepRow[] {
  const index = createListIndex(set.entries);
  const lowest = Math.min(...thresholds);
  const scored = set.queries.map((query) => {
    const hits = index.match(
      { name: query.name, kind: 'PF', cpf: query.cpf },
      { minScore: lowest, today },
    );
    return {
      query,
      target: hits.find((hit) => hit.entryId === query.expected)?.score ?? 0,
      best: hits[0]?.score ?? 0,
    };
  });
  const variants = scored.filter((row) => row.query.expected !== null);
  const unlisted = scored.filter((row) => row.query.expected === null);
  return thresholds.map((threshold) => ({
    threshold,
    found: variants.filter((row) => row.target >= threshold).length / variants.length,
    alerted: unlisted.filter((row) => row.best >= threshold).length / unlisted.length,
  }));
}
