/**
 * The old RG (Registro Geral): a number of 7 to 10 digits with an optional check digit, issued by
 * a state body printed as `SSP/XX` or named in the header; no expiry.
 */
import { digitsLikely, nearLabel } from './field-readers';
import { findPrintedIssuerAndUf } from './issuer-and-state';
import { beside, label, type DocumentLayout } from './layout';
import { checked, confidenceOf, field, type Found, type Row } from './ocr-rows';

/** Dots every three digits from the right: how RG numbers are printed. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * An RG number in a row: 7 to 10 digits, dotted or not, stray spaces or a stray comma around the
 * dots (`2.994,.057-5`), an optional state prefix (`MG-`) and an optional check digit (a digit or
 * X after a hyphen). Stored as printed without the prefix: the body grouped by dots, then `-` and
 * the check digit.
 */
function rgNumbersIn(row: Row): Found[] {
  const text = digitsLikely(row.text);
  const pattern =
    /(?:\b[A-Z]{2} ?- ?)?(?<![\d.,])(\d{1,3}(?: ?[.,]{1,2} ?\d{3}){2,3}|\d{7,10})(?: ?- ?([0-9X]))?(?![\d/]| ?- ?\d)/g;
  const found: Found[] = [];
  for (const match of text.matchAll(pattern)) {
    const body = match[1]!.replace(/\D/g, '');
    if (body.length < 7 || body.length > 10) continue;
    // A CPF (11 digits with its check digits) or a date is not an RG.
    const value = match[2] ? `${groupThousands(body)}-${match[2]}` : groupThousands(body);
    found.push({
      value,
      confidence: checked(confidenceOf(row, match.index, match.index + match[0].length), 0.5),
      row: row.index,
      at: match.index,
    });
  }
  return found;
}

/** An RG number after its label (`REGISTRO GERAL`, `REGISTRO`, `RG`) or on the row below. */
export function labelledRgNumber(rows: Row[]): Found | undefined {
  return (
    nearLabel(rows, ['REGISTRO', 'GERAL'], rgNumbersIn, 1)[0] ??
    nearLabel(rows, ['REGISTRO'], rgNumbersIn, 1)[0] ??
    nearLabel(rows, ['RG'], rgNumbersIn, 1)[0]
  );
}

export const rgLayout: DocumentLayout = {
  kind: 'RG',
  signals: [
    [label('REGISTRO GERAL'), 3],
    [label('CARTEIRA DE IDENTIDADE'), 2],
    [label('INSTITUTO DE IDENTIFICACAO'), 3],
    [label('SEGURANCA PUBLICA'), 2],
    [label('DOC ORIGEM'), 2],
    [label('DATA DE EXPEDICAO'), 2],
    [label('VALIDA EM TODO O TERRITORIO NACIONAL'), 2],
  ],
  // `REGISTRO GERAL` is not one: the CIN prints it above its CPF.
  ownLabels: [label('DOC ORIGEM'), label('INSTITUTO DE IDENTIFICACAO'), label('DATA DE EXPEDICAO')],
  nameAfter: [label('REGISTRO GERAL'), label('REGISTRO'), label('EXPEDICAO')],
  // The old RG prints its number on the label's row: `REGISTRO GERAL 23.844.575-0`.
  valuePlaces: [beside(['numero'], 'REGISTRO GERAL')],
  findNumber: (rows) => field(labelledRgNumber(rows) ?? rows.flatMap(rgNumbersIn)[0]),
  findIssuerAndUf: findPrintedIssuerAndUf,
  readsExpiry: false,
};
