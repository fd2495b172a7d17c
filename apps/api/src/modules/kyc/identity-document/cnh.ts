/**
 * The CNH (Carteira Nacional de Habilitação): an 11-digit registro with check digits, issued by
 * the DETRAN of a state, an expiry; the holder's RG printed on it is not the document's own.
 */
import { digitReadings, nearLabel } from './field-readers';
import { stateNamedIn, ufSet, type IssuerAndUf } from './issuer-and-state';
import { below, label, type DocumentLayout } from './layout';
import {
  checked,
  confidenceOf,
  field,
  findLabelIn,
  findLabels,
  labelWord,
  sameWord,
  type Found,
  type Row,
} from './ocr-rows';
import type { ExtractedField } from './types';

/** The check digits of a CNH registration number (DENATRAN's rule). */
export function hasValidCnhCheckDigits(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  let sum = 0;
  for (let i = 0; i < 9; i += 1) sum += d[i]! * (9 - i);
  let first = sum % 11;
  let discount = 0;
  if (first >= 10) {
    first = 0;
    discount = 2;
  }
  sum = 0;
  for (let i = 0; i < 9; i += 1) sum += d[i]! * (i + 1);
  const rest = sum % 11;
  const second = rest >= 10 ? 0 : rest - discount;
  return d[9] === first && d[10] === second;
}

/** 11-digit registration numbers (not masked like a CPF), stray spaces tolerated. */
function registrosIn(row: Row): (Found & { valid: boolean })[] {
  const found: (Found & { valid: boolean })[] = [];
  const pattern = /(?<![\d./-])\d(?: ?\d){10}(?![\d./-])/g;
  // A mark inside the number (`42237/952975`, a guilloché line read as a slash) is dropped in a
  // further reading, whose number counts only when its check digits hold.
  const marked = /(?<=\d) ?[/|'`] ?(?=\d)/g;
  const readings = digitReadings(row.text).map((text) => ({ text, strict: false }));
  if (marked.test(row.text))
    readings.push({ text: digitReadings(row.text.replace(marked, ''))[0]!, strict: true });
  for (const { text, strict } of readings) {
    for (const match of text.matchAll(pattern)) {
      const digits = match[0].replace(/ /g, '');
      const valid = hasValidCnhCheckDigits(digits);
      if (strict && !valid) continue;
      const confidence = confidenceOf(row, match.index, match.index + match[0].length);
      found.push({
        value: digits,
        // Every CNH registro carries check digits: one that fails them was misread, whatever the
        // OCR's confidence, and is left for the applicant to type.
        confidence: valid ? checked(confidence, 0.9) : Math.min(confidence, 0.5),
        row: row.index,
        at: match.index,
        valid,
      });
    }
  }
  return found;
}

function findCnhNumber(rows: Row[]): ExtractedField | null {
  const labelled = nearLabel(rows, ['REGISTRO'], registrosIn);
  const anywhere = rows.flatMap(registrosIn);
  return field(
    labelled.find((found) => found.valid) ??
      anywhere.find((found) => found.valid) ??
      labelled[0] ??
      anywhere[0],
  );
}

/**
 * On a CNH, the row with the holder's RG (`DOC. IDENTIDADE / ÓRG. EMISSOR / UF`) and the next:
 * found by either half of the label, since only that box names an issuer.
 */
function holderRgRows(rows: Row[]): Set<number> {
  const skip = new Set<number>();
  const labels = [...findLabels(rows, ['IDENTIDADE']), ...findLabels(rows, ['ORG', 'EMISSOR'])];
  for (const match of labels) {
    skip.add(match.row.index);
    skip.add(match.row.index + 1);
  }
  return skip;
}

/**
 * The state of a CNH's place of issue (`LOCAL` label, then `CAMPINAS, SP`, `CAMPINAS/SP` or
 * `CAMPINAS - SP` on its row or the next): the DETRAN that issues a CNH is the state's own.
 */
function placeOfIssueUf(rows: Row[]): Found | null {
  for (const match of findLabels(rows, ['LOCAL'])) {
    for (const row of [match.row, rows[match.row.index + 1]]) {
      if (!row) continue;
      const from = row === match.row ? match.end : 0;
      const found = /[A-Z]{3,} ?[,/-] ?([A-Z]{2})(?![A-Z])/.exec(row.text.slice(from));
      if (!found || !ufSet.has(found[1]!)) continue;
      const at = from + found.index + found[0].length - 2;
      return { value: found[1]!, confidence: confidenceOf(row, at, at + 2), row: row.index, at };
    }
  }
  return null;
}

/**
 * How sure the card is a CNH, by the labels only a CNH prints (its layout's own): one read gives
 * its row's confidence, two different ones make it sure. Every CNH is issued by a DETRAN.
 */
function cnhEvidence(rows: Row[]): { confidence: number } | undefined {
  const found = cnhOwnLabels.flatMap((words) => {
    const row = rows.find((candidate) => findLabelIn(candidate, words));
    return row ? [row.confidence] : [];
  });
  if (found.length === 0) return undefined;
  return { confidence: found.length >= 2 ? Math.max(0.9, ...found) : found[0]! };
}

const cnhOwnLabels = [
  label('HABILITACAO'),
  label('PERMISSAO'),
  label('CAT HAB'),
  label('CATEGORIA'),
  label('RENACH'),
  label('DRIVER LICENSE'),
];

/** Two reads of the same value in different places of the card: each confirms the other. */
function agreeing(first: Found | null, second: Found | null): Found | null {
  if (!first || !second) return first ?? second;
  if (first.value !== second.value) return first;
  return { ...first, confidence: checked(first.confidence, second.confidence) };
}

function findCnhIssuerAndUf(rows: Row[]): IssuerAndUf {
  const skip = holderRgRows(rows);
  const own = rows.filter((row) => !skip.has(row.index));
  const place = placeOfIssueUf(rows);
  // DETRAN-PR, DETRAN PR, DETRAN/PR, read with a letter or two wrong.
  for (const row of own) {
    for (const [index, token] of row.tokens.entries()) {
      const [head, tail] = token.text.split(/[-/|.]/, 2) as [string, string | undefined];
      // `DETRANSP`, or `DETRANISP` with the slash read as a letter.
      const gluedUf = /^DETRAN[IL]?([A-Z]{2})$/.exec(labelWord(token.text))?.[1];
      if (!sameWord(head, 'DETRAN') && !gluedUf) continue;
      // Every CNH is issued by a DETRAN: the word, even read poorly, is as sure as the labels
      // that make the card a CNH.
      const orgao = {
        value: 'DETRAN',
        confidence: Math.max(token.confidence, cnhEvidence(rows)?.confidence ?? 0),
      };
      const glued = tail ?? gluedUf ?? '';
      const nextToken = row.tokens
        .slice(index + 1, index + 3)
        .find((candidate) => /[A-Z]/.test(candidate.text));
      const nextAt = nextToken ? nextToken.text.search(/[A-Z]/) : -1;
      const next = nextToken?.text.slice(nextAt, nextAt + 2);
      let own: Found | null = null;
      if (glued && ufSet.has(glued)) {
        const at = token.end - 2;
        own = { value: glued, confidence: confidenceOf(row, at, at + 2), row: row.index, at };
      } else if (nextToken && next && ufSet.has(next)) {
        const at = nextToken.start + nextAt;
        own = { value: next, confidence: confidenceOf(row, at, at + 2), row: row.index, at };
      }
      return { orgao, uf: field(agreeing(own, place)) };
    }
  }
  // No DETRAN word survived: a CNH is always issued by a state DETRAN; the state is in its own
  // UF field or in the place of issue.
  const evidence = cnhEvidence(rows);
  const orgao = evidence ? { value: 'DETRAN', confidence: evidence.confidence } : null;
  const uf = field(
    own
      .flatMap((row) => {
        const labelMatch = findLabelIn(row, ['UF']);
        const candidates = [row, rows[row.index + 1]].filter(
          (candidate): candidate is Row => !!candidate && !skip.has(candidate.index),
        );
        if (!labelMatch) return [];
        return candidates.flatMap((candidate) =>
          candidate.tokens
            .filter((token) => ufSet.has(token.text) && token.text !== 'UF')
            .map((token) => ({
              value: token.text,
              confidence: token.confidence,
              row: candidate.index,
              at: token.start,
            })),
        );
      })
      .at(0) ??
      place ??
      own.map(stateNamedIn).find(Boolean),
  );
  return { orgao, uf };
}

export const cnhLayout: DocumentLayout = {
  kind: 'CNH',
  signals: [
    [label('HABILITACAO'), 3],
    [label('DETRAN'), 3],
    [label('DRIVER LICENSE'), 3],
    [label('PERMISSAO'), 2],
    [label('CAT HAB'), 2],
    [label('DEPARTAMENTO NACIONAL DE TRANSITO'), 3],
    [label('RENACH'), 2],
  ],
  ownLabels: cnhOwnLabels,
  nameAfter: [label('HABILITACAO'), label('DRIVER LICENSE'), label('LICENSE')],
  valuePlaces: [
    below(['numero'], 'REGISTRO'),
    below(['validade'], 'VALIDADE'),
    // The place of issue (`ANÁPOLIS, GO`): its state is the issuing DETRAN's.
    below(['uf'], 'LOCAL'),
  ],
  findNumber: findCnhNumber,
  findIssuerAndUf: findCnhIssuerAndUf,
  readsExpiry: true,
};
