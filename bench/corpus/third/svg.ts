// SVG building blocks for the cards: text that fits its box, security backgrounds, the photo
// placeholder, signatures, holograms and wear marks. Coordinates are card units (width 1000).
import { type Rng } from './rng';

/** `w` is the mean advance of an uppercase letter or digit, in em, measured on these fonts. */
export type Font = { family: string; bold: boolean; w: number };

export const SANS: readonly Font[] = [
  { family: 'DejaVu Sans', bold: false, w: 0.69 },
  { family: 'DejaVu Sans', bold: true, w: 0.77 },
  { family: 'DejaVu Sans Condensed', bold: false, w: 0.62 },
  { family: 'DejaVu Sans Condensed', bold: true, w: 0.69 },
  { family: 'Liberation Sans', bold: false, w: 0.67 },
  { family: 'Liberation Sans', bold: true, w: 0.72 },
  { family: 'Liberation Sans Narrow', bold: false, w: 0.55 },
  { family: 'Liberation Sans Narrow', bold: true, w: 0.6 },
];
export const SERIF: readonly Font[] = [
  { family: 'DejaVu Serif', bold: false, w: 0.72 },
  { family: 'DejaVu Serif', bold: true, w: 0.8 },
  { family: 'DejaVu Serif Condensed', bold: false, w: 0.65 },
  { family: 'Liberation Serif', bold: false, w: 0.66 },
  { family: 'Liberation Serif', bold: true, w: 0.71 },
];
export const MONO: readonly Font[] = [
  { family: 'DejaVu Sans Mono', bold: false, w: 0.61 },
  { family: 'DejaVu Sans Mono', bold: true, w: 0.61 },
  { family: 'Liberation Mono', bold: false, w: 0.61 },
  { family: 'Liberation Mono', bold: true, w: 0.61 },
];

export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const n1 = (v: number) => (Math.round(v * 10) / 10).toString();

export function textWidth(s: string, size: number, font: Font): number {
  let units = 0;
  for (const ch of s) units += ch === ' ' ? 0.33 : /[.,:/\-|'ºª°]/.test(ch) ? 0.38 : font.w;
  return units * size;
}

export type TextOpts = {
  fill?: string;
  maxW?: number;
  anchor?: 'start' | 'middle' | 'end';
  opacity?: number;
  rotate?: number;
  spacing?: number;
};

/** One line of text; shrinks the font size rather than overflow `maxW`. */
export function txt(
  x: number,
  y: number,
  s: string,
  size: number,
  font: Font,
  o: TextOpts = {},
): string {
  let fs = size;
  if (o.maxW !== undefined) {
    const w = textWidth(s, fs, font) + (o.spacing ?? 0) * s.length;
    if (w > o.maxW) fs = Math.max(6, (fs * o.maxW) / w);
  }
  const attrs = [
    `x="${n1(x)}"`,
    `y="${n1(y)}"`,
    `font-family="${font.family}"`,
    `font-size="${n1(fs)}"`,
    font.bold ? 'font-weight="bold"' : '',
    o.anchor && o.anchor !== 'start' ? `text-anchor="${o.anchor}"` : '',
    `fill="${o.fill ?? '#111'}"`,
    o.opacity !== undefined ? `fill-opacity="${o.opacity.toFixed(2)}"` : '',
    o.spacing ? `letter-spacing="${n1(o.spacing)}"` : '',
    o.rotate ? `transform="rotate(${n1(o.rotate)} ${n1(x)} ${n1(y)})"` : '',
  ].filter(Boolean);
  return `<text ${attrs.join(' ')}>${esc(s)}</text>`;
}

function hsl(h: number, s: number, l: number): string {
  return `hsl(${Math.round(h)},${Math.round(s)}%,${Math.round(l)}%)`;
}

/** Overlapping rosettes, the guilloché every identity card carries. */
export function guilloche(rng: Rng, w: number, h: number, color: string, count: number): string {
  let out = '';
  for (let k = 0; k < count; k++) {
    const cx = rng.range(0.1, 0.9) * w;
    const cy = rng.range(0.15, 0.85) * h;
    const r0 = rng.range(0.12, 0.3) * h;
    const amp = rng.range(0.15, 0.45) * r0;
    const lobes = rng.int(6, 18);
    const rings = rng.int(8, 16);
    const op = rng.range(0.25, 0.5);
    // All rings of a rosette in one path: one stroke operation for the renderer instead of many.
    let d = '';
    for (let j = 0; j < rings; j++) {
      const phase = (j / rings) * Math.PI * 2 * rng.range(0.2, 0.5);
      const scale = 1 - j * 0.035;
      const steps = 110;
      for (let i = 0; i <= steps; i++) {
        const t = (i / steps) * Math.PI * 2;
        const r = (r0 + amp * Math.sin(lobes * t + phase)) * scale;
        d += `${i ? 'L' : 'M'}${n1(cx + r * Math.cos(t))} ${n1(cy + r * Math.sin(t))}`;
      }
    }
    out += `<path d="${d}" fill="none" stroke="${color}" stroke-width="0.7" stroke-opacity="${op.toFixed(2)}"/>`;
  }
  return out;
}

/** Fine sinusoidal lines across the card. */
export function waves(rng: Rng, w: number, h: number, color: string): string {
  const step = rng.range(6.5, 12);
  const amp = rng.range(3, 14);
  const lambda = rng.range(60, 220);
  const tilt = rng.range(-0.15, 0.15);
  const op = rng.range(0.2, 0.45);
  let d = '';
  for (let y0 = -amp; y0 < h + amp + w * Math.abs(tilt); y0 += step) {
    const ph = y0 * rng.range(0.01, 0.03);
    for (let i = 0; i <= 60; i++) {
      const x = (i / 60) * w;
      const y = y0 + amp * Math.sin((x / lambda) * Math.PI * 2 + ph) - tilt * x;
      d += `${i ? 'L' : 'M'}${n1(x)} ${n1(y)}`;
    }
  }
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="0.6" stroke-opacity="${op.toFixed(2)}"/>`;
}

/** Repeated tiny text, as the microprinting bands on the documents. */
export function microtext(rng: Rng, w: number, h: number, phrase: string, color: string): string {
  const font = rng.pick(SANS);
  const size = rng.range(5, 7);
  const line = `${phrase} `.repeat(Math.ceil(w / ((phrase.length + 1) * size * 0.6)) + 1);
  let out = '';
  const rows = rng.int(1, 3);
  for (let i = 0; i < rows; i++) {
    out += txt(rng.range(-40, 0), rng.range(0.1, 0.98) * h, line, size, font, {
      fill: color,
      opacity: rng.range(0.3, 0.6),
    });
  }
  return out;
}

// Gradient ids only need to be unique within one card; the counter restarts per card so the
// SVG text, not just its rendering, is reproducible.
let gradientCounter = 0;
export function resetIds(): void {
  gradientCounter = 0;
}
function gid(prefix: string): string {
  gradientCounter += 1;
  return `${prefix}${gradientCounter}`;
}

/** A face-like placeholder: backdrop, shoulders, neck, head, hair and plain features. */
export function photoPlaceholder(
  rng: Rng,
  x: number,
  y: number,
  w: number,
  h: number,
  gray: boolean,
): string {
  const g = (hue: number, s: number, l: number) => (gray ? hsl(0, 0, l) : hsl(hue, s, l));
  const skinL = rng.range(30, 78);
  const skin = g(rng.range(18, 34), rng.range(30, 55), skinL);
  const skinDark = g(20, 35, skinL - 10);
  const hair = g(rng.range(15, 40), rng.range(10, 40), rng.range(5, 45));
  const cloth = g(rng.range(0, 360), rng.range(10, 50), rng.range(10, 45));
  const bg = g(rng.range(190, 220), rng.range(5, 25), rng.range(78, 95));
  const cx = x + w / 2 + rng.range(-0.05, 0.05) * w;
  const hy = y + h * rng.range(0.36, 0.44);
  const rx = w * rng.range(0.2, 0.26);
  const ry = rx * rng.range(1.22, 1.4);
  const sh = y + h * 0.78;
  let s = `<g><rect x="${n1(x)}" y="${n1(y)}" width="${n1(w)}" height="${n1(h)}" fill="${bg}"/>`;
  s += `<path d="M${n1(x)} ${n1(y + h)} L${n1(x)} ${n1(sh + h * 0.08)} Q${n1(cx - w * 0.4)} ${n1(sh - h * 0.04)} ${n1(cx - rx * 0.6)} ${n1(sh - h * 0.06)} L${n1(cx + rx * 0.6)} ${n1(sh - h * 0.06)} Q${n1(cx + w * 0.4)} ${n1(sh - h * 0.04)} ${n1(x + w)} ${n1(sh + h * 0.08)} L${n1(x + w)} ${n1(y + h)} Z" fill="${cloth}"/>`;
  s += `<rect x="${n1(cx - rx * 0.45)}" y="${n1(hy + ry * 0.6)}" width="${n1(rx * 0.9)}" height="${n1(sh - hy - ry * 0.6)}" fill="${skinDark}"/>`;
  s += `<ellipse cx="${n1(cx)}" cy="${n1(hy)}" rx="${n1(rx)}" ry="${n1(ry)}" fill="${skin}"/>`;
  const hairStyle = rng.int(0, 2);
  if (hairStyle === 0) {
    s += `<path d="M${n1(cx - rx * 1.05)} ${n1(hy)} Q${n1(cx - rx * 1.1)} ${n1(hy - ry * 1.25)} ${n1(cx)} ${n1(hy - ry * 1.12)} Q${n1(cx + rx * 1.1)} ${n1(hy - ry * 1.25)} ${n1(cx + rx * 1.05)} ${n1(hy)} Q${n1(cx + rx * 0.8)} ${n1(hy - ry * 0.6)} ${n1(cx)} ${n1(hy - ry * 0.7)} Q${n1(cx - rx * 0.8)} ${n1(hy - ry * 0.6)} ${n1(cx - rx * 1.05)} ${n1(hy)} Z" fill="${hair}"/>`;
  } else if (hairStyle === 1) {
    s += `<path d="M${n1(cx - rx * 1.25)} ${n1(hy + ry * 1.3)} Q${n1(cx - rx * 1.5)} ${n1(hy - ry * 1.3)} ${n1(cx)} ${n1(hy - ry * 1.15)} Q${n1(cx + rx * 1.5)} ${n1(hy - ry * 1.3)} ${n1(cx + rx * 1.25)} ${n1(hy + ry * 1.3)} L${n1(cx + rx * 0.9)} ${n1(hy + ry * 0.2)} Q${n1(cx)} ${n1(hy - ry * 0.9)} ${n1(cx - rx * 0.9)} ${n1(hy + ry * 0.2)} Z" fill="${hair}"/>`;
  }
  const ey = hy - ry * 0.08;
  const eyeC = g(25, 30, 15);
  s += `<ellipse cx="${n1(cx - rx * 0.38)}" cy="${n1(ey)}" rx="${n1(rx * 0.13)}" ry="${n1(rx * 0.07)}" fill="${eyeC}"/>`;
  s += `<ellipse cx="${n1(cx + rx * 0.38)}" cy="${n1(ey)}" rx="${n1(rx * 0.13)}" ry="${n1(rx * 0.07)}" fill="${eyeC}"/>`;
  s += `<path d="M${n1(cx)} ${n1(ey + ry * 0.08)} L${n1(cx - rx * 0.08)} ${n1(ey + ry * 0.38)} L${n1(cx + rx * 0.06)} ${n1(ey + ry * 0.4)}" fill="none" stroke="${skinDark}" stroke-width="${n1(rx * 0.05)}"/>`;
  s += `<path d="M${n1(cx - rx * 0.3)} ${n1(hy + ry * 0.52)} Q${n1(cx)} ${n1(hy + ry * (0.52 + rng.range(0, 0.12)))} ${n1(cx + rx * 0.3)} ${n1(hy + ry * 0.52)}" fill="none" stroke="${g(0, 35, 30)}" stroke-width="${n1(rx * 0.06)}"/>`;
  return `${s}</g>`;
}

/** A handwritten-looking scrawl from random cubic Bézier strokes. */
export function signature(
  rng: Rng,
  x: number,
  y: number,
  w: number,
  h: number,
  color: string,
): string {
  const strokes = rng.int(1, 3);
  let out = '';
  let px = x;
  for (let s = 0; s < strokes; s++) {
    const segs = rng.int(3, 8);
    const segW = (w / strokes / segs) * rng.range(0.8, 1.3);
    let cx = px;
    let cy = y + h * rng.range(0.3, 0.7);
    let d = `M${n1(cx)} ${n1(cy)}`;
    for (let i = 0; i < segs; i++) {
      const nx = cx + segW * rng.range(0.5, 1.5);
      const ny = y + h * rng.range(0.1, 0.9);
      d += ` C${n1(cx + segW * rng.range(-0.6, 1.2))} ${n1(y + h * rng.range(-0.3, 1.3))} ${n1(nx + segW * rng.range(-1.2, 0.6))} ${n1(y + h * rng.range(-0.3, 1.3))} ${n1(nx)} ${n1(ny)}`;
      cx = nx;
      cy = ny;
    }
    px = cx + segW * rng.range(0.2, 1);
    out += `<path d="${d}" fill="none" stroke="${color}" stroke-width="${n1(rng.range(1.2, 3))}" stroke-linecap="round" stroke-linejoin="round" stroke-opacity="${rng.range(0.75, 0.95).toFixed(2)}"/>`;
  }
  if (rng.chance(0.5)) {
    out += `<path d="M${n1(x + w * rng.range(0, 0.3))} ${n1(y + h * rng.range(0.75, 1))} Q${n1(x + w * 0.5)} ${n1(y + h * rng.range(0.6, 1.2))} ${n1(x + w * rng.range(0.7, 1))} ${n1(y + h * rng.range(0.7, 0.95))}" fill="none" stroke="${color}" stroke-width="${n1(rng.range(1, 2.2))}" stroke-linecap="round" stroke-opacity="0.85"/>`;
  }
  return out;
}

/** An iridescent patch: rainbow gradient, translucent, with a few bright rings. */
export function hologram(rng: Rng, cx: number, cy: number, r: number): string {
  const id = gid('holo');
  const hue = rng.range(0, 360);
  const stops = [0, 0.25, 0.5, 0.75, 1]
    .map((o, i) => `<stop offset="${o}" stop-color="${hsl(hue + i * 70, 80, 72)}"/>`)
    .join('');
  const angle = rng.range(0, 180);
  const op = rng.range(0.22, 0.45);
  const shape = rng.chance(0.5)
    ? `<circle cx="${n1(cx)}" cy="${n1(cy)}" r="${n1(r)}" fill="url(#${id})" fill-opacity="${op.toFixed(2)}"/>`
    : `<rect x="${n1(cx - r * 1.4)}" y="${n1(cy - r * 0.7)}" width="${n1(r * 2.8)}" height="${n1(r * 1.4)}" rx="${n1(r * 0.2)}" fill="url(#${id})" fill-opacity="${op.toFixed(2)}"/>`;
  let rings = '';
  for (let i = 1; i <= 4; i++) {
    rings += `<circle cx="${n1(cx)}" cy="${n1(cy)}" r="${n1((r * i) / 5)}" fill="none" stroke="#fff" stroke-width="1" stroke-opacity="${(op * 0.9).toFixed(2)}"/>`;
  }
  return `<defs><linearGradient id="${id}" gradientTransform="rotate(${n1(angle)} .5 .5)">${stops}</linearGradient></defs>${shape}${rings}`;
}

/** Ridges of a thumbprint, for the RG's photo side. */
export function fingerprint(rng: Rng, cx: number, cy: number, r: number): string {
  let d = '';
  for (let i = 1; i < 16; i++) {
    const rr = (r * i) / 16;
    const a0 = rng.range(0, Math.PI * 2);
    const span = rng.range(Math.PI * 1.2, Math.PI * 1.9);
    const x0 = cx + rr * Math.cos(a0);
    const y0 = cy + rr * 1.3 * Math.sin(a0);
    const x1 = cx + rr * Math.cos(a0 + span);
    const y1 = cy + rr * 1.3 * Math.sin(a0 + span);
    d += `M${n1(x0)} ${n1(y0)} A${n1(rr)} ${n1(rr * 1.3)} 0 ${span > Math.PI ? 1 : 0} 1 ${n1(x1)} ${n1(y1)}`;
  }
  return `<path d="${d}" fill="none" stroke="#333" stroke-width="${n1(r * 0.035)}" stroke-opacity="0.75"/>`;
}

/** Wear for the photographed cards: translucent blotches and a crease. */
export function wear(rng: Rng, w: number, h: number, strength: number): string {
  let out = '';
  const stains = rng.int(0, Math.round(1 + strength * 3));
  for (let i = 0; i < stains; i++) {
    const id = gid('stain');
    const hue = rng.range(20, 45);
    const col = hsl(hue, rng.range(20, 60), rng.range(25, 55));
    const op = rng.range(0.08, 0.12 + 0.2 * strength);
    const cx = rng.range(0, w);
    const cy = rng.range(0, h);
    const rx = rng.range(20, 110);
    out += `<defs><radialGradient id="${id}"><stop offset="0" stop-color="${col}" stop-opacity="${(op * 0.6).toFixed(2)}"/><stop offset="0.8" stop-color="${col}" stop-opacity="${op.toFixed(2)}"/><stop offset="1" stop-color="${col}" stop-opacity="0"/></radialGradient></defs>`;
    out += `<ellipse cx="${n1(cx)}" cy="${n1(cy)}" rx="${n1(rx)}" ry="${n1(rx * rng.range(0.5, 1.2))}" transform="rotate(${n1(rng.range(0, 180))} ${n1(cx)} ${n1(cy)})" fill="url(#${id})"/>`;
  }
  if (rng.chance(0.35 + strength * 0.5)) {
    const vertical = rng.chance(0.6);
    const t0 = rng.range(0.35, 0.65);
    const t1 = t0 + rng.range(-0.08, 0.08);
    const [x0, y0, x1, y1] = vertical ? [t0 * w, -5, t1 * w, h + 5] : [-5, t0 * h, w + 5, t1 * h];
    const nx = vertical ? 1 : 0;
    const ny = vertical ? 0 : 1;
    const dark = rng.range(0.12, 0.25 + 0.2 * strength);
    out += `<path d="M${n1(x0 - nx * 2)} ${n1(y0 - ny * 2)} L${n1(x1 - nx * 2)} ${n1(y1 - ny * 2)}" stroke="#000" stroke-width="2.5" stroke-opacity="${dark.toFixed(2)}"/>`;
    out += `<path d="M${n1(x0 + nx * 1.5)} ${n1(y0 + ny * 1.5)} L${n1(x1 + nx * 1.5)} ${n1(y1 + ny * 1.5)}" stroke="#fff" stroke-width="2.5" stroke-opacity="${(dark * 1.6).toFixed(2)}"/>`;
    const id = gid('fold');
    out += `<defs><linearGradient id="${id}" x1="${vertical ? 0 : 0.5}" y1="${vertical ? 0.5 : 0}" x2="${vertical ? 1 : 0.5}" y2="${vertical ? 0.5 : 1}"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${(dark * 0.5).toFixed(2)}"/></linearGradient></defs>`;
    out += vertical
      ? `<rect x="${n1(Math.min(x0, x1) - 60)}" y="0" width="60" height="${h}" fill="url(#${id})"/>`
      : `<rect x="0" y="${n1(Math.min(y0, y1) - 60)}" width="${w}" height="60" fill="url(#${id})"/>`;
  }
  return out;
}
