/**
 * Finds an identity card in a photo and straightens it before OCR, with sharp and plain
 * arithmetic on a small copy of the image (no OpenCV):
 *
 * 1. the surface around the card is learned from the image's border (a few colour clusters);
 * 2. pixels unlike that surface form a mask, cleaned by an opening, and its largest connected
 *    part is taken as the card when it fills its enclosing rectangle (a card is a rectangle);
 *    when it does not (a pale card on white paper shows only its print), a lower limit is tried;
 * 3. the card's turn is that of the smallest rectangle around the region, and its extent that
 *    rectangle's;
 * 4. the full-size image is turned back by that angle and cropped to the card.
 *
 * A photo where no card stands out (a scan edge to edge, a blank page), where the region is no
 * rectangle at any limit (a thumb merged with the card), or where another document lies beside
 * the card (both sides scanned on one page) is returned whole.
 */
import sharp from 'sharp';

export type CardRegion = {
  /** Degrees the card is turned clockwise in the photo. */
  angle: number;
  /** Centre, width and height of the card in the photo's pixels (after EXIF orientation). */
  centerX: number;
  centerY: number;
  width: number;
  height: number;
};

const workWidth = 320;

/** How much of its enclosing rectangle a card's region fills: a card is a rectangle. */
const RECTANGLE_FILL = 0.85;
/**
 * Below this a region is no card at all, whatever the light: a card seen in perspective still
 * fills about 0.8 of its rectangle.
 */
const RAGGED_FILL = 0.7;

type Rgb = [number, number, number];

function kMeans(samples: Rgb[], k: number): Rgb[] {
  const centres: Rgb[] = Array.from(
    { length: k },
    (_, index) => [...samples[Math.floor(((index + 0.5) * samples.length) / k)]!] as Rgb,
  );
  for (let round = 0; round < 6; round += 1) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    for (const sample of samples) {
      const nearest = nearestIndex(centres, sample);
      const sum = sums[nearest]!;
      sum[0]! += sample[0];
      sum[1]! += sample[1];
      sum[2]! += sample[2];
      sum[3]! += 1;
    }
    sums.forEach((sum, index) => {
      if (sum[3]! > 0) centres[index] = [sum[0]! / sum[3]!, sum[1]! / sum[3]!, sum[2]! / sum[3]!];
    });
  }
  return centres;
}

const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

function nearestIndex(centres: Rgb[], sample: Rgb): number {
  let best = 0;
  for (let index = 1; index < centres.length; index += 1)
    if (distance(centres[index]!, sample) < distance(centres[best]!, sample)) best = index;
  return best;
}

/** Erosion (every neighbour set) or dilation (any neighbour set), 3x3. */
function morph(mask: Uint8Array, width: number, height: number, erode: boolean): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let value = erode ? 1 : 0;
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          const ny = y + dy;
          const set =
            nx >= 0 && ny >= 0 && nx < width && ny < height && mask[ny * width + nx] === 1;
          if (erode && !set) value = 0;
          if (!erode && set) value = 1;
        }
      }
      out[y * width + x] = value;
    }
  }
  return out;
}

/** The mask's connected parts (4-neighbours), largest first. */
function components(mask: Uint8Array, width: number, height: number): number[][] {
  const seen = new Uint8Array(mask.length);
  const found: number[][] = [];
  for (let start = 0; start < mask.length; start += 1) {
    if (mask[start] !== 1 || seen[start]) continue;
    const component: number[] = [];
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const at = stack.pop()!;
      component.push(at);
      const x = at % width;
      const y = (at - x) / width;
      for (const next of [
        x > 0 ? at - 1 : -1,
        x < width - 1 ? at + 1 : -1,
        y > 0 ? at - width : -1,
        y < height - 1 ? at + width : -1,
      ]) {
        if (next >= 0 && mask[next] === 1 && !seen[next]) {
          seen[next] = 1;
          stack.push(next);
        }
      }
    }
    found.push(component);
  }
  return found.sort((a, b) => b.length - a.length);
}

type Box = { theta: number; u0: number; u1: number; v0: number; v1: number; area: number };

/**
 * The smallest rectangle around a region, turned within ±12° (a rectangle's own sides), and how
 * much of it the region fills.
 */
function enclosingBox(region: number[], width: number, height: number): Box & { fill: number } {
  const outline: [number, number][] = [];
  const inRegion = new Uint8Array(width * height);
  for (const at of region) inRegion[at] = 1;
  for (const at of region) {
    const x = at % width;
    const y = (at - x) / width;
    if (
      x === 0 ||
      y === 0 ||
      x === width - 1 ||
      y === height - 1 ||
      !inRegion[at - 1] ||
      !inRegion[at + 1] ||
      !inRegion[at - width] ||
      !inRegion[at + width]
    )
      outline.push([x, y]);
  }
  const boxAt = (theta: number): Box => {
    const cos = Math.cos(theta);
    const sin = Math.sin(theta);
    let [u0, u1, v0, v1] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const [x, y] of outline) {
      const u = x * cos + y * sin;
      const v = -x * sin + y * cos;
      if (u < u0) u0 = u;
      if (u > u1) u1 = u;
      if (v < v0) v0 = v;
      if (v > v1) v1 = v;
    }
    return { theta, u0, u1, v0, v1, area: (u1 - u0) * (v1 - v0) };
  };
  let best = boxAt(0);
  for (let degrees = -12; degrees <= 12; degrees += 0.5) {
    const box = boxAt((degrees * Math.PI) / 180);
    if (box.area < best.area - 1e-6) best = box;
  }
  const coarse = best.theta;
  for (let step = -0.5; step <= 0.5; step += 0.05) {
    const box = boxAt(coarse + (step * Math.PI) / 180);
    if (box.area < best.area - 1e-6) best = box;
  }
  return { ...best, fill: region.length / ((best.u1 - best.u0 + 1) * (best.v1 - best.v0 + 1)) };
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(fraction * sorted.length)))]!;
}

/** An image decoded once, orientation applied: what both steps below work on. */
export type RawImage = { data: Buffer; width: number; height: number; channels: 3 };

export async function decode(image: Buffer): Promise<RawImage> {
  const { data, info } = await sharp(image)
    .rotate()
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

const fromRaw = (image: RawImage) =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });

/** Where the card is in a photo, or null when no card stands out from its surroundings. */
export async function findCard(image: RawImage): Promise<CardRegion | null> {
  const { data, info } = await fromRaw(image)
    .resize({ width: workWidth })
    .removeAlpha()
    .blur(1)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const pixel = (index: number): Rgb => [
    data[index * 3]!,
    data[index * 3 + 1]!,
    data[index * 3 + 2]!,
  ];

  // The surface: pixels in a thin band along the image's border. Thin, because a scan leaves
  // only a narrow margin around the card: a wider band takes in the card's own colour, learns it
  // as surface, and the card then falls apart into its darker parts.
  const band = Math.max(2, Math.round(width * 0.01));
  const border: Rgb[] = [];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (x < band || y < band || x >= width - band || y >= height - band)
        border.push(pixel(y * width + x));
    }
  }
  const centres = kMeans(border, 4);
  const borderDistances = border.map((sample) =>
    distance(sample, centres[nearestIndex(centres, sample)]!),
  );
  const surfaceLimit = Math.max(28, percentile(borderDistances, 0.97) * 1.3);

  const cardAt = (threshold: number) => {
    let mask: Uint8Array = new Uint8Array(width * height);
    for (let index = 0; index < mask.length; index += 1) {
      const sample = pixel(index);
      mask[index] = distance(sample, centres[nearestIndex(centres, sample)]!) > threshold ? 1 : 0;
    }
    // Close the card's inside (text and guilloché look like the surface in places), then open to
    // drop thin stray marks of the surface.
    for (let round = 0; round < 2; round += 1) mask = morph(mask, width, height, false);
    for (let round = 0; round < 4; round += 1) mask = morph(mask, width, height, true);
    for (let round = 0; round < 2; round += 1) mask = morph(mask, width, height, false);
    const [largest, next, ...rest] = components(mask, width, height);
    const area = (largest?.length ?? 0) / (width * height);
    if (!largest || area < 0.12 || area > 0.97) return null;
    const box = enclosingBox(largest, width, height);
    const sides = [box.u1 - box.u0, box.v1 - box.v0].sort((a, b) => b - a);
    // A strip (a card's printed band alone) is no card: cards are 1.3 to 1.6 times as wide as
    // tall, a little more or less in perspective.
    if (sides[0]! / sides[1]! > 2.1 || sides[0]! / sides[1]! < 1.15) return null;
    // Two sides of a card scanned on one page (or two cards): beside a card, more than a fifth
    // of its size again stands out from the surface, where a photo's stray marks (a thumb,
    // a glare) come to a few hundredths. Neither side alone is the document then.
    const elsewhere = [next, ...rest].reduce((sum, part) => sum + (part?.length ?? 0), 0);
    const twoCards = box.fill >= RECTANGLE_FILL && elsewhere > 0.2 * largest.length;
    return { box, twoCards };
  };

  // A card of a pale tint on white paper differs from it by less than the surface's own spread:
  // at that limit only its printed parts stand out, in a ragged region that is not the card. A
  // lower limit is then tried, down to where paper grain would start to count.
  let chosen: (Box & { fill: number }) | null = null;
  for (const threshold of [surfaceLimit, surfaceLimit * 0.6, surfaceLimit * 0.4]) {
    if (threshold < 10) break;
    const found = cardAt(threshold);
    if (!found) continue;
    if (found.twoCards) return null;
    chosen ??= found.box;
    if (found.box.fill >= RECTANGLE_FILL) {
      chosen = found.box;
      break;
    }
  }
  // A region that fills less of its rectangle is the card merged with what lies on it (a thumb)
  // or only scraps of it: the whole photo reads better than a crop that cuts the card.
  if (!chosen || chosen.fill < RAGGED_FILL) return null;

  const { theta, u0, u1, v0, v1 } = chosen;
  const cos = Math.cos(theta);
  const sin = Math.sin(theta);
  const uc = (u0 + u1) / 2;
  const vc = (v0 + v1) / 2;
  const scale = image.width / width;
  return {
    angle: (theta * 180) / Math.PI,
    centerX: (uc * cos - vc * sin) * scale,
    centerY: (uc * sin + vc * cos) * scale,
    width: (u1 - u0) * scale,
    height: (v1 - v0) * scale,
  };
}

/**
 * The card cut out of the photo and turned straight (PNG), or the photo as it is when no card
 * stands out. `targetWidth` sets the card's width in the result.
 */
export async function straightenCard(image: RawImage, targetWidth = 1800): Promise<RawImage> {
  const region = await findCard(image);
  if (!region) return image;
  const turned = Math.abs(region.angle) >= 0.3;
  const rotated = turned
    ? await fromRaw(image)
        .rotate(-region.angle, { background: '#ffffff' })
        .raw()
        .toBuffer({ resolveWithObject: true })
        .then(({ data, info }) => ({
          data,
          width: info.width,
          height: info.height,
          channels: 3 as const,
        }))
    : image;
  // The card's centre after the turn: rotation about the image centre, canvas grown to fit.
  const theta = (-region.angle * Math.PI) / 180;
  const dx = region.centerX - image.width / 2;
  const dy = region.centerY - image.height / 2;
  const cx = rotated.width / 2 + dx * Math.cos(theta) - dy * Math.sin(theta);
  const cy = rotated.height / 2 + dx * Math.sin(theta) + dy * Math.cos(theta);
  const margin = 0.02;
  const cropWidth = region.width * (1 + 2 * margin);
  const cropHeight = region.height * (1 + 2 * margin);
  const left = Math.max(0, Math.round(cx - cropWidth / 2));
  const top = Math.max(0, Math.round(cy - cropHeight / 2));
  const width = Math.min(rotated.width - left, Math.round(cropWidth));
  const height = Math.min(rotated.height - top, Math.round(cropHeight));
  if (width < 50 || height < 30) return image;
  const { data, info } = await fromRaw(rotated)
    .extract({ left, top, width, height })
    .resize({ width: targetWidth, kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}
