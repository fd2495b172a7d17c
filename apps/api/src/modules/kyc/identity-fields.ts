/**
 * Reads the fields of a Brazilian identity document from OCR text: the old RG, the Carteira de
 * Identidade Nacional (CIN, whose number is the CPF) and the CNH. Pure functions.
 */
import { isValidCpf, onlyDigits } from '@medipay/shared/tax-id';
import { ufValues } from '@medipay/shared/options';

export type IdentityKind = 'RG' | 'CIN' | 'CNH';

export type ExtractedField = { value: string; confidence: number };

/** The spec's extraction result (nome, numero, orgao, uf, validade), each with a confidence. */
export type IdentityExtraction = {
  kind: IdentityKind | null;
  nome: ExtractedField | null;
  numero: ExtractedField | null;
  orgao: ExtractedField | null;
  uf: ExtractedField | null;
  validade: ExtractedField | null;
};

export type OcrLine = { text: string; confidence: number };

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
];

/** Upper case without accents, single spaces: the form labels are matched in. */
function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .replace(/[ \t]+/g, ' ')
    .trim();
}

export function detectKind(text: string): IdentityKind | null {
  const t = plain(text);
  if (/HABILITACAO|DETRAN|DEPARTAMENTO NACIONAL DE TRANSITO/.test(t)) return 'CNH';
  if (/IDENTIDADE NACIONAL|\bCIN\b/.test(t)) return 'CIN';
  if (/REGISTRO GERAL|CARTEIRA DE IDENTIDADE|SECRETARIA DA? SEGURANCA/.test(t)) return 'RG';
  return null;
}

/** The value written after a label, on the label's line or the next one. */
function afterLabel(lines: OcrLine[], label: RegExp, value: RegExp): ExtractedField | null {
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const text = plain(line.text);
    const match = label.exec(text);
    if (!match) continue;
    const rest = text.slice(match.index + match[0].length);
    const sameLine = value.exec(rest);
    if (sameLine)
      return { value: (sameLine[1] ?? sameLine[0]).trim(), confidence: line.confidence };
    const next = lines[index + 1];
    const nextMatch = next ? value.exec(plain(next.text)) : null;
    if (next && nextMatch)
      return { value: (nextMatch[1] ?? nextMatch[0]).trim(), confidence: next.confidence };
  }
  return null;
}

const date = /(\d{2}\/\d{2}\/\d{4})/;
const name = /([A-Z][A-Z' ]{3,}[A-Z])/;

function findUf(lines: OcrLine[]): ExtractedField | null {
  for (const line of lines) {
    const text = plain(line.text);
    const match = new RegExp(
      `\\b(?:${issuers.join('|')})\\s*[/ -]\\s*(${ufValues.join('|')})\\b`,
    ).exec(text);
    if (match) return { value: match[1]!, confidence: line.confidence };
  }
  return afterLabel(lines, /\bUF\b/, new RegExp(`\\b(${ufValues.join('|')})\\b`));
}

function findIssuer(lines: OcrLine[], kind: IdentityKind | null): ExtractedField | null {
  if (kind === 'CNH') {
    const line = lines.find((candidate) => /DETRAN/.test(plain(candidate.text)));
    return line ? { value: 'DETRAN', confidence: line.confidence } : null;
  }
  const labelled = afterLabel(
    lines,
    /ORGAO (?:EXPEDIDOR|EMISSOR)/,
    new RegExp(`\\b(${issuers.join('|')})\\b`),
  );
  if (labelled) return labelled;
  for (const line of lines) {
    const match = new RegExp(`\\b(${issuers.join('|')})\\b`).exec(plain(line.text));
    if (match) return { value: match[1]!, confidence: line.confidence };
  }
  return null;
}

function findNumber(lines: OcrLine[], kind: IdentityKind | null): ExtractedField | null {
  if (kind === 'CNH') {
    const registro = afterLabel(lines, /N[O°º]?\.? ?REGISTRO|REGISTRO/, /(\d{9,11})/);
    if (registro) return registro;
  }
  if (kind === 'CIN') {
    const cpf = afterLabel(lines, /CPF/, /(\d{3}\.?\d{3}\.?\d{3}-?\d{2})/);
    if (cpf && isValidCpf(cpf.value))
      return { value: onlyDigits(cpf.value), confidence: cpf.confidence };
    return cpf;
  }
  return afterLabel(lines, /REGISTRO GERAL|\bRG\b/, /([0-9]{1,2}\.?[0-9]{3}\.?[0-9]{3}-?[0-9X])/);
}

/** Every field the text allows; a field not found is null. */
export function parseIdentity(lines: OcrLine[]): IdentityExtraction {
  const kind = detectKind(lines.map((line) => line.text).join('\n'));
  return {
    kind,
    nome: afterLabel(lines, /\bNOME\b(?! SOCIAL)/, name),
    numero: findNumber(lines, kind),
    orgao: findIssuer(lines, kind),
    uf: findUf(lines),
    validade: kind === 'RG' ? null : afterLabel(lines, /VALIDADE/, date),
  };
}
