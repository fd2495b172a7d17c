/**
 * The photos of the demonstration applications: identity documents with the applicant's data,
 * and illustrated selfies (drawings, no real person's photo).
 */
import sharp from 'sharp';
import { renderIdentityDocument, type SyntheticIdentity } from '../test/identity-documents';

/** A phone photo of the front of an identity document with the holder's data; maybe blurred. */
export function identityFront(identity: SyntheticIdentity, blurred = false): Promise<Buffer> {
  return renderIdentityDocument(identity, { noise: 6, quality: 85, ...(blurred && { blur: 7 }) });
}

/** The back of an identity card: security background, fingerprint, barcode (no text). */
export async function identityBack(seed: number, blurred = false): Promise<Buffer> {
  const width = 1000;
  const height = 480;
  const guilloche = Array.from({ length: 16 }, (_, index) => {
    const y = 30 + index * 28;
    return `<path d="M0 ${y} Q ${width / 3} ${y + 22} ${(2 * width) / 3} ${y} T ${width} ${y}" stroke="#c9dcd7" stroke-width="1" fill="none"/>`;
  }).join('');
  const ridges = Array.from(
    { length: 9 },
    (_, index) =>
      `<ellipse cx="150" cy="250" rx="${14 + index * 8}" ry="${20 + index * 10}" fill="none" stroke="#7d8f89" stroke-width="2.5"/>`,
  ).join('');
  const bars = Array.from({ length: 48 }, (_, index) => {
    const barWidth = 2 + ((seed * 7 + index * 13) % 5);
    return `<rect x="${520 + index * 9}" y="370" width="${barWidth}" height="70" fill="#1b2a2f"/>`;
  }).join('');
  const rows = Array.from(
    { length: 6 },
    (_, index) =>
      `<rect x="320" y="${70 + index * 44}" width="${560 - ((seed + index * 3) % 4) * 60}" height="12" rx="3" fill="#aebdb8"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="${width}" height="${height}" fill="#eaf1ee"/>${guilloche}
<rect x="60" y="120" width="180" height="260" rx="10" fill="#f5f8f7" stroke="#9fb3ab"/>${ridges}
${rows}${bars}</svg>`;
  const image = sharp(Buffer.from(svg));
  return (blurred ? sharp(await image.png().toBuffer()).blur(7) : image)
    .jpeg({ quality: 82 })
    .toBuffer();
}

const skinTones = ['#f1c7a5', '#e0a98a', '#c68863', '#a86b4a', '#7d4a2f'];
const hairColors = ['#2b1d14', '#4a2f1d', '#6b4a2b', '#1c1c1c', '#8a6a45'];
const backgrounds = ['#dfe7ec', '#e8e2d8', '#d9e4dc', '#e6e0ea', '#dde3e8'];

/**
 * An illustrated selfie (a drawn head and shoulders, not a photo), optionally holding the
 * identity card next to the face.
 */
export function selfie(seed: number, withDocument: boolean): Promise<Buffer> {
  const width = 480;
  const height = 640;
  const skin = skinTones[seed % skinTones.length]!;
  const hair = hairColors[(seed * 3) % hairColors.length]!;
  const background = backgrounds[(seed * 7) % backgrounds.length]!;
  const shirt = ['#2f5d8a', '#8a3b3b', '#3b7a57', '#5b4a8a', '#35505e'][(seed + 2) % 5]!;
  const card = withDocument
    ? `<g transform="rotate(-8 330 470)">
<rect x="250" y="400" width="190" height="120" rx="8" fill="#eef4f1" stroke="#9fb3ab" stroke-width="2"/>
<rect x="262" y="420" width="50" height="66" fill="#d5ded9"/>
<rect x="322" y="424" width="100" height="8" fill="#8fa19a"/><rect x="322" y="444" width="86" height="8" fill="#8fa19a"/>
<rect x="322" y="464" width="94" height="8" fill="#8fa19a"/></g>
<ellipse cx="350" cy="520" rx="36" ry="26" fill="${skin}"/>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="${width}" height="${height}" fill="${background}"/>
<path d="M60 640 C 70 500 170 470 240 470 C 310 470 410 500 420 640 Z" fill="${shirt}"/>
<rect x="212" y="380" width="56" height="100" rx="20" fill="${skin}"/>
<ellipse cx="240" cy="270" rx="105" ry="130" fill="${skin}"/>
<path d="M135 250 C 130 140 190 120 240 120 C 300 120 352 150 345 250 C 330 190 290 170 240 172 C 190 172 150 190 135 250 Z" fill="${hair}"/>
<ellipse cx="200" cy="270" rx="11" ry="8" fill="#2b2b2b"/><ellipse cx="280" cy="270" rx="11" ry="8" fill="#2b2b2b"/>
<path d="M236 290 Q 230 320 244 322" stroke="#9b6b55" stroke-width="3" fill="none"/>
<path d="M205 345 Q 240 368 275 345" stroke="#8a4a3a" stroke-width="5" fill="none" stroke-linecap="round"/>
${card}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
