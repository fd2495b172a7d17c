import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, type Page, type Worker } from 'tesseract.js';
import { decode, straightenCard } from './card-detect';
import type { OcrBox, OcrLine } from './identity-fields';

/** The card's width in pixels when it is handed to tesseract. */
const cardWidth = 1500;

/** The Portuguese LSTM data shipped by @tesseract.js-data/por: nothing is downloaded. */
const langPath = join(
  dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/por/package.json')),
  '4.0.0_best_int',
);

/** A band of the prepared image to read a second time, and what was read in it. */
export type OcrRegion = { box: OcrBox };
export type RegionRead<Region extends OcrRegion> = { region: Region; lines: OcrLine[] };

export type OcrResult<Region extends OcrRegion = OcrRegion> = {
  text: string;
  confidence: number;
  lines: OcrLine[];
  /** The second readings asked for by `regionsFor`, none when it was not given. */
  regions: RegionRead<Region>[];
};

export type OcrEngine = {
  /**
   * Reads a photo of a document; `regionsFor`, given the lines of the first reading (with boxes
   * in the prepared image), names bands of the image to read again on their own.
   */
  read: <Region extends OcrRegion = OcrRegion>(
    image: Buffer,
    regionsFor?: (lines: OcrLine[]) => Region[],
  ) => Promise<OcrResult<Region>>;
  close: () => Promise<void>;
};

/**
 * Prepares a photo of a document for OCR: orientation applied, the card found, turned straight and
 * cropped from its surroundings (card-detect.ts), enlarged to a fixed card width so the small print
 * of the labels is legible, grey, contrast stretched.
 */
export async function prepareForOcr(image: Buffer): Promise<Buffer> {
  const card = await straightenCard(await decode(image), cardWidth);
  const prepared = sharp(card.data, {
    raw: { width: card.width, height: card.height, channels: card.channels },
  })
    .grayscale()
    .normalise();
  if (card.width < 1400) prepared.resize({ width: 1600, kernel: 'lanczos3' });
  return prepared.png({ compressionLevel: 1 }).toBuffer();
}

/** Tesseract's page as lines of words, with confidences (0..1) and boxes. */
function linesOf(page: Page, offset = { x: 0, y: 0 }, scale = 1): OcrLine[] {
  const box = (bbox: OcrBox): OcrBox => ({
    x0: offset.x + bbox.x0 / scale,
    y0: offset.y + bbox.y0 / scale,
    x1: offset.x + bbox.x1 / scale,
    y1: offset.y + bbox.y1 / scale,
  });
  const lines: OcrLine[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        lines.push({
          text: line.text.trim(),
          confidence: line.confidence / 100,
          bbox: box(line.bbox),
          words: line.words.map((word) => ({
            text: word.text,
            confidence: word.confidence / 100,
            bbox: box(word.bbox),
            symbols: word.symbols.map((symbol) => ({
              text: symbol.text,
              confidence: symbol.confidence / 100,
            })),
          })),
        });
      }
    }
  }
  return lines;
}

/** How a band is read again: enlarged (and thresholded to black and white when set). */
const REGION_SCALE: number = 2;
const REGION_THRESHOLD: number = 0;
const REGION_MARGIN = 16;

/** A band of the prepared image, cut out, enlarged and framed in white, ready for tesseract. */
async function regionImage(prepared: Buffer, box: OcrBox) {
  const { width = 0, height = 0 } = await sharp(prepared).metadata();
  const left = Math.max(0, Math.floor(box.x0));
  const top = Math.max(0, Math.floor(box.y0));
  const right = Math.min(width, Math.ceil(box.x1));
  const bottom = Math.min(height, Math.ceil(box.y1));
  if (right - left < 8 || bottom - top < 8) return null;
  let band = sharp(prepared).extract({ left, top, width: right - left, height: bottom - top });
  if (REGION_SCALE !== 1)
    band = band.resize({ width: (right - left) * REGION_SCALE, kernel: 'lanczos3' });
  if (REGION_THRESHOLD) band = band.threshold(REGION_THRESHOLD);
  const image = await band
    .extend({
      top: REGION_MARGIN,
      bottom: REGION_MARGIN,
      left: REGION_MARGIN,
      right: REGION_MARGIN,
      background: '#ffffff',
    })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return {
    image,
    offset: { x: left - REGION_MARGIN / REGION_SCALE, y: top - REGION_MARGIN / REGION_SCALE },
  };
}

/**
 * Tesseract in its own worker thread (tesseract.js runs it in a Node worker), started on first
 * use and reused; reads one image at a time.
 */
export function createOcrEngine(): OcrEngine {
  let worker: Promise<Worker> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const start = () =>
    (worker ??= createWorker('por', OEM.LSTM_ONLY, {
      langPath,
      cacheMethod: 'none',
      gzip: true,
    }).then(async (created) => {
      // The prepared image carries no resolution; a card 1500 px wide is about 450 dpi.
      await created.setParameters({ user_defined_dpi: '450' });
      return created;
    }));

  return {
    read: <Region extends OcrRegion>(
      image: Buffer,
      regionsFor?: (lines: OcrLine[]) => Region[],
    ) => {
      const run = queue.then(async () => {
        const prepared = await prepareForOcr(image);
        const ocr = await start();
        await ocr.setParameters({ user_defined_dpi: '450' });
        const result = await ocr.recognize(prepared, {}, { text: true, blocks: true });
        const lines = linesOf(result.data);
        const regions: RegionRead<Region>[] = [];
        const wanted = regionsFor?.(lines) ?? [];
        if (wanted.length > 0) {
          // Tesseract's own page segmentation mode, one block of text, reads a band as it is.
          await ocr.setParameters({ user_defined_dpi: String(450 * REGION_SCALE) });
          for (const region of wanted) {
            const band = await regionImage(prepared, region.box);
            if (!band) continue;
            const read = await ocr.recognize(band.image, {}, { blocks: true });
            regions.push({ region, lines: linesOf(read.data, band.offset, REGION_SCALE) });
          }
        }
        return {
          text: result.data.text,
          confidence: result.data.confidence / 100,
          lines,
          regions,
        };
      });
      queue = run.catch(() => undefined);
      return run;
    },
    close: async () => {
      if (worker) await (await worker).terminate();
      worker = undefined;
    },
  };
}
