import { PDFiumLibrary } from '@hyzyla/pdfium';
import { deflateSync } from 'node:zlib';
import {
  PDFDocument,
  PDFHexString,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
  type PDFPage,
} from 'pdf-lib';
import sharp from 'sharp';
import { MAX_PDF_PAGES } from '@medipay/shared/constants';
import { inspectPdf, type PdfInspection } from './pdf-active-content';

/**
 * Content disarm and reconstruction of an uploaded PDF (decision 021): each page is drawn by
 * PDFium (the engine of Chrome's PDF viewer, here compiled to WebAssembly, with no JavaScript
 * engine) into pixels, and a new PDF is written by pdf-lib with one JPEG per page and nothing else:
 * no catalogue actions, names tree, outlines, forms, annotations, embedded files or fonts. What a
 * reviewer opens is therefore made by this code, whatever the uploaded file's syntax hid from the
 * active-content check, which stays as a first filter (pdf-active-content.ts).
 */

/**
 * Resolution of the rebuilt pages: an A4 page becomes 1240 × 1754 pixels, where 8-point print is
 * about 12 pixels high (decision 021).
 */
export const REBUILD_DPI = 150;
/** Longest side of a rendered page, so that a page declared 5 metres wide stays a sane bitmap. */
export const MAX_PAGE_PIXELS_SIDE = 2000;
const POINTS_PER_INCH = 72;
const JPEG_QUALITY = 80;

export type PdfRebuild =
  | { verdict: 'rebuilt'; data: Uint8Array; pages: number }
  | { verdict: 'too-many-pages'; pages: number }
  | { verdict: 'unreadable' };

let library: Promise<PDFiumLibrary> | undefined;

/** One PDFium instance per thread, made on first use (about 60 ms and 10 MB of WebAssembly). */
function pdfium(): Promise<PDFiumLibrary> {
  library ??= PDFiumLibrary.init();
  return library;
}

/** The scale from points to pixels: REBUILD_DPI, less when the page would exceed the cap. */
export function renderScale(width: number, height: number): number {
  const scale = REBUILD_DPI / POINTS_PER_INCH;
  const longest = Math.max(width, height) * scale;
  return longest > MAX_PAGE_PIXELS_SIDE ? scale * (MAX_PAGE_PIXELS_SIDE / longest) : scale;
}

export async function rebuildPdf(data: Uint8Array): Promise<PdfRebuild> {
  const engine = await pdfium();
  let source;
  try {
    source = await engine.loadDocument(data);
  } catch {
    return { verdict: 'unreadable' };
  }
  try {
    const pages = source.getPageCount();
    if (pages === 0) return { verdict: 'unreadable' };
    if (pages > MAX_PDF_PAGES) return { verdict: 'too-many-pages', pages };
    const rebuilt = await PDFDocument.create({ updateMetadata: false });
    for (const page of source.pages()) {
      // Points, as the reader shows the page (its /Rotate applied).
      const { originalWidth: width, originalHeight: height } = page.getOriginalSize();
      if (!(width > 0 && height > 0)) return { verdict: 'unreadable' };
      const bitmap = await page.render({ scale: renderScale(width, height), render: 'bitmap' });
      await drawPage(rebuilt.addPage([width, height]), bitmap);
    }
    return { verdict: 'rebuilt', data: await rebuilt.save(), pages };
  } catch {
    return { verdict: 'unreadable' };
  } finally {
    source.destroy();
  }
}

/** What becomes of an uploaded PDF: refused with a reason, or the rebuilt file to keep. */
export type PdfDisarm =
  | Exclude<PdfInspection, { verdict: 'passive' }>
  | PdfRebuild
  /** The work took longer than its limit and was stopped. */
  | { verdict: 'too-slow' }
  /** Too many PDFs were waiting for a worker in this process. */
  | { verdict: 'busy' };

/**
 * The whole treatment of an uploaded PDF: the active-content check as a first filter (a file it
 * refuses gets the applicant the precise reason), then the rebuild, then the check again on the
 * rebuilt file, which must find nothing in what this code wrote.
 */
export async function disarmPdf(data: Uint8Array): Promise<PdfDisarm> {
  const inspection = await inspectPdf(data);
  if (inspection.verdict !== 'passive') return inspection;
  const rebuilt = await rebuildPdf(data);
  if (rebuilt.verdict !== 'rebuilt') return rebuilt;
  const recheck = await inspectPdf(rebuilt.data);
  return recheck.verdict === 'passive' ? rebuilt : { verdict: 'unreadable' };
}

type Bitmap = { data: Uint8Array; width: number; height: number };

export type PageLook = { paper: boolean; color: boolean };

/**
 * How a page looks: mostly paper (at least 80% of its pixels light, as on a page of print or a
 * form) or not (a photo, a scan of a card), and in colour or not (more than 0.1% of its pixels
 * clearly coloured).
 */
export function pageLook({ data }: Bitmap): PageLook {
  const count = data.length / 4;
  let colored = 0;
  let light = 0;
  for (let i = 0; i < data.length; i += 4) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    if (Math.max(r, g, b) - Math.min(r, g, b) > 24) colored += 1;
    if (r >= 230 && g >= 230 && b >= 230) light += 1;
  }
  return { paper: light >= count * 0.8, color: colored > count * 0.001 };
}

/**
 * Fills a new page with the drawn one. A page that is mostly paper (print, a form, a bill) is
 * kept losslessly in 16 tones at 4 bits a pixel, deflated: 16 gray levels when it has no colour
 * (about 20 KB for an A4 page of print), else the page's 16 most used colours (its logo, stamp
 * or table shading among them). Any other page (a photo, a scan of a card) becomes a JPEG, in
 * gray when it has no colour. A JPEG of a page of print took 300 to 550 KB and blurred the text.
 */
async function drawPage(page: PDFPage, bitmap: Bitmap): Promise<void> {
  const { width, height } = page.getSize();
  const look = pageLook(bitmap);
  if (!look.paper) {
    const image = look.color ? pixels(bitmap) : pixels(bitmap).grayscale();
    const jpeg = await page.doc.embedJpg(await image.jpeg({ quality: JPEG_QUALITY }).toBuffer());
    page.drawImage(jpeg, { x: 0, y: 0, width, height });
    return;
  }
  const { context } = page.doc;
  const tones = look.color ? pageColours(bitmap) : { packed: grayLevels(bitmap), palette: null };
  const image = context.stream(deflateSync(tones.packed), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: bitmap.width,
    Height: bitmap.height,
    ColorSpace: tones.palette
      ? context.obj(['Indexed', 'DeviceRGB', 15, PDFHexString.of(hex(tones.palette))])
      : 'DeviceGray',
    BitsPerComponent: 4,
    Filter: 'FlateDecode',
  });
  const name = page.node.newXObject('Pagina', context.register(image));
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(width, 0, 0, height, 0, 0),
    drawObject(name),
    popGraphicsState(),
  );
}

/** 4-bit values, two pixels a byte, each row starting on a byte. */
function pack4(width: number, height: number, value: (pixel: number) => number): Uint8Array {
  const rowBytes = Math.ceil(width / 2);
  const packed = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const level = value(y * width + x);
      packed[y * rowBytes + (x >> 1)]! |= x % 2 === 0 ? level << 4 : level;
    }
  }
  return packed;
}

/** The bitmap's luminance in 16 levels, packed by pack4. */
export function grayLevels({ data, width, height }: Bitmap): Uint8Array {
  return pack4(width, height, (p) =>
    Math.round(luma(data[p * 4]!, data[p * 4 + 1]!, data[p * 4 + 2]!) / 17),
  );
}

/**
 * Colours 0 to 215 of the base palette: the 6 × 6 × 6 cube (steps of 51); 216 to 255: 40 grays.
 * A pixel whose channels differ by at most NEUTRAL_SPREAD takes one of the grays.
 */
const CUBE_COLOURS = 216;
const BASE_GRAYS = 40;
const NEUTRAL_SPREAD = 16;
const baseColours = Array.from({ length: 256 }, (_, index) =>
  index < CUBE_COLOURS
    ? [Math.floor(index / 36), Math.floor(index / 6) % 6, index % 6].map((step) => step * 51)
    : Array<number>(3).fill(Math.round(((index - CUBE_COLOURS) * 255) / (BASE_GRAYS - 1))),
);

function baseIndex(r: number, g: number, b: number): number {
  return Math.max(r, g, b) - Math.min(r, g, b) <= NEUTRAL_SPREAD
    ? CUBE_COLOURS + Math.round((luma(r, g, b) * (BASE_GRAYS - 1)) / 255)
    : Math.round(r / 51) * 36 + Math.round(g / 51) * 6 + Math.round(b / 51);
}

/**
 * A coloured page in its 16 most used colours of the base palette (each pixel the nearest of
 * them), packed by pack4, with the 16 colours as RGB triples.
 */
export function pageColours({ data, width, height }: Bitmap): {
  packed: Uint8Array;
  palette: number[][];
} {
  const base = new Uint8Array(width * height);
  const counts = new Array<number>(256).fill(0);
  for (let p = 0; p < base.length; p += 1) {
    base[p] = baseIndex(data[p * 4]!, data[p * 4 + 1]!, data[p * 4 + 2]!);
    counts[base[p]!]! += 1;
  }
  const kept = counts
    .map((count, index) => ({ count, index }))
    .filter(({ count }) => count > 0)
    .sort((a, b) => b.count - a.count || a.index - b.index)
    .slice(0, 16)
    .map(({ index }) => index);
  const palette = kept.map((index) => baseColours[index]!);
  const nearest = baseColours.map((colour) => {
    let best = 0;
    let bestDistance = Infinity;
    palette.forEach((candidate, position) => {
      const distance = candidate.reduce((sum, value, c) => sum + (value - colour[c]!) ** 2, 0);
      if (distance < bestDistance) [best, bestDistance] = [position, distance];
    });
    return best;
  });
  while (palette.length < 16) palette.push([255, 255, 255]);
  return { packed: pack4(width, height, (p) => nearest[base[p]!]!), palette };
}

function hex(colours: number[][]): string {
  return colours
    .flat()
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('');
}

function luma(r: number, g: number, b: number): number {
  return (r * 299 + g * 587 + b * 114) / 1000;
}

/** PDFium's bitmap (RGBA, opaque: drawn on white) as sharp's RGB input. */
function pixels({ data, width, height }: Bitmap) {
  return sharp(data, { raw: { width, height, channels: 4 } }).removeAlpha();
}
