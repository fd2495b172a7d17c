// Evaluation corpus of Brazilian identity documents (RG, CIN, CNH) drawn from their public
// layouts, scanned or photographed, each with the values a perfect reader would store.
import { photoImage, scanImage } from './degrade';
import { type ThirdExpected, type ThirdKind, drawCard } from './layouts';
import { hashSeed, makeRng } from './rng';

export type { ThirdExpected, ThirdKind } from './layouts';
export type ThirdVariant = 'photo' | 'scan';
export type ThirdSample = {
  kind: ThirdKind;
  variant: ThirdVariant;
  seed: number;
  /** JPEG bytes. */
  image: Buffer;
  expected: ThirdExpected;
};

export const thirdSeeds = (index: number): number => 700_000 + index * 13;

/**
 * One document image and its expected values. The card's content depends on (kind, seed) only,
 * so the scan and the photo of a seed show the same person; the degradation also depends on
 * the variant.
 */
export async function thirdDocumentSample(
  kind: ThirdKind,
  variant: ThirdVariant,
  seed: number,
): Promise<ThirdSample> {
  const drawing = drawCard(kind, makeRng(hashSeed(`third|${kind}|${seed}`)));
  const rng = makeRng(hashSeed(`third|${kind}|${variant}|${seed}`));
  const image =
    variant === 'scan'
      ? await scanImage(rng, drawing.panels)
      : await photoImage(rng, drawing.panels[0]!);
  return { kind, variant, seed, image, expected: drawing.expected };
}
