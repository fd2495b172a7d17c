// A document corpus for the document-checks benchmark, built independently of the product's own
// generator (apps/api/test/identity-documents.ts): other layouts (the old green RG's back,
// the CIN with bilingual labels, the green CNH with its column grid), text set as SVG <text> in
// the system's fonts (rendered by librsvg through fontconfig) rather than glyph outlines, security
// paper drawn as guilloché rosettes, a photo placeholder (a silhouette, no face) and a signature
// crossing the fields, then either a flatbed scan or a phone photo (documents-photo.ts).
//
// Each sample carries the values the product should store for it. Seeds split the corpus: the
// calibration set is what the parser was tuned on, the evaluation set is only reported.
import sharp from 'sharp';
import { between, photograph, randomFrom, scan, type Random } from './documents-photo';

export type DocumentKind = 'RG' | 'CIN' | 'CNH';
export type DocumentVariant = 'photo' | 'scan';

export type ExpectedFields = {
  nome: string;
  numero: string;
  orgao: string;
  uf: string;
  validade: string | null;
};

export type DocumentSample = {
  kind: DocumentKind;
  variant: DocumentVariant;
  seed: number;
  image: Buffer;
  expected: ExpectedFields;
};

/** Seeds of the calibration set (tuned on) and of the evaluation set (never tuned on). */
export const corpusSeeds = {
  calibration: (index: number) => 10_000 + index,
  evaluation: (index: number) => 90_000 + index * 7,
};

const width = 1300;
const height = 820;

const fontFamilies = {
  sans: 'DejaVu Sans',
  condensed: 'DejaVu Sans Condensed',
  serif: 'DejaVu Serif',
  mono: 'DejaVu Sans Mono',
};

/* ------------------------------------------------------------------ people */

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

type State = { uf: string; name: string; city: string; rg: 'sp' | 'mg' | 'rs' | 'pe' | 'plain' };
const states: State[] = [
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

const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;
const digit = (random: Random) => Math.floor(random() * 10);
const digits = (random: Random, count: number) =>
  Array.from({ length: count }, () => digit(random)).join('');
const pad = (value: number) => String(value).padStart(2, '0');

/** Accents off, as the product stores names (upper case, plain letters). */
const stored = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '');

function personName(random: Random): string {
  const parts = [pick(random, firstNames)];
  if (random() < 0.5) parts.push(pick(random, middleNames));
  if (random() < 0.5) parts.push(pick(random, particles));
  parts.push(pick(random, lastNames));
  if (random() < 0.6) parts.push(pick(random, lastNames));
  return [...new Set(parts)].join(' ').replace('SANT ANNA', 'SANTANA');
}

type Day = { day: number; month: number; year: number };
function randomDay(random: Random, fromYear: number, toYear: number): Day {
  const year = fromYear + Math.floor(random() * (toYear - fromYear + 1));
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * new Date(Date.UTC(year, month, 0)).getUTCDate());
  return { day, month, year };
}
const formatDay = ({ day, month, year }: Day) => `${pad(day)}/${pad(month)}/${year}`;
const addYears = (value: Day, years: number): Day => ({
  ...value,
  day: value.month === 2 && value.day === 29 ? 28 : value.day,
  year: value.year + years,
});

/** CPF check digits (Receita Federal's modulo-11 rule), written out here on purpose. */
function cpf(random: Random): string {
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
const maskCpf = (value: string) =>
  `${value.slice(0, 3)}.${value.slice(3, 6)}.${value.slice(6, 9)}-${value.slice(9)}`;

/** A CNH registration number whose two check digits follow DENATRAN's rule. */
function cnhRegistro(random: Random): string {
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
function rgNumber(random: Random, state: State): { printed: string; stored: string } {
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

/* ------------------------------------------------------------------ drawing */

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type TextStyle = { family: string; size: number; weight?: 'bold' | 'normal'; fill?: string };
function text(x: number, y: number, value: string, style: TextStyle, anchor = 'start'): string {
  return `<text x="${x}" y="${y}" font-family="${style.family}" font-size="${style.size}" font-weight="${style.weight ?? 'normal'}" fill="${style.fill ?? '#1d1d1d'}" text-anchor="${anchor}">${escape(value)}</text>`;
}

/** Security paper: spirograph rosettes and wave bands in a light ink. */
function guilloche(random: Random, ink: string, paper: string): string {
  const parts = [`<rect width="${width}" height="${height}" fill="${paper}"/>`];
  for (let band = 0; band < 9; band += 1) {
    const y0 = (band + 0.5) * (height / 9);
    const frequency = between(random, 2, 5);
    const amplitude = between(random, 8, 28);
    const phase = random() * Math.PI * 2;
    let d = '';
    for (let x = 0; x <= width; x += 10) {
      const y = y0 + amplitude * Math.sin((x / width) * frequency * Math.PI * 2 + phase);
      d += `${x === 0 ? 'M' : 'L'}${x} ${y.toFixed(1)} `;
    }
    parts.push(`<path d="${d}" stroke="${ink}" stroke-width="1.2" fill="none" opacity="0.55"/>`);
  }
  for (let rosette = 0; rosette < 2; rosette += 1) {
    const cx = between(random, 200, width - 200);
    const cy = between(random, 200, height - 200);
    const r1 = between(random, 120, 220);
    const r2 = between(random, 20, 60);
    const petals = Math.floor(between(random, 9, 19));
    let d = '';
    for (let step = 0; step <= 720; step += 1) {
      const t = (step / 720) * Math.PI * 2;
      const r = r1 + r2 * Math.sin(petals * t);
      d += `${step === 0 ? 'M' : 'L'}${(cx + r * Math.cos(t)).toFixed(1)} ${(cy + r * Math.sin(t)).toFixed(1)} `;
    }
    parts.push(`<path d="${d}" stroke="${ink}" stroke-width="1" fill="none" opacity="0.5"/>`);
  }
  return parts.join('');
}

/** A photo placeholder: a grey frame with a head-and-shoulders silhouette, no face. */
function silhouette(x: number, y: number, w: number, h: number): string {
  const cx = x + w / 2;
  return `<g><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#b9beba" stroke="#7e8580"/>
<circle cx="${cx}" cy="${y + h * 0.38}" r="${w * 0.22}" fill="#5e6460"/>
<path d="M${x + w * 0.1} ${y + h} Q ${cx} ${y + h * 0.5} ${x + w * 0.9} ${y + h} Z" fill="#5e6460"/></g>`;
}

/** A handwritten-looking signature: a few joined loops in pen ink. */
function signature(random: Random, x: number, y: number, w: number): string {
  let d = `M${x} ${y}`;
  const loops = Math.floor(between(random, 5, 9));
  for (let i = 1; i <= loops; i += 1) {
    const px = x + (w * i) / loops;
    d += ` C ${(px - w / loops / 2).toFixed(0)} ${(y - between(random, 15, 45)).toFixed(0)}, ${(px - w / loops / 4).toFixed(0)} ${(y + between(random, 10, 35)).toFixed(0)}, ${px.toFixed(0)} ${(y + between(random, -10, 10)).toFixed(0)}`;
  }
  return `<path d="${d}" stroke="#1f2a7a" stroke-width="${between(random, 2, 3.5).toFixed(1)}" fill="none" stroke-linecap="round" opacity="0.85"/>`;
}

type Card = { svg: string; expected: ExpectedFields };

function rgCard(random: Random): Card {
  const state = pick(random, states);
  const birthState = random() < 0.5 ? state : pick(random, states);
  const nome = personName(random);
  const number = rgNumber(random, state);
  const issuer =
    state.uf === 'PE'
      ? { header: 'SECRETARIA DE DEFESA SOCIAL', orgao: 'SDS' }
      : state.uf === 'MG' && random() < 0.5
        ? { header: 'POLÍCIA CIVIL', orgao: 'PC' }
        : { header: 'SECRETARIA DA SEGURANÇA PÚBLICA', orgao: 'SSP' };
  const labelFont: TextStyle = {
    family: pick(random, [fontFamilies.sans, fontFamilies.condensed]),
    size: 19,
    weight: 'bold',
    fill: '#2c3a2c',
  };
  const valueFont: TextStyle = {
    family: pick(random, [fontFamilies.mono, fontFamilies.mono, fontFamilies.serif]),
    size: Math.round(between(random, 28, 32)),
  };
  const issued = randomDay(random, 1998, 2022);
  const birth = randomDay(random, 1950, 2003);
  const withStatePrefix = state.uf === 'PE' ? 'DO' : state.uf === 'BA' ? 'DA' : 'DE';
  const parts = [
    guilloche(random, '#8db68a', '#dfeccf'),
    text(width / 2, 56, 'REPÚBLICA FEDERATIVA DO BRASIL', { ...labelFont, size: 24 }, 'middle'),
    text(
      width / 2,
      88,
      `ESTADO ${withStatePrefix} ${state.name}`,
      { ...labelFont, size: 22 },
      'middle',
    ),
    text(width / 2, 118, issuer.header, { ...labelFont, size: 20 }, 'middle'),
    text(width / 2, 146, 'INSTITUTO DE IDENTIFICAÇÃO', { ...labelFont, size: 18 }, 'middle'),
    text(70, 200, 'REGISTRO GERAL', labelFont),
    text(300, 200, number.printed, valueFont),
    text(800, 200, 'DATA DE EXPEDIÇÃO', labelFont),
    text(1020, 200, formatDay(issued), valueFont),
    text(70, 262, 'NOME', labelFont),
    text(70, 304, nome, valueFont),
    text(70, 366, 'FILIAÇÃO', labelFont),
    text(70, 404, personName(random), { ...valueFont, size: valueFont.size - 4 }),
    text(70, 442, personName(random), { ...valueFont, size: valueFont.size - 4 }),
    text(70, 502, 'NATURALIDADE', labelFont),
    text(70, 542, `${birthState.city} - ${birthState.uf}`, valueFont),
    text(760, 502, 'DATA DE NASCIMENTO', labelFont),
    text(760, 542, formatDay(birth), valueFont),
    text(70, 602, 'DOC. ORIGEM', labelFont),
    text(
      70,
      640,
      `CERT. NASC. ${birthState.city} LV A${digits(random, 3)} FLS ${digits(random, 3)}`,
      { ...valueFont, size: valueFont.size - 6 },
    ),
    text(70, 700, 'CPF', labelFont),
    text(140, 700, maskCpf(cpf(random)), valueFont),
    text(width / 2, 790, 'ASSINATURA DO DIRETOR', { ...labelFont, size: 15 }, 'middle'),
    text(width - 70, 790, 'LEI Nº 7.116 DE 29/08/83', { ...labelFont, size: 15 }, 'end'),
    // The director's signature crosses the bottom of the card, sometimes the CPF line.
    signature(random, width / 2 - 180, between(random, 700, 765), 360),
  ];
  // The thumbprint box on the right, overlapping the end of the name line on some cards.
  if (random() < 0.5) {
    parts.push(
      `<rect x="${width - 230}" y="${between(random, 230, 300).toFixed(0)}" width="170" height="200" fill="#cfd9c4" stroke="#7f8f7a" opacity="0.9"/>`,
      text(width - 145, 470, 'POLEGAR DIREITO', { ...labelFont, size: 13 }, 'middle'),
    );
  }
  return {
    svg: parts.join(''),
    expected: {
      nome: stored(nome),
      numero: number.stored,
      orgao: issuer.orgao,
      uf: state.uf,
      validade: null,
    },
  };
}

function cinCard(random: Random): Card {
  const state = pick(random, states);
  const birthState = random() < 0.5 ? state : pick(random, states);
  const nome = personName(random);
  const cpfDigits = cpf(random);
  const issued = randomDay(random, 2022, 2025);
  const validade = addYears(issued, 10);
  const orgao = state.uf === 'PE' ? 'SDS' : pick(random, ['SSP', 'SSP', 'PC']);
  const separator = pick(random, ['/', '/', ' ', '-']);
  const label: TextStyle = {
    family: pick(random, [fontFamilies.sans, fontFamilies.condensed]),
    size: 17,
    fill: '#24406b',
  };
  const value: TextStyle = {
    family: pick(random, [fontFamilies.sans, fontFamilies.condensed, fontFamilies.serif]),
    size: Math.round(between(random, 27, 31)),
    weight: 'bold',
  };
  const x = 420;
  const parts = [
    guilloche(random, '#9fb6d8', '#e6edf6'),
    text(width / 2, 54, 'REPÚBLICA FEDERATIVA DO BRASIL', { ...value, size: 24 }, 'middle'),
    text(
      width / 2,
      86,
      'CARTEIRA DE IDENTIDADE / IDENTITY CARD',
      { ...label, size: 21, weight: 'bold' },
      'middle',
    ),
    silhouette(60, 130, 300, 390),
    text(x, 150, 'NOME / NAME', label),
    text(x, 188, nome, value),
    text(x, 232, 'NOME SOCIAL / SOCIAL NAME', label),
    text(x, 270, '—', value),
    text(x, 314, 'REGISTRO GERAL - CPF / PERSONAL NUMBER', label),
    text(x, 352, maskCpf(cpfDigits), value),
    text(x, 396, 'DATA DE NASCIMENTO / DATE OF BIRTH', label),
    text(x, 434, formatDay(randomDay(random, 1950, 2006)), value),
    text(x + 480, 396, 'SEXO / SEX', label),
    text(x + 480, 434, pick(random, ['F', 'M']), value),
    text(x, 478, 'NATURALIDADE / PLACE OF BIRTH', label),
    text(x, 516, `${birthState.city}/${birthState.uf}`, value),
    text(x, 560, 'NACIONALIDADE / NATIONALITY', label),
    text(x, 598, 'BRA', value),
    text(x + 480, 560, 'VALIDADE / VALID UNTIL', label),
    text(x + 480, 598, formatDay(validade), value),
    text(60, 660, 'ÓRGÃO EXPEDIDOR / ISSUING AUTHORITY', label),
    text(60, 698, `${orgao}${separator}${state.uf}`, value),
    text(600, 660, 'DATA DE EMISSÃO / DATE OF ISSUE', label),
    text(600, 698, formatDay(issued), value),
    text(60, 780, 'ASSINATURA DO TITULAR / HOLDER SIGNATURE', { ...label, size: 14 }),
    // The holder's signature runs from under the photo into the fields.
    signature(
      random,
      between(random, 120, 300),
      between(random, 540, 760),
      between(random, 350, 600),
    ),
  ];
  return {
    svg: parts.join(''),
    expected: {
      nome: stored(nome),
      numero: cpfDigits,
      orgao,
      uf: state.uf,
      validade: formatDay(validade),
    },
  };
}

function cnhCard(random: Random): Card {
  const state = pick(random, states);
  const rgState = random() < 0.5 ? state : pick(random, states);
  const nome = personName(random);
  const registro = cnhRegistro(random);
  const birth = randomDay(random, 1950, 2005);
  const first = addYears(
    birth,
    18 + Math.floor(random() * Math.max(1, Math.min(20, 2024 - birth.year - 18))),
  );
  const issued = randomDay(random, Math.max(first.year + 1, 2016), 2025);
  const validade = addYears(issued, pick(random, [5, 10]));
  const label: TextStyle = {
    family: pick(random, [fontFamilies.sans, fontFamilies.condensed]),
    size: 16,
    weight: 'bold',
    fill: '#2f5f2a',
  };
  const value: TextStyle = {
    family: pick(random, [fontFamilies.sans, fontFamilies.mono, fontFamilies.condensed]),
    size: Math.round(between(random, 26, 30)),
  };
  const x = 400;
  const box = (bx: number, by: number, bw: number, bh: number) =>
    `<rect x="${bx}" y="${by}" width="${bw}" height="${bh}" rx="6" fill="#fbfdf6" fill-opacity="0.55" stroke="#7fae78"/>`;
  const rgText = `${rgNumber(random, rgState).printed.replace(/^MG-/, '').replace(/\D/g, '')} SSP ${rgState.uf}`;
  const detranLine = random() < 0.75 ? `DETRAN-${state.uf}` : `DETRAN ${state.uf}`;
  const parts = [
    guilloche(random, '#9cc890', '#dcefd2'),
    text(width / 2, 44, 'REPÚBLICA FEDERATIVA DO BRASIL', { ...label, size: 20 }, 'middle'),
    text(width / 2, 68, 'MINISTÉRIO DOS TRANSPORTES', { ...label, size: 15 }, 'middle'),
    text(width / 2, 88, 'SECRETARIA NACIONAL DE TRÂNSITO', { ...label, size: 15 }, 'middle'),
    text(
      width / 2,
      122,
      'CARTEIRA NACIONAL DE HABILITAÇÃO / DRIVER LICENSE',
      { ...label, size: 22 },
      'middle',
    ),
    silhouette(50, 160, 300, 400),
    box(x - 10, 146, 860, 74),
    text(x, 166, 'NOME', label),
    text(x, 206, nome, value),
    box(x - 10, 228, 860, 74),
    text(x, 248, 'DOC. IDENTIDADE / ÓRG. EMISSOR / UF', label),
    text(x, 288, rgText, value),
    box(x - 10, 310, 420, 74),
    text(x, 330, 'CPF', label),
    text(x, 370, maskCpf(cpf(random)), value),
    box(x + 430, 310, 420, 74),
    text(x + 440, 330, 'DATA NASCIMENTO', label),
    text(x + 440, 370, formatDay(birth), value),
    box(x - 10, 392, 860, 110),
    text(x, 412, 'FILIAÇÃO', label),
    text(x, 448, personName(random), { ...value, size: value.size - 4 }),
    text(x, 486, personName(random), { ...value, size: value.size - 4 }),
    box(x - 10, 510, 280, 74),
    text(x, 530, 'PERMISSÃO', label),
    box(x + 290, 510, 250, 74),
    text(x + 300, 530, 'ACC', label),
    box(x + 560, 510, 290, 74),
    text(x + 570, 530, 'CAT. HAB.', label),
    text(x + 570, 570, pick(random, ['B', 'AB', 'A', 'D']), value),
    box(x - 10, 592, 290, 74),
    text(x, 612, 'Nº REGISTRO', { ...label, fill: '#b3261e' }),
    text(x, 652, registro, { ...value, fill: '#b3261e' }),
    box(x + 290, 592, 260, 74),
    text(x + 300, 612, 'VALIDADE', { ...label, fill: '#b3261e' }),
    text(x + 300, 652, formatDay(validade), { ...value, fill: '#b3261e' }),
    box(x + 560, 592, 290, 74),
    text(x + 570, 612, '1ª HABILITAÇÃO', label),
    text(x + 570, 652, formatDay(first), value),
    text(50, 610, 'ASSINATURA DO PORTADOR', { ...label, size: 13 }),
    // The holder's signature, under the photo, in its own space as on the real card.
    signature(random, 60, between(random, 630, 690), between(random, 220, 320)),
    text(50, 730, 'LOCAL', label),
    text(50, 766, `${state.city}, ${state.uf}`, value),
    text(700, 730, 'DATA EMISSÃO', label),
    text(700, 766, formatDay(issued), value),
    text(width - 60, 800, detranLine, { ...label, size: 24 }, 'end'),
  ];
  return {
    svg: parts.join(''),
    expected: {
      nome: stored(nome),
      numero: registro,
      orgao: 'DETRAN',
      uf: state.uf,
      validade: formatDay(validade),
    },
  };
}

const cards: Record<DocumentKind, (random: Random) => Card> = {
  RG: rgCard,
  CIN: cinCard,
  CNH: cnhCard,
};

/** The flat card image (PNG) and its expected stored values. */
export async function renderCard(
  kind: DocumentKind,
  seed: number,
): Promise<{ image: Buffer; expected: ExpectedFields; random: Random }> {
  const random = randomFrom(seed * 3 + ['RG', 'CIN', 'CNH'].indexOf(kind));
  const card = cards[kind](random);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${card.svg}</svg>`;
  const image = await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).png().toBuffer();
  return { image, expected: card.expected, random };
}

/** One corpus document: a phone photo or a flatbed scan of a generated card. */
export async function documentSample(
  kind: DocumentKind,
  variant: DocumentVariant,
  seed: number,
): Promise<DocumentSample> {
  const { image, expected, random } = await renderCard(kind, seed);
  const output =
    variant === 'photo' ? await photograph(image, { random }) : await scan(image, { random });
  return { kind, variant, seed, image: output, expected };
}
