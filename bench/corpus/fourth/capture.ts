// Turning printed faces into a flatbed scan or a phone photo. All pixel work is done here on raw
// buffers with the seeded PRNG; sharp renders SVG, blurs and encodes JPEG.
import sharp, { type OverlayOptions } from 'sharp';
import { type Face, DEFS, faceSvg, hsl } from './layout.js';
import { type Rng } from './rng.js';
import { waveField } from './art.js';

const PROFILE = process.env.FOURTH_PROFILE === '1';
let lapT = 0;
const lap = (label: string): void => {
  if (!PROFILE) return;
  const n = performance.now();
  if (lapT) console.warn(`  ${label} ${(n - lapT).toFixed(0)}ms`);
  lapT = n;
};

type Rgba = { w: number; h: number; data: Buffer }; // 4 channels, 8 bit
type Rgb = { w: number; h: number; data: Uint8ClampedArray }; // 3 channels; writes clamp and round
type Pt = [number, number];
type Mat = number[]; // 3x3 row-major

export async function renderFace(face: Face, pxWidth: number, rng: Rng): Promise<Rgba> {
  const svg = faceSvg(face, Math.round(pxWidth), rng);
  const { data, info } = await sharp(Buffer.from(svg))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { w: info.width, h: info.height, data };
}

async function renderSvgRgb(svg: string, W: number, H: number): Promise<Rgb> {
  // rasterise at the SVG's own (small) size first, then upscale the pixels: the blur is wanted
  const small = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { data, info } = await sharp(small.data, {
    raw: { width: small.info.width, height: small.info.height, channels: 3 },
  })
    .resize(W, H, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return fromU8(data, info.width, info.height);
}

/** Zero-copy views between sharp's Buffers and clamped pixel arrays. */
const toU8 = (img: Rgb): Buffer =>
  Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength);
const fromU8 = (b: Buffer, w: number, h: number): Rgb => ({
  w,
  h,
  data: new Uint8ClampedArray(b.buffer, b.byteOffset, b.byteLength),
});

async function blurRgb(img: Rgb, sigma: number): Promise<Rgb> {
  if (sigma < 0.3) return img;
  const b = await sharp(toU8(img), { raw: { width: img.w, height: img.h, channels: 3 } })
    .blur(sigma)
    .raw()
    .toBuffer();
  return fromU8(b, img.w, img.h);
}

async function motionBlur(img: Rgb, len: number, angle: number): Promise<Rgb> {
  const k = Math.max(3, Math.round(len) | 1);
  const kernel = new Array<number>(k * k).fill(0);
  const c = (k - 1) / 2;
  const steps = k * 3;
  for (let i = 0; i < steps; i++) {
    const t = (i / (steps - 1) - 0.5) * (k - 1);
    const x = Math.round(c + t * Math.cos(angle));
    const y = Math.round(c + t * Math.sin(angle));
    kernel[y * k + x] = (kernel[y * k + x] as number) + 1;
  }
  const sum = kernel.reduce((a, b) => a + b, 0);
  const b = await sharp(toU8(img), { raw: { width: img.w, height: img.h, channels: 3 } })
    .convolve({ width: k, height: k, kernel: kernel.map((v) => v / sum) })
    .raw()
    .toBuffer();
  return fromU8(b, img.w, img.h);
}

// ---------------------------------------------------------------- geometry

/** Homography mapping src[i] -> dst[i]. */
function homography(src: Pt[], dst: Pt[]): Mat {
  const A: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = src[i] as Pt;
    const [u, v] = dst[i] as Pt;
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let piv = c;
    for (let r = c + 1; r < 8; r++)
      if (Math.abs((A[r] as number[])[c] as number) > Math.abs((A[piv] as number[])[c] as number))
        piv = r;
    [A[c], A[piv]] = [A[piv] as number[], A[c] as number[]];
    const row = A[c] as number[];
    const d = row[c] as number;
    for (let k = c; k < 9; k++) row[k] = (row[k] as number) / d;
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const rr = A[r] as number[];
      const f = rr[c] as number;
      if (f) for (let k = c; k < 9; k++) rr[k] = (rr[k] as number) - f * (row[k] as number);
    }
  }
  const h = A.map((r) => r[8] as number);
  return [...h, 1];
}

const apply = (m: Mat, [x, y]: Pt): Pt => {
  const w = (m[6] as number) * x + (m[7] as number) * y + (m[8] as number);
  return [
    ((m[0] as number) * x + (m[1] as number) * y + (m[2] as number)) / w,
    ((m[3] as number) * x + (m[4] as number) * y + (m[5] as number)) / w,
  ];
};

/**
 * Draw `src` into `dst` so that its corners land on `quad` (TL, TR, BR, BL), with bilinear sampling
 * of premultiplied colour (transparent borders give anti-aliased edges). `alphaScale` fades it.
 */
function warpInto(dst: Rgb, src: Rgba, quad: Pt[], alphaScale = 1): void {
  const sw = src.w;
  const sh = src.h;
  const inv = homography(quad, [
    [0, 0],
    [sw, 0],
    [sw, sh],
    [0, sh],
  ]);
  const xs = quad.map((p) => p[0]);
  const ys = quad.map((p) => p[1]);
  const x0 = Math.max(0, Math.floor(Math.min(...xs)) - 1);
  const x1 = Math.min(dst.w - 1, Math.ceil(Math.max(...xs)) + 1);
  const y0 = Math.max(0, Math.floor(Math.min(...ys)) - 1);
  const y1 = Math.min(dst.h - 1, Math.ceil(Math.max(...ys)) + 1);
  const [a, b, c, d, e, f, g, hh, ii] = inv as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // premultiply once, padded by one transparent pixel on each side
  const pw = sw + 2;
  const ph = sh + 2;
  const pm = new Float32Array(pw * ph * 4);
  const sd = src.data;
  for (let y = 0; y < sh; y++)
    for (let x = 0; x < sw; x++) {
      const si = (y * sw + x) * 4;
      const di = ((y + 1) * pw + x + 1) * 4;
      const al = ((sd[si + 3] as number) / 255) * alphaScale;
      pm[di] = (sd[si] as number) * al;
      pm[di + 1] = (sd[si + 1] as number) * al;
      pm[di + 2] = (sd[si + 2] as number) * al;
      pm[di + 3] = al;
    }
  const dd = dst.data;
  const dw = dst.w;
  for (let y = y0; y <= y1; y++) {
    const Y = y + 0.5;
    for (let x = x0; x <= x1; x++) {
      const X = x + 0.5;
      const wz = g * X + hh * Y + ii;
      const u = (a * X + b * Y + c) / wz + 0.5; // +1 pad -0.5 centre
      const v = (d * X + e * Y + f) / wz + 0.5;
      if (u < 0 || v < 0 || u >= pw - 1 || v >= ph - 1) continue;
      const ux = u | 0;
      const vy = v | 0;
      const fx = u - ux;
      const fy = v - vy;
      const i00 = (vy * pw + ux) * 4;
      const i10 = i00 + 4;
      const i01 = i00 + pw * 4;
      const i11 = i01 + 4;
      const w00 = (1 - fx) * (1 - fy);
      const w10 = fx * (1 - fy);
      const w01 = (1 - fx) * fy;
      const w11 = fx * fy;
      const al =
        (pm[i00 + 3] as number) * w00 +
        (pm[i10 + 3] as number) * w10 +
        (pm[i01 + 3] as number) * w01 +
        (pm[i11 + 3] as number) * w11;
      if (al <= 0.002) continue;
      const o = (y * dw + x) * 3;
      for (let ch = 0; ch < 3; ch++) {
        const sv =
          (pm[i00 + ch] as number) * w00 +
          (pm[i10 + ch] as number) * w10 +
          (pm[i01 + ch] as number) * w01 +
          (pm[i11 + ch] as number) * w11;
        dd[o + ch] = (dd[o + ch] as number) * (1 - al) + sv;
      }
    }
  }
}

/** A small black sprite with a feathered alpha edge; warped onto a quad it makes a soft shadow. */
function shadowSprite(feather: number): Rgba {
  const w = 96;
  const h = 64;
  const data = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const dx = Math.min(x + 0.5, w - x - 0.5) / (w * feather);
      const dy = Math.min(y + 0.5, h - y - 0.5) / (h * feather);
      const t = Math.min(1, dx) * Math.min(1, dy);
      data[(y * w + x) * 4 + 3] = Math.round(255 * t * t * (3 - 2 * t));
    }
  return { w, h, data };
}

/** Grow a quad about its centre by `k` (fraction) and shift it. */
const growQuad = (q: Pt[], k: number, dx: number, dy: number): Pt[] => {
  const cx = q.reduce((a, p) => a + p[0], 0) / 4;
  const cy = q.reduce((a, p) => a + p[1], 0) / 4;
  return q.map(([x, y]) => [cx + (x - cx) * (1 + k) + dx, cy + (y - cy) * (1 + k) + dy]);
};

const rotPts = (pts: Pt[], cx: number, cy: number, ang: number): Pt[] =>
  pts.map(([x, y]) => [
    cx + (x - cx) * Math.cos(ang) - (y - cy) * Math.sin(ang),
    cy + (x - cx) * Math.sin(ang) + (y - cy) * Math.cos(ang),
  ]);

function addNoise(img: Rgb, rng: Rng, sigma: number, chroma: number): void {
  // a seeded table of normal deviates, indexed by slices of a seeded xorshift32 stream
  const table = new Float32Array(1024);
  for (let i = 0; i < 1024; i++) table[i] = rng.gauss();
  let x = rng.int(1, 0x7fffffff) | 0 || 1;
  const d = img.data;
  const n = d.length;
  for (let i = 0; i < n; i += 3) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const l = (table[x & 1023] as number) * sigma;
    const c1 = (table[(x >>> 10) & 1023] as number) * chroma;
    const c2 = (table[(x >>> 20) & 1023] as number) * chroma;
    d[i] = (d[i] as number) + l + c1;
    d[i + 1] = (d[i + 1] as number) + l - 0.5 * (c1 + c2);
    d[i + 2] = (d[i + 2] as number) + l + c2;
  }
}

async function encode(img: Rgb, quality: number): Promise<Buffer> {
  return sharp(toU8(img), { raw: { width: img.w, height: img.h, channels: 3 } })
    .jpeg({ quality: Math.round(quality) })
    .toBuffer();
}

// ---------------------------------------------------------------- scan

export type Pieces = { main: Face; other?: Face; needsBoth: boolean; joined?: Face };

export async function scan(doc: Pieces, rng: Rng): Promise<Buffer> {
  const cardPx = rng.range(900, 1600);
  const unitPx = cardPx / doc.main.w;
  const faces: Face[] = [doc.main];
  let arrangement: 'h' | 'v' = 'h';
  if (doc.other && (doc.needsBoth || rng.chance(0.3))) {
    arrangement = doc.main.w / doc.main.h > 1.2 && rng.chance(0.5) ? 'v' : 'h';
    if (doc.main.h > doc.main.w) arrangement = 'h';
    if (rng.chance(0.5)) faces.unshift(doc.other);
    else faces.push(doc.other);
  }
  lap('start');
  const rendered = await Promise.all(faces.map((f) => renderFace(f, f.w * unitPx, rng)));
  lap('render');
  const gap = rng.range(0.04, 0.12) * cardPx;
  const margin = rng.range(0.05, 0.16) * cardPx;
  const sizes = rendered.map((r) => [r.w, r.h] as const);
  const totalW =
    arrangement === 'h'
      ? sizes.reduce((a, s) => a + s[0], 0) + gap * (sizes.length - 1)
      : Math.max(...sizes.map((s) => s[0]));
  const totalH =
    arrangement === 'v'
      ? sizes.reduce((a, s) => a + s[1], 0) + gap * (sizes.length - 1)
      : Math.max(...sizes.map((s) => s[1]));
  const W = Math.round(totalW + 2 * margin + rng.range(0, 0.3) * cardPx);
  const H = Math.round(totalH + 2 * margin + rng.range(0, 0.3) * cardPx);
  const paperV = rng.weighted([
    [rng.range(238, 252), 6],
    [rng.range(215, 236), 3],
  ] as const);
  const tint = [rng.range(-3, 3), rng.range(-3, 3), rng.range(-5, 2)];
  const globalDeg = rng.range(-2, 2);
  const globalAng = (globalDeg * Math.PI) / 180;
  const ox = margin + rng.range(0, W - totalW - 2 * margin);
  const oy = margin + rng.range(0, H - totalH - 2 * margin);
  const sk = rng.range(0.1, 0.3);
  const shadowSigma = rng.range(1.2, 3);
  const layers: OverlayOptions[] = [];
  let cur = 0;
  for (const r of rendered) {
    const x = arrangement === 'h' ? ox + cur : ox;
    const y = arrangement === 'v' ? oy + cur : oy;
    cur += (arrangement === 'h' ? r.w : r.h) + gap;
    const deg = globalDeg + rng.range(-0.4, 0.4);
    const [cx, cy] = rotPts([[x + r.w / 2, y + r.h / 2]], W / 2, H / 2, globalAng)[0] as Pt;
    const rot = await sharp(r.data, { raw: { width: r.w, height: r.h, channels: 4 } })
      .rotate(deg, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const left = Math.round(cx - rot.info.width / 2);
    const top = Math.round(cy - rot.info.height / 2);
    // faint edge shadow typical of a flatbed lid: the card's alpha, darkened and blurred
    const sh = Buffer.alloc(rot.data.length);
    for (let i = 3; i < sh.length; i += 4) sh[i] = (rot.data[i] as number) * sk;
    const shBlur = await sharp(sh, {
      raw: { width: rot.info.width, height: rot.info.height, channels: 4 },
    })
      .blur(shadowSigma)
      .raw()
      .toBuffer();
    layers.push({
      input: shBlur,
      raw: { width: rot.info.width, height: rot.info.height, channels: 4 },
      left: left + 2,
      top: top + 2,
    });
    layers.push({
      input: rot.data,
      raw: { width: rot.info.width, height: rot.info.height, channels: 4 },
      left,
      top,
    });
  }
  lap('rotate');
  const composed = await sharp({
    create: {
      width: W,
      height: H,
      channels: 3,
      background: {
        r: paperV + (tint[0] as number),
        g: paperV + (tint[1] as number),
        b: paperV + (tint[2] as number),
      },
    },
  })
    .composite(layers)
    .removeAlpha()
    .raw()
    .toBuffer();
  const img = fromU8(composed, W, H);
  lap('composite');

  const out = img;
  const photocopy = rng.chance(0.22);
  if (photocopy) {
    const gamma = rng.range(0.7, 1.1);
    const lo = rng.range(40, 90);
    const hi = rng.range(170, 215);
    const d = out.data;
    const lut = new Float32Array(256);
    for (let i = 0; i < 256; i++) {
      const t = Math.min(1, Math.max(0, (i - lo) / (hi - lo)));
      lut[i] = 255 * Math.pow(t, gamma);
    }
    for (let i = 0; i < W * H; i++) {
      const l =
        0.3 * (d[i * 3] as number) +
        0.59 * (d[i * 3 + 1] as number) +
        0.11 * (d[i * 3 + 2] as number);
      const v = lut[l < 0 ? 0 : l > 255 ? 255 : l | 0] as number;
      d[i * 3] = v;
      d[i * 3 + 1] = v;
      d[i * 3 + 2] = v;
    }
    // toner specks
    const specks = rng.int(50, 400);
    for (let k = 0; k < specks; k++) {
      const x = rng.int(0, W - 3);
      const y = rng.int(0, H - 3);
      const s = rng.int(1, 2);
      for (let yy = 0; yy < s; yy++)
        for (let xx = 0; xx < s; xx++)
          for (let c = 0; c < 3; c++) d[((y + yy) * W + x + xx) * 3 + c] = rng.range(20, 90);
    }
  }
  lap('photocopy');
  addNoise(out, rng, rng.range(1.5, photocopy ? 6 : 4), photocopy ? 0 : rng.range(0, 1.5));
  lap('noise');
  const jpg = await encode(out, rng.range(80, 95));
  lap('encode');
  return jpg;
}

// ---------------------------------------------------------------- photo

export function backgroundSvg(rng: Rng, W: number, H: number): string {
  const kind = rng.weighted([
    ['wood', 3],
    ['cloth', 2],
    ['plain', 3],
    ['granite', 2],
    ['desk', 2],
  ] as const);
  let s = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${DEFS}`;
  if (kind === 'wood') {
    const hue = rng.range(18, 38);
    const l = rng.range(25, 60);
    s += `<rect width="${W}" height="${H}" fill="${hsl(hue, rng.range(35, 60), l)}"/>`;
    s += `<g transform="rotate(${rng.range(-20, 20).toFixed(1)} ${W / 2} ${H / 2})">${waveField(rng, -W * 0.3, -H * 0.3, W * 1.6, H * 1.6, hsl(hue - 5, 50, l - 12), { lines: rng.int(25, 50), width: rng.range(0.7, 2), opacity: 0.5 })}</g>`;
    s += `<g transform="rotate(${rng.range(-20, 20).toFixed(1)} ${W / 2} ${H / 2})">${waveField(rng, -W * 0.3, -H * 0.3, W * 1.6, H * 1.6, hsl(hue + 5, 40, l + 10), { lines: rng.int(20, 40), width: rng.range(0.4, 1), opacity: 0.3 })}</g>`;
  } else if (kind === 'cloth') {
    const hue = rng.range(0, 360);
    const l = rng.range(20, 70);
    const step = rng.range(2, 5);
    const base = hsl(hue, rng.range(10, 50), l);
    const rot = rng.range(0, 90).toFixed(0);
    let hz = '';
    let vt = '';
    const ext = Math.max(W, H) * 1.5;
    for (let t = -ext; t < ext; t += step) {
      hz += `M${(-ext).toFixed(0)} ${t.toFixed(1)}H${ext.toFixed(0)}`;
      vt += `M${t.toFixed(1)} ${(-ext).toFixed(0)}V${ext.toFixed(0)}`;
    }
    s += `<rect width="${W}" height="${H}" fill="${base}"/>`;
    s += `<g transform="rotate(${rot} ${W / 2} ${H / 2})"><path d="${hz}" stroke="${hsl(hue, 30, l - 10)}" stroke-width="${(step * 0.45).toFixed(2)}" stroke-opacity="0.6"/><path d="${vt}" stroke="${hsl(hue, 30, l + 8)}" stroke-width="${(step * 0.35).toFixed(2)}" stroke-opacity="0.45"/></g>`;
    for (let i = 0; i < 5; i++)
      s += `<ellipse cx="${rng.range(0, W).toFixed(0)}" cy="${rng.range(0, H).toFixed(0)}" rx="${rng.range(W * 0.1, W * 0.4).toFixed(0)}" ry="${rng.range(H * 0.05, H * 0.2).toFixed(0)}" fill="${rng.chance(0.5) ? '#000' : '#fff'}" fill-opacity="0.1" transform="rotate(${rng.range(-60, 60).toFixed(0)} ${W / 2} ${H / 2})"/>`;
  } else if (kind === 'granite') {
    const l = rng.range(15, 75);
    s += `<rect width="${W}" height="${H}" fill="${hsl(rng.range(0, 60), rng.range(0, 15), l)}"/>`;
    let d = '';
    for (let i = 0; i < 1400; i++)
      d += `M${rng.range(0, W).toFixed(0)} ${rng.range(0, H).toFixed(0)}h${rng.range(0.6, 2).toFixed(1)}v${rng.range(0.6, 2).toFixed(1)}h-1z`;
    s += `<path d="${d}" fill="${l > 45 ? '#333' : '#ddd'}" fill-opacity="0.45"/>`;
  } else if (kind === 'desk') {
    const l = rng.range(60, 92);
    s += `<rect width="${W}" height="${H}" fill="${hsl(rng.range(0, 240), rng.range(0, 20), l)}"/>`;
    if (rng.chance(0.5))
      s += `<rect x="${rng.range(-W * 0.2, W * 0.6).toFixed(0)}" y="${rng.range(-H * 0.2, H * 0.6).toFixed(0)}" width="${(W * 0.6).toFixed(0)}" height="${(H * 0.8).toFixed(0)}" fill="#fff" fill-opacity="0.8" transform="rotate(${rng.range(-30, 30).toFixed(0)} ${W / 2} ${H / 2})"/>`;
  } else {
    s += `<rect width="${W}" height="${H}" fill="${hsl(rng.range(0, 360), rng.range(0, 25), rng.range(10, 85))}"/>`;
  }
  return `${s}</svg>`;
}

function fingerSvg(
  rng: Rng,
  W: number,
  H: number,
  tip: Pt,
  dir: Pt,
  width: number,
  len: number,
): string {
  const skin = rng.pick(['#e9b896', '#d79e79', '#b67a55', '#8d5a3c', '#f0c9aa', '#6f4630']);
  const ang = (Math.atan2(dir[1], dir[0]) * 180) / Math.PI;
  // drawn along +x from the tip (x=0) outward (x=len)
  const r = width / 2;
  const nail = `<ellipse cx="${(r * 0.85).toFixed(1)}" cy="0" rx="${(r * 0.7).toFixed(1)}" ry="${(r * 0.55).toFixed(1)}" fill="#fbe3d6" fill-opacity="0.55"/>`;
  const body = `<path d="M${r} ${-r}L${len} ${-r * 1.1}L${len} ${r * 1.1}L${r} ${r}A${r} ${r} 0 0 1 ${r} ${-r}Z" fill="${skin}"/>`;
  const shade = `<path d="M${r} ${r * 0.3}L${len} ${r * 0.4}L${len} ${r * 1.1}L${r} ${r}Z" fill="#000" fill-opacity="0.18"/>`;
  const sh = (k: number, o: number): string =>
    `<path transform="translate(${(r * 0.2 * k).toFixed(1)} ${(r * 0.3 * k).toFixed(1)}) scale(${1 + 0.04 * k})" d="M${r} ${-r}L${len} ${-r * 1.1}L${len} ${r * 1.1}L${r} ${r}A${r} ${r} 0 0 1 ${r} ${-r}Z" fill="#000" fill-opacity="${o}"/>`;
  const shadow = sh(2, 0.08) + sh(1.4, 0.1) + sh(0.8, 0.12);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><g transform="translate(${tip[0].toFixed(1)} ${tip[1].toFixed(1)}) rotate(${(ang + 180).toFixed(1)})">${shadow}${body}${shade}${nail}</g></svg>`;
}

export async function photo(doc: Pieces, rng: Rng): Promise<Buffer> {
  const s = Math.pow(rng.next(), 1.7); // strength, skewed mild
  const piece = doc.needsBoth
    ? (doc.joined ?? doc.main)
    : doc.joined && rng.chance(0.2)
      ? doc.joined
      : doc.main;
  const aspect = piece.w / piece.h;
  const tall = aspect < 0.9;
  let long = Math.round(tall ? rng.range(1500, 2000) : rng.range(1000, 2000));
  let landscape = tall ? false : rng.chance(0.75);
  const shortK = rng.range(0.56, 0.75);
  let fill = rng.range(0.62, 0.9) - s * 0.12;
  // keep the print legible: at least ~0.72 px per design unit (0.1 mm) across the card
  const minCw = 0.72 * piece.w;
  const dims = (): [number, number] =>
    landscape ? [long, Math.round(long * shortK)] : [Math.round(long * shortK), long];
  const cardW = (): number => {
    const [w, h] = dims();
    return Math.min(w * fill, h * fill * aspect);
  };
  if (cardW() < minCw) long = Math.min(2000, Math.round((long * minCw) / cardW()));
  if (cardW() < minCw) fill = Math.min(0.93, (fill * minCw) / cardW());
  if (cardW() < minCw && !tall) {
    landscape = true;
    long = Math.min(2000, Math.max(long, Math.round((long * minCw) / cardW())));
  }
  const [W, H] = dims();
  // card quad
  const ang = ((rng.chance(0.5) ? 1 : -1) * (rng.range(0, 2.5) + s * 7.5) * Math.PI) / 180;
  let cw = cardW();
  let ch = cw / aspect;
  const rect: Pt[] = [
    [-cw / 2, -ch / 2],
    [cw / 2, -ch / 2],
    [cw / 2, ch / 2],
    [-cw / 2, ch / 2],
  ];
  // keystone: one edge shorter (tilted phone), plus independent corner jitter
  const k = rng.range(0, 0.04 + s * 0.12);
  const side = rng.int(0, 3);
  const q0: Pt[] = rect.map(([x, y]) => {
    let X = x;
    let Y = y;
    if (side === 0 && y < 0) X *= 1 - k;
    if (side === 1 && y > 0) X *= 1 - k;
    if (side === 2 && x < 0) Y *= 1 - k;
    if (side === 3 && x > 0) Y *= 1 - k;
    const j = (0.005 + s * 0.025) * cw;
    return [X + rng.range(-j, j), Y + rng.range(-j, j)];
  });
  let quad = rotPts(q0, 0, 0, ang);
  // fit in frame with a margin, then place
  const xs = quad.map((p) => p[0]);
  const ys = quad.map((p) => p[1]);
  const bw = Math.max(...xs) - Math.min(...xs);
  const bh = Math.max(...ys) - Math.min(...ys);
  const fit = Math.min(1, (W * 0.96) / bw, (H * 0.96) / bh);
  cw *= fit;
  ch *= fit;
  quad = quad.map(([x, y]) => [x * fit, y * fit]);
  const slackX = (W - bw * fit) / 2 - W * 0.02;
  const slackY = (H - bh * fit) / 2 - H * 0.02;
  const cx = W / 2 + rng.range(-slackX, slackX) * 0.8;
  const cy = H / 2 + rng.range(-slackY, slackY) * 0.8;
  quad = quad.map(([x, y]) => [x + cx, y + cy]);

  // background + shadow
  lap('start');
  const bg = await renderSvgRgb(backgroundSvg(rng, Math.round(W / 3), Math.round(H / 3)), W, H);
  lap('bg');
  const sdx = rng.range(-0.02, 0.03) * cw;
  const sdy = rng.range(0, 0.04) * cw;
  warpInto(
    bg,
    shadowSprite(rng.range(0.05, 0.12)),
    growQuad(quad, rng.range(0.01, 0.04), sdx, sdy),
    rng.range(0.2, 0.55),
  );
  lap('shadow');
  const edgeLen = Math.max(
    ...quad.map((p, i) =>
      Math.hypot(p[0] - (quad[(i + 1) % 4] as Pt)[0], p[1] - (quad[(i + 1) % 4] as Pt)[1]),
    ),
  );
  const card = await renderFace(piece, Math.min(2400, edgeLen * 1.1), rng);
  lap('render');
  warpInto(bg, card, quad);
  lap('warp');
  let img = bg;

  // fingers holding an edge (they stay in the card's outer margin)
  if (rng.chance(0.35)) {
    const fwd = homography(
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ],
      quad,
    );
    const edge = rng.int(0, 3);
    const t = rng.chance(0.5) ? rng.range(0.12, 0.35) : rng.range(0.65, 0.88);
    const depth = piece === doc.main && piece.w > piece.h ? 0.035 : 0.025;
    const on: Pt = edge === 0 ? [t, 0] : edge === 1 ? [1, t] : edge === 2 ? [t, 1] : [0, t];
    const inward: Pt =
      edge === 0
        ? [t, depth * aspect]
        : edge === 1
          ? [1 - depth, t]
          : edge === 2
            ? [t, 1 - depth * aspect]
            : [depth, t];
    const a = apply(fwd, on);
    const tip = apply(fwd, inward);
    const dir: Pt = [tip[0] - a[0], tip[1] - a[1]];
    const n = Math.hypot(dir[0], dir[1]) || 1;
    const overlay = fingerSvg(
      rng,
      W,
      H,
      tip,
      [dir[0] / n, dir[1] / n],
      rng.range(0.09, 0.13) * Math.min(cw, ch),
      Math.max(W, H),
    );
    const base = await sharp(toU8(img), { raw: { width: W, height: H, channels: 3 } })
      .composite([{ input: Buffer.from(overlay), top: 0, left: 0 }])
      .removeAlpha()
      .raw()
      .toBuffer();
    img = fromU8(base, W, H);
  }

  lap('fingers');
  // lighting: gradient, vignette, colour cast, glare, sleeve reflection
  const gx = rng.range(-1, 1);
  const gy = rng.range(-1, 1);
  const gAmp = rng.range(0.05, 0.12 + s * 0.25);
  const vig = rng.range(0, 0.1 + s * 0.25);
  const bright = rng.range(0.9, 1.1) - s * 0.12;
  const cast = rng
    .weighted([
      [[1, 1, 1], 3],
      [[1.06, 1.0, 0.88], 3],
      [[0.92, 0.98, 1.08], 2],
      [[1.03, 1.04, 0.95], 1],
    ] as const)
    .map((c) => 1 + (c - 1) * (0.5 + s));
  const glares: { x: number; y: number; rx: number; ry: number; a: number; ang: number }[] = [];
  const ng = rng.chance(0.25 + s * 0.4) ? rng.int(1, 2) : 0;
  for (let i = 0; i < ng; i++) {
    const p = apply(
      homography(
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ],
        quad,
      ),
      [rng.range(0.1, 0.9), rng.range(0.1, 0.9)],
    );
    glares.push({
      x: p[0],
      y: p[1],
      rx: rng.range(0.05, 0.18) * cw,
      ry: rng.range(0.03, 0.1) * cw,
      a: rng.range(0.2, 0.35 + s * 0.25),
      ang: rng.range(0, Math.PI),
    });
  }
  const sleeve = rng.chance(0.15 + s * 0.2);
  const slA = rng.range(0.08, 0.22);
  const slAng = rng.range(0, Math.PI);
  const slOff = rng.range(-0.3, 0.3) * W;
  const slW = rng.range(0.05, 0.18) * W;
  const d = img.data;
  for (let y = 0; y < H; y++) {
    const ny = y / H - 0.5;
    for (let x = 0; x < W; x++) {
      const nx = x / W - 0.5;
      let m = bright * (1 + gAmp * (gx * nx + gy * ny) * 2) * (1 - vig * (nx * nx + ny * ny) * 2.2);
      let add = 0;
      for (const gl of glares) {
        const dx = x - gl.x;
        const dy = y - gl.y;
        const u = (dx * Math.cos(gl.ang) + dy * Math.sin(gl.ang)) / gl.rx;
        const v = (-dx * Math.sin(gl.ang) + dy * Math.cos(gl.ang)) / gl.ry;
        const r2 = u * u + v * v;
        if (r2 < 9) add += gl.a * Math.exp(-r2);
      }
      if (sleeve) {
        const dist = (x - W / 2) * Math.cos(slAng) + (y - H / 2) * Math.sin(slAng) - slOff;
        const q = dist / slW;
        if (q * q < 9) add += slA * Math.exp(-q * q);
        m *= 0.97;
      }
      if (add > 0.6) add = 0.6;
      const o = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) {
        const v = (d[o + c] as number) * m * (cast[c] as number);
        d[o + c] = v + (250 - v) * add;
      }
    }
  }

  lap('light');
  // optics
  if (rng.chance(0.2 + s * 0.5))
    img = await blurRgb(img, rng.range(0.4, 0.8 + s * 1.4) * (long / 1500));
  if (rng.chance(0.08 + s * 0.3))
    img = await motionBlur(img, 2 + s * 6 * (long / 1500), rng.range(0, Math.PI));
  lap('blur');
  addNoise(img, rng, rng.range(2, 4 + s * 8), rng.range(0.5, 1.5 + s * 3));
  lap('noise');
  const jpg = await encode(img, rng.range(62, 80) - s * 17);
  lap('encode');
  return jpg;
}
