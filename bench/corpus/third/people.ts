// Invented holders: names, places, dates and the numbers printed on Brazilian identity
// documents (CPF and CNH registro with their public check-digit rules, state RG formats).
import { type Rng } from './rng';

const MALE = [
  'JOSÉ',
  'JOÃO',
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
  'MATEUS',
  'ANDRÉ',
  'FERNANDO',
  'FÁBIO',
  'LEONARDO',
  'GUSTAVO',
  'GUILHERME',
  'LEANDRO',
  'TIAGO',
  'ANDERSON',
  'RICARDO',
  'MÁRCIO',
  'JORGE',
  'SEBASTIÃO',
  'ALEXANDRE',
  'ROBERTO',
  'EDSON',
  'DIEGO',
  'VÍTOR',
  'SÉRGIO',
  'CLÁUDIO',
  'MATHEUS',
  'THIAGO',
  'GERALDO',
  'ADRIANO',
  'LUCIANO',
  'JÚLIO',
  'RENATO',
  'ALEX',
  'VINÍCIUS',
  'ROGÉRIO',
  'SAMUEL',
  'RONALDO',
  'MÁRIO',
  'FLÁVIO',
  'IGOR',
  'DOUGLAS',
  'DAVI',
  'OTÁVIO',
  'CAUÃ',
  'JOAQUIM',
  'BENEDITO',
  'HEITOR',
  'ÍCARO',
  'ÉRICO',
  'CÉSAR',
  'WELLINGTON',
  'WASHINGTON',
  'JOSUÉ',
  'ELIÉZER',
  'NATANAEL',
  'ARTHUR',
  'BERNARDO',
  'ENZO',
  'KAUÊ',
  'RAUL',
  'HÉLIO',
  'WAGNER',
  'CRISTIANO',
  'EVERALDO',
  'IRINEU',
  'OSVALDO',
  'ZÉLIO',
  'DEMÉTRIO',
  'ANTÔNIO CARLOS',
  'JOSÉ CARLOS',
  'JOÃO PEDRO',
  'LUIZ FERNANDO',
  'JOSÉ RIBAMAR',
  'PAULO HENRIQUE',
  'CARLOS EDUARDO',
] as const;

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
  'LUANA',
  'RITA',
  'SÔNIA',
  'RENATA',
  'ELIANE',
  'JOSEFA',
  'SIMONE',
  'NATÁLIA',
  'CRISTINA',
  'CONCEIÇÃO',
  'APARECIDA',
  'LÚCIA',
  'TEREZINHA',
  'GLÓRIA',
  'ÂNGELA',
  'MÔNICA',
  'DÉBORA',
  'RAQUEL',
  'HELENA',
  'ALICE',
  'LAÍS',
  'INÊS',
  'CÉLIA',
  'IRACEMA',
  'ROSÂNGELA',
  'LÍVIA',
  'CECÍLIA',
  'ISADORA',
  'YASMIN',
  'THAÍS',
  'KÁTIA',
  'EDNA',
  'NEUSA',
  'ODETE',
  'ZULEIDE',
  'GRAÇA',
  'SUELY',
  'VALQUÍRIA',
  'MARIA JOSÉ',
  'MARIA APARECIDA',
  'ANA PAULA',
  'MARIA DAS GRAÇAS',
  'MARIA DE LOURDES',
  'MARIA DA CONCEIÇÃO',
  'ANA CAROLINA',
  'MARIA EDUARDA',
  'ANA CLARA',
] as const;

// Surname and the particle it most often takes in Brazil; '' means usually none.
const SURNAMES: readonly (readonly [string, string])[] = [
  ['SILVA', 'DA'],
  ['SANTOS', 'DOS'],
  ['OLIVEIRA', 'DE'],
  ['SOUZA', 'DE'],
  ['SOUSA', 'DE'],
  ['RODRIGUES', ''],
  ['FERREIRA', ''],
  ['ALVES', ''],
  ['PEREIRA', ''],
  ['LIMA', 'DE'],
  ['GOMES', ''],
  ['COSTA', 'DA'],
  ['RIBEIRO', ''],
  ['MARTINS', ''],
  ['CARVALHO', 'DE'],
  ['ALMEIDA', 'DE'],
  ['LOPES', ''],
  ['SOARES', ''],
  ['FERNANDES', ''],
  ['VIEIRA', ''],
  ['BARBOSA', ''],
  ['ROCHA', 'DA'],
  ['DIAS', ''],
  ['NASCIMENTO', 'DO'],
  ['ANDRADE', 'DE'],
  ['MOREIRA', ''],
  ['NUNES', ''],
  ['MARQUES', ''],
  ['MACHADO', ''],
  ['MENDES', ''],
  ['FREITAS', 'DE'],
  ['CARDOSO', ''],
  ['RAMOS', ''],
  ['GONÇALVES', ''],
  ['SANTANA', ''],
  ['TEIXEIRA', ''],
  ['ARAÚJO', 'DE'],
  ['CAVALCANTI', ''],
  ['BRANDÃO', ''],
  ['FALCÃO', ''],
  ['GUIMARÃES', ''],
  ['MAGALHÃES', ''],
  ['CONCEIÇÃO', 'DA'],
  ['ASSUNÇÃO', 'DA'],
  ['ROMÃO', ''],
  ['BARROS', 'DE'],
  ['PINTO', ''],
  ['MONTEIRO', ''],
  ['MOURA', 'DE'],
  ['CORRÊA', ''],
  ['CÂMARA', ''],
  ['BATISTA', ''],
  ['MEDEIROS', 'DE'],
  ['AZEVEDO', 'DE'],
  ['FONSECA', 'DA'],
  ['QUEIRÓS', 'DE'],
  ['NÓBREGA', 'DA'],
  ['PAIXÃO', 'DA'],
  ['BEZERRA', ''],
  ['XAVIER', ''],
  ['TAVARES', ''],
  ['CUNHA', 'DA'],
  ['PRADO', 'DO'],
  ['SIQUEIRA', ''],
  ['AGUIAR', ''],
  ['CASTRO', 'DE'],
  ['CAMPOS', ''],
  ['FARIAS', ''],
  ['PIRES', ''],
  ['MIRANDA', ''],
  ['ÁVILA', 'DE'],
  ['SALES', ''],
  ['LEÃO', ''],
  ['DUARTE', ''],
  ['BRITO', 'DE'],
  ['PACHECO', ''],
  ['VASCONCELOS', ''],
  ['ALBUQUERQUE', 'DE'],
  ['FIGUEIREDO', ''],
  ['NEVES', 'DAS'],
  ['ANJOS', 'DOS'],
  ['DORES', 'DAS'],
  ['JESUS', 'DE'],
  ['REIS', 'DOS'],
  ['PRAZERES', 'DOS'],
  ['MOTA', 'DA'],
  ['SAMPAIO', ''],
  ['PEIXOTO', ''],
  ['ESPÍNDOLA', ''],
  ['ANDRÉ', ''],
  ['CRUZ', 'DA'],
  ['LUZ', 'DA'],
  ['HOLANDA', 'DE'],
  ['MÜLLER', ''],
  ['TOLEDO', ''],
  ['WANDERLEY', ''],
  ['SCHMIDT', ''],
  ['YAMAMOTO', ''],
  ['NAKAMURA', ''],
  ['ABREU', 'DE'],
];

export type Sex = 'M' | 'F';

/** A full name of 2-6 words with the particles Brazilian registries print. */
export function makeName(rng: Rng, sex: Sex, words?: number): string {
  const target = words ?? rng.pick([2, 3, 3, 4, 4, 4, 5, 5, 6]);
  for (let attempt = 0; attempt < 40; attempt++) {
    const parts: string[] = [...rng.pick(sex === 'M' ? MALE : FEMALE).split(' ')];
    const count = rng.int(1, 3);
    const used = new Set<string>();
    for (let i = 0; i < count; i++) {
      const [surname, particle] = rng.pick(SURNAMES);
      if (used.has(surname)) continue;
      used.add(surname);
      if (i > 0 && rng.chance(0.06)) parts.push('E');
      if (particle && rng.chance(0.55)) parts.push(particle);
      parts.push(surname);
    }
    if (sex === 'M' && rng.chance(0.07))
      parts.push(rng.pick(['JÚNIOR', 'FILHO', 'NETO', 'SOBRINHO']));
    const last = parts[parts.length - 1] ?? '';
    if (['DA', 'DE', 'DO', 'DOS', 'DAS', 'E'].includes(last)) continue;
    if (
      parts.length === target ||
      (words === undefined && attempt > 30 && parts.length >= 2 && parts.length <= 6)
    ) {
      return parts.join(' ');
    }
  }
  return `${rng.pick(sex === 'M' ? MALE : FEMALE)} ${rng.pick(SURNAMES)[0]}`;
}

/** The surname line a child inherits, so parents' names look related to the holder's. */
export function parentName(rng: Rng, sex: Sex, holder: string): string {
  const base = makeName(rng, sex, rng.pick([3, 3, 4, 4, 5]));
  const holderLast = holder.split(' ').pop() ?? '';
  if (
    sex === 'M' &&
    rng.chance(0.6) &&
    !['JÚNIOR', 'FILHO', 'NETO', 'SOBRINHO'].includes(holderLast)
  ) {
    const words = base.split(' ');
    words[words.length - 1] = holderLast;
    // The particle before the replaced surname belonged to it (DOS SANTOS), so it goes too.
    if (
      words.length > 3 &&
      ['DA', 'DE', 'DO', 'DOS', 'DAS'].includes(words[words.length - 2] ?? '')
    ) {
      words.splice(words.length - 2, 1);
    }
    return words.join(' ');
  }
  return base;
}

/** Uppercase, accents removed, single spaces: the stored form of a name. */
export function normaliseName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export const UF_NAMES: Record<string, string> = {
  AC: 'ACRE',
  AL: 'ALAGOAS',
  AP: 'AMAPÁ',
  AM: 'AMAZONAS',
  BA: 'BAHIA',
  CE: 'CEARÁ',
  DF: 'DISTRITO FEDERAL',
  ES: 'ESPÍRITO SANTO',
  GO: 'GOIÁS',
  MA: 'MARANHÃO',
  MT: 'MATO GROSSO',
  MS: 'MATO GROSSO DO SUL',
  MG: 'MINAS GERAIS',
  PA: 'PARÁ',
  PB: 'PARAÍBA',
  PR: 'PARANÁ',
  PE: 'PERNAMBUCO',
  PI: 'PIAUÍ',
  RJ: 'RIO DE JANEIRO',
  RN: 'RIO GRANDE DO NORTE',
  RS: 'RIO GRANDE DO SUL',
  RO: 'RONDÔNIA',
  RR: 'RORAIMA',
  SC: 'SANTA CATARINA',
  SP: 'SÃO PAULO',
  SE: 'SERGIPE',
  TO: 'TOCANTINS',
};

export const CITIES: Record<string, readonly string[]> = {
  AC: ['RIO BRANCO', 'CRUZEIRO DO SUL'],
  AL: ['MACEIÓ', 'ARAPIRACA', 'PALMEIRA DOS ÍNDIOS'],
  AP: ['MACAPÁ', 'SANTANA'],
  AM: ['MANAUS', 'PARINTINS', 'ITACOATIARA'],
  BA: ['SALVADOR', 'FEIRA DE SANTANA', 'VITÓRIA DA CONQUISTA', 'ILHÉUS', 'JUAZEIRO'],
  CE: ['FORTALEZA', 'JUAZEIRO DO NORTE', 'SOBRAL', 'CRATO'],
  DF: ['BRASÍLIA', 'TAGUATINGA', 'CEILÂNDIA'],
  ES: ['VITÓRIA', 'VILA VELHA', 'CACHOEIRO DE ITAPEMIRIM', 'SERRA'],
  GO: ['GOIÂNIA', 'ANÁPOLIS', 'APARECIDA DE GOIÂNIA', 'RIO VERDE'],
  MA: ['SÃO LUÍS', 'IMPERATRIZ', 'CAXIAS'],
  MT: ['CUIABÁ', 'RONDONÓPOLIS', 'SINOP'],
  MS: ['CAMPO GRANDE', 'DOURADOS', 'TRÊS LAGOAS'],
  MG: [
    'BELO HORIZONTE',
    'UBERLÂNDIA',
    'JUIZ DE FORA',
    'MONTES CLAROS',
    'GOVERNADOR VALADARES',
    'POÇOS DE CALDAS',
  ],
  PA: ['BELÉM', 'ANANINDEUA', 'SANTARÉM', 'MARABÁ'],
  PB: ['JOÃO PESSOA', 'CAMPINA GRANDE', 'PATOS'],
  PR: ['CURITIBA', 'LONDRINA', 'MARINGÁ', 'PONTA GROSSA', 'FOZ DO IGUAÇU', 'CASCAVEL'],
  PE: ['RECIFE', 'JABOATÃO DOS GUARARAPES', 'OLINDA', 'CARUARU', 'PETROLINA'],
  PI: ['TERESINA', 'PARNAÍBA', 'PICOS'],
  RJ: [
    'RIO DE JANEIRO',
    'NITERÓI',
    'DUQUE DE CAXIAS',
    'NOVA IGUAÇU',
    'PETRÓPOLIS',
    'CAMPOS DOS GOYTACAZES',
  ],
  RN: ['NATAL', 'MOSSORÓ', 'CAICÓ'],
  RS: ['PORTO ALEGRE', 'CAXIAS DO SUL', 'PELOTAS', 'SANTA MARIA', 'PASSO FUNDO'],
  RO: ['PORTO VELHO', 'JI-PARANÁ'],
  RR: ['BOA VISTA'],
  SC: ['FLORIANÓPOLIS', 'JOINVILLE', 'BLUMENAU', 'CHAPECÓ', 'CRICIÚMA'],
  SP: [
    'SÃO PAULO',
    'CAMPINAS',
    'SANTOS',
    'RIBEIRÃO PRETO',
    'SÃO JOSÉ DOS CAMPOS',
    'SOROCABA',
    'GUARULHOS',
    'BAURU',
    'PIRACICABA',
  ],
  SE: ['ARACAJU', 'LAGARTO'],
  TO: ['PALMAS', 'ARAGUAÍNA', 'GURUPI'],
};

export const ALL_UFS = Object.keys(UF_NAMES);

export function pickCity(rng: Rng, uf: string): string {
  return rng.pick(CITIES[uf] ?? ['CAPITAL']);
}

// ---------------------------------------------------------------- dates

export type Ymd = { y: number; m: number; d: number };

/** Days stay at 1-28 so most dates survive adding whole years unchanged. */
export function randomDate(rng: Rng, fromYear: number, toYear: number): Ymd {
  return { y: rng.int(fromYear, toYear), m: rng.int(1, 12), d: rng.int(1, 28) };
}

export function addYears(date: Ymd, years: number): Ymd {
  const y = date.y + years;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  // 29 February plus whole years lands on the 28th in a common year, never on a missing day.
  return { ...date, y, d: date.m === 2 && date.d === 29 && !leap ? 28 : date.d };
}

export function addDays(date: Ymd, days: number): Ymd {
  const t = new Date(Date.UTC(date.y, date.m - 1, date.d) + days * 86_400_000);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

export function fmtDate(date: Ymd, sep = '/'): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(date.d)}${sep}${p(date.m)}${sep}${date.y}`;
}

export function ageAt(birth: Ymd, at: Ymd): number {
  let age = at.y - birth.y;
  if (at.m < birth.m || (at.m === birth.m && at.d < birth.d)) age -= 1;
  return age;
}

// ---------------------------------------------------------------- numbers

function digits(rng: Rng, n: number): number[] {
  return Array.from({ length: n }, () => rng.int(0, 9));
}

/** A CPF whose two check digits follow the Receita Federal modulo-11 rule. */
export function makeCpf(rng: Rng): string {
  for (;;) {
    const d = digits(rng, 9);
    if (d.every((x) => x === d[0])) continue;
    for (let round = 0; round < 2; round++) {
      const weightStart = d.length + 1;
      let sum = 0;
      d.forEach((x, i) => (sum += x * (weightStart - i)));
      const rest = sum % 11;
      d.push(rest < 2 ? 0 : 11 - rest);
    }
    return d.join('');
  }
}

export function fmtCpf(cpf: string): string {
  return `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
}

/**
 * A CNH registro (11 digits). First check digit: weights 9..1 over the nine base digits,
 * modulo 11; second: weights 1..9, modulo 11; a remainder of 10 or more becomes 0. Bases whose
 * first remainder reaches 10 are redrawn, because published variants of the rule disagree on
 * how that case shifts the second digit.
 */
export function makeCnhRegistro(rng: Rng): string {
  for (;;) {
    const d = digits(rng, 9);
    if (d.every((x) => x === d[0])) continue;
    let s1 = 0;
    let s2 = 0;
    d.forEach((x, i) => {
      s1 += x * (9 - i);
      s2 += x * (1 + i);
    });
    const dv1 = s1 % 11;
    if (dv1 >= 10) continue;
    const r2 = s2 % 11;
    const dv2 = r2 >= 10 ? 0 : r2;
    return [...d, dv1, dv2].join('');
  }
}

export function cnhRegistroValid(registro: string): boolean {
  if (!/^\d{11}$/.test(registro)) return false;
  const d = [...registro].map(Number);
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < 9; i++) {
    s1 += (d[i] ?? 0) * (9 - i);
    s2 += (d[i] ?? 0) * (1 + i);
  }
  let dsc = 0;
  let dv1 = s1 % 11;
  if (dv1 >= 10) {
    dv1 = 0;
    dsc = 2;
  }
  const r2 = s2 % 11;
  const dv2 = r2 >= 10 ? 0 : r2 - dsc;
  return dv1 === d[9] && dv2 === d[10];
}

/** Group digits by dots every three from the right: 1234567 -> 1.234.567. */
export function dotted(body: string): string {
  return body.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

export type RgNumber = { printed: string; expected: string; plain: string };

/** State RG number styles as the issuing institutes print them. */
export function makeRgNumber(rng: Rng, uf: string): RgNumber {
  const body = (n: number) => {
    const d = digits(rng, n);
    if (d[0] === 0) d[0] = rng.int(1, 9);
    return d.join('');
  };
  const dv = (allowX: boolean) => (allowX && rng.chance(0.1) ? 'X' : String(rng.int(0, 9)));
  const withDv = (b: string, c: string, printDots: boolean): RgNumber => ({
    printed: `${printDots ? dotted(b) : b}-${c}`,
    expected: `${dotted(b)}-${c}`,
    plain: `${b}${c}`,
  });
  const noDv = (b: string, printDots: boolean): RgNumber => ({
    printed: printDots ? dotted(b) : b,
    expected: dotted(b),
    plain: b,
  });
  switch (uf) {
    case 'SP':
      return withDv(body(rng.chance(0.8) ? 8 : 7), dv(true), rng.chance(0.85));
    case 'RJ':
    case 'BA':
      return withDv(body(8), dv(false), rng.chance(0.8));
    case 'PR':
      return withDv(body(rng.pick([7, 8])), dv(false), rng.chance(0.8));
    case 'GO':
      return withDv(body(7), dv(false), rng.chance(0.3));
    case 'MG': {
      const b = body(8);
      return { printed: `MG-${dotted(b)}`, expected: dotted(b), plain: `MG${b}` };
    }
    case 'RS':
      return noDv(body(10), rng.chance(0.1));
    default:
      return noDv(body(7), rng.chance(0.6));
  }
}
