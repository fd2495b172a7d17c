// Shared drawing helpers: a face (one printed side), field grids with jittered values.
import { type FontKey, capHeight, fittedWidth, textSvg, textWidth, wrapWords } from './glyphs.js';
import { type Rng } from './rng.js';

/** One printed side. Units are tenths of a millimetre. */
export type Face = { w: number; h: number; radius: number; body: string };

let idCounter = 0;
export const uid = (rng: Rng, p: string): string =>
  `${p}${rng.int(0, 1e8).toString(36)}${(idCounter++).toString(36)}`;

export const faceSvg = (face: Face, pxWidth: number, rng: Rng, background?: string): string => {
  const pxH = Math.round((pxWidth * face.h) / face.w);
  const clip = uid(rng, 'clip');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${pxWidth}" height="${pxH}" viewBox="0 0 ${face.w} ${face.h}">${DEFS}<clipPath id="${clip}"><rect width="${face.w}" height="${face.h}" rx="${face.radius}" ry="${face.radius}"/></clipPath>${background ? `<rect width="${face.w}" height="${face.h}" fill="${background}"/>` : ''}<g clip-path="url(#${clip})">${face.body}</g></svg>`;
};

export const DEFS =
  '<defs><filter id="gray"><feColorMatrix type="saturate" values="0"/></filter><filter id="soft"><feGaussianBlur stdDeviation="1.2"/></filter></defs>';

export type Style = {
  labelFont: FontKey;
  labelSize: number;
  labelColor: string;
  valueFont: FontKey;
  valueSize: number;
  valueColor: string;
  /** label above value ('stack') or on the same line before it ('inline') */
  mode: 'stack' | 'inline';
  boxes: null | { stroke: string; fill: string; radius: number };
  jitterX: number;
  jitterY: number;
};

export type Cell = {
  label: string;
  /** value lines; [] or [''] means an empty box */
  lines: string[];
  frac: number;
  valueFont?: FontKey;
  valueSize?: number;
  valueColor?: string;
  labelColor?: string;
  align?: 'start' | 'middle';
};

export type Row = { cells: Cell[]; weight?: number };

/** Lay out rows of labelled cells inside a rectangle. Returns SVG. */
export function grid(
  rng: Rng,
  st: Style,
  rows: Row[],
  x0: number,
  y0: number,
  w: number,
  h: number,
  gap = 10,
): string {
  let out = '';
  const weights = rows.map(
    (r) =>
      r.weight ?? Math.max(1, ...r.cells.map((c) => 1 + (Math.max(1, c.lines.length) - 1) * 0.62)),
  );
  const total = weights.reduce((a, b) => a + b, 0);
  let y = y0;
  rows.forEach((row, ri) => {
    const rh = (h * (weights[ri] as number)) / total;
    const fsum = row.cells.reduce((a, c) => a + c.frac, 0);
    let x = x0;
    for (const c of row.cells) {
      const cw = (w * c.frac) / fsum - gap;
      out += cell(rng, st, c, x, y, cw, rh - gap * 0.6);
      x += cw + gap;
    }
    y += rh;
  });
  return out;
}

export function cell(
  rng: Rng,
  st: Style,
  c: Cell,
  x: number,
  y: number,
  w: number,
  h: number,
): string {
  let out = '';
  if (st.boxes)
    out += `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" rx="${st.boxes.radius}" fill="${st.boxes.fill}" stroke="${st.boxes.stroke}" stroke-width="1.2"/>`;
  const pad = st.boxes ? 7 : 0;
  const vf = c.valueFont ?? st.valueFont;
  let vs = c.valueSize ?? st.valueSize;
  const lines = c.lines.filter((l) => l !== '');
  const lcap = capHeight(st.labelFont, st.labelSize);
  const vcap = capHeight(vf, vs);
  if (st.mode === 'stack' || !c.label) {
    const ly = y + pad + lcap + 2;
    if (c.label)
      out += textSvg(st.labelFont, c.label, x + pad, ly, st.labelSize, {
        fill: c.labelColor ?? st.labelColor,
        maxWidth: w - 2 * pad,
      });
    const avail = h - (ly - y) - pad;
    const lineH = Math.max(vcap * 1.45, Math.min(avail / Math.max(1, lines.length), vcap * 1.9));
    if (lines.length * lineH > avail + 4) vs *= Math.max(0.7, (avail + 4) / (lines.length * lineH));
    const top = ly + Math.max(4, (avail - lines.length * lineH) * rng.range(0.2, 0.55));
    lines.forEach((ln, i) => {
      const slack = Math.max(0, w - 2 * pad - textWidth(vf, ln, vs));
      const jx = c.align === 'middle' ? 0 : Math.min(slack * 0.5, rng.range(0, st.jitterX));
      const bx = c.align === 'middle' ? x + w / 2 : x + pad + 2 + jx;
      out += textSvg(
        vf,
        ln,
        bx,
        top +
          (i + 1) * lineH -
          (lineH - capHeight(vf, vs)) / 2 +
          rng.range(-st.jitterY, st.jitterY),
        vs,
        {
          fill: c.valueColor ?? st.valueColor,
          maxWidth: w - 2 * pad - 2,
          anchor: c.align === 'middle' ? 'middle' : 'start',
        },
      );
    });
  } else {
    const base = y + Math.min(h - pad, pad + Math.max(lcap, vcap) + 6);
    out += textSvg(st.labelFont, c.label, x + pad, base, st.labelSize, {
      fill: c.labelColor ?? st.labelColor,
    });
    const lx = x + pad + textWidth(st.labelFont, c.label, st.labelSize) + 10;
    const lineH = vcap * 1.6;
    lines.forEach((ln, i) => {
      const avail = x + w - pad - lx;
      const slack = Math.max(0, avail - textWidth(vf, ln, vs));
      out += textSvg(
        vf,
        ln,
        lx + Math.min(slack * 0.5, rng.range(0, st.jitterX)),
        base + i * lineH + rng.range(-st.jitterY, st.jitterY),
        vs,
        {
          fill: c.valueColor ?? st.valueColor,
          maxWidth: avail,
        },
      );
    });
  }
  return out;
}

/** Split a name into 1 or 2 lines for a cell of width w. */
export function nameLines(
  rng: Rng,
  font: FontKey,
  size: number,
  words: string[],
  w: number,
  allowTwo: boolean,
): string[] {
  const one = words.join(' ');
  const fits = fittedWidth(font, one, size) <= w * 0.97;
  if (allowTwo && words.length >= 3 && (!fits || rng.chance(0.12))) {
    const lines = wrapWords(font, words, size, fits ? w * 0.6 : w * 0.95, 2);
    if (lines.length === 2) return lines;
  }
  return [one];
}

export const centered = (
  font: FontKey,
  text: string,
  cx: number,
  y: number,
  size: number,
  fill: string,
  maxWidth?: number,
): string =>
  textSvg(font, text, cx, y, size, { fill, anchor: 'middle', ...(maxWidth ? { maxWidth } : {}) });

export const rect = (x: number, y: number, w: number, h: number, attrs: string): string =>
  `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" ${attrs}/>`;

export const line = (
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  width = 1,
): string =>
  `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${stroke}" stroke-width="${width}"/>`;

export const hsl = (h: number, s: number, l: number): string =>
  `hsl(${h.toFixed(0)},${s.toFixed(0)}%,${l.toFixed(0)}%)`;
