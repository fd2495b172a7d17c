// Synthetic people and document numbers for the fourth corpus.
import { type Rng } from './rng.js';

export type Uf = string;

export type DateParts = { d: number; m: number; y: number };

export type StateInfo = {
  uf: Uf;
  name: string; // printed, with accents
  weight: number;
  cities: readonly string[];
  rgIssuers: readonly (readonly [string, number])[];
  rgStyles: readonly (readonly [RgStyle, number])[];
  institute: readonly string[];
  cinIssuer: string;
};

export type RgStyle =
  | 'sp'
  | 'dotted8dv'
  | 'mgLong'
  | 'mgShort'
  | 'dotted7dv'
  | 'rs10'
  | 'plain7'
  | 'ba'
  | 'dotted7'
  | 'plain8';

const S = (
  uf: string,
  name: string,
  weight: number,
  cities: string[],
  rgIssuers: [string, number][],
  rgStyles: [RgStyle, number][],
  institute: string[],
  cinIssuer = 'SSP',
): StateInfo => ({ uf, name, weight, cities, rgIssuers, rgStyles, institute, cinIssuer });

const II = 'INSTITUTO DE IDENTIFICAÇÃO';

export const STATES: readonly StateInfo[] = [
  S(
    'SP',
    'SÃO PAULO',
    22,
    [
      'SÃO PAULO',
      'CAMPINAS',
      'RIBEIRÃO PRETO',
      'SÃO JOSÉ DOS CAMPOS',
      'SOROCABA',
      'SANTOS',
      'GUARULHOS',
      'SÃO BERNARDO DO CAMPO',
      'BAURU',
      'PIRACICABA',
    ],
    [
      ['SSP', 8],
      ['IIRGD', 1],
    ],
    [['sp', 10]],
    ['INSTITUTO DE IDENTIFICAÇÃO RICARDO GUMBLETON DAUNT', 'IIRGD - INSTITUTO DE IDENTIFICAÇÃO'],
  ),
  S(
    'RJ',
    'RIO DE JANEIRO',
    9,
    [
      'RIO DE JANEIRO',
      'NITERÓI',
      'DUQUE DE CAXIAS',
      'NOVA IGUAÇU',
      'SÃO GONÇALO',
      'PETRÓPOLIS',
      'CAMPOS DOS GOYTACAZES',
      'VOLTA REDONDA',
    ],
    [
      ['DETRAN', 6],
      ['IFP', 2],
    ],
    [['dotted8dv', 10]],
    ['DIRETORIA DE IDENTIFICAÇÃO CIVIL', 'INSTITUTO FÉLIX PACHECO'],
    'DIC',
  ),
  S(
    'MG',
    'MINAS GERAIS',
    10,
    [
      'BELO HORIZONTE',
      'UBERLÂNDIA',
      'CONTAGEM',
      'JUIZ DE FORA',
      'BETIM',
      'MONTES CLAROS',
      'UBERABA',
      'GOVERNADOR VALADARES',
      'IPATINGA',
    ],
    [
      ['PC', 6],
      ['SSP', 3],
    ],
    [
      ['mgLong', 7],
      ['mgShort', 3],
    ],
    ['INSTITUTO DE IDENTIFICAÇÃO', 'POLÍCIA CIVIL - INSTITUTO DE IDENTIFICAÇÃO'],
    'PC',
  ),
  S(
    'PR',
    'PARANÁ',
    6,
    [
      'CURITIBA',
      'LONDRINA',
      'MARINGÁ',
      'PONTA GROSSA',
      'CASCAVEL',
      'FOZ DO IGUAÇU',
      'SÃO JOSÉ DOS PINHAIS',
    ],
    [
      ['SESP', 8],
      ['SSP', 1],
    ],
    [
      ['dotted7dv', 6],
      ['dotted8dv', 4],
    ],
    ['INSTITUTO DE IDENTIFICAÇÃO DO PARANÁ'],
    'PC',
  ),
  S(
    'RS',
    'RIO GRANDE DO SUL',
    6,
    [
      'PORTO ALEGRE',
      'CAXIAS DO SUL',
      'PELOTAS',
      'CANOAS',
      'SANTA MARIA',
      'GRAVATAÍ',
      'PASSO FUNDO',
      'NOVO HAMBURGO',
    ],
    [
      ['IGP', 8],
      ['SSP', 1],
    ],
    [['rs10', 10]],
    ['INSTITUTO-GERAL DE PERÍCIAS', 'DEPARTAMENTO DE IDENTIFICAÇÃO'],
    'IGP',
  ),
  S(
    'BA',
    'BAHIA',
    7,
    [
      'SALVADOR',
      'FEIRA DE SANTANA',
      'VITÓRIA DA CONQUISTA',
      'CAMAÇARI',
      'ITABUNA',
      'JUAZEIRO',
      'ILHÉUS',
    ],
    [['SSP', 10]],
    [
      ['ba', 7],
      ['plain8', 3],
    ],
    ['INSTITUTO DE IDENTIFICAÇÃO PEDRO MELLO'],
  ),
  S(
    'PE',
    'PERNAMBUCO',
    5,
    [
      'RECIFE',
      'JABOATÃO DOS GUARARAPES',
      'OLINDA',
      'CARUARU',
      'PETROLINA',
      'PAULISTA',
      'GARANHUNS',
    ],
    [
      ['SDS', 9],
      ['SSP', 1],
    ],
    [['dotted7', 10]],
    ['INSTITUTO TAVARES BURIL'],
    'SDS',
  ),
  S(
    'GO',
    'GOIÁS',
    3,
    ['GOIÂNIA', 'APARECIDA DE GOIÂNIA', 'ANÁPOLIS', 'RIO VERDE', 'LUZIÂNIA'],
    [
      ['SSP', 8],
      ['DGPC', 1],
    ],
    [['plain7', 10]],
    [II, 'INSTITUTO DE IDENTIFICAÇÃO DA POLÍCIA CIVIL'],
  ),
  S(
    'CE',
    'CEARÁ',
    4,
    ['FORTALEZA', 'CAUCAIA', 'JUAZEIRO DO NORTE', 'MARACANAÚ', 'SOBRAL', 'CRATO'],
    [
      ['SSP', 6],
      ['SSPDS', 3],
    ],
    [
      ['dotted7dv', 3],
      ['plain8', 4],
      ['dotted7', 3],
    ],
    [II],
  ),
  S(
    'DF',
    'DISTRITO FEDERAL',
    3,
    ['BRASÍLIA', 'TAGUATINGA', 'CEILÂNDIA', 'GAMA', 'SOBRADINHO', 'PLANALTINA'],
    [
      ['SSP', 7],
      ['PCDF', 2],
    ],
    [['dotted7', 10]],
    ['INSTITUTO DE IDENTIFICAÇÃO - POLÍCIA CIVIL DO DISTRITO FEDERAL', II],
  ),
  S(
    'SC',
    'SANTA CATARINA',
    3,
    ['FLORIANÓPOLIS', 'JOINVILLE', 'BLUMENAU', 'SÃO JOSÉ', 'CHAPECÓ', 'CRICIÚMA', 'ITAJAÍ'],
    [
      ['SSP', 7],
      ['IGP', 2],
    ],
    [
      ['dotted7', 7],
      ['plain7', 3],
    ],
    ['INSTITUTO GERAL DE PERÍCIAS', II],
  ),
  S(
    'PA',
    'PARÁ',
    3,
    ['BELÉM', 'ANANINDEUA', 'SANTARÉM', 'MARABÁ', 'CASTANHAL'],
    [
      ['SSP', 7],
      ['PC', 2],
    ],
    [
      ['plain7', 6],
      ['dotted7', 4],
    ],
    [II],
  ),
  S(
    'MA',
    'MARANHÃO',
    2,
    ['SÃO LUÍS', 'IMPERATRIZ', 'CAXIAS', 'TIMON', 'CODÓ'],
    [['SSP', 10]],
    [
      ['plain8', 5],
      ['dotted7dv', 5],
    ],
    [II],
  ),
  S(
    'AM',
    'AMAZONAS',
    2,
    ['MANAUS', 'PARINTINS', 'ITACOATIARA', 'MANACAPURU'],
    [
      ['SSP', 7],
      ['SEJUSC', 1],
    ],
    [
      ['plain7', 6],
      ['dotted7dv', 4],
    ],
    [II],
  ),
  S(
    'ES',
    'ESPÍRITO SANTO',
    2,
    ['VITÓRIA', 'VILA VELHA', 'SERRA', 'CARIACICA', 'LINHARES', 'CACHOEIRO DE ITAPEMIRIM'],
    [
      ['SSP', 6],
      ['SPTC', 3],
    ],
    [['dotted7', 10]],
    [II],
  ),
  S(
    'PB',
    'PARAÍBA',
    2,
    ['JOÃO PESSOA', 'CAMPINA GRANDE', 'SANTA RITA', 'PATOS'],
    [
      ['SSP', 7],
      ['SSDS', 2],
    ],
    [['dotted7', 10]],
    [II],
  ),
  S(
    'RN',
    'RIO GRANDE DO NORTE',
    2,
    ['NATAL', 'MOSSORÓ', 'PARNAMIRIM', 'CAICÓ'],
    [
      ['SSP', 6],
      ['ITEP', 3],
    ],
    [
      ['dotted7', 6],
      ['plain8', 4],
    ],
    ['INSTITUTO TÉCNICO-CIENTÍFICO DE PERÍCIA'],
  ),
  S(
    'AL',
    'ALAGOAS',
    1.5,
    ['MACEIÓ', 'ARAPIRACA', 'PALMEIRA DOS ÍNDIOS'],
    [['SSP', 10]],
    [
      ['plain7', 5],
      ['dotted7', 5],
    ],
    [II],
  ),
  S(
    'MT',
    'MATO GROSSO',
    1.5,
    ['CUIABÁ', 'VÁRZEA GRANDE', 'RONDONÓPOLIS', 'SINOP'],
    [
      ['SSP', 5],
      ['SESP', 3],
    ],
    [
      ['plain8', 5],
      ['dotted7dv', 5],
    ],
    [II],
  ),
  S(
    'MS',
    'MATO GROSSO DO SUL',
    1.5,
    ['CAMPO GRANDE', 'DOURADOS', 'TRÊS LAGOAS', 'CORUMBÁ'],
    [
      ['SEJUSP', 6],
      ['SSP', 3],
    ],
    [
      ['plain8', 5],
      ['dotted7', 5],
    ],
    [II],
  ),
  S(
    'PI',
    'PIAUÍ',
    1.5,
    ['TERESINA', 'PARNAÍBA', 'PICOS', 'FLORIANO'],
    [['SSP', 10]],
    [
      ['dotted7', 6],
      ['plain7', 4],
    ],
    [II],
  ),
  S(
    'SE',
    'SERGIPE',
    1,
    ['ARACAJU', 'NOSSA SENHORA DO SOCORRO', 'LAGARTO', 'ITABAIANA'],
    [['SSP', 10]],
    [
      ['dotted7dv', 5],
      ['plain7', 5],
    ],
    [II],
  ),
  S(
    'TO',
    'TOCANTINS',
    0.8,
    ['PALMAS', 'ARAGUAÍNA', 'GURUPI'],
    [['SSP', 10]],
    [['plain7', 10]],
    [II],
  ),
  S(
    'RO',
    'RONDÔNIA',
    0.8,
    ['PORTO VELHO', 'JI-PARANÁ', 'ARIQUEMES', 'VILHENA'],
    [
      ['SESDEC', 3],
      ['SSP', 7],
    ],
    [['plain7', 10]],
    [II],
  ),
  S('AC', 'ACRE', 0.5, ['RIO BRANCO', 'CRUZEIRO DO SUL'], [['SSP', 10]], [['dotted7', 10]], [II]),
  S(
    'AP',
    'AMAPÁ',
    0.5,
    ['MACAPÁ', 'SANTANA'],
    [
      ['SSP', 6],
      ['PTC', 3],
    ],
    [['plain7', 10]],
    [II],
  ),
  S('RR', 'RORAIMA', 0.4, ['BOA VISTA', 'RORAINÓPOLIS'], [['SSP', 10]], [['plain7', 10]], [II]),
];

export const stateByUf = (uf: string): StateInfo => {
  const s = STATES.find((x) => x.uf === uf);
  if (!s) throw new Error(`unknown UF ${uf}`);
  return s;
};

export const pickState = (rng: Rng): StateInfo =>
  rng.weighted(STATES.map((s) => [s, s.weight] as const));

/** Secretaria / department line printed for an issuer acronym. */
export const issuerLongName = (rng: Rng, acronym: string): string => {
  const table: Record<string, readonly string[]> = {
    SSP: [
      'SECRETARIA DA SEGURANÇA PÚBLICA',
      'SECRETARIA DE ESTADO DA SEGURANÇA PÚBLICA',
      'SECRETARIA DE SEGURANÇA PÚBLICA',
    ],
    IIRGD: ['SECRETARIA DA SEGURANÇA PÚBLICA'],
    SESP: [
      'SECRETARIA DE ESTADO DA SEGURANÇA PÚBLICA',
      'SECRETARIA DE ESTADO DA SEGURANÇA PÚBLICA E ADMINISTRAÇÃO PENITENCIÁRIA',
    ],
    PC: ['POLÍCIA CIVIL', 'SECRETARIA DE ESTADO DE SEGURANÇA PÚBLICA - POLÍCIA CIVIL'],
    PCDF: ['POLÍCIA CIVIL DO DISTRITO FEDERAL'],
    IGP: ['SECRETARIA DA SEGURANÇA PÚBLICA - INSTITUTO-GERAL DE PERÍCIAS'],
    SDS: ['SECRETARIA DE DEFESA SOCIAL'],
    DETRAN: ['DEPARTAMENTO DE TRÂNSITO', 'DEPARTAMENTO DE TRÂNSITO DO ESTADO'],
    IFP: ['SECRETARIA DE ESTADO DA SEGURANÇA PÚBLICA'],
    SEJUSP: ['SECRETARIA DE ESTADO DE JUSTIÇA E SEGURANÇA PÚBLICA'],
    SSPDS: ['SECRETARIA DA SEGURANÇA PÚBLICA E DEFESA SOCIAL'],
    SPTC: ['SUPERINTENDÊNCIA DE POLÍCIA TÉCNICO-CIENTÍFICA'],
    SSDS: ['SECRETARIA DA SEGURANÇA E DA DEFESA SOCIAL'],
    ITEP: ['SECRETARIA DA SEGURANÇA PÚBLICA E DA DEFESA SOCIAL'],
    DGPC: ['DIRETORIA-GERAL DA POLÍCIA CIVIL'],
    SEJUSC: ['SECRETARIA DE ESTADO DE JUSTIÇA E CIDADANIA'],
    SESDEC: ['SECRETARIA DE ESTADO DA SEGURANÇA, DEFESA E CIDADANIA'],
    PTC: ['POLÍCIA TÉCNICO-CIENTÍFICA'],
  };
  return rng.pick(table[acronym] ?? ['SECRETARIA DA SEGURANÇA PÚBLICA']);
};

// ---------------------------------------------------------------- names

const MALE = [
  'JOÃO',
  'JOSÉ',
  'ANTÔNIO',
  'FRANCISCO',
  'CARLOS',
  'PAULO',
  'PEDRO',
  'LUCAS',
  'LUIZ',
  'MARCOS',
  'LUÍS',
  'GABRIEL',
  'RAFAEL',
  'DANIEL',
  'MARCELO',
  'BRUNO',
  'EDUARDO',
  'FELIPE',
  'RAIMUNDO',
  'RODRIGO',
  'MANOEL',
  'SEBASTIÃO',
  'FÁBIO',
  'ANDRÉ',
  'VINÍCIUS',
  'MÁRCIO',
  'SÉRGIO',
  'CLÁUDIO',
  'FLÁVIO',
  'JOAQUIM',
  'CAIO',
  'THIAGO',
  'HEITOR',
  'OTÁVIO',
  'CÉSAR',
  'MOISÉS',
  'ÍTALO',
  'WELLINGTON',
  'EMERSON',
  'ROGÉRIO',
  'GILBERTO',
  'VALDIR',
  'ADEMIR',
  'JOSUÉ',
  'NATANAEL',
  'DAVI',
  'ENZO',
  'ARTHUR',
  'BENEDITO',
  'GERALDO',
  'HÉLIO',
  'IGOR',
  'KLEBER',
  'LEANDRO',
  'NÍCOLAS',
  'RENÊ',
  'TOMÁS',
  'WAGNER',
  'YURI',
  'ÂNGELO',
  'ÉDSON',
  'AÍLTON',
  'JOSIMAR',
  'GUILHERME',
  'MATHEUS',
  'MIGUEL',
  'SAMUEL',
];
const FEMALE = [
  'MARIA',
  'ANA',
  'FRANCISCA',
  'ANTÔNIA',
  'ADRIANA',
  'JULIANA',
  'MÁRCIA',
  'FERNANDA',
  'PATRÍCIA',
  'ALINE',
  'SANDRA',
  'CAMILA',
  'AMANDA',
  'BRUNA',
  'JÉSSICA',
  'LETÍCIA',
  'JÚLIA',
  'LUCIANA',
  'VANESSA',
  'MARIANA',
  'GABRIELA',
  'VERA',
  'VITÓRIA',
  'LARISSA',
  'CLÁUDIA',
  'BEATRIZ',
  'LUÍSA',
  'CONCEIÇÃO',
  'APARECIDA',
  'RAIMUNDA',
  'JOSEFA',
  'SÔNIA',
  'LÚCIA',
  'INÊS',
  'GLÓRIA',
  'CÉLIA',
  'MÔNICA',
  'ROSÂNGELA',
  'ÉRICA',
  'ÂNGELA',
  'DÉBORA',
  'TÂNIA',
  'RITA',
  'HELENA',
  'ISABEL',
  'SIMONE',
  'TATIANA',
  'ELAINE',
  'CRISTIANE',
  'FABÍOLA',
  'ANDRÉIA',
  'REGINA',
  'TEREZINHA',
  'IRACEMA',
  'JOANA',
  'LÍVIA',
  'NATÁLIA',
  'SÍLVIA',
  'ESTÉR',
  'HELOÍSA',
  'LAÍS',
  'ALICE',
  'VALENTINA',
  'CECÍLIA',
  'YASMIN',
  'KÁTIA',
  'ROSÁLIA',
  'EDILÉIA',
];
const SURNAMES = [
  'SILVA',
  'SANTOS',
  'OLIVEIRA',
  'SOUZA',
  'SOUSA',
  'RODRIGUES',
  'FERREIRA',
  'ALVES',
  'PEREIRA',
  'LIMA',
  'GOMES',
  'COSTA',
  'RIBEIRO',
  'MARTINS',
  'CARVALHO',
  'ALMEIDA',
  'LOPES',
  'SOARES',
  'FERNANDES',
  'VIEIRA',
  'BARBOSA',
  'ROCHA',
  'DIAS',
  'NASCIMENTO',
  'ANDRADE',
  'MOREIRA',
  'NUNES',
  'MARQUES',
  'MACHADO',
  'MENDES',
  'FREITAS',
  'CARDOSO',
  'RAMOS',
  'GONÇALVES',
  'SANTANA',
  'TEIXEIRA',
  'ARAÚJO',
  'CONCEIÇÃO',
  'ASSUNÇÃO',
  'FALCÃO',
  'BRANDÃO',
  'GUIMARÃES',
  'MAGALHÃES',
  'DAMIÃO',
  'ROMÃO',
  'SIMÕES',
  'GUSMÃO',
  'AZEVÊDO',
  'BARROS',
  'CAVALCANTI',
  'MONTEIRO',
  'PINHEIRO',
  'MEDEIROS',
  'CASTRO',
  'CAMPOS',
  'BEZERRA',
  'MOURA',
  'CORRÊA',
  'QUEIROZ',
  'PÁDUA',
  'LEÃO',
  'ARRUDA',
  'BRITO',
  'CUNHA',
  'FARIAS',
  'SEVERINO',
  'TAVARES',
  'PRADO',
  'CÂMARA',
  'ESPÍNDOLA',
  'SALES',
  'NÓBREGA',
  'FONSÊCA',
  'VASCONCELOS',
  'SAMPAIO',
  'ASSIS',
  'MENEZES',
  'XAVIER',
  'ÁVILA',
  'HONÓRIO',
  'PAIXÃO',
  'JESUS',
  'NEVES',
  'ANJOS',
  'REIS',
  'PRAZERES',
  'MOTA',
  'FRANÇA',
  'BORGES',
  'AMÂNCIO',
  'BELÉM',
];
const PARTICLE_FOR: Record<string, string> = {
  JESUS: 'DE',
  NEVES: 'DAS',
  ANJOS: 'DOS',
  REIS: 'DOS',
  PRAZERES: 'DOS',
  SANTOS: 'DOS',
  NASCIMENTO: 'DO',
  CONCEIÇÃO: 'DA',
  ASSUNÇÃO: 'DA',
  PAIXÃO: 'DA',
  SILVA: 'DA',
  COSTA: 'DA',
  CUNHA: 'DA',
  MOTA: 'DA',
  ROCHA: 'DA',
  FONSÊCA: 'DA',
  PÁDUA: 'DE',
  ASSIS: 'DE',
  CASTRO: 'DE',
  SOUZA: 'DE',
  OLIVEIRA: 'DE',
  ALMEIDA: 'DE',
  ANDRADE: 'DE',
  MORAES: 'DE',
  ARAÚJO: 'DE',
  FREITAS: 'DE',
  CAMPOS: 'DE',
  BARROS: 'DE',
  MEDEIROS: 'DE',
  BRITO: 'DE',
  ÁVILA: 'D',
  SALES: 'DE',
  MENEZES: 'DE',
  LIMA: 'DE',
  MOURA: 'DE',
  QUEIROZ: 'DE',
  PRADO: 'DO',
  BELÉM: 'DE',
};

/** A surname, sometimes with its particle. Returns the words. */
const surnameWords = (rng: Rng, s: string, particleP: number): string[] => {
  const p = PARTICLE_FOR[s];
  if (p && p !== 'D' && rng.chance(particleP)) return [p, s];
  return [s];
};

export type Person = {
  sex: 'M' | 'F';
  nameWords: string[]; // printed words (uppercase, accents)
  father: string | null;
  mother: string;
  birth: DateParts;
  birthCity: string;
  birthUf: Uf;
  cpf: string; // 11 digits
};

const buildName = (rng: Rng, sex: 'M' | 'F', family: string[], maxWords: number): string[] => {
  const firsts = sex === 'M' ? MALE : FEMALE;
  const words: string[] = [rng.pick(firsts)];
  if (rng.chance(0.35)) {
    const second = rng.pick(firsts);
    if (second !== words[0]) words.push(second);
  }
  const nSur = rng.weighted([
    [1, 3],
    [2, 5],
    [3, 2],
  ] as const);
  const chosen: string[] = [];
  for (let i = 0; i < nSur; i++) {
    const s = i < family.length && rng.chance(0.8) ? (family[i] as string) : rng.pick(SURNAMES);
    if (!chosen.includes(s)) chosen.push(s);
  }
  for (const s of chosen) {
    const w = surnameWords(rng, s, 0.5);
    if (words.length + w.length > maxWords) break;
    words.push(...w);
  }
  if (words.length < 2) words.push(rng.pick(SURNAMES));
  if (sex === 'M' && words.length < maxWords && rng.chance(0.06))
    words.push(rng.pick(['JÚNIOR', 'FILHO', 'NETO', 'SOBRINHO']));
  return words;
};

export const ascii = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();

export const two = (n: number): string => String(n).padStart(2, '0');
export const fmtDate = (d: DateParts): string => `${two(d.d)}/${two(d.m)}/${d.y}`;
const MONTHS = ['JAN', 'FEV', 'MAR', 'ABR', 'MAI', 'JUN', 'JUL', 'AGO', 'SET', 'OUT', 'NOV', 'DEZ'];
export const fmtDateMonth = (d: DateParts): string => `${two(d.d)}/${MONTHS[d.m - 1]}/${d.y}`;

const daysIn = (m: number, y: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();
export const randomDate = (rng: Rng, y0: number, y1: number): DateParts => {
  const y = rng.int(y0, y1);
  const m = rng.int(1, 12);
  return { d: rng.int(1, daysIn(m, y)), m, y };
};
/** Add whole years, keeping day/month (29/02 becomes 28/02 in non-leap years). */
export const addYears = (d: DateParts, n: number): DateParts => {
  const y = d.y + n;
  return { d: Math.min(d.d, daysIn(d.m, y)), m: d.m, y };
};
export const ageAt = (birth: DateParts, at: DateParts): number => {
  let a = at.y - birth.y;
  if (at.m < birth.m || (at.m === birth.m && at.d < birth.d)) a--;
  return a;
};
export const cmpDate = (a: DateParts, b: DateParts): number => a.y - b.y || a.m - b.m || a.d - b.d;

export function makePerson(rng: Rng, birthYears: [number, number]): Person {
  const sex: 'M' | 'F' = rng.chance(0.5) ? 'M' : 'F';
  const fatherFamily = [rng.pick(SURNAMES), rng.pick(SURNAMES)];
  const motherFamily = [rng.pick(SURNAMES), rng.pick(SURNAMES)];
  const mother = buildName(rng, 'F', motherFamily, 5).join(' ');
  const father = rng.chance(0.9) ? buildName(rng, 'M', fatherFamily, 5).join(' ') : null;
  const family = rng.chance(0.6)
    ? [motherFamily[0] as string, fatherFamily[0] as string]
    : [fatherFamily[0] as string];
  const maxWords = rng.weighted([
    [3, 2],
    [4, 4],
    [5, 3],
    [6, 2],
  ] as const);
  const nameWords = buildName(rng, sex, family, maxWords);
  const st = pickState(rng);
  return {
    sex,
    nameWords,
    father,
    mother,
    birth: randomDate(rng, birthYears[0], birthYears[1]),
    birthCity: rng.pick(st.cities),
    birthUf: st.uf,
    cpf: makeCpf(rng),
  };
}

// ---------------------------------------------------------------- numbers

const digits = (rng: Rng, n: number, firstNonZero = true): number[] =>
  Array.from({ length: n }, (_, i) => (i === 0 && firstNonZero ? rng.int(1, 9) : rng.int(0, 9)));

export const cpfCheckDigits = (base: readonly number[]): [number, number] => {
  let s = 0;
  for (let i = 0; i < 9; i++) s += (base[i] as number) * (10 - i);
  let d1 = (s * 10) % 11;
  if (d1 === 10) d1 = 0;
  s = 0;
  for (let i = 0; i < 9; i++) s += (base[i] as number) * (11 - i);
  s += d1 * 2;
  let d2 = (s * 10) % 11;
  if (d2 === 10) d2 = 0;
  return [d1, d2];
};

export const makeCpf = (rng: Rng): string => {
  let base: number[];
  do base = digits(rng, 9, false);
  while (base.every((x) => x === base[0]));
  return [...base, ...cpfCheckDigits(base)].join('');
};

export const fmtCpf = (c: string): string =>
  `${c.slice(0, 3)}.${c.slice(3, 6)}.${c.slice(6, 9)}-${c.slice(9)}`;

export const isValidCpf = (c: string): boolean => {
  if (!/^\d{11}$/.test(c) || /^(\d)\1{10}$/.test(c)) return false;
  const b = [...c].map(Number);
  const [d1, d2] = cpfCheckDigits(b.slice(0, 9));
  return b[9] === d1 && b[10] === d2;
};

/**
 * CNH registro check digits (the DENATRAN rule as commonly published):
 * dv1 = (sum d_i * (10 - i), i = 1..9) mod 11, 10 -> 0;
 * dv2 = (sum d_i * i, i = 1..9) mod 11, 10 -> 0 (with a "-2" correction when dv1 overflowed in some versions).
 * Returns null for bases where published variants disagree (dv1 sum mod 11 >= 10), so we never emit them.
 */
export const cnhCheckDigits = (base: readonly number[]): [number, number] | null => {
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < 9; i++) {
    s1 += (base[i] as number) * (9 - i);
    s2 += (base[i] as number) * (i + 1);
  }
  const r1 = s1 % 11;
  const r2 = s2 % 11;
  if (r1 >= 10) return null;
  return [r1, r2 >= 10 ? 0 : r2];
};

export const makeCnhRegistro = (rng: Rng): string => {
  for (;;) {
    const base = digits(rng, 9, false);
    if (base.every((x) => x === base[0])) continue;
    const dv = cnhCheckDigits(base);
    if (dv) return [...base, ...dv].join('');
  }
};

export const isValidCnh = (c: string): boolean => {
  if (!/^\d{11}$/.test(c)) return false;
  const b = [...c].map(Number);
  const dv = cnhCheckDigits(b.slice(0, 9));
  return !!dv && b[9] === dv[0] && b[10] === dv[1];
};

/** Group digits with dots every three from the right. */
export const dotGroups = (ds: string): string => ds.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

export type RgNumber = { printed: string; expected: string };

/** SP RG check digit: weights 2..9 over the 8 digits, sum mod 11; 10 -> X. */
const spDv = (ds: number[]): string => {
  let s = 0;
  for (let i = 0; i < 8; i++) s += (ds[i] as number) * (i + 2);
  const r = s % 11;
  return r === 10 ? 'X' : String(r);
};

export function makeRgNumber(rng: Rng, style: RgStyle): RgNumber {
  const j = (a: number[]): string => a.join('');
  switch (style) {
    case 'sp': {
      const d = [
        rng.weighted([
          [1, 2],
          [2, 3],
          [3, 3],
          [4, 3],
          [5, 2],
          [6, 1],
        ] as const),
        ...digits(rng, 7, false),
      ];
      const dv = spDv(d);
      const core = dotGroups(j(d));
      return { printed: `${core}-${dv}`, expected: `${core}-${dv}` };
    }
    case 'dotted8dv': {
      const d = [rng.int(0, 3), ...digits(rng, 7, false)];
      const dv = String(rng.int(0, 9));
      const core = dotGroups(j(d));
      return { printed: `${core}-${dv}`, expected: `${core}-${dv}` };
    }
    case 'dotted7dv': {
      const d = digits(rng, 7);
      const dv = String(rng.int(0, 9));
      const core = dotGroups(j(d));
      return { printed: `${core}-${dv}`, expected: `${core}-${dv}` };
    }
    case 'mgLong': {
      const d = [1, ...digits(rng, 7, false)];
      d[1] = rng.int(0, 9);
      const core = dotGroups(j(d));
      const prefix = rng.weighted([
        ['MG-', 6],
        ['MG ', 2],
        ['MG', 1],
      ] as const);
      return { printed: `${prefix}${core}`, expected: core };
    }
    case 'mgShort': {
      const d = digits(rng, 7);
      const core = dotGroups(j(d));
      return { printed: `${rng.pick(['M-', 'M-', 'M '])}${core}`, expected: core };
    }
    case 'rs10': {
      const d = digits(rng, 10);
      return { printed: j(d), expected: dotGroups(j(d)) };
    }
    case 'plain7': {
      const d = digits(rng, 7);
      return { printed: j(d), expected: dotGroups(j(d)) };
    }
    case 'plain8': {
      const d = digits(rng, 8);
      return { printed: j(d), expected: dotGroups(j(d)) };
    }
    case 'dotted7': {
      const d = digits(rng, 7);
      return { printed: dotGroups(j(d)), expected: dotGroups(j(d)) };
    }
    case 'ba': {
      const d = digits(rng, 8);
      const dv = j(digits(rng, 2, false));
      return { printed: `${j(d)} ${dv}`, expected: `${dotGroups(j(d))}-${dv}` };
    }
  }
}

/** A holder's RG (used inside CNH as the trap field): number as printed + issuer/UF. */
export function makeRg(rng: Rng, st: StateInfo): RgNumber & { issuer: string; uf: Uf } {
  const style = rng.weighted(st.rgStyles);
  const issuer = rng.weighted(st.rgIssuers);
  return { ...makeRgNumber(rng, style), issuer, uf: st.uf };
}

export const docOrigem = (
  rng: Rng,
  city: string,
  uf: string,
  birth: DateParts,
  married: boolean,
): string => {
  const lv = rng.int(1, 420);
  const fls = rng.int(1, 299);
  const n = rng.int(100, 99999);
  if (married && rng.chance(0.6)) {
    return rng.pick([
      `C. CAS. LV. B-${rng.int(1, 160)} FLS. ${fls} N. ${n}`,
      `CERT. CAS. LV. ${lv} FLS. ${fls}V N. ${n}`,
      `${city}-${uf} C.CAS. LV B${rng.int(10, 99)} FL ${fls} N ${n}`,
    ]);
  }
  if (birth.y >= 2010 && rng.chance(0.7)) {
    const mat = `${rng.int(100000, 999999)} 01 55 ${birth.y} 1 ${String(rng.int(1, 999)).padStart(5, '0')} ${String(fls).padStart(3, '0')} ${String(rng.int(1, 99999)).padStart(7, '0')}-${two(rng.int(0, 99))}`;
    return `CERT. NASC. MAT. ${mat}`;
  }
  return rng.pick([
    `CERT. NASC. LV. ${lv} FLS. ${fls} N. ${n}`,
    `C. NASC. LV. A-${lv} FLS. ${fls} N. ${n}`,
    `${city}-${uf} CN:LV.A${lv}/FLS.${fls}/N.${n}`,
    `CERT. NASC. N. ${n} LV. ${lv} FL. ${fls}`,
    `C.NASC. ${rng.int(1, 9)}º SUBDISTRITO - LV ${lv} FLS ${fls} N ${n}`,
  ]);
};
