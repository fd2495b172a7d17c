// A document corpus for the document-checks benchmark, built independently of the product's own
// generator (apps/api/test/identity-documents.ts): other layouts (the old green RG's back,
// the CIN with bilingual labels, the green CNH with its column grid), text set as SVG <text> in
// the system's fonts (rendered by librsvg through fontconfig) rather than glyph outlines, security
// paper drawn as guilloché rosettes, a photo placeholder (a silhouette, no face) and a signature
// crossing the fields, then either a flatbed scan or a phone photo (documents-photo.ts).
//
// Each sample carries the values the product should store for it. Seeds split the corpus: the
// calibration set is what the parser was tuned on, the evaluation set is only reported.//
// The people are drawn in documents-people.ts, the cards in documents-cards.ts with the pieces of
// documents-drawing.ts.
import sharp from 'sharp';
import { cards } from './documents-cards';
import { height, width } from './documents-drawing';
import { photograph, randomFrom, scan, type Random } from './documents-photo';

export type DocumentKind = 'RG' | 'CIN' | 'CNH';
export type DocumentVariant = 'photo' | 'scan';

export type ExpectedFields = {
  nome: string;
  numero: string;
  orgao: string;
  uf: string;
  validade: string | null;
};

export type DocumentSample = {
  kind: DocumentKind;
  variant: DocumentVariant;
  seed: number;
  image: Buffer;
  expected: ExpectedFields;
};

/** Seeds of the calibration set (tuned on) and of the evaluation set (never tuned on). */
export const corpusSeeds = {
  calibration: (index: number) => 10_000 + index,
  evaluation: (index: number) => 90_000 + index * 7,
};

/** The flat card image (PNG) and its expected stored values. */
export async function renderCard(
  kind: DocumentKind,
  seed: number,
): Promise<{ image: Buffer; expected: ExpectedFields; random: Random }> {
  const random = randomFrom(seed * 3 + ['RG', 'CIN', 'CNH'].indexOf(kind));
  const card = cards[kind](random);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${card.svg}</svg>`;
  const image = await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).png().toBuffer();
  return { image, expected: card.expected, random };
}

/** One corpus document: a phone photo or a flatbed scan of a generated card. */
export async function documentSample(
  kind: DocumentKind,
  variant: DocumentVariant,
  seed: number,
): Promise<DocumentSample> {
  const { image, expected, random } = await renderCard(kind, seed);
  const output =
    variant === 'photo' ? await photograph(image, { random }) : await scan(image, { random });
  return { kind, variant, seed, image: output, expected };
}
