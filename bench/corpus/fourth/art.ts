// Decorative and biometric-looking elements (all procedural SVG).
import { type Rng } from './rng.js';

const f2 = (n: number): string => n.toFixed(1);

/** Bands of interleaved sine waves filling a rectangle (a simple guilloché). */
export function waveField(
  rng: Rng,
  x: number,
  y: number,
  w: number,
  h: number,
  color: string,
  opts: { lines?: number; width?: number; opacity?: number } = {},
): string {
  const n = opts.lines ?? rng.int(22, 40);
  const sw = opts.width ?? rng.range(0.6, 1.2);
  const lam1 = rng.range(w / 9, w / 4);
  const lam2 = rng.range(w / 25, w / 12);
  const a1 = rng.range(h / 30, h / 10);
  const a2 = rng.range(h / 120, h / 40);
  const phaseStep = rng.range(0.08, 0.35);
  const step = Math.max(4, w / 140);
  let d = '';
  for (let k = 0; k < n; k++) {
    const y0 = y + ((k + 0.5) / n) * h;
    const ph = k * phaseStep;
    for (let px = 0; px <= w + 0.01; px += step) {
      const py =
        y0 +
        a1 * Math.sin((2 * Math.PI * px) / lam1 + ph) +
        a2 * Math.sin((2 * Math.PI * px) / lam2 - 2 * ph);
      d += `${px === 0 ? 'M' : 'L'}${f2(x + px)} ${f2(py)}`;
    }
  }
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${sw.toFixed(2)}" stroke-opacity="${(opts.opacity ?? 0.55).toFixed(2)}"/>`;
}

/** A spirograph rosette. */
export function rosette(
  rng: Rng,
  cx: number,
  cy: number,
  r: number,
  color: string,
  opacity = 0.5,
): string {
  const R = r;
  const k = rng.int(5, 13);
  const rr = R / k;
  const dd = rng.range(0.5, 1.6) * rr;
  const loops = rng.int(3, 7);
  let d = '';
  const steps = 700;
  for (let i = 0; i <= steps; i++) {
    const t = (i / steps) * Math.PI * 2 * loops;
    const px = (R - rr) * Math.cos(t) + dd * Math.cos(((R - rr) / rr) * t);
    const py = (R - rr) * Math.sin(t) - dd * Math.sin(((R - rr) / rr) * t);
    d += `${i ? 'L' : 'M'}${f2(cx + px * 0.62)} ${f2(cy + py * 0.62)}`;
  }
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="0.7" stroke-opacity="${opacity.toFixed(2)}"/>`;
}

/** Concentric wavy rings (used as a watermark-like seal). */
export function seal(
  rng: Rng,
  cx: number,
  cy: number,
  r: number,
  color: string,
  opacity = 0.35,
): string {
  let d = '';
  const rings = rng.int(6, 11);
  const lobes = rng.int(12, 28);
  for (let k = 1; k <= rings; k++) {
    const rk = (r * k) / rings;
    for (let i = 0; i <= 180; i++) {
      const t = (i / 180) * Math.PI * 2;
      const rad = rk * (1 + 0.05 * Math.sin(lobes * t + k));
      d += `${i ? 'L' : 'M'}${f2(cx + rad * Math.cos(t))} ${f2(cy + rad * Math.sin(t))}`;
    }
  }
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="0.8" stroke-opacity="${opacity.toFixed(2)}"/>`;
}

/** A star emblem loosely evoking the national arms. */
export function emblem(cx: number, cy: number, r: number, color: string, opacity = 0.9): string {
  let star = '';
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rad = i % 2 ? r * 0.42 : r;
    star += `${i ? 'L' : 'M'}${f2(cx + rad * Math.cos(a))} ${f2(cy + rad * Math.sin(a))}`;
  }
  return `<g opacity="${opacity}"><path d="${star}Z" fill="none" stroke="${color}" stroke-width="${f2(r * 0.08)}"/><circle cx="${f2(cx)}" cy="${f2(cy)}" r="${f2(r * 0.36)}" fill="none" stroke="${color}" stroke-width="${f2(r * 0.06)}"/><circle cx="${f2(cx)}" cy="${f2(cy)}" r="${f2(r * 1.12)}" fill="none" stroke="${color}" stroke-width="${f2(r * 0.04)}" stroke-dasharray="${f2(r * 0.1)} ${f2(r * 0.08)}"/></g>`;
}

const SKIN = [
  '#f1c9a5',
  '#e0ac83',
  '#c68a62',
  '#a86f4c',
  '#8a5638',
  '#6b4029',
  '#f5d6bd',
  '#d9a077',
];
const HAIR = [
  '#1b1410',
  '#2e2018',
  '#4a3222',
  '#6b4a2f',
  '#8c6a45',
  '#b8b0a4',
  '#d8cfc2',
  '#241a14',
];
const PHOTO_BG = ['#f2f2f0', '#dfe6ee', '#e8e4dc', '#cfd8e3', '#ffffff', '#e6ecef'];
const SHIRT = [
  '#1d2a44',
  '#3b3b3b',
  '#7a1f2b',
  '#eaeaea',
  '#2f5a3a',
  '#5b6b85',
  '#202020',
  '#8a6d4a',
];

/** A face placeholder that reads as an ID photo. */
export function face(
  rng: Rng,
  x: number,
  y: number,
  w: number,
  h: number,
  sex: 'M' | 'F',
  gray = false,
): string {
  const skin = rng.pick(SKIN);
  const hair = rng.pick(HAIR);
  const bg = rng.pick(PHOTO_BG);
  const shirt = rng.pick(SHIRT);
  const cx = x + w * rng.range(0.46, 0.54);
  const headRx = w * rng.range(0.22, 0.27);
  const headRy = h * rng.range(0.2, 0.24);
  const headCy = y + h * rng.range(0.38, 0.44);
  const neckTop = headCy + headRy * 0.8;
  const shoulderY = y + h * 0.8;
  const longHair = sex === 'F' ? rng.chance(0.75) : rng.chance(0.08);
  const eyeY = headCy - headRy * 0.05;
  const eyeDx = headRx * 0.42;
  const id = `c${rng.int(0, 1e9)}`;
  let s = `<clipPath id="${id}"><rect x="${f2(x)}" y="${f2(y)}" width="${f2(w)}" height="${f2(h)}"/></clipPath><g clip-path="url(#${id})"${gray ? ' filter="url(#gray)"' : ''}>`;
  s += `<rect x="${f2(x)}" y="${f2(y)}" width="${f2(w)}" height="${f2(h)}" fill="${bg}"/>`;
  if (longHair)
    s += `<ellipse cx="${f2(cx)}" cy="${f2(headCy + headRy * 0.5)}" rx="${f2(headRx * 1.3)}" ry="${f2(headRy * 1.5)}" fill="${hair}"/>`;
  s += `<path d="M${f2(x - w * 0.05)} ${f2(y + h)}L${f2(x - w * 0.02)} ${f2(shoulderY + h * 0.05)}Q${f2(cx - w * 0.3)} ${f2(shoulderY - h * 0.08)} ${f2(cx - w * 0.09)} ${f2(shoulderY - h * 0.1)}L${f2(cx + w * 0.09)} ${f2(shoulderY - h * 0.1)}Q${f2(cx + w * 0.3)} ${f2(shoulderY - h * 0.08)} ${f2(x + w * 1.02)} ${f2(shoulderY + h * 0.05)}L${f2(x + w * 1.05)} ${f2(y + h)}Z" fill="${shirt}"/>`;
  s += `<rect x="${f2(cx - headRx * 0.42)}" y="${f2(neckTop)}" width="${f2(headRx * 0.84)}" height="${f2(shoulderY - neckTop - h * 0.04)}" fill="${skin}"/>`;
  s += `<path d="M${f2(cx - headRx * 0.42)} ${f2(shoulderY - h * 0.1)}L${f2(cx)} ${f2(shoulderY + h * 0.02)}L${f2(cx + headRx * 0.42)} ${f2(shoulderY - h * 0.1)}Z" fill="${skin}"/>`;
  s += `<ellipse cx="${f2(cx)}" cy="${f2(headCy)}" rx="${f2(headRx)}" ry="${f2(headRy)}" fill="${skin}"/>`;
  s += `<path d="M${f2(cx - headRx * 1.04)} ${f2(headCy - headRy * 0.05)}Q${f2(cx - headRx * 1.1)} ${f2(headCy - headRy * 1.25)} ${f2(cx)} ${f2(headCy - headRy * 1.12)}Q${f2(cx + headRx * 1.1)} ${f2(headCy - headRy * 1.25)} ${f2(cx + headRx * 1.04)} ${f2(headCy - headRy * 0.05)}Q${f2(cx + headRx * 0.8)} ${f2(headCy - headRy * 0.7)} ${f2(cx)} ${f2(headCy - headRy * 0.62)}Q${f2(cx - headRx * 0.8)} ${f2(headCy - headRy * 0.7)} ${f2(cx - headRx * 1.04)} ${f2(headCy - headRy * 0.05)}Z" fill="${hair}"/>`;
  for (const sgn of [-1, 1]) {
    s += `<ellipse cx="${f2(cx + sgn * eyeDx)}" cy="${f2(eyeY)}" rx="${f2(headRx * 0.14)}" ry="${f2(headRy * 0.06)}" fill="#fff" fill-opacity="0.8"/>`;
    s += `<circle cx="${f2(cx + sgn * eyeDx)}" cy="${f2(eyeY)}" r="${f2(headRy * 0.055)}" fill="#2a1d15"/>`;
    s += `<path d="M${f2(cx + sgn * eyeDx - headRx * 0.18)} ${f2(eyeY - headRy * 0.16)}Q${f2(cx + sgn * eyeDx)} ${f2(eyeY - headRy * 0.22)} ${f2(cx + sgn * eyeDx + headRx * 0.18)} ${f2(eyeY - headRy * 0.16)}" stroke="${hair}" stroke-width="${f2(headRy * 0.05)}" fill="none"/>`;
  }
  s += `<path d="M${f2(cx)} ${f2(eyeY + headRy * 0.05)}L${f2(cx - headRx * 0.1)} ${f2(headCy + headRy * 0.35)}L${f2(cx + headRx * 0.06)} ${f2(headCy + headRy * 0.37)}" stroke="#000" stroke-opacity="0.25" stroke-width="${f2(headRy * 0.03)}" fill="none"/>`;
  s += `<path d="M${f2(cx - headRx * 0.3)} ${f2(headCy + headRy * 0.58)}Q${f2(cx)} ${f2(headCy + headRy * (0.6 + rng.range(0, 0.12)))} ${f2(cx + headRx * 0.3)} ${f2(headCy + headRy * 0.58)}" stroke="#7a3b32" stroke-width="${f2(headRy * 0.045)}" fill="none"/>`;
  if (sex === 'M' && rng.chance(0.25))
    s += `<path d="M${f2(cx - headRx * 0.7)} ${f2(headCy + headRy * 0.4)}Q${f2(cx)} ${f2(headCy + headRy * 1.25)} ${f2(cx + headRx * 0.7)} ${f2(headCy + headRy * 0.4)}" fill="${hair}" fill-opacity="0.45"/>`;
  if (rng.chance(0.15))
    for (const sgn of [-1, 1])
      s += `<circle cx="${f2(cx + sgn * eyeDx)}" cy="${f2(eyeY)}" r="${f2(headRx * 0.24)}" fill="none" stroke="#222" stroke-width="${f2(headRy * 0.03)}"/>`;
  s += '</g>';
  return s;
}

/** A scribbled signature inside a box. */
export function signature(
  rng: Rng,
  x: number,
  y: number,
  w: number,
  h: number,
  color = '#1a2a6b',
  width?: number,
): string {
  const n = rng.int(5, 11);
  let px = x + w * rng.range(0.02, 0.15);
  const baseY = y + h * rng.range(0.55, 0.75);
  let d = `M${f2(px)} ${f2(baseY)}`;
  const stepX = (w * rng.range(0.55, 0.85)) / n;
  for (let i = 0; i < n; i++) {
    const up = baseY - h * rng.range(0.15, 0.65);
    const nx = px + stepX * rng.range(0.6, 1.4);
    d += `C${f2(px + stepX * rng.range(-0.6, 0.6))} ${f2(up)} ${f2(nx + stepX * rng.range(-0.8, 0.4))} ${f2(up - h * rng.range(-0.1, 0.2))} ${f2(nx)} ${f2(baseY + h * rng.range(-0.12, 0.2))}`;
    px = nx;
  }
  if (rng.chance(0.6))
    d += `M${f2(x + w * rng.range(0.05, 0.3))} ${f2(baseY + h * rng.range(0.1, 0.25))}Q${f2(x + w * 0.6)} ${f2(baseY + h * rng.range(0.0, 0.35))} ${f2(x + w * rng.range(0.75, 0.98))} ${f2(baseY - h * rng.range(0, 0.3))}`;
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${f2(width ?? Math.max(1.2, h * 0.04))}" stroke-linecap="round" stroke-linejoin="round" stroke-opacity="0.85"/>`;
}

/** Fingerprint-like ridges. */
export function thumbprint(
  rng: Rng,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  color = '#222',
): string {
  let d = '';
  const rings = rng.int(12, 18);
  const wob = rng.range(0.02, 0.06);
  const ph = rng.range(0, 6);
  for (let k = 1; k <= rings; k++) {
    const a0 = k < 4 ? 0.6 : 0;
    for (let i = 0; i <= 90; i++) {
      const t = a0 + (i / 90) * (Math.PI * 2 - 2 * a0) - Math.PI / 2;
      const f = 1 + wob * Math.sin(5 * t + ph + k * 0.4);
      const px = cx + ((rx * k) / rings) * f * Math.cos(t);
      const py = cy + ((ry * k) / rings) * f * Math.sin(t) + (k / rings) * ry * 0.1;
      d += `${i ? 'L' : 'M'}${f2(px)} ${f2(py)}`;
    }
  }
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${f2(rx / rings / 2.6)}" stroke-opacity="0.75"/>`;
}

/** A QR-like block (random modules, three finder patterns). */
export function qrBlock(rng: Rng, x: number, y: number, size: number, color = '#111'): string {
  const n = 29;
  const m = size / n;
  let d = '';
  const finder = (i: number, j: number): boolean => {
    const inF = (a: number, b: number): boolean => i >= a && i < a + 7 && j >= b && j < b + 7;
    return inF(0, 0) || inF(0, n - 7) || inF(n - 7, 0);
  };
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      if (finder(i, j) || (i < 8 && j < 8) || (i < 8 && j >= n - 8) || (i >= n - 8 && j < 8))
        continue;
      if (rng.chance(0.5)) d += `M${f2(x + j * m)} ${f2(y + i * m)}h${f2(m)}v${f2(m)}h${f2(-m)}Z`;
    }
  for (const [i, j] of [
    [0, 0],
    [0, n - 7],
    [n - 7, 0],
  ] as const) {
    const fx = x + j * m;
    const fy = y + i * m;
    d += `M${f2(fx)} ${f2(fy)}h${f2(7 * m)}v${f2(7 * m)}h${f2(-7 * m)}Z M${f2(fx + m)} ${f2(fy + m)}v${f2(5 * m)}h${f2(5 * m)}v${f2(-5 * m)}Z M${f2(fx + 2 * m)} ${f2(fy + 2 * m)}h${f2(3 * m)}v${f2(3 * m)}h${f2(-3 * m)}Z`;
  }
  return `<rect x="${f2(x - m)}" y="${f2(y - m)}" width="${f2(size + 2 * m)}" height="${f2(size + 2 * m)}" fill="#fff"/><path d="${d}" fill="${color}" fill-rule="evenodd"/>`;
}

/** A 1D barcode. */
export function barcode(
  rng: Rng,
  x: number,
  y: number,
  w: number,
  h: number,
  color = '#111',
): string {
  let d = '';
  let px = x;
  const unit = w / 160;
  while (px < x + w - unit * 4) {
    const bw = unit * rng.int(1, 4);
    d += `M${f2(px)} ${f2(y)}h${f2(bw)}v${f2(h)}h${f2(-bw)}Z`;
    px += bw + unit * rng.int(1, 3);
  }
  return `<path d="${d}" fill="${color}"/>`;
}
