/**
 * The Carteira de Identidade Nacional (CIN): its number is the holder's CPF, bilingual labels,
 * an issuer printed as `SSP/XX`, an expiry.
 */
import { isValidCpf, onlyDigits } from '@medipay/shared/tax-id';
import { digitReadings, nearLabel } from './field-readers';
import { findPrintedIssuerAndUf } from './issuer-and-state';
import { below, label, type DocumentLayout } from './layout';
import { checked, confidenceOf, field, type Found, type Row } from './ocr-rows';

/**
 * CPFs (11 digits, masked or not, stray spaces tolerated, a dot read as a comma) whose check
 * digits are right.
 */
function cpfsIn(row: Row): Found[] {
  const found: Found[] = [];
  const pattern = /(?<!\d)\d{3} ?[.,]? ?\d{3} ?[.,]? ?\d{3} ?[-.,]? ?\d{2}(?!\d)/g;
  const matches = digitReadings(row.text).flatMap((text) => [...text.matchAll(pattern)]);
  for (const match of matches) {
    const digits = onlyDigits(match[0]);
    if (!isValidCpf(digits)) continue;
    found.push({
      value: digits,
      confidence: checked(confidenceOf(row, match.index, match.index + match[0].length), 0.9),
      row: row.index,
      at: match.index,
    });
  }
  return found;
}

export const cinLayout: DocumentLayout = {
  kind: 'CIN',
  signals: [
    [label('IDENTIDADE NACIONAL'), 4],
    [label('CIN'), 3],
    [label('IDENTITY CARD'), 3],
    [label('NAME'), 2],
    [label('DATE OF BIRTH'), 3],
    [label('VALID UNTIL'), 3],
    [label('ISSUING AUTHORITY'), 3],
    [label('NATIONALITY'), 2],
  ],
  // The bilingual labels: the old RG and the CNH print no English.
  ownLabels: [
    label('IDENTIDADE NACIONAL'),
    label('IDENTITY CARD'),
    label('VALID UNTIL'),
    label('ISSUING AUTHORITY'),
    label('DATE OF BIRTH'),
    label('PERSONAL NUMBER'),
    label('NATIONALITY'),
    label('DATE OF EXPIRY'),
  ],
  nameAfter: [label('IDENTITY CARD'), label('CARTEIRA DE IDENTIDADE')],
  valuePlaces: [
    below(['orgao', 'uf'], 'ORGAO EXPEDIDOR'),
    below(['orgao', 'uf'], 'ISSUING AUTHORITY'),
    below(['validade'], 'VALIDADE'),
    below(['validade'], 'VALID UNTIL'),
    // The number sits under the start of `REGISTRO GERAL - CPF / PERSONAL NUMBER`, not under
    // `CPF` in its middle.
    below(['numero'], 'REGISTRO GERAL'),
    below(['numero'], 'CPF'),
  ],
  findNumber: (rows) => field(nearLabel(rows, ['CPF'], cpfsIn)[0] ?? rows.flatMap(cpfsIn)[0]),
  findIssuerAndUf: findPrintedIssuerAndUf,
  readsExpiry: true,
};
