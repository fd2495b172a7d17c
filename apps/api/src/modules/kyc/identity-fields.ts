/**
 * Reads the fields of a Brazilian identity document from OCR text: the old RG, the Carteira de
 * Identidade Nacional (CIN, whose number is the CPF) and the CNH. Pure functions.
 *
 * OCR of a phone photo misreads labels (`NOVE` for `NOME`), inserts spaces inside numbers, turns a
 * slash into an `I` and leaves stray characters where a signature or a photo crosses a line. So
 * labels are matched by edit distance, values are found by what they must look like (a CPF with
 * its check digits, a real calendar date, an RG of 7 to 10 digits) near where the layout puts
 * them, and each field's confidence is that of the OCR words that make up its value, not of the
 * whole line.
 *
 * What tells each kind apart and where it prints its number and issuer is its layout
 * (identity-document/rg.ts, cin.ts, cnh.ts); the readers the layouts share are beside them.
 */
import { cinLayout } from './identity-document/cin';
import { cnhLayout } from './identity-document/cnh';
import {
  cardDates,
  findExpiry,
  findName,
  parentNames,
  printedDates,
  readExpiry,
} from './identity-document/field-readers';
import { findPrintedIssuerAndUf } from './identity-document/issuer-and-state';
import type { DocumentLayout } from './identity-document/layout';
import {
  checked,
  field,
  findLabelIn,
  findLabels,
  toRows,
  type Row,
} from './identity-document/ocr-rows';
import { labelledRgNumber, rgLayout } from './identity-document/rg';
import type {
  CardFacts,
  IdentityExtraction,
  IdentityFieldName,
  KindReading,
  IdentityKind,
  OcrBox,
  OcrLine,
} from './identity-document/types';

export type {
  CardFacts,
  ExtractedField,
  KindReading,
  IdentityExtraction,
  IdentityFieldName,
  IdentityKind,
  OcrBox,
  OcrLine,
  OcrSymbol,
  OcrWord,
} from './identity-document/types';
export { editDistance, SYMBOL_CONFIDENCE_FLOOR } from './identity-document/ocr-rows';
export { hasValidCnhCheckDigits } from './identity-document/cnh';

/* ---------------------------------------------------------------- kind */

/** In this order: on a tie of signals, the first kind wins. */
const layouts: DocumentLayout[] = [cnhLayout, cinLayout, rgLayout];

/** The layouts whose labels were seen (a score of 2 or more), most likely first. */
function rankLayouts(rows: Row[]): DocumentLayout[] {
  const scored = layouts.map((layout) => ({
    layout,
    score: layout.signals.reduce(
      (sum, [words, weight]) => sum + (rows.some((row) => findLabelIn(row, words)) ? weight : 0),
      0,
    ),
  }));
  // A stable sort: on a tie the first layout of `layouts` stays first.
  return scored
    .filter(({ score }) => score >= 2)
    .sort((a, b) => b.score - a.score)
    .map(({ layout }) => layout);
}

function detectLayout(rows: Row[]): DocumentLayout | null {
  return rankLayouts(rows)[0] ?? null;
}

export function detectKind(text: string): IdentityKind | null {
  const rows = toRows(text.split('\n').map((line) => ({ text: line, confidence: 1 })));
  return detectLayout(rows)?.kind ?? null;
}

/**
 * The fields that depend on the kind, as this layout reads them; without a layout, a labelled RG
 * number and the issuer and state an RG or a CIN would print.
 */
function readAs(layout: DocumentLayout | null, rows: Row[]): KindReading {
  if (!layout)
    return {
      kind: null,
      numero: field(labelledRgNumber(rows)),
      ...findPrintedIssuerAndUf(rows),
      validade: null,
    };
  const { orgao, uf } = layout.findIssuerAndUf(rows);
  return {
    kind: layout.kind,
    numero: layout.findNumber(rows),
    orgao,
    uf,
    validade: layout.readsExpiry ? findExpiry(rows) : null,
  };
}

/** What the card shows beside the fields, to check them against (field-checks.ts). */
function cardFacts(
  rows: Row[],
  ranked: DocumentLayout[],
  layout: DocumentLayout | null,
): CardFacts {
  const { birth, issue, firstLicence } = cardDates(rows);
  const alternative = ranked.find((candidate) => candidate !== layout);
  const evidence = Object.fromEntries(
    layouts.map((candidate) => [
      candidate.kind,
      candidate.ownLabels
        .filter((words) => rows.some((row) => findLabelIn(row, words)))
        .map((words) => words.join(' ')),
    ]),
  ) as CardFacts['evidence'];
  return {
    dates: { birth, issue, firstLicence, printed: printedDates(rows) },
    expiryLabelled: layout?.readsExpiry ? readExpiry(rows).labelled : false,
    parents: parentNames(rows),
    evidence,
    alternative: alternative ? readAs(alternative, rows) : null,
    unclassified: layout ? readAs(null, rows) : undefined,
  };
}

/**
 * Every field the text allows; a field not found is null. A document of no known kind gets a
 * labelled name, a labelled RG number, and the issuer and state an RG or a CIN would print.
 */
export function parseIdentity(lines: OcrLine[]): IdentityExtraction {
  const rows = toRows(lines);
  const ranked = rankLayouts(rows);
  const layout = ranked[0] ?? null;
  return {
    ...readAs(layout, rows),
    nome: findName(rows, layout?.nameAfter ?? [], layout !== null),
    facts: cardFacts(rows, ranked, layout),
  };
}

/* ---------------------------------------------------------------- second reading */

/** A band of the image to read again, for these fields, and the line its value belongs after. */
export type Reread = { fields: IdentityFieldName[]; afterLine: number; box: OcrBox };

/**
 * Where to read again the fields that were not read with `minConfidence` (one for all, or per field), found with the label's
 * word boxes: under a label, the column the label heads (up to the next label on its row, a gap of
 * several letter heights away) and about two value rows down; beside a label, the label and the
 * words that follow it on its row up to such a gap (the label is read again with its value, so the
 * band's text still names the field). None without boxes.
 */
export function rereadsFor(
  lines: OcrLine[],
  minConfidence: number | Record<IdentityFieldName, number>,
): Reread[] {
  const rows = toRows(lines);
  const layout = detectLayout(rows);
  if (!layout) return [];
  const first = parseIdentity(lines);
  const minimum = (name: IdentityFieldName) =>
    typeof minConfidence === 'number' ? minConfidence : minConfidence[name];
  const wanted = (fields: IdentityFieldName[]) =>
    fields.filter((name) => (first[name]?.confidence ?? 0) < minimum(name));
  const rereads: Reread[] = [];
  for (const { fields, label: words, place } of layout.valuePlaces) {
    const missing = wanted(fields);
    if (missing.length === 0 || rereads.some((done) => done.fields.includes(missing[0]!))) continue;
    const match = findLabels(rows, words)[0];
    if (!match) continue;
    const tokens = match.row.tokens;
    const labelTokens = tokens.slice(match.first, match.last + 1);
    if (!labelTokens.every((token) => token.bbox)) continue;
    const boxes = labelTokens.map((token) => token.bbox!);
    const height = Math.max(...boxes.map((box) => box.y1 - box.y0));
    let right = boxes.at(-1)!.x1;
    let end: number | null = null;
    let bottom = Math.max(...boxes.map((box) => box.y1));
    let top = Math.min(...boxes.map((box) => box.y0));
    for (const [index, token] of tokens.slice(match.last + 1).entries()) {
      if (!token.bbox) break;
      // Beside its label, the value is the next word however far the label's column reaches.
      const value = place === 'beside' && index === 0;
      if (!value && token.bbox.x0 - right > 2.5 * height) {
        end = token.bbox.x0 - height;
        break;
      }
      right = token.bbox.x1;
      top = Math.min(top, token.bbox.y0);
      bottom = Math.max(bottom, token.bbox.y1);
    }
    // Words just before the label on its row belong to it (`Nº` of `Nº REGISTRO`, misread or not
    // matched): the column starts at the first of them.
    let left = boxes[0]!.x0;
    for (const token of tokens.slice(0, match.first).reverse()) {
      if (!token.bbox || left - token.bbox.x1 > 2.5 * height) break;
      left = token.bbox.x0;
    }
    const x0 = Math.max(0, Math.round(left - height));
    const labelBottom = Math.max(...boxes.map((box) => box.y1));
    const box =
      place === 'below'
        ? {
            x0,
            y0: Math.round(labelBottom + 0.2 * height),
            x1: Math.round(end ?? right + 6 * height),
            y1: Math.round(labelBottom + 3.2 * height),
          }
        : {
            x0,
            y0: Math.max(0, Math.round(top - 0.5 * height)),
            x1: Math.round(end ?? right + 2 * height),
            y1: Math.round(bottom + 0.5 * height),
          };
    rereads.push({
      fields: missing,
      afterLine: place === 'below' ? match.row.index : match.row.index - 1,
      box,
    });
  }
  return rereads;
}

/**
 * The fields with the bands read again: each band's lines take the place of the lines read in it
 * (right after its label's line) and the document is parsed again for the band's fields. A value
 * read the same way twice is confirmed (the two confidences combined); a different value replaces
 * the first only when it is read with more confidence.
 */
export function parseWithRereads(
  lines: OcrLine[],
  rereads: { reread: Reread; lines: OcrLine[] }[],
): IdentityExtraction {
  const result = parseIdentity(lines);
  for (const { reread, lines: band } of rereads) {
    const { box } = reread;
    const inBand = (line: OcrLine) => {
      if (!line.bbox) return false;
      const middle = (line.bbox.y0 + line.bbox.y1) / 2;
      return middle >= box.y0 && middle <= box.y1 && line.bbox.x1 > box.x0 && line.bbox.x0 < box.x1;
    };
    const merged = [
      ...(reread.afterLine < 0 ? band : []),
      ...lines.flatMap((line, index) => [
        ...(inBand(line) ? [] : [line]),
        ...(index === reread.afterLine ? band : []),
      ]),
    ];
    const second = parseIdentity(merged);
    for (const name of reread.fields) {
      const before = result[name];
      const again = second[name];
      if (!again) continue;
      if (before && before.value === again.value)
        result[name] = {
          value: before.value,
          confidence: checked(before.confidence, again.confidence),
        };
      else if (!before || again.confidence > before.confidence) {
        result[name] = again;
        if (name === 'validade' && result.facts && second.facts)
          result.facts.expiryLabelled = second.facts.expiryLabelled;
      }
    }
    // The band may show a date or a parent's name the first reading missed: checks see both.
    if (result.facts && second.facts) {
      const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];
      const { dates, parents } = result.facts;
      result.facts.dates = {
        birth: union(dates.birth, second.facts.dates.birth),
        issue: union(dates.issue, second.facts.dates.issue),
        firstLicence: union(dates.firstLicence, second.facts.dates.firstLicence),
        printed: union(dates.printed, second.facts.dates.printed),
      };
      result.facts.parents = union(parents, second.facts.parents);
    }
  }
  return result;
}
