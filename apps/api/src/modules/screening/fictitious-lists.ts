/**
 * Fictitious official list files in the exact published formats (CGU CSVs in ISO-8859-1 with the
 * current or the older header, the UN consolidated list XML), from a seeded PRNG. Names are
 * combinations of common Brazilian given names and surnames: no real person's data. For tests,
 * the demo and the benchmark.
 */

const GIVEN = [
  'Ana',
  'Antônio',
  'Beatriz',
  'Bruno',
  'Camila',
  'Carlos',
  'César',
  'Cláudia',
  'Débora',
  'Eduardo',
  'Fábio',
  'Fernanda',
  'Gabriel',
  'Helena',
  'Inês',
  'João',
  'José',
  'Júlia',
  'Letícia',
  'Lúcia',
  'Luís',
  'Márcia',
  'Marcos',
  'Maria',
  'Mônica',
  'Otávio',
  'Patrícia',
  'Paulo',
  'Rafael',
  'Renata',
  'Sérgio',
  'Simone',
  'Tânia',
  'Thiago',
  'Vinícius',
  'Vitória',
];
const SURNAMES = [
  'Almeida',
  'Araújo',
  'Barbosa',
  'Cardoso',
  'Carvalho',
  'Conceição',
  'Correia',
  'Costa',
  'Dias',
  'Falcão',
  'Fernandes',
  'Gonçalves',
  'Lima',
  'Magalhães',
  'Melo',
  'Monteiro',
  'Nascimento',
  'Oliveira',
  'Pereira',
  'Ribeiro',
  'Rocha',
  'Santos',
  'Silva',
  'Sousa',
  'Simões',
  'Teixeira',
  'Vieira',
  'Assunção',
  'Brandão',
  'Guimarães',
];
const FUNCTIONS: readonly (readonly [string, string, string])[] = [
  ['DAS 101.5', 'Diretor de Programa', 'DAS-5'],
  ['DAS 101.6', 'Secretário', 'DAS-6'],
  ['NE', 'Ministro de Estado', 'NE'],
  ['VER', 'Vereador', 'Eletivo'],
  ['PREF', 'Prefeito', 'Eletivo'],
  ['DEP', 'Deputado Estadual', 'Eletivo'],
  ['CCE 1.17', 'Coordenação-Geral', 'CCE-17'],
];
const AGENCIES = [
  'Ministério da Saúde',
  'Ministério da Educação',
  'Ministério da Economia',
  'Câmara Municipal de São José',
  'Prefeitura Municipal de Três Corações',
  'Assembleia Legislativa de Goiás',
  'Agência Nacional de Saúde Suplementar',
];
const SANCTIONS = [
  'Impedimento/proibição de contratar com prazo determinado',
  'Inidoneidade - Lei 8.666/1993',
  'Suspensão - Lei 8.666/1993',
  'Multa - Lei Anticorrupção',
];
const BODIES = [
  'Prefeitura Municipal de Jaraguá',
  'Tribunal de Contas da União',
  'Ministério da Saúde',
];

/** mulberry32: small, fast, deterministic. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;
const digits = (rng: Rng, n: number): string =>
  Array.from({ length: n }, () => Math.floor(rng() * 10)).join('');
const pad = (n: number): string => String(n).padStart(2, '0');

export function fictitiousName(rng: Rng): string {
  const given = rng() < 0.3 ? `${pick(rng, GIVEN)} ${pick(rng, GIVEN)}` : pick(rng, GIVEN);
  return `${given} ${pick(rng, SURNAMES)} ${pick(rng, SURNAMES)}`.toUpperCase();
}

/** A date between 2000 and 2025 as [day, month, year]. */
function randomDate(rng: Rng, fromYear = 2000, span = 25): [number, number, number] {
  return [
    1 + Math.floor(rng() * 28),
    1 + Math.floor(rng() * 12),
    fromYear + Math.floor(rng() * span),
  ];
}
const br = ([d, m, y]: [number, number, number]): string => `${pad(d)}/${pad(m)}/${y}`;

/** Quotes every field (as the CGU files do), `"` doubled, and encodes in ISO-8859-1. */
function csvBytes(header: readonly string[], rows: readonly string[][], crlf: boolean): Uint8Array {
  const eol = crlf ? '\r\n' : '\n';
  const line = (fields: readonly string[]): string =>
    fields.map((f) => `"${f.replace(/"/g, '""')}"`).join(';');
  const text = [header, ...rows].map(line).join(eol) + eol;
  return new Uint8Array(Buffer.from(text, 'latin1'));
}

export type CsvOptions = {
  readonly seed: number;
  readonly rows: number;
  readonly header?: 'current' | 'older';
  readonly crlf?: boolean;
};

export const PEP_HEADER_CURRENT = [
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
export const PEP_HEADER_OLDER = PEP_HEADER_CURRENT.map((h) => h.replace(/_/g, ' ').toUpperCase());

export function fictitiousPepFile(options: CsvOptions): Uint8Array {
  const rng = seededRandom(options.seed);
  const rows: string[][] = [];
  for (let i = 0; i < options.rows; i += 1) {
    const [acronym, description, level] = pick(rng, FUNCTIONS);
    const start = randomDate(rng, 2000, 20);
    const ended = rng() < 0.6;
    const end: [number, number, number] = [
      start[0],
      start[1],
      start[2] + 1 + Math.floor(rng() * 4),
    ];
    const grace: [number, number, number] = [end[0], end[1], end[2] + 5];
    rows.push([
      `***.${digits(rng, 3)}.${digits(rng, 3)}-**`,
      fictitiousName(rng),
      acronym,
      description,
      level,
      pick(rng, AGENCIES),
      br(start),
      ended ? br(end) : '',
      ended ? br(grace) : '',
    ]);
  }
  const header = options.header === 'older' ? PEP_HEADER_OLDER : PEP_HEADER_CURRENT;
  return csvBytes(header, rows, options.crlf ?? true);
}

export function sanctionsHeader(list: 'ceis' | 'cnep', variant: 'current' | 'older'): string[] {
  const current = [
    'CADASTRO',
    'CÓDIGO DA SANÇÃO',
    'TIPO DE PESSOA (F/J)',
    'CPF OU CNPJ DO SANCIONADO',
    'NOME DO SANCIONADO',
    'NOME INFORMADO PELO ÓRGÃO SANCIONADOR',
    'RAZÃO SOCIAL - CADASTRO RECEITA',
    'NOME FANTASIA - CADASTRO RECEITA',
    'NÚMERO DO PROCESSO',
    'CATEGORIA DA SANÇÃO',
    ...(list === 'cnep' ? ['VALOR DA MULTA'] : []),
    'DATA INÍCIO SANÇÃO',
    'DATA FINAL SANÇÃO',
    'DATA PUBLICAÇÃO',
    'PUBLICAÇÃO',
    'DETALHAMENTO DO MEIO DE PUBLICAÇÃO',
    'DATA DO TRÂNSITO EM JULGADO',
    'ABRAGÊNCIA DA SANÇÃO',
    'ÓRGÃO SANCIONADOR',
    'UF ÓRGÃO SANCIONADOR',
    'ESFERA ÓRGÃO SANCIONADOR',
    'FUNDAMENTAÇÃO LEGAL',
    'DATA ORIGEM INFORMAÇÃO',
    'ORIGEM INFORMAÇÕES',
    'OBSERVAÇÕES',
  ];
  if (variant === 'current') return current;
  return current.map((h) =>
    h === 'DETALHAMENTO DO MEIO DE PUBLICAÇÃO'
      ? 'DETALHAMENTO'
      : h === 'ABRAGÊNCIA DA SANÇÃO'
        ? 'ABRANGÊNCIA DEFINIDA EM DECISÃO JUDICIAL'
        : h,
  );
}

export function fictitiousSanctionsFile(list: 'ceis' | 'cnep', options: CsvOptions): Uint8Array {
  const rng = seededRandom(options.seed);
  const header = sanctionsHeader(list, options.header ?? 'current');
  const rows: string[][] = [];
  for (let i = 0; i < options.rows; i += 1) {
    const person = rng() < 0.5;
    const name = person
      ? fictitiousName(rng)
      : `${pick(rng, SURNAMES).toUpperCase()} SERVIÇOS LTDA`;
    const document = person
      ? `***.${digits(rng, 3)}.${digits(rng, 3)}-**`
      : `${digits(rng, 2)}.${digits(rng, 3)}.${digits(rng, 3)}/0001-${digits(rng, 2)}`;
    const start = randomDate(rng, 2015, 10);
    const values: Record<string, string> = {
      CADASTRO: list.toUpperCase(),
      'CÓDIGO DA SANÇÃO': String(100000 + i),
      'TIPO DE PESSOA (F/J)': person ? 'F' : 'J',
      'CPF OU CNPJ DO SANCIONADO': document,
      'NOME DO SANCIONADO': name,
      'NOME INFORMADO PELO ÓRGÃO SANCIONADOR': name,
      'RAZÃO SOCIAL - CADASTRO RECEITA': person ? '' : name,
      'NOME FANTASIA - CADASTRO RECEITA': person ? '' : `"${pick(rng, SURNAMES)}" Soluções`,
      'NÚMERO DO PROCESSO': `${digits(rng, 5)}.${digits(rng, 6)}/${start[2]}-${digits(rng, 2)}`,
      'CATEGORIA DA SANÇÃO': pick(rng, SANCTIONS),
      'VALOR DA MULTA': `${1 + Math.floor(rng() * 900)}.${digits(rng, 3)},${digits(rng, 2)}`,
      'DATA INÍCIO SANÇÃO': br(start),
      'DATA FINAL SANÇÃO': rng() < 0.2 ? 'Sem informação' : br([start[0], start[1], start[2] + 2]),
      'DATA PUBLICAÇÃO': br(start),
      PUBLICAÇÃO: 'Diário Oficial da União',
      'ÓRGÃO SANCIONADOR': pick(rng, BODIES),
      'UF ÓRGÃO SANCIONADOR': 'GO',
      'ESFERA ÓRGÃO SANCIONADOR': 'MUNICIPAL',
      'FUNDAMENTAÇÃO LEGAL': 'Art. 87, inciso III, da Lei 8.666/1993',
    };
    rows.push(header.map((h) => values[h] ?? ''));
  }
  return csvBytes(header, rows, options.crlf ?? true);
}

export type UnOptions = {
  readonly seed: number;
  readonly individuals: number;
  readonly entities: number;
};

const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A CONSOLIDATED_LIST with exact, year-only and range birth dates, aliases and documents. */
export function fictitiousUnListXml(options: UnOptions): Uint8Array {
  const rng = seededRandom(options.seed);
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  out.push('<CONSOLIDATED_LIST dateGenerated="2026-11-01T00:00:00Z">', '<INDIVIDUALS>');
  for (let i = 0; i < options.individuals; i += 1) {
    const [first, second, third] = fictitiousName(rng).split(' ');
    const [d, m, y] = randomDate(rng, 1950, 40);
    const dob =
      i % 3 === 0
        ? `<TYPE_OF_DATE>EXACT</TYPE_OF_DATE><DATE>${y}-${pad(m)}-${pad(d)}</DATE>`
        : i % 3 === 1
          ? `<TYPE_OF_DATE>APPROXIMATELY</TYPE_OF_DATE><YEAR>${y}</YEAR>`
          : `<TYPE_OF_DATE>BETWEEN</TYPE_OF_DATE><FROM_YEAR>${y}</FROM_YEAR><TO_YEAR>${y + 2}</TO_YEAR>`;
    out.push(
      '<INDIVIDUAL>',
      `<DATAID>${6900000 + i}</DATAID><VERSIONNUM>1</VERSIONNUM>`,
      `<FIRST_NAME>${escapeXml(first ?? '')}</FIRST_NAME><SECOND_NAME>${escapeXml(second ?? '')}</SECOND_NAME>`,
      `<THIRD_NAME>${escapeXml(third ?? '')}</THIRD_NAME>`,
      '<UN_LIST_TYPE>Fictícia</UN_LIST_TYPE>',
      `<REFERENCE_NUMBER>QDi.${String(100 + i).padStart(3, '0')}</REFERENCE_NUMBER>`,
      `<LISTED_ON>${randomDate(rng, 2001, 20)[2]}-01-25</LISTED_ON>`,
      '<NATIONALITY><VALUE>Brasil</VALUE></NATIONALITY>',
      `<INDIVIDUAL_ALIAS><QUALITY>Good</QUALITY><ALIAS_NAME>${escapeXml(fictitiousName(rng))}</ALIAS_NAME></INDIVIDUAL_ALIAS>`,
      '<INDIVIDUAL_ALIAS><QUALITY>Low</QUALITY><ALIAS_NAME></ALIAS_NAME></INDIVIDUAL_ALIAS>',
      `<INDIVIDUAL_DATE_OF_BIRTH>${dob}</INDIVIDUAL_DATE_OF_BIRTH>`,
      `<INDIVIDUAL_DOCUMENT><TYPE_OF_DOCUMENT>Passport</TYPE_OF_DOCUMENT><NUMBER>FX${digits(rng, 7)}</NUMBER></INDIVIDUAL_DOCUMENT>`,
      '</INDIVIDUAL>',
    );
  }
  out.push('</INDIVIDUALS>', '<ENTITIES>');
  for (let i = 0; i < options.entities; i += 1) {
    const name = `${pick(rng, SURNAMES)} & ${pick(rng, SURNAMES)} Comércio Fictício`;
    out.push(
      '<ENTITY>',
      `<DATAID>${7900000 + i}</DATAID><FIRST_NAME>${escapeXml(name)}</FIRST_NAME>`,
      `<REFERENCE_NUMBER>QDe.${String(100 + i).padStart(3, '0')}</REFERENCE_NUMBER>`,
      '<LISTED_ON>2010-06-15</LISTED_ON>',
      `<ENTITY_ALIAS><QUALITY>a.k.a.</QUALITY><ALIAS_NAME>${escapeXml(`${name} S.A.`)}</ALIAS_NAME></ENTITY_ALIAS>`,
      '</ENTITY>',
    );
  }
  out.push('</ENTITIES>', '</CONSOLIDATED_LIST>', '');
  return new TextEncoder().encode(out.join('\n'));
}
