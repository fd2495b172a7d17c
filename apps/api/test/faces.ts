/**
 * Face photos for the tests and the benchmark, cut at run time from the sample group photos that
 * ship inside @vladmandic/face-api (not copied into the repository).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { FaceEngine } from '../src/modules/kyc/face-engine';

const sampleDir = join(
  dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
);

export const samplePhoto = (index: number) => readFileSync(join(sampleDir, `sample${index}.jpg`));

export type FaceCrop = { photo: number; box: [number, number, number, number] };

/** Every face of the six sample photos, as boxes on the original images. */
export async function sampleFaces(engine: FaceEngine): Promise<FaceCrop[]> {
  const crops: FaceCrop[] = [];
  for (let photo = 1; photo <= 6; photo += 1) {
    const original = samplePhoto(photo);
    const { width = 0 } = await sharp(original).metadata();
    const analysis = await engine.analyse(original);
    const scale = width / analysis.width;
    for (const face of analysis.faces) {
      const [x, y, w, h] = face.box.map((value) => value * scale) as [
        number,
        number,
        number,
        number,
      ];
      crops.push({ photo, box: [x, y, w, h] });
    }
  }
  return crops;
}

/** A portrait around one face, like a selfie: the face with a margin of `margin` face sizes. */
export async function portrait(
  crop: FaceCrop,
  options: { margin?: number; quality?: number; brightness?: number } = {},
) {
  const original = samplePhoto(crop.photo);
  const { width = 0, height = 0 } = await sharp(original).metadata();
  const [x, y, w, h] = crop.box;
  const margin = options.margin ?? 0.6;
  const left = Math.max(0, Math.round(x - w * margin));
  const top = Math.max(0, Math.round(y - h * margin));
  const right = Math.min(width, Math.round(x + w * (1 + margin)));
  const bottom = Math.min(height, Math.round(y + h * (1 + margin)));
  return sharp(original)
    .extract({ left, top, width: right - left, height: bottom - top })
    .modulate({ brightness: options.brightness ?? 1 })
    .jpeg({ quality: options.quality ?? 85 })
    .toBuffer();
}

/** A card with a small photo of the face on it, like an identity document. */
export async function documentWithPhoto(crop: FaceCrop) {
  const photo = await sharp(await portrait(crop, { margin: 0.3 }))
    .resize({ width: 180, height: 230, fit: 'cover' })
    .toBuffer();
  return sharp({ create: { width: 1000, height: 480, channels: 3, background: '#eef4f1' } })
    .composite([{ input: photo, left: 770, top: 150 }])
    .jpeg({ quality: 75 })
    .toBuffer();
}

/** The three photos of one applicant's selfie step, from one face of the sample photos. */
export async function applicantPhotos(crop: FaceCrop) {
  return {
    selfie: await portrait(crop),
    selfieDoc: await portrait(crop, { margin: 0.9, quality: 60 }),
    document: await documentWithPhoto(crop),
  };
}

/**
 * The sample faces split by their portrait: `solo` shows only that face (each can stand for one
 * applicant), `crowded` also shows a neighbour's face.
 */
export async function portraitFaces(engine: FaceEngine) {
  const solo: FaceCrop[] = [];
  const crowded: FaceCrop[] = [];
  for (const crop of await sampleFaces(engine)) {
    const faces = (await engine.analyse(await portrait(crop))).faces.length;
    if (faces === 1) solo.push(crop);
    if (faces > 1) crowded.push(crop);
  }
  return { solo, crowded };
}
