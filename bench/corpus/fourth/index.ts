// Fourth synthetic corpus of Brazilian identity documents (RG, CIN, CNH), built independently of the
// other bench generators. Used only to report how a document reader does on cards it was not tuned on.
import { type Expected, makeDoc } from './cards.js';
import { photo, scan } from './capture.js';
import { makeRng } from './rng.js';

export type FourthKind = 'RG' | 'CIN' | 'CNH';
export type FourthVariant = 'photo' | 'scan';
export type FourthExpected = {
  nome: string;
  numero: string;
  orgao: string;
  uf: string;
  validade: string | null;
};
export type FourthSample = {
  kind: FourthKind;
  variant: FourthVariant;
  seed: number;
  image: Buffer /* JPEG */;
  expected: FourthExpected;
};

export const fourthSeeds = (index: number): number => 400_000 + index * 17;

export async function fourthDocumentSample(
  kind: FourthKind,
  variant: FourthVariant,
  seed: number,
): Promise<FourthSample> {
  // the printed content depends on (kind, seed) only, so a seed's scan and photo show the same card
  const doc = makeDoc(kind, makeRng(seed, `content:${kind}`));
  const capRng = makeRng(seed, `capture:${kind}:${variant}`);
  const image = variant === 'scan' ? await scan(doc, capRng) : await photo(doc, capRng);
  const expected: Expected = doc.expected;
  return { kind, variant, seed, image, expected: { ...expected } };
}
