// The people on the corpus's documents (documents.ts): names, states, dates and document
// numbers with their check digits, drawn from the sample's random source.
import type { Random } from './documents-photo';

const firstNames = [
  'JOÃO',
  'MARIA',
  'JOSÉ',
  'ANA',
  'ANTÔNIO',
  'FRANCISCA',
  'LUÍS',
  'CONCEIÇÃO',
  'PEDRO',
  'LETÍCIA',
  'RAIMUNDO',
  'BEATRIZ',
  'SEBASTIÃO',
  'FÁBIO',
  'LÚCIA',
  'MÁRCIO',
  'CAMILA',
  'HELOÍSA',
  'THIAGO',
  'GABRIELA',
  'VINÍCIUS',
  'RENATA',
  'OTÁVIO',
  'ISABELA',
];
const middleNames = ['CARLOS', 'EDUARDO', 'APARECIDA', 'CRISTINA', 'HENRIQUE', 'VITÓRIA', 'LUIZ'];
const lastNames = [
  'ARAÚJO',
  'BARBOSA',
  'CAVALCANTI',
  'DAMASCENO',
  'FALCÃO',
  'GUIMARÃES',
  'LOUREIRO',
  'MAGALHÃES',
  'NASCIMENTO',
  'QUEIROZ',
  'RIBEIRO',
  'SANT ANNA',
  'TEIXEIRA',
  'VASCONCELOS',
  'XAVIER',
  'ZANETTI',
  'BRANDÃO',
  'CORDEIRO',
  'ESTEVES',
  'MONTEIRO',
  'PINHEIRO',
  'SIQUEIRA',
];
const particles = ['DA', 'DE', 'DOS', 'DO'];

export type State = {
  uf: string;
  name: string;
  city: string;
  rg: 'sp' | 'mg' | 'rs' | 'pe' | 'plain';
};
export const states: State[] = [
  { uf: 'SP', name: 'SÃO PAULO', city: 'CAMPINAS', rg: 'sp' },
  { uf: 'MG', name: 'MINAS GERAIS', city: 'BELO HORIZONTE', rg: 'mg' },
  { uf: 'RS', name: 'RIO GRANDE DO SUL', city: 'PORTO ALEGRE', rg: 'rs' },
  { uf: 'PE', name: 'PERNAMBUCO', city: 'RECIFE', rg: 'pe' },
  { uf: 'RJ', name: 'RIO DE JANEIRO', city: 'NITERÓI', rg: 'plain' },
  { uf: 'BA', name: 'BAHIA', city: 'SALVADOR', rg: 'plain' },
  { uf: 'PR', name: 'PARANÁ', city: 'CURITIBA', rg: 'plain' },
  { uf: 'CE', name: 'CEARÁ', city: 'FORTALEZA', rg: 'plain' },
  { uf: 'GO', name: 'GOIÁS', city: 'ANÁPOLIS', rg: 'plain' },
  { uf: 'SC', name: 'SANTA CATARINA', city: 'JOINVILLE', rg: 'plain' },
  { uf: 'PA', name: 'PARÁ', city: 'BELÉM', rg: 'plain' },
  { uf: 'ES', name: 'ESPÍRITO SANTO', city: 'VITÓRIA', rg: 'plain' },
];

export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;
const digit = (random: Random) => Math.floor(random() * 10);
export const digits = (random: Random, count: number) =>
  Array.from({ length: count }, () => digit(random)).join('');
const pad = (value: number) => String(value).padStart(2, '0');

/** Accents off, as the product stores names (upper case, plain letters). */
export const stored = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '');

export function personName(random: Random): string {
  const parts = [pick(random, firstNames)];
  if (random() < 0.5) parts.push(pick(random, middleNames));
  if (random() < 0.5) parts.push(pick(random, particles));
  parts.push(pick(random, lastNames));
  if (random() < 0.6) parts.push(pick(random, lastNames));
  return [...new Set(parts)].join(' ').replace('SANT ANNA', 'SANTANA');
}

export type Day = { day: number; month: number; year: number };
export function randomDay(random: Random, fromYear: number, toYear: number): Day {
  const year = fromYear + Math.floor(random() * (toYear - fromYear + 1));
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * new Date(Date.UTC(year, month, 0)).getUTCDate());
  return { day, month, year };
}
export const formatDay = ({ day, month, year }: Day) => `${pad(day)}/${pad(month)}/${year}`;
export const addYears = (value: Day, years: number): Day => ({
  ...value,
  day: value.month === 2 && value.day === 29 ? 28 : value.day,
  year: value.year + years,
});

/** CPF check digits (Receita Federal's modulo-11 rule), written out here on purpose. */
export function cpf(random: Random): string {
  const base = Array.from({ length: 9 }, () => digit(random));
  if (base.every((value) => value === base[0])) base[0] = (base[0]! + 1) % 10;
  const check = (values: number[]) => {
    const weightStart = values.length + 1;
    const total = values.reduce((sum, value, index) => sum + value * (weightStart - index), 0);
    const rest = (total * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = check(base);
  return [...base, first, check([...base, first])].join('');
}
export const maskCpf = (value: string) =>
  `${value.slice(0, 3)}.${value.slice(3, 6)}.${value.slice(6, 9)}-${value.slice(9)}`;

/** A CNH registration number whose two check digits follow DENATRAN's rule. */
export function cnhRegistro(random: Random): string {
  for (;;) {
    const base = Array.from({ length: 9 }, () => digit(random));
    const weighted = (weight: (index: number) => number) =>
      base.reduce((sum, value, index) => sum + value * weight(index), 0);
    let first = weighted((index) => 9 - index) % 11;
    let discount = 0;
    if (first >= 10) {
      first = 0;
      discount = 2;
    }
    const rest = weighted((index) => index + 1) % 11;
    const second = rest >= 10 ? 0 : rest - discount;
    if (second < 0) continue;
    return [...base, first, second].join('');
  }
}

/** An RG number as that state prints it, and as the product stores it. */
export function rgNumber(random: Random, state: State): { printed: string; stored: string } {
  const dotted = (body: string) => body.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  switch (state.rg) {
    case 'sp': {
      const body = digits(random, 8);
      const check = random() < 0.1 ? 'X' : String(digit(random));
      return { printed: `${dotted(body)}-${check}`, stored: `${dotted(body)}-${check}` };
    }
    case 'mg': {
      const body = `${1 + (digit(random) % 9)}${digits(random, 7)}`;
      return { printed: `MG-${dotted(body)}`, stored: dotted(body) };
    }
    case 'rs': {
      const body = `${1 + (digit(random) % 9)}${digits(random, 9)}`;
      return { printed: body, stored: dotted(body) };
    }
    case 'pe': {
      const body = `${1 + (digit(random) % 9)}${digits(random, 6)}`;
      return { printed: dotted(body), stored: dotted(body) };
    }
    default: {
      const body = `${1 + (digit(random) % 9)}${digits(random, random() < 0.5 ? 7 : 6)}`;
      const check = String(digit(random));
      return { printed: `${dotted(body)}-${check}`, stored: `${dotted(body)}-${check}` };
    }
  }
}
