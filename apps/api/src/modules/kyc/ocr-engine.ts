import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { decode, straightenCard } from './card-detect';
import type { OcrLine } from './identity-fields';

/** The card's width in pixels when it is handed to tesseract. */
const cardWidth = 1500;

/** The Portuguese LSTM data shipped by @tesseract.js-data/por: nothing is downloaded. */
const langPath = join(
  dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/por/package.json')),
  '4.0.0_best_int',
);

export type OcrResult = { text: string; confidence: number; lines: OcrLine[] };

export type OcrEngine = {
  read: (image: Buffer) => Promise<OcrResult>;
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
    read: (image) => {
      const run = queue.then(async () => {
        const prepared = await prepareForOcr(image);
        const result = await (await start()).recognize(prepared, {}, { text: true, blocks: true });
        const lines: OcrLine[] = [];
        for (const block of result.data.blocks ?? []) {
          for (const paragraph of block.paragraphs) {
            for (const line of paragraph.lines) {
              lines.push({
                text: line.text.trim(),
                confidence: line.confidence / 100,
                words: line.words.map((word) => ({
                  text: word.text,
                  confidence: word.confidence / 100,
                  symbols: word.symbols.map((symbol) => ({
                    text: symbol.text,
                    confidence: symbol.confidence / 100,
                  })),
                })),
              });
            }
          }
        }
        return { text: result.data.text, confidence: result.data.confidence / 100, lines };
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
