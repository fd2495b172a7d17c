// The screening benchmark's labelled set, built independently of the matcher (its code was not
// read) and of the API's fictitious-lists.ts (own name pools in name-pools.ts, own seeded
// generator in names.ts). From a seed it makes:
// - listed people: PEP rows (name, masked CPF, função, órgão, dates; some people hold two
//   funções) and UN Security Council individuals (name, aliases, birth date), written as a CGU
//   PEP CSV (ISO-8859-1, ';', quoted, CRLF) and a UN CONSOLIDATED_LIST XML, so that they go
//   through the real parsers; the PEP file is padded with random filler rows from the same
//   pools, so that common names collide as they do in the real file;
// - true-match queries, one variant class each (variants.ts), labelled with the entries they
//   must hit; PEP queries carry the person's real CPF (its middle six digits are the mask's)
//   half of the time, UN queries the birth date half of the time;
// - unlisted people labelled "no hit": names that share given names or surnames with listed
//   ones, homonyms of PEP rows whose CPF differs in the masked digits, and random people; a
//   name that collisions.ts finds too close to any listed row is drawn again.
import { CollisionIndex } from './collisions';
import { agencies, functions } from './name-pools';
import {
  coreTokens,
  createRng,
  fold,
  type Gender,
  hasAccent,
  joinName,
  listedStyle,
  randomGiven,
  randomPersonName,
  randomSurname,
  render,
  renderTokens,
  type Rng,
  similarTokens,
  soundKey,
  type Style,
  type Token,
} from './names';
import {
  accents,
  caseChange,
  middleAdded,
  middleDropped,
  particleAdded,
  particleDropped,
  phonetic,
  phoneticApplies,
  phoneticRules,
  type PhoneticRule,
  suffixChanged,
  swapped,
  typo,
  type Variant,
} from './variants';

export const trueClasses = [
  'exato',
  'caixa',
  'acentos',
  'digitação 1 edição',
  'digitação 2 edições',
  'partícula omitida',
  'partícula acrescentada',
  'nome do meio omitido',
  'nome do meio acrescentado',
  'ordem trocada',
  'grafia fonética',
  'FILHO/JUNIOR/NETO',
  'apelido (ONU)',
  'combinação',
] as const;
export type TrueClass = (typeof trueClasses)[number];
const trueWeights: Record<TrueClass, number> = {
  exato: 2,
  caixa: 3,
  acentos: 3,
  'digitação 1 edição': 4,
  'digitação 2 edições': 3,
  'partícula omitida': 3,
  'partícula acrescentada': 3,
  'nome do meio omitido': 3,
  'nome do meio acrescentado': 3,
  'ordem trocada': 3,
  'grafia fonética': 5,
  'FILHO/JUNIOR/NETO': 3,
  'apelido (ONU)': 2,
  combinação: 3,
};

export const nonListedClasses = [
  'mesmo prenome e um sobrenome',
  'mesmos sobrenomes, outro prenome',
  'mesmos prenomes, outros sobrenomes',
  'homônimo de PEP, CPF diferente',
  'pessoa ao acaso',
] as const;
export type NonListedClass = (typeof nonListedClasses)[number];
const nonListedWeights: Record<NonListedClass, number> = {
  'mesmo prenome e um sobrenome': 5,
  'mesmos sobrenomes, outro prenome': 5,
  'mesmos prenomes, outros sobrenomes': 4,
  'homônimo de PEP, CPF diferente': 2,
  'pessoa ao acaso': 4,
};

/** A query as the matcher takes it (ScreeningQuery's shape, declared here on its own). */
export type LabelledQueryInput = {
  readonly name: string;
  readonly kind: 'PF';
  readonly cpf: string | null;
  /** ISO yyyy-mm-dd. */
  readonly birthDate: string | null;
};

export type LabelledQuery = {
  readonly id: number;
  readonly label: 'listed' | 'unlisted';
  readonly variantClass: TrueClass | NonListedClass;
  readonly query: LabelledQueryInput;
  /** labelKey()s of the entries it must hit (listed), or null (unlisted: no hit at all). */
  readonly expected: readonly string[] | null;
  readonly list: 'pep' | 'unsc' | null;
  /** The listed name the query was made from (listed), or the one it shares names with. */
  readonly listedName: string | null;
  /** What the variant changed ("SOUZA → SOUSA", "sem DA"...). */
  readonly note: string;
};

export type LabelledSet = {
  readonly pepCsv: Uint8Array;
  readonly unXml: Uint8Array;
  readonly queries: readonly LabelledQuery[];
  readonly stats: Record<string, number>;
};

export type LabelledSetOptions = {
  readonly seed: number;
  /** ISO yyyy-mm-dd: PEP grace periods end after it, birth dates come before it. */
  readonly today: string;
  readonly listedPeople: number;
  readonly fillerRows: number;
  readonly trueQueries: number;
  readonly nonListedQueries: number;
};

/** The key the labels use for a parsed entry (ListEntry of the API's list-types.ts). */
export function labelKey(entry: {
  list: string;
  id: string;
  names: readonly string[];
  cpfMiddleDigits?: string | null;
}): string {
  return entry.list === 'pep'
    ? `pep|${entry.cpfMiddleDigits ?? ''}|${entry.names[0] ?? ''}`
    : `${entry.list}|${entry.id}`;
}

// ---------------------------------------------------------------- people

type UnBirth =
  | { kind: 'exact'; date: string }
  | { kind: 'year'; year: number }
  | { kind: 'range'; from: number; to: number };

type Person = {
  readonly list: 'pep' | 'unsc';
  readonly name: Token[];
  readonly gender: Gender;
  /** Whether the list writes this name with its accents. */
  readonly accents: boolean;
  /** PEP: the full CPF (11 digits); the list shows digits 4 to 9. */
  readonly cpf: string | null;
  /** UN. */
  readonly dataId: string | null;
  readonly birth: UnBirth | null;
  /** UN: other names ("a.k.a."), as tokens, and whether each is a wholly different name. */
  readonly aliases: { name: Token[]; other: boolean }[];
  /** PEP: how many funções (rows) the person has. */
  readonly rows: number;
};

const listedName = (p: Person) => render(p.name, listedStyle(p.accents));
const keyOf = (p: Person) =>
  p.list === 'pep' ? `pep|${p.cpf!.slice(3, 9)}|${listedName(p)}` : `unsc|${p.dataId}`;
const fullKey = (name: readonly Token[]) =>
  [
    ...coreTokens(name).map(soundKey),
    ...name.filter((t) => t.role === 'suffix').map((t) => fold(t.text)),
  ].join(' ');

export function cpfCheckDigits(nine: string): string {
  const digit = (base: string) => {
    let sum = 0;
    for (let i = 0; i < base.length; i += 1) sum += Number(base[i]) * (base.length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(nine);
  return `${first}${digit(nine + first)}`;
}

function randomCpf(rng: Rng, avoidMiddles?: ReadonlySet<string>): string {
  for (;;) {
    const nine = Array.from({ length: 9 }, () => rng.int(10)).join('');
    if (/^(\d)\1+$/.test(nine)) continue;
    if (avoidMiddles?.has(nine.slice(3, 9))) continue;
    return nine + cpfCheckDigits(nine);
  }
}

const DAY = 86_400_000;
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const brOf = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const plusYears = (iso: string, years: number) =>
  `${String(Number(iso.slice(0, 4)) + years).padStart(4, '0')}${iso.slice(4) === '-02-29' ? '-02-28' : iso.slice(4)}`;

/** Data_Início_Exercício, Data_Fim_Exercício, Data_Fim_Carência (dd/mm/yyyy or empty). */
function pepDates(rng: Rng, today: string, expiredShare: number): [string, string, string] {
  const now = Date.parse(`${today}T00:00:00Z`);
  const roll = rng.next();
  if (roll < 0.4) {
    const start = now - (30 + rng.int(8 * 365)) * DAY;
    return [brOf(isoOf(start)), '', ''];
  }
  const ended =
    roll < 0.4 + expiredShare
      ? now - (5 * 365 + 2 + rng.int(60)) * DAY
      : now - (2 + rng.int(5 * 365 - 10)) * DAY;
  const start = ended - (365 + rng.int(7 * 365)) * DAY;
  const end = isoOf(ended);
  return [brOf(isoOf(start)), brOf(end), brOf(plusYears(end, 5))];
}

function randomBirth(rng: Rng): UnBirth {
  const year = 1950 + rng.int(46);
  const roll = rng.next();
  if (roll < 0.7) {
    return { kind: 'exact', date: isoOf(Date.UTC(year, rng.int(12), 1 + rng.int(28))) };
  }
  if (roll < 0.9) return { kind: 'year', year };
  return { kind: 'range', from: year, to: year + 2 };
}

/** A full date the person could give for a UN birth date. */
function dateWithin(rng: Rng, birth: UnBirth): string {
  if (birth.kind === 'exact') return birth.date;
  const year = birth.kind === 'year' ? birth.year : birth.from + rng.int(birth.to - birth.from + 1);
  return isoOf(Date.UTC(year, rng.int(12), 1 + rng.int(28)));
}

// ---------------------------------------------------------------- files

const quote = (field: string) => `"${field.replace(/"/g, '""')}"`;
const PEP_HEADER = [
  'CPF',
  'Nome_PEP',
  'Sigla_Função',
  'Descrição_Função',
  'Nível_Função',
  'Nome_Órgão',
  'Data_Início_Exercício',
  'Data_Fim_Exercício',
  'Data_Fim_Carência',
];

function pepCsv(rows: readonly string[][]): Uint8Array {
  const text = [PEP_HEADER, ...rows].map((fields) => fields.map(quote).join(';')).join('\r\n');
  return new Uint8Array(Buffer.from(`${text}\r\n`, 'latin1'));
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function unXml(people: readonly Person[], entities: readonly string[], rng: Rng): Uint8Array {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  out.push('<CONSOLIDATED_LIST dateGenerated="2026-01-05T00:00:00Z">', '<INDIVIDUALS>');
  people.forEach((p, i) => {
    const tokens = renderTokens(p.name, listedStyle(p.accents));
    const firstSurname = tokens.findIndex((t) => t.role === 'surname');
    const familyAt =
      tokens[firstSurname - 1]?.role === 'particle' && firstSurname > 1
        ? firstSurname - 1
        : firstSurname;
    const first = tokens[0]!.text;
    const second = joinName(tokens.slice(1, familyAt));
    const third = joinName(tokens.slice(familyAt));
    const birth = p.birth!;
    const dob =
      birth.kind === 'exact'
        ? `<TYPE_OF_DATE>EXACT</TYPE_OF_DATE><DATE>${birth.date}</DATE>`
        : birth.kind === 'year'
          ? `<TYPE_OF_DATE>APPROXIMATELY</TYPE_OF_DATE><YEAR>${birth.year}</YEAR>`
          : `<TYPE_OF_DATE>BETWEEN</TYPE_OF_DATE><FROM_YEAR>${birth.from}</FROM_YEAR><TO_YEAR>${birth.to}</TO_YEAR>`;
    out.push(
      '<INDIVIDUAL>',
      `<DATAID>${p.dataId}</DATAID><VERSIONNUM>1</VERSIONNUM>`,
      `<FIRST_NAME>${xml(first)}</FIRST_NAME>`,
      second === '' ? '' : `<SECOND_NAME>${xml(second)}</SECOND_NAME>`,
      `<THIRD_NAME>${xml(third)}</THIRD_NAME>`,
      '<UN_LIST_TYPE>Fictícia</UN_LIST_TYPE>',
      `<REFERENCE_NUMBER>QDi.${String(500 + i).padStart(3, '0')}</REFERENCE_NUMBER>`,
      `<LISTED_ON>${2002 + rng.int(22)}-0${1 + rng.int(9)}-1${rng.int(10)}</LISTED_ON>`,
      '<NATIONALITY><VALUE>Brasil</VALUE></NATIONALITY>',
      ...p.aliases.map(
        (a) =>
          `<INDIVIDUAL_ALIAS><QUALITY>${a.other ? 'Good' : 'Low'}</QUALITY><ALIAS_NAME>${xml(render(a.name, listedStyle(p.accents)))}</ALIAS_NAME></INDIVIDUAL_ALIAS>`,
      ),
      `<INDIVIDUAL_DATE_OF_BIRTH>${dob}</INDIVIDUAL_DATE_OF_BIRTH>`,
      `<INDIVIDUAL_DOCUMENT><TYPE_OF_DOCUMENT>Passport</TYPE_OF_DOCUMENT><NUMBER>BR${String(rng.int(1e7)).padStart(7, '0')}</NUMBER></INDIVIDUAL_DOCUMENT>`,
      '</INDIVIDUAL>',
    );
  });
  out.push('</INDIVIDUALS>', '<ENTITIES>');
  entities.forEach((name, i) => {
    out.push(
      '<ENTITY>',
      `<DATAID>${7_100_000 + i}</DATAID><FIRST_NAME>${xml(name)}</FIRST_NAME>`,
      `<REFERENCE_NUMBER>QDe.${String(300 + i).padStart(3, '0')}</REFERENCE_NUMBER>`,
      '<LISTED_ON>2011-03-21</LISTED_ON>',
      '</ENTITY>',
    );
  });
  out.push('</ENTITIES>', '</CONSOLIDATED_LIST>', '');
  return new TextEncoder().encode(out.filter((line) => line !== '').join('\n'));
}

// ---------------------------------------------------------------- the set

/** Splits `total` by integer weights (largest remainders). */
function quotas<K extends string>(weights: Record<K, number>, total: number): Map<K, number> {
  const keys = Object.keys(weights) as K[];
  const sum = keys.reduce((s, k) => s + weights[k], 0);
  const exact = keys.map((k) => (weights[k] * total) / sum);
  const out = new Map(keys.map((k, i) => [k, Math.floor(exact[i]!)] as const));
  let left = total - [...out.values()].reduce((s, v) => s + v, 0);
  const order = keys
    .map((k, i) => [k, exact[i]! - Math.floor(exact[i]!)] as const)
    .sort((a, b) => b[1] - a[1]);
  for (const [k] of order) {
    if (left <= 0) break;
    out.set(k, out.get(k)! + 1);
    left -= 1;
  }
  return out;
}

const titleCase = (name: string) =>
  name
    .toLocaleLowerCase('pt-BR')
    .split(' ')
    .map((word) =>
      /^(da|de|do|das|dos|e)$/.test(word)
        ? word
        : word.charAt(0).toLocaleUpperCase('pt-BR') + word.slice(1),
    )
    .join(' ');

export function buildLabelledSet(options: LabelledSetOptions): LabelledSet {
  const rng = createRng(options.seed);
  const people: Person[] = [];
  const targetKeys = new Set<string>();
  const targetMiddles = new Set<string>();
  const unShare = 0.1;

  // Listed people, each name unique among them (by sound keys).
  let dataId = 6_100_000;
  while (people.length < options.listedPeople) {
    const gender: Gender = rng.chance(0.5) ? 'F' : 'M';
    const name = randomPersonName(rng, gender);
    const key = fullKey(name);
    if (targetKeys.has(key)) continue;
    targetKeys.add(key);
    if (rng.chance(unShare)) {
      const aliases: Person['aliases'] = [];
      if (rng.chance(0.4)) aliases.push({ name: randomPersonName(rng, gender), other: true });
      if (rng.chance(0.3)) {
        const rule = rng.pick(phoneticRules);
        const spelled = phonetic(rng, renderTokens(name, listedStyle(false)), rule);
        if (spelled) {
          aliases.push({
            name: spelled.name.split(' ').map((text, i) => ({ text, role: name[i]!.role })),
            other: false,
          });
        }
      }
      people.push({
        list: 'unsc',
        name,
        gender,
        accents: rng.chance(0.3),
        cpf: null,
        dataId: String((dataId += 1)),
        birth: randomBirth(rng),
        aliases,
        rows: 0,
      });
    } else {
      const cpf = randomCpf(rng, targetMiddles);
      targetMiddles.add(cpf.slice(3, 9));
      people.push({
        list: 'pep',
        name,
        gender,
        accents: rng.chance(0.85),
        cpf,
        dataId: null,
        birth: null,
        aliases: [],
        rows: rng.chance(0.1) ? 2 : 1,
      });
    }
  }

  const index = new CollisionIndex();
  const pepRows: string[][] = [];
  const pepRow = (name: string, cpf: string, expired: number) => {
    const [acronym, description, level] = rng.pick(functions);
    pepRows.push([
      `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`,
      name,
      acronym,
      description,
      level,
      rng.pick(agencies),
      ...pepDates(rng, options.today, expired),
    ]);
  };
  for (const p of people) {
    if (p.list === 'pep') {
      for (let r = 0; r < p.rows; r += 1) pepRow(listedName(p), p.cpf!, 0);
      index.add(p.name, { list: 'pep', cpfMiddle: p.cpf!.slice(3, 9) });
    } else {
      index.add(p.name, { list: 'unsc', cpfMiddle: null });
      for (const alias of p.aliases) index.add(alias.name, { list: 'unsc', cpfMiddle: null });
    }
  }

  // Filler PEP rows: random people from the same pools, none with a listed person's name.
  const fillers: { name: Token[]; gender: Gender; accents: boolean; cpf: string }[] = [];
  while (fillers.length < options.fillerRows) {
    const gender: Gender = rng.chance(0.5) ? 'F' : 'M';
    const name = randomPersonName(rng, gender);
    if (targetKeys.has(fullKey(name))) continue;
    const filler = { name, gender, accents: rng.chance(0.85), cpf: randomCpf(rng, targetMiddles) };
    fillers.push(filler);
    pepRow(render(name, listedStyle(filler.accents)), filler.cpf, 0.02);
    index.add(name, { list: 'pep', cpfMiddle: filler.cpf.slice(3, 9) });
  }
  for (let i = pepRows.length - 1; i > 0; i -= 1) {
    const j = rng.int(i + 1);
    [pepRows[i], pepRows[j]] = [pepRows[j]!, pepRows[i]!];
  }
  const unPeople = people.filter((p) => p.list === 'unsc');
  const entities = Array.from(
    { length: 40 },
    () =>
      `${fold(randomSurname(rng)[0])} E ${fold(randomSurname(rng)[0])} COMÉRCIO E PARTICIPAÇÕES LTDA`,
  );

  const queries: LabelledQuery[] = [];
  const stats: Record<string, number> = {
    'pessoas listadas (PEP)': people.length - unPeople.length,
    'pessoas listadas (ONU)': unPeople.length,
    'linhas PEP das pessoas listadas': pepRows.length - fillers.length,
    'linhas PEP de enchimento': fillers.length,
    'linhas PEP no arquivo': pepRows.length,
    'apelidos ONU': unPeople.reduce((s, p) => s + p.aliases.length, 0),
    'entidades ONU': entities.length,
  };

  // True matches.
  const used = new Set<Person>();
  const pepPeople = people.filter((p) => p.list === 'pep');
  let phoneticTurn = 0;
  const variantOf = (cls: TrueClass, p: Person): Variant | null => {
    const listed = renderTokens(p.name, listedStyle(p.accents));
    switch (cls) {
      case 'exato':
        return { name: joinName(listed), note: '' };
      case 'caixa':
        return caseChange(rng, listed);
      case 'acentos':
        return accents(listed, renderTokens(p.name, listedStyle(true)), p.accents);
      case 'digitação 1 edição':
        return typo(rng, listed, 1);
      case 'digitação 2 edições':
        return typo(rng, listed, 2);
      case 'partícula omitida':
        return particleDropped(rng, listed);
      case 'partícula acrescentada':
        return particleAdded(rng, listed);
      case 'nome do meio omitido':
        return middleDropped(rng, listed);
      case 'nome do meio acrescentado':
        return middleAdded(rng, listed, p.gender, p.accents);
      case 'ordem trocada':
        return swapped(rng, listed);
      case 'grafia fonética': {
        const rule: PhoneticRule = phoneticRules[phoneticTurn % phoneticRules.length]!;
        return phoneticApplies(rule, listed) ? phonetic(rng, listed, rule) : null;
      }
      case 'FILHO/JUNIOR/NETO':
        return p.gender === 'M' ? suffixChanged(rng, listed) : null;
      case 'apelido (ONU)': {
        const alias = p.aliases.find((a) => a.other);
        if (!alias) return null;
        const name = render(alias.name, listedStyle(p.accents));
        return rng.chance(0.5)
          ? { name, note: 'apelido' }
          : { name: titleCase(fold(name)), note: 'apelido, sem acentos' };
      }
      case 'combinação': {
        const inner = rng.pick([
          () => typo(rng, listed, 1),
          () => particleDropped(rng, listed),
          () => middleDropped(rng, listed),
          () => swapped(rng, listed),
          () => phonetic(rng, listed, rng.pick(phoneticRules)),
        ])();
        if (!inner) return null;
        return { name: titleCase(fold(inner.name)), note: `${inner.note}; sem acentos, iniciais` };
      }
    }
  };
  for (const [cls, count] of quotas(trueWeights, options.trueQueries)) {
    for (let made = 0; made < count;) {
      let made1 = false;
      for (let attempt = 0; attempt < 400 && !made1; attempt += 1) {
        const wantUn = cls === 'apelido (ONU)' || rng.chance(unShare);
        const pool = wantUn ? unPeople : pepPeople;
        const p = rng.pick(pool);
        if (used.has(p) && attempt < 200) continue;
        const variant = variantOf(cls, p);
        if (!variant) continue;
        if (cls === 'grafia fonética') phoneticTurn += 1;
        used.add(p);
        const withId = rng.chance(0.5);
        queries.push({
          id: queries.length,
          label: 'listed',
          variantClass: cls,
          query: {
            name: variant.name,
            kind: 'PF',
            cpf:
              p.list === 'pep' ? (withId ? p.cpf : null) : rng.chance(0.5) ? randomCpf(rng) : null,
            birthDate: p.list === 'unsc' && withId ? dateWithin(rng, p.birth!) : null,
          },
          expected: [keyOf(p)],
          list: p.list,
          listedName: listedName(p),
          note: [variant.note, withId ? (p.list === 'pep' ? 'com CPF' : 'com nascimento') : '']
            .filter((s) => s !== '')
            .join('; '),
        });
        made += 1;
        made1 = true;
      }
      if (!made1) throw new Error(`Nenhuma pessoa listada serve à classe ${cls}.`);
    }
  }

  // Unlisted people.
  const sources: { name: Token[]; gender: Gender; accents: boolean; cpf: string | null }[] = [
    ...people.map((p) => ({ name: p.name, gender: p.gender, accents: p.accents, cpf: p.cpf })),
    ...fillers,
  ];
  const styleFor = (): Style => {
    const roll = rng.next();
    return roll < 0.5
      ? listedStyle(true)
      : roll < 0.85
        ? { accents: true, letterCase: 'title' }
        : listedStyle(false);
  };
  const newGiven = (gender: Gender, avoid: readonly Token[]) => {
    for (;;) {
      const text = randomGiven(rng, gender);
      if (avoid.every((t) => t.role === 'particle' || !similarTokens(t.text, text))) return text;
    }
  };
  const newSurname = (avoid: readonly Token[]): Token[] => {
    for (;;) {
      const [text, particle, share] = randomSurname(rng);
      if (!avoid.every((t) => t.role === 'particle' || !similarTokens(t.text, text))) continue;
      return particle !== '' && rng.chance(share)
        ? [
            { text: particle, role: 'particle' },
            { text, role: 'surname' },
          ]
        : [{ text, role: 'surname' }];
    }
  };
  const familyOf = (name: readonly Token[]) => {
    const first = name.findIndex((t) => t.role === 'surname');
    const from = name[first - 1]?.role === 'particle' && first - 1 > 0 ? first - 1 : first;
    return {
      given: name.slice(0, from),
      family: name.slice(from).filter((t) => t.role !== 'suffix'),
    };
  };
  const candidate = (
    cls: NonListedClass,
  ): { name: Token[]; source: (typeof sources)[number] | null } | null => {
    if (cls === 'pessoa ao acaso') return { name: randomPersonName(rng), source: null };
    const source = rng.chance(0.6)
      ? sources[rng.int(people.length)]!
      : sources[people.length + rng.int(fillers.length)]!;
    const { given, family } = familyOf(source.name);
    if (given.length === 0 || family.length === 0) return null;
    switch (cls) {
      case 'mesmo prenome e um sobrenome': {
        const surnamesOf = family.flatMap((t, i) =>
          t.role === 'surname'
            ? [family[i - 1]?.role === 'particle' ? [family[i - 1]!, t] : [t]]
            : [],
        );
        const shared = rng.pick(surnamesOf);
        const out: Token[] = [given[0]!];
        if (rng.chance(0.4)) out.push({ text: newGiven(source.gender, given), role: 'given' });
        const other = newSurname([...source.name, ...out]);
        out.push(...(rng.chance(0.5) ? [...shared, ...other] : [...other, ...shared]));
        return { name: out, source };
      }
      case 'mesmos sobrenomes, outro prenome': {
        const out: Token[] = [{ text: newGiven(source.gender, source.name), role: 'given' }];
        if (rng.chance(0.35))
          out.push({ text: newGiven(source.gender, [...source.name, ...out]), role: 'given' });
        return { name: [...out, ...family], source };
      }
      case 'mesmos prenomes, outros sobrenomes': {
        const out: Token[] = [...given];
        const count = 1 + rng.int(3);
        for (let i = 0; i < count; i += 1) out.push(...newSurname([...source.name, ...out]));
        return { name: out, source };
      }
      case 'homônimo de PEP, CPF diferente':
        return source.cpf ? { name: source.name, source } : null;
    }
  };

  const rejected = new Map<NonListedClass, number>();
  for (const [cls, count] of quotas(nonListedWeights, options.nonListedQueries)) {
    for (let made = 0; made < count;) {
      const made1 = candidate(cls);
      if (!made1) continue;
      const { name, source } = made1;
      let cpf: string | null = rng.chance(0.5) ? randomCpf(rng) : null;
      if (cls === 'homônimo de PEP, CPF diferente') {
        const colliders = index.colliders(name, true);
        if (colliders.some((row) => index.meta[row]!.list !== 'pep')) {
          rejected.set(cls, (rejected.get(cls) ?? 0) + 1);
          continue;
        }
        cpf = randomCpf(rng, new Set(colliders.map((row) => index.meta[row]!.cpfMiddle!)));
      } else if (index.colliders(name).length > 0) {
        rejected.set(cls, (rejected.get(cls) ?? 0) + 1);
        continue;
      }
      const style =
        cls === 'homônimo de PEP, CPF diferente' && source
          ? listedStyle(source.accents)
          : styleFor();
      queries.push({
        id: queries.length,
        label: 'unlisted',
        variantClass: cls,
        query: {
          name: render(name, style),
          kind: 'PF',
          cpf,
          birthDate: rng.chance(0.3)
            ? isoOf(Date.UTC(1950 + rng.int(50), rng.int(12), 1 + rng.int(28)))
            : null,
        },
        expected: null,
        list: null,
        listedName: source ? render(source.name, listedStyle(source.accents)) : null,
        note: cpf ? 'com CPF' : '',
      });
      made += 1;
    }
  }
  for (const [cls, count] of rejected) stats[`recusados por proximidade: ${cls}`] = count;
  stats['consultas de pessoas listadas'] = queries.filter((q) => q.label === 'listed').length;
  stats['consultas de pessoas não listadas'] = queries.filter((q) => q.label === 'unlisted').length;
  stats['nomes listados com acento'] = people.filter(
    (p) => p.accents && p.name.some((t) => hasAccent(t.text)),
  ).length;

  return {
    pepCsv: pepCsv(pepRows),
    unXml: unXml(unPeople, entities, rng),
    queries,
    stats,
  };
}
