// Identity issuers per state as they appear on real cards: the acronym a reader should store
// and the header lines printed above the data.
import { type Rng } from './rng';
import { UF_NAMES } from './people';

export type Issuer = { uf: string; orgao: string; header: readonly string[] };

const SSP = 'SECRETARIA DA SEGURANÇA PÚBLICA';

const RG_ISSUERS: readonly Issuer[] = [
  { uf: 'SP', orgao: 'SSP', header: [SSP, 'INSTITUTO DE IDENTIFICAÇÃO RICARDO GUMBLETON DAUNT'] },
  {
    uf: 'RJ',
    orgao: 'DETRAN',
    header: ['DEPARTAMENTO DE TRÂNSITO - DETRAN', 'DIRETORIA DE IDENTIFICAÇÃO CIVIL'],
  },
  {
    uf: 'MG',
    orgao: 'SSP',
    header: ['SECRETARIA DE ESTADO DA SEGURANÇA PÚBLICA', 'INSTITUTO DE IDENTIFICAÇÃO'],
  },
  { uf: 'MG', orgao: 'PC', header: ['POLÍCIA CIVIL', 'INSTITUTO DE IDENTIFICAÇÃO'] },
  {
    uf: 'RS',
    orgao: 'IGP',
    header: ['INSTITUTO-GERAL DE PERÍCIAS', 'DEPARTAMENTO DE IDENTIFICAÇÃO'],
  },
  { uf: 'RS', orgao: 'SSP', header: [SSP, 'INSTITUTO DE IDENTIFICAÇÃO'] },
  {
    uf: 'PR',
    orgao: 'SESP',
    header: ['SECRETARIA DE ESTADO DA SEGURANÇA PÚBLICA', 'INSTITUTO DE IDENTIFICAÇÃO DO PARANÁ'],
  },
  {
    uf: 'PE',
    orgao: 'SDS',
    header: ['SECRETARIA DE DEFESA SOCIAL', 'INSTITUTO DE IDENTIFICAÇÃO TAVARES BURIL'],
  },
  { uf: 'GO', orgao: 'SSP', header: [SSP, 'INSTITUTO DE IDENTIFICAÇÃO'] },
  { uf: 'BA', orgao: 'SSP', header: [SSP, 'INSTITUTO DE IDENTIFICAÇÃO PEDRO MELLO'] },
  { uf: 'DF', orgao: 'SSP', header: [SSP, 'POLÍCIA CIVIL - INSTITUTO DE IDENTIFICAÇÃO'] },
  { uf: 'SC', orgao: 'SSP', header: [SSP, 'INSTITUTO GERAL DE PERÍCIAS'] },
  {
    uf: 'ES',
    orgao: 'SSP',
    header: ['SECRETARIA DE ESTADO DA SEGURANÇA PÚBLICA E DEFESA SOCIAL', 'POLÍCIA CIVIL'],
  },
  { uf: 'ES', orgao: 'PC', header: ['POLÍCIA CIVIL', 'INSTITUTO DE IDENTIFICAÇÃO'] },
  {
    uf: 'PA',
    orgao: 'PC',
    header: ['POLÍCIA CIVIL DO ESTADO DO PARÁ', 'INSTITUTO DE IDENTIFICAÇÃO'],
  },
  { uf: 'CE', orgao: 'SSP', header: [SSP, 'INSTITUTO DE IDENTIFICAÇÃO'] },
];

// SP and RJ issue far more documents than the others; weight them so the mix looks real.
const RG_WEIGHTED: readonly Issuer[] = [
  ...RG_ISSUERS,
  RG_ISSUERS[0]!,
  RG_ISSUERS[0]!,
  RG_ISSUERS[1]!,
  RG_ISSUERS[2]!,
];

export function pickRgIssuer(rng: Rng): Issuer {
  return rng.pick(RG_WEIGHTED);
}

export function stateLine(uf: string): string {
  const name = UF_NAMES[uf] ?? uf;
  if (uf === 'DF') return 'DISTRITO FEDERAL';
  const art = [
    'RJ',
    'RS',
    'RN',
    'PR',
    'PA',
    'CE',
    'MA',
    'ES',
    'TO',
    'PI',
    'AM',
    'AP',
    'AC',
  ].includes(uf)
    ? 'DO'
    : ['PB', 'BA'].includes(uf)
      ? 'DA'
      : 'DE';
  return `ESTADO ${art} ${name}`;
}

/** How an issuer + UF is printed: SSP/SP, SSP-SP, SSP SP, SSP/ SP. */
export function printIssuer(rng: Rng, orgao: string, uf: string): string {
  return `${orgao}${rng.pick(['/', '/', '-', ' ', ' / '])}${uf}`;
}
