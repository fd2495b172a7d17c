// Text as SVG outlines, from the system TTFs through opentype.js (no fontconfig involved).
// Glyphs are laid out one by one with pair kerning only (DejaVu's GSUB tables trip opentype.js).
import { readFileSync } from 'node:fs';
import opentype from 'opentype.js';

const FONT_FILES = {
  sans: 'dejavu/DejaVuSans.ttf',
  sansBold: 'dejavu/DejaVuSans-Bold.ttf',
  sansCond: 'dejavu/DejaVuSansCondensed.ttf',
  sansCondBold: 'dejavu/DejaVuSansCondensed-Bold.ttf',
  sansLight: 'dejavu/DejaVuSans-ExtraLight.ttf',
  serif: 'dejavu/DejaVuSerif.ttf',
  serifBold: 'dejavu/DejaVuSerif-Bold.ttf',
  serifCond: 'dejavu/DejaVuSerifCondensed.ttf',
  mono: 'dejavu/DejaVuSansMono.ttf',
  monoBold: 'dejavu/DejaVuSansMono-Bold.ttf',
  libSans: 'liberation/LiberationSans-Regular.ttf',
  libSansBold: 'liberation/LiberationSans-Bold.ttf',
  libSansItalic: 'liberation/LiberationSans-Italic.ttf',
  narrow: 'liberation/LiberationSansNarrow-Regular.ttf',
  narrowBold: 'liberation/LiberationSansNarrow-Bold.ttf',
  libSerif: 'liberation/LiberationSerif-Regular.ttf',
  libSerifBold: 'liberation/LiberationSerif-Bold.ttf',
  libSerifItalic: 'liberation/LiberationSerif-Italic.ttf',
  libMono: 'liberation/LiberationMono-Regular.ttf',
  libMonoBold: 'liberation/LiberationMono-Bold.ttf',
} as const;

export type FontKey = keyof typeof FONT_FILES;

const cache = new Map<FontKey, opentype.Font>();

export const font = (key: FontKey): opentype.Font => {
  let f = cache.get(key);
  if (!f) {
    const b = readFileSync(`/usr/share/fonts/truetype/${FONT_FILES[key]}`);
    f = opentype.parse(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
    cache.set(key, f);
  }
  return f;
};

type Cmd =
  | { type: 'M' | 'L'; x: number; y: number }
  | { type: 'Q'; x1: number; y1: number; x: number; y: number }
  | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { type: 'Z' };

const glyphCache = new Map<string, Cmd[]>();
/** Outline commands of a glyph at size 1000, origin on the baseline, y down. */
const glyphCommands = (key: FontKey, g: opentype.Glyph): Cmd[] => {
  const id = `${key}:${g.index}`;
  let cmds = glyphCache.get(id);
  if (!cmds) {
    cmds = g.getPath(0, 0, 1000).commands as Cmd[];
    glyphCache.set(id, cmds);
  }
  return cmds;
};

type Layout = { glyphs: { g: opentype.Glyph; x: number }[]; width: number };

const layout = (key: FontKey, text: string, size: number, spacing: number): Layout => {
  const f = font(key);
  const scale = size / f.unitsPerEm;
  const glyphs: { g: opentype.Glyph; x: number }[] = [];
  let x = 0;
  let prev: opentype.Glyph | null = null;
  for (const ch of text) {
    const g = f.charToGlyph(ch);
    if (prev) x += f.getKerningValue(prev, g) * scale;
    glyphs.push({ g, x });
    x += (g.advanceWidth ?? f.unitsPerEm * 0.5) * scale + spacing;
    prev = g;
  }
  return { glyphs, width: Math.max(0, x - spacing) };
};

export const textWidth = (key: FontKey, text: string, size: number, spacing = 0): number =>
  layout(key, text, size, spacing).width;

/** Cap height of a font at a size (for vertical placement). */
export const capHeight = (key: FontKey, size: number): number => {
  const f = font(key);
  const bb = f.charToGlyph('H').getBoundingBox();
  return (bb.y2 / f.unitsPerEm) * size;
};

export type TextOpts = {
  fill?: string;
  anchor?: 'start' | 'middle' | 'end';
  spacing?: number;
  /** squeeze horizontally if wider than this */
  maxWidth?: number;
  opacity?: number;
  /** rotate (degrees) around the anchor point */
  rotate?: number;
  /** horizontal stretch factor (1 = natural) */
  stretch?: number;
  stroke?: string;
  strokeWidth?: number;
};

/** An SVG <path> for `text` with its baseline at y and anchored at x. */
export function textSvg(
  key: FontKey,
  text: string,
  x: number,
  y: number,
  size: number,
  o: TextOpts = {},
): string {
  if (!text) return '';
  const spacing = o.spacing ?? 0;
  const lay = layout(key, text, size, spacing);
  let sx = o.stretch ?? 1;
  if (o.maxWidth && lay.width * sx > o.maxWidth) sx = o.maxWidth / lay.width;
  const w = lay.width * sx;
  const x0 = o.anchor === 'middle' ? -w / 2 : o.anchor === 'end' ? -w : 0;
  let d = '';
  const k = size / 1000;
  const r = (v: number): number => Math.round(v * 100) / 100;
  for (const { g, x: gx } of lay.glyphs) {
    for (const c of glyphCommands(key, g)) {
      switch (c.type) {
        case 'M':
        case 'L':
          d += `${c.type}${r(gx + c.x * k)} ${r(c.y * k)}`;
          break;
        case 'Q':
          d += `Q${r(gx + c.x1 * k)} ${r(c.y1 * k)} ${r(gx + c.x * k)} ${r(c.y * k)}`;
          break;
        case 'C':
          d += `C${r(gx + c.x1 * k)} ${r(c.y1 * k)} ${r(gx + c.x2 * k)} ${r(c.y2 * k)} ${r(gx + c.x * k)} ${r(c.y * k)}`;
          break;
        case 'Z':
          d += 'Z';
          break;
      }
    }
  }
  if (!d) return '';
  const tr = `translate(${x.toFixed(2)} ${y.toFixed(2)})${o.rotate ? ` rotate(${o.rotate.toFixed(2)})` : ''} translate(${x0.toFixed(2)} 0) scale(${sx.toFixed(4)} 1)`;
  const extra =
    (o.opacity !== undefined ? ` fill-opacity="${o.opacity.toFixed(3)}"` : '') +
    (o.stroke ? ` stroke="${o.stroke}" stroke-width="${(o.strokeWidth ?? 0.5).toFixed(2)}"` : '');
  return `<path transform="${tr}" fill="${o.fill ?? '#111'}"${extra} d="${d}"/>`;
}

/** The rendered width after squeezing (same rules as textSvg). */
export const fittedWidth = (key: FontKey, text: string, size: number, o: TextOpts = {}): number => {
  const w = textWidth(key, text, size, o.spacing ?? 0) * (o.stretch ?? 1);
  return o.maxWidth && w > o.maxWidth ? o.maxWidth : w;
};

/** Break words into at most `lines` lines that fit `maxWidth` (the last line may overflow, then gets squeezed). */
export function wrapWords(
  key: FontKey,
  words: string[],
  size: number,
  maxWidth: number,
  lines: number,
): string[] {
  const out: string[] = [];
  let cur = '';
  for (const w of words) {
    const trial = cur ? `${cur} ${w}` : w;
    if (cur && textWidth(key, trial, size) > maxWidth && out.length < lines - 1) {
      out.push(cur);
      cur = w;
    } else cur = trial;
  }
  if (cur) out.push(cur);
  return out;
}
