/**
 * What tells one kind of identity document from the others and where its fields are printed: one
 * layout per kind (rg.ts, cin.ts, cnh.ts).
 */
import type { IssuerAndUf } from './issuer-and-state';
import type { Row } from './ocr-rows';
import type { ExtractedField, IdentityFieldName, IdentityKind } from './types';

export const label = (text: string) => text.split(' ');

/**
 * Labels beside or under which a field's value is printed, by kind: where a field that was not
 * read (or not confidently) can be read again. A signature crossing the value's row, a frame line
 * glued to a digit, or a row tesseract's page layout analysis merged with its neighbour, is often
 * legible when the value's band alone is read.
 */
export type ValuePlace = {
  fields: IdentityFieldName[];
  label: string[];
  place: 'below' | 'beside';
};

export const below = (fields: IdentityFieldName[], words: string): ValuePlace => ({
  fields,
  label: label(words),
  place: 'below',
});
export const beside = (fields: IdentityFieldName[], words: string): ValuePlace => ({
  fields,
  label: label(words),
  place: 'beside',
});

export type DocumentLayout = {
  kind: IdentityKind;
  /** Printed words that point to this kind, each with its weight. */
  signals: [string[], number][];
  /**
   * Labels that only this kind prints (a DETRAN, which issues identity cards in some states too,
   * is not one): what the classification must be able to point to.
   */
  ownLabels: string[][];
  /** Where the name sits when its label was lost: the first name-only row after these rows. */
  nameAfter: string[][];
  /** Where a field read without confidence can be read again. */
  valuePlaces: ValuePlace[];
  findNumber: (rows: Row[]) => ExtractedField | null;
  findIssuerAndUf: (rows: Row[]) => IssuerAndUf;
  /** Whether the document has an expiry date (an old RG has none). */
  readsExpiry: boolean;
};
