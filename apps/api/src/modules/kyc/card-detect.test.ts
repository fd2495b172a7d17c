import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decode, findCard } from './card-detect';

const cardWidth = 1300;
const cardHeight = 820;

/**
 * A pale card with lighter field panels and dark print, as an old RG or a CNH looks: the panels
 * are almost the colour of a scanner's white page.
 */
const cardIn = (tint: string) => `
  <rect width="${cardWidth}" height="${cardHeight}" fill="${tint}"/>
  <rect x="60" y="130" width="260" height="340" fill="rgb(120,120,120)"/>
  ${[0, 1, 2, 3, 4, 5]
    .map(
      (row) => `
  <rect x="380" y="${120 + row * 110}" width="860" height="90" rx="6" fill="rgb(238,246,232)"/>
  <text x="400" y="${190 + row * 110}" font-family="sans-serif" font-size="34" fill="#222">CAMPO ${row} 12345678</text>`,
    )
    .join('')}
  <text x="60" y="790" font-family="sans-serif" font-size="34" fill="#222">ANÁPOLIS, GO</text>`;
const card = cardIn('rgb(218,238,209)');

async function picture(options: {
  margin: number;
  surface: string;
  angle?: number;
}): Promise<Buffer> {
  const { margin, surface, angle = 0 } = options;
  const width = cardWidth + 2 * margin;
  const height = cardHeight + 2 * margin;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="${surface}"/>
    <g transform="rotate(${angle} ${width / 2} ${height / 2}) translate(${margin} ${margin})">${card}</g>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

describe('finding the card in a picture', () => {
  it('takes the whole card of a scan with a narrow white margin, not its darker parts', async () => {
    const region = await findCard(
      await decode(await picture({ margin: 22, surface: 'rgb(253,253,251)' })),
    );
    expect(region).not.toBeNull();
    expect(region!.width).toBeGreaterThan(cardWidth * 0.97);
    expect(region!.width).toBeLessThan(cardWidth * 1.03);
    expect(region!.height).toBeGreaterThan(cardHeight * 0.97);
    expect(region!.height).toBeLessThan(cardHeight * 1.03);
    expect(region!.centerX).toBeCloseTo(22 + cardWidth / 2, -1);
    expect(region!.centerY).toBeCloseTo(22 + cardHeight / 2, -1);
  });

  it('finds a turned card on a dark surface, and its turn', async () => {
    const region = await findCard(
      await decode(await picture({ margin: 260, surface: 'rgb(90,70,50)', angle: 3 })),
    );
    expect(region).not.toBeNull();
    expect(region!.angle).toBeCloseTo(3, 0);
    expect(region!.width).toBeGreaterThan(cardWidth * 0.97);
    expect(region!.width).toBeLessThan(cardWidth * 1.03);
    expect(region!.height).toBeGreaterThan(cardHeight * 0.97);
    expect(region!.height).toBeLessThan(cardHeight * 1.03);
  });

  it('takes the whole of a card barely tinted against white paper, not its print alone', async () => {
    // 24 apart in colour, under the surface's own limit: at first only the photo and the text
    // stand out, in a ragged region; the lower limit finds the rectangle.
    const margin = 40;
    const width = cardWidth + 2 * margin;
    const height = cardHeight + 2 * margin;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <rect width="${width}" height="${height}" fill="rgb(253,253,251)"/>
      <g transform="translate(${margin} ${margin})">${cardIn('rgb(238,246,234)')}</g>
    </svg>`;
    const region = await findCard(
      await decode(await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer()),
    );
    expect(region).not.toBeNull();
    expect(region!.width).toBeGreaterThan(cardWidth * 0.97);
    expect(region!.width).toBeLessThan(cardWidth * 1.03);
    expect(region!.height).toBeGreaterThan(cardHeight * 0.97);
    expect(region!.height).toBeLessThan(cardHeight * 1.03);
  });

  it('keeps the whole page when both sides of a card were scanned on it', async () => {
    const margin = 40;
    const width = cardWidth + 2 * margin;
    const height = 2 * cardHeight + 3 * margin;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <rect width="${width}" height="${height}" fill="rgb(253,253,251)"/>
      <g transform="translate(${margin} ${margin})">${card}</g>
      <g transform="translate(${margin} ${2 * margin + cardHeight})">${card}</g>
    </svg>`;
    expect(
      await findCard(await decode(await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer())),
    ).toBeNull();
  });
});
