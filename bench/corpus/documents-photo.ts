// Phone-photo degradation for the document corpus: the flat card is laid on a textured surface
// (wood or cloth), seen in perspective and turned a few degrees, lit unevenly with a glare spot,
// blurred, given sensor noise and saved as a JPEG of middling quality. The perspective warp is
// done here on raw pixels (a homography and bilinear sampling), not by an image library.
import sharp from 'sharp';
import { seededRandom } from '@medipay/shared/testing/seeded-random';

export type Random = () => number;

/** Deterministic by seed. */
export const randomFrom = (seed: number): Random => seededRandom(seed);

export const between = (random: Random, low: number, high: number) => low + (high - low) * random();

type Point = [number, number];

/** The 3x3 homography (row-major, h33 = 1) taking the four `from` points to the `to` points. */
function homography(from: Point[], to: Point[]): number[] {
  const a: number[][] = [];
  for (let i = 0; i < 4; i += 1) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gaussian elimination with partial pivoting on the 8x9 augmented matrix.
  for (let col = 0; col < 8; col += 1) {
    let pivot = col;
    for (let row = col + 1; row < 8; row += 1)
      if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let row = 0; row < 8; row += 1) {
      if (row === col) continue;
      const factor = a[row]![col]! / a[col]![col]!;
      for (let k = col; k < 9; k += 1) a[row]![k]! -= factor * a[col]![k]!;
    }
  }
  return [...Array.from({ length: 8 }, (_, i) => a[i]![8]! / a[i]![i]!), 1];
}

/** A wood-grain or cloth surface to lay the card on. */
async function surface(random: Random, width: number, height: number): Promise<Buffer> {
  const kind = Math.floor(random() * 3);
  const hue = Math.floor(between(random, 0, 360));
  let body: string;
  if (kind === 0) {
    // Wood: wavy grain lines over a warm base.
    const lines = Array.from({ length: 70 }, (_, index) => {
      const y = (index / 70) * height + between(random, -6, 6);
      const amplitude = between(random, 3, 18);
      const d = `M0 ${y.toFixed(1)} C ${width / 3} ${(y - amplitude).toFixed(1)}, ${(2 * width) / 3} ${(y + amplitude).toFixed(1)}, ${width} ${y.toFixed(1)}`;
      return `<path d="${d}" stroke="rgb(${Math.floor(between(random, 70, 120))},${Math.floor(between(random, 40, 70))},20)" stroke-opacity="${between(random, 0.2, 0.6).toFixed(2)}" stroke-width="${between(random, 1, 5).toFixed(1)}" fill="none"/>`;
    }).join('');
    body = `<rect width="${width}" height="${height}" fill="rgb(${Math.floor(between(random, 120, 170))},${Math.floor(between(random, 80, 110))},${Math.floor(between(random, 40, 70))})"/>${lines}`;
  } else if (kind === 1) {
    // Cloth: a woven pattern in one colour.
    const size = Math.floor(between(random, 6, 14));
    body = `<defs><pattern id="w" width="${size}" height="${size}" patternUnits="userSpaceOnUse">
<rect width="${size}" height="${size}" fill="hsl(${hue},35%,40%)"/>
<rect width="${size / 2}" height="${size / 2}" fill="hsl(${hue},35%,32%)"/>
<rect x="${size / 2}" y="${size / 2}" width="${size / 2}" height="${size / 2}" fill="hsl(${hue},35%,48%)"/>
</pattern></defs><rect width="${width}" height="${height}" fill="url(#w)"/>`;
  } else {
    // A plain desk, lighter or darker than the card, with soft blotches.
    const blotches = Array.from(
      { length: 25 },
      () =>
        `<circle cx="${between(random, 0, width).toFixed(0)}" cy="${between(random, 0, height).toFixed(0)}" r="${between(random, 30, 160).toFixed(0)}" fill="hsl(${hue},15%,${between(random, 15, 75).toFixed(0)}%)" fill-opacity="0.25"/>`,
    ).join('');
    body = `<rect width="${width}" height="${height}" fill="hsl(${hue},12%,${between(random, 18, 70).toFixed(0)}%)"/>${blotches}`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`;
  return sharp(Buffer.from(svg)).blur(1.2).removeAlpha().raw().toBuffer();
}

export type PhotoOptions = { random: Random };

/**
 * Sensor noise around mid-grey, drawn from the sample's own random source (Box-Muller) so that a
 * seed always gives the same photo; libvips' own noise generator is seeded differently each run.
 */
function gaussianNoise(random: Random, length: number, sigma: number): Buffer {
  const noise = Buffer.alloc(length);
  for (let index = 0; index < length; index += 2) {
    const radius = sigma * Math.sqrt(-2 * Math.log(1 - random()));
    const turn = 2 * Math.PI * random();
    noise[index] = Math.max(0, Math.min(255, Math.round(128 + radius * Math.cos(turn))));
    if (index + 1 < length)
      noise[index + 1] = Math.max(0, Math.min(255, Math.round(128 + radius * Math.sin(turn))));
  }
  return noise;
}

/**
 * A phone photo of a flat card image: returns a JPEG of 1,200 to 1,600 px on the long side.
 */
export async function photograph(card: Buffer, { random }: PhotoOptions): Promise<Buffer> {
  const cardImage = sharp(card).removeAlpha();
  const { width: cw = 0, height: ch = 0 } = await cardImage.metadata();
  const cardPixels = await cardImage.raw().toBuffer();

  // The card fills 60-85 % of the frame's width; the frame is landscape 4:3.
  const fill = between(random, 0.6, 0.85);
  const width = Math.round(cw / fill);
  const height = Math.round(width * 0.75);
  const pixels = await surface(random, width, height);

  // Where the card's corners land: centred with some offset, turned up to ±4°, each corner moved
  // a little towards or away from the camera (perspective).
  const angle = (between(random, -4, 4) * Math.PI) / 180;
  const scale = between(random, 0.92, 1);
  const cx = width / 2 + between(random, -0.05, 0.05) * width;
  const cy = height / 2 + between(random, -0.05, 0.05) * height;
  const skew = between(random, 0.01, 0.045);
  const corners: Point[] = [
    [-cw / 2, -ch / 2],
    [cw / 2, -ch / 2],
    [cw / 2, ch / 2],
    [-cw / 2, ch / 2],
  ];
  const tilt = random() < 0.5 ? 1 : -1;
  const destination = corners.map(([x, y], index) => {
    // A top-bottom or left-right keystone, plus a little jitter per corner.
    const keystone = (index < 2 ? -1 : 1) * tilt * skew;
    const px = x * scale * (1 + keystone) + between(random, -0.01, 0.01) * cw;
    const py = y * scale + between(random, -0.01, 0.01) * ch;
    return [
      cx + px * Math.cos(angle) - py * Math.sin(angle),
      cy + px * Math.sin(angle) + py * Math.cos(angle),
    ] as Point;
  });
  const source: Point[] = [
    [0, 0],
    [cw, 0],
    [cw, ch],
    [0, ch],
  ];
  const h = homography(destination, source);
  // Inverse mapping with bilinear sampling; the card's edge is anti-aliased by its coverage.
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const w = h[6]! * x + h[7]! * y + h[8]!;
      const sx = (h[0]! * x + h[1]! * y + h[2]!) / w;
      const sy = (h[3]! * x + h[4]! * y + h[5]!) / w;
      if (sx < -1 || sy < -1 || sx > cw || sy > ch) continue;
      const x0 = Math.max(0, Math.min(cw - 2, Math.floor(sx)));
      const y0 = Math.max(0, Math.min(ch - 2, Math.floor(sy)));
      const fx = Math.max(0, Math.min(1, sx - x0));
      const fy = Math.max(0, Math.min(1, sy - y0));
      const coverage =
        Math.min(1, sx + 1, cw - sx) * Math.min(1, sy + 1, ch - sy) > 0
          ? Math.min(1, sx + 1, cw - sx, sy + 1, ch - sy)
          : 0;
      const out = (y * width + x) * 3;
      for (let c = 0; c < 3; c += 1) {
        const p00 = cardPixels[(y0 * cw + x0) * 3 + c]!;
        const p10 = cardPixels[(y0 * cw + x0 + 1) * 3 + c]!;
        const p01 = cardPixels[((y0 + 1) * cw + x0) * 3 + c]!;
        const p11 = cardPixels[((y0 + 1) * cw + x0 + 1) * 3 + c]!;
        const value =
          p00 * (1 - fx) * (1 - fy) + p10 * fx * (1 - fy) + p01 * (1 - fx) * fy + p11 * fx * fy;
        pixels[out + c] = Math.round(value * coverage + pixels[out + c]! * (1 - coverage));
      }
    }
  }

  // Light: a gradient across the frame (a shadow side) and a glare spot.
  const gx = between(random, 0, width);
  const gy = between(random, 0, height);
  const glareOpacity = between(random, 0.25, 0.6);
  const light = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs>
<linearGradient id="shade" x1="${random().toFixed(2)}" y1="0" x2="${random().toFixed(2)}" y2="1">
<stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${between(random, 0.1, 0.35).toFixed(2)}"/></linearGradient>
<radialGradient id="glare"><stop offset="0" stop-color="#fff" stop-opacity="${glareOpacity.toFixed(2)}"/><stop offset="0.5" stop-color="#fff" stop-opacity="${(glareOpacity / 3).toFixed(2)}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#shade)"/>
<ellipse cx="${gx.toFixed(0)}" cy="${gy.toFixed(0)}" rx="${between(random, 0.08, 0.2) * width}" ry="${between(random, 0.06, 0.14) * height}" fill="url(#glare)"/>
</svg>`;
  const noise = await sharp(gaussianNoise(random, width * height * 3, between(random, 4, 14)), {
    raw: { width, height, channels: 3 },
  })
    .png()
    .toBuffer();
  const lit = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .composite([{ input: Buffer.from(light) }, { input: noise, blend: 'soft-light' }])
    .png()
    .toBuffer();
  const longSide = Math.round(between(random, 1200, 1600));
  return sharp(lit)
    .blur(between(random, 0.4, 1.4))
    .resize({ width: longSide })
    .jpeg({ quality: Math.round(between(random, 55, 75)) })
    .toBuffer();
}

/** A flatbed scan: the card straight on white, a thin margin, good JPEG. */
export async function scan(card: Buffer, { random }: PhotoOptions): Promise<Buffer> {
  const margin = Math.round(between(random, 20, 60));
  return sharp(card)
    .extend({
      top: margin,
      bottom: margin,
      left: margin,
      right: margin,
      background: '#fdfdfb',
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}
