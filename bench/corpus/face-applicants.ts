// Turns three different photographs of one person into the three images an applicant sends:
// the selfie, the selfie holding the identity document, and the front of the identity document
// with the (older, printed, small) photo on it. Deterministic; no face is ever copied between
// the three images, so a comparison always sees two different photographs.
import sharp from 'sharp';
import { seededRandom } from '@medipay/shared/testing/seeded-random';

export type ApplicantImages = { selfie: Buffer; selfieDoc: Buffer; document: Buffer };

const escapeXml = (text: string) => text.replace(/[<>&]/g, '');

/** The front of a green identity card, with the holder's photo on the left. */
async function identityCard(photo: Buffer, random: () => number, name: string) {
  const width = 1012;
  const height = 638;
  const lines = Array.from({ length: 24 }, (_, index) => {
    const y = 20 + index * 26;
    return `<path d="M0 ${y} Q ${width / 2} ${y + 18 * Math.sin(index)} ${width} ${y}" stroke="#9fc9a7" stroke-width="1" fill="none"/>`;
  }).join('');
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <rect width="100%" height="100%" rx="28" fill="#d9ecd9"/>${lines}
      <text x="330" y="70" font-family="DejaVu Sans" font-size="26" font-weight="bold" fill="#1d4d2b">REPÚBLICA FEDERATIVA DO BRASIL</text>
      <text x="330" y="110" font-family="DejaVu Sans" font-size="20" fill="#1d4d2b">CARTEIRA DE IDENTIDADE</text>
      <text x="330" y="190" font-family="DejaVu Sans" font-size="16" fill="#335">NOME</text>
      <text x="330" y="220" font-family="DejaVu Sans Mono" font-size="24" fill="#111">${escapeXml(name.toUpperCase())}</text>
      <text x="330" y="290" font-family="DejaVu Sans" font-size="16" fill="#335">REGISTRO GERAL</text>
      <text x="330" y="320" font-family="DejaVu Sans Mono" font-size="24" fill="#111">${Math.floor(random() * 9e7 + 1e7)}</text>
      <text x="330" y="390" font-family="DejaVu Sans" font-size="16" fill="#335">DATA DE NASCIMENTO</text>
      <text x="330" y="420" font-family="DejaVu Sans Mono" font-size="24" fill="#111">0${1 + Math.floor(random() * 9)}/0${1 + Math.floor(random() * 9)}/19${60 + Math.floor(random() * 35)}</text>
    </svg>`,
  );
  // The printed photo: a 3x4 portrait cut around the face, paler and softer than the original.
  const portrait = await sharp(photo)
    .extract({ left: 55, top: 35, width: 140, height: 187 })
    .resize(240, 320)
    .modulate({ brightness: 1.05 + random() * 0.1, saturation: 0.6 })
    .blur(0.6 + random() * 0.4)
    .toBuffer();
  return sharp(background)
    .composite([{ input: portrait, left: 50, top: 150 }])
    .png()
    .toBuffer();
}

/**
 * Builds one applicant from three photographs of the same person (or of different people, for
 * impostor trials): `photos[0]` is the selfie, `photos[1]` the person of the selfie with the
 * document, `photos[2]` the photo printed on the document.
 */
export async function applicantImages(
  photos: [Buffer, Buffer, Buffer],
  seed: number,
  name = 'NOME DO TITULAR',
): Promise<ApplicantImages> {
  const random = seededRandom(seed);
  const [selfiePhoto, withDocumentPhoto, documentPhoto] = photos;

  // Selfie: the photograph as a phone camera would frame it. The source is 250 px: enlarged
  // more, it would be blurrier than any phone photo (and refused as blurred).
  const selfie = await sharp(selfiePhoto)
    .resize(400, 400)
    .modulate({ brightness: 0.9 + random() * 0.2 })
    .jpeg({ quality: 80 + Math.floor(random() * 10) })
    .toBuffer();

  // Selfie with the document: the person in the upper part, the card held below the face.
  const card = await identityCard(documentPhoto, random, name);
  const heldCard = await sharp(card)
    .resize(420)
    .rotate(-8 + random() * 16, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  const selfieDoc = await sharp({
    create: { width: 900, height: 1100, channels: 3, background: { r: 200, g: 196, b: 188 } },
  })
    .composite([
      { input: await sharp(withDocumentPhoto).resize(700, 700).toBuffer(), left: 100, top: 40 },
      { input: heldCard, left: 240 + Math.floor(random() * 80), top: 700 },
    ])
    .jpeg({ quality: 70 + Math.floor(random() * 15) })
    .toBuffer();

  // The document front, photographed: slightly rotated on a table, JPEG.
  const document = await sharp(card)
    .rotate(-3 + random() * 6, { background: { r: 120, g: 96, b: 70 } })
    .flatten({ background: { r: 120, g: 96, b: 70 } })
    .resize(1300)
    .jpeg({ quality: 65 + Math.floor(random() * 15) })
    .toBuffer();

  return { selfie, selfieDoc, document };
}
