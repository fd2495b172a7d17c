/**
 * The issuing body (órgão expedidor) and its state (UF): `SSP/PE` and its misreadings, a state
 * named in full, an issuer named in full in the header.
 */
import { ufValues } from '@medipay/shared/options';
import {
  checked,
  confidenceOf,
  editDistance,
  field,
  findLabels,
  sameWord,
  type Found,
  type Row,
} from './ocr-rows';
import type { ExtractedField } from './types';

export type IssuerAndUf = { orgao: ExtractedField | null; uf: ExtractedField | null };

/** Issuing bodies of identity documents (abbreviations as printed). */
const issuers = [
  'SSP',
  'SESP',
  'SDS',
  'PC',
  'IIRGD',
  'IFP',
  'DETRAN',
  'DGPC',
  'SEJUSP',
  'SSPDS',
  'POLITEC',
  'SJS',
  'SJTC',
  'SEDS',
  'SESDEC',
  'SSPDC',
  // Instituto-Geral de Perícias (RS), Diretoria de Identificação Civil (RJ), Departamento de
  // Polícia Técnica (BA), Superintendência de Polícia Técnico-Científica (GO, SP).
  'IGP',
  'DIC',
  'DPT',
  'SPTC',
];

/**
 * Issuing bodies named in full in an RG's header, and whether the name tells the acronym: a
 * `SECRETARIA DE ESTADO DA SEGURANÇA PÚBLICA` prints SESP in Paraná and SSP in most other states,
 * so that reading is never confident enough to be stored on its own.
 */
const issuerNames: [RegExp, string, 'certain' | 'ambiguous'][] = [
  [/SECRETARIA DE ESTADO DA SEGURANCA PUBLICA E DEFESA SOCIAL/, 'SSPDS', 'certain'],
  [/SECRETARIA DE ESTADO DA SEGURANCA PUBLICA/, 'SESP', 'ambiguous'],
  [/SECRETARIA DA SEGURANCA PUBLICA|SECRETARIA DE SEGURANCA PUBLICA/, 'SSP', 'certain'],
  [/SECRETARIA DE DEFESA SOCIAL/, 'SDS', 'certain'],
  [/POLICIA CIVIL/, 'PC', 'certain'],
  [/INSTITUTO FELIX PACHECO/, 'IFP', 'certain'],
];

/** The confidence an issuer read only from an ambiguous header name keeps: below any threshold. */
const AMBIGUOUS_ISSUER_CONFIDENCE = 0.5;

/** The 27 federative units, by name without accents. */
const stateNames: Record<string, string> = {
  ACRE: 'AC',
  ALAGOAS: 'AL',
  AMAPA: 'AP',
  AMAZONAS: 'AM',
  BAHIA: 'BA',
  CEARA: 'CE',
  'DISTRITO FEDERAL': 'DF',
  'ESPIRITO SANTO': 'ES',
  GOIAS: 'GO',
  MARANHAO: 'MA',
  'MATO GROSSO': 'MT',
  'MATO GROSSO DO SUL': 'MS',
  'MINAS GERAIS': 'MG',
  PARA: 'PA',
  PARAIBA: 'PB',
  PARANA: 'PR',
  PERNAMBUCO: 'PE',
  PIAUI: 'PI',
  'RIO DE JANEIRO': 'RJ',
  'RIO GRANDE DO NORTE': 'RN',
  'RIO GRANDE DO SUL': 'RS',
  RONDONIA: 'RO',
  RORAIMA: 'RR',
  'SANTA CATARINA': 'SC',
  'SAO PAULO': 'SP',
  SERGIPE: 'SE',
  TOCANTINS: 'TO',
};

export const ufSet = new Set<string>(ufValues);

/**
 * `SSP/PE`, `SSP PE`, `SSP-PE`, and `SSPIPE` (the slash read as an I), anywhere in a row. After a
 * slash or a hyphen the state may be glued to a signature's scrawl read as letters (`SDS/PEVI`):
 * the two letters after the separator are the state, rated by their own characters.
 */
function issuerWithUf(row: Row, allowed = issuers): { orgao: Found; uf: Found } | null {
  const ufs = ufValues.join('|');
  const pattern = new RegExp(
    `(?<![A-Z])(${allowed.join('|')}) ?(?:[/|\\\\\\-.,]|(?<=[A-Z])[I1L](?=(?:${ufs})\\b))? ?(${ufs})(?:\\b|(?<=[/-] ?[A-Z]{2})(?=[A-Z]))`,
  );
  const match = pattern.exec(row.text);
  if (!match) return null;
  const ufAt = match.index + match[0].length - 2;
  return {
    orgao: {
      value: match[1]!,
      confidence: checked(confidenceOf(row, match.index, match.index + match[1]!.length), 0.5),
      row: row.index,
      at: match.index,
    },
    uf: {
      value: match[2]!,
      confidence: checked(confidenceOf(row, ufAt, ufAt + 2), 0.5),
      row: row.index,
      at: ufAt,
    },
  };
}

/** A state named in full (`ESTADO DE SÃO PAULO`), allowing a misread letter or two. */
export function stateNamedIn(row: Row): Found | null {
  const match = /\bESTADO (?:DE |DO |DA )?([A-Z ]{4,})/.exec(row.text);
  if (!match) return null;
  const words = match[1]!.trim().split(' ');
  let best: { uf: string; distance: number; length: number } | null = null;
  for (const [name, uf] of Object.entries(stateNames)) {
    const count = name.split(' ').length;
    const candidate = words.slice(0, count).join(' ');
    const distance = editDistance(candidate, name);
    if (
      distance <= Math.floor(name.length / 5) &&
      (!best || distance < best.distance || (distance === best.distance && count > best.length))
    )
      best = { uf, distance, length: count };
  }
  if (!best) return null;
  const start = match.index + match[0].length - match[1]!.length;
  return {
    value: best.uf,
    confidence: confidenceOf(row, start, row.text.length),
    row: row.index,
    at: start,
  };
}

/**
 * The issuing body and its state as an RG or a CIN prints them (a CNH names its DETRAN instead).
 */
export function findPrintedIssuerAndUf(rows: Row[]): IssuerAndUf {
  // The issuing authority's own field first, then any `SSP/XX` on the document.
  const labelled = [
    ...findLabels(rows, ['ORGAO', 'EXPEDIDOR']),
    ...findLabels(rows, ['ORGAO', 'EMISSOR']),
    ...findLabels(rows, ['ISSUING', 'AUTHORITY']),
  ];
  const labelledPairs = labelled.flatMap((match) =>
    [match.row, rows[match.row.index + 1]].flatMap((row) => {
      const pair = row ? issuerWithUf(row) : null;
      return pair ? [pair] : [];
    }),
  );
  const pair = labelledPairs[0] ?? rows.map((row) => issuerWithUf(row)).find(Boolean);
  if (pair) return { orgao: field(pair.orgao), uf: field(pair.uf) };

  // An issuer alone (no state beside it), then the issuer and the state named in the header.
  let orgao: ExtractedField | null = null;
  const issuerPattern = new RegExp(`(?<![A-Z])(${issuers.join('|')})(?![A-Z])`);
  for (const match of labelled) {
    for (const row of [match.row, rows[match.row.index + 1]]) {
      const found = row
        ? issuerPattern.exec(row.text.slice(match.row === row ? match.end : 0))
        : null;
      if (row && found && !orgao) {
        const at = (match.row === row ? match.end : 0) + found.index;
        orgao = { value: found[1]!, confidence: confidenceOf(row, at, at + found[1]!.length) };
      }
    }
  }
  if (!orgao) {
    for (const row of rows) {
      const named = issuerNames.find(([pattern]) => pattern.test(fuzzyHeader(row.text)));
      if (named) {
        const confidence =
          named[2] === 'certain'
            ? row.confidence
            : Math.min(row.confidence, AMBIGUOUS_ISSUER_CONFIDENCE);
        orgao = { value: named[1], confidence };
        break;
      }
    }
  }
  const stateRow = rows.map(stateNamedIn).find(Boolean);
  let uf = field(stateRow);
  if (!uf) {
    // `SECRETARIA DA SEGURANÇA PÚBLICA - SP`: a state after the issuer's name.
    for (const row of rows) {
      if (!issuerNames.some(([pattern]) => pattern.test(fuzzyHeader(row.text)))) continue;
      const match = /[-/] ?([A-Z]{2})$/.exec(row.text);
      if (match && ufSet.has(match[1]!)) {
        const at = row.text.length - 2;
        uf = { value: match[1]!, confidence: confidenceOf(row, at, at + 2) };
        break;
      }
    }
  }
  return { orgao, uf };
}

/** A header row with its words snapped to the words issuers' names are made of. */
const headerWords = [
  'SECRETARIA',
  'SEGURANCA',
  'PUBLICA',
  'ESTADO',
  'DEFESA',
  'SOCIAL',
  'POLICIA',
  'CIVIL',
  'INSTITUTO',
  'FELIX',
  'PACHECO',
];
function fuzzyHeader(text: string): string {
  return text
    .split(' ')
    .map((word) => headerWords.find((known) => sameWord(word, known)) ?? word)
    .join(' ');
}
