// The drawing of the corpus's cards (documents-cards.ts): SVG text in the system's fonts,
// security paper, a photo placeholder and a signature.
import { pick } from './documents-people';
import { between, type Random } from './documents-photo';

export const width = 1300;
export const height = 820;

export const fontFamilies = {
  sans: 'DejaVu Sans',
  condensed: 'DejaVu Sans Condensed',
  serif: 'DejaVu Serif',
  mono: 'DejaVu Sans Mono',
};

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export type TextStyle = { family: string; size: number; weight?: 'bold' | 'normal'; fill?: string };
export function text(
  x: number,
  y: number,
  value: string,
  style: TextStyle,
  anchor = 'start',
): string {
  return `<text x="${x}" y="${y}" font-family="${style.family}" font-size="${style.size}" font-weight="${style.weight ?? 'normal'}" fill="${style.fill ?? '#1d1d1d'}" text-anchor="${anchor}">${escape(value)}</text>`;
}

/** Security paper: spirograph rosettes and wave bands in a light ink. */
export function guilloche(random: Random, ink: string, paper: string): string {
  const parts = [`<rect width="${width}" height="${height}" fill="${paper}"/>`];
  for (let band = 0; band < 9; band += 1) {
    const y0 = (band + 0.5) * (height / 9);
    const frequency = between(random, 2, 5);
    const amplitude = between(random, 8, 28);
    const phase = random() * Math.PI * 2;
    let d = '';
    for (let x = 0; x <= width; x += 10) {
      const y = y0 + amplitude * Math.sin((x / width) * frequency * Math.PI * 2 + phase);
      d += `${x === 0 ? 'M' : 'L'}${x} ${y.toFixed(1)} `;
    }
    parts.push(`<path d="${d}" stroke="${ink}" stroke-width="1.2" fill="none" opacity="0.55"/>`);
  }
  for (let rosette = 0; rosette < 2; rosette += 1) {
    const cx = between(random, 200, width - 200);
    const cy = between(random, 200, height - 200);
    const r1 = between(random, 120, 220);
    const r2 = between(random, 20, 60);
    const petals = Math.floor(between(random, 9, 19));
    let d = '';
    for (let step = 0; step <= 720; step += 1) {
      const t = (step / 720) * Math.PI * 2;
      const r = r1 + r2 * Math.sin(petals * t);
      d += `${step === 0 ? 'M' : 'L'}${(cx + r * Math.cos(t)).toFixed(1)} ${(cy + r * Math.sin(t)).toFixed(1)} `;
    }
    parts.push(`<path d="${d}" stroke="${ink}" stroke-width="1" fill="none" opacity="0.5"/>`);
  }
  return parts.join('');
}

/** A photo placeholder: a grey frame with a head-and-shoulders silhouette, no face. */
export function silhouette(x: number, y: number, w: number, h: number): string {
  const cx = x + w / 2;
  return `<g><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#b9beba" stroke="#7e8580"/>
<circle cx="${cx}" cy="${y + h * 0.38}" r="${w * 0.22}" fill="#5e6460"/>
<path d="M${x + w * 0.1} ${y + h} Q ${cx} ${y + h * 0.5} ${x + w * 0.9} ${y + h} Z" fill="#5e6460"/></g>`;
}

/** A handwritten-looking signature: a few joined loops in pen ink. */
export function signature(random: Random, x: number, y: number, w: number): string {
  let d = `M${x} ${y}`;
  const loops = Math.floor(between(random, 5, 9));
  for (let i = 1; i <= loops; i += 1) {
    const px = x + (w * i) / loops;
    d += ` C ${(px - w / loops / 2).toFixed(0)} ${(y - between(random, 15, 45)).toFixed(0)}, ${(px - w / loops / 4).toFixed(0)} ${(y + between(random, 10, 35)).toFixed(0)}, ${px.toFixed(0)} ${(y + between(random, -10, 10)).toFixed(0)}`;
  }
  return `<path d="${d}" stroke="#1f2a7a" stroke-width="${between(random, 2, 3.5).toFixed(1)}" fill="none" stroke-linecap="round" opacity="0.85"/>`;
}

/**
 * A card's two text styles: the labels' in a sans face (plain or condensed, drawn), the values'
 * in a face drawn from `value.families` at a size drawn in `value.sizes`.
 */
export function cardStyles(
  random: Random,
  label: Omit<TextStyle, 'family'>,
  value: { families: string[]; sizes: [number, number]; weight?: 'bold' },
): { label: TextStyle; value: TextStyle } {
  const labelStyle = {
    family: pick(random, [fontFamilies.sans, fontFamilies.condensed]),
    ...label,
  };
  return {
    label: labelStyle,
    value: {
      family: pick(random, value.families),
      size: Math.round(between(random, ...value.sizes)),
      ...(value.weight && { weight: value.weight }),
    },
  };
}
