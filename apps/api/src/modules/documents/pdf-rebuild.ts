import { PDFiumLibrary } from '@hyzyla/pdfium';
import { deflateSync } from 'node:zlib';
import {
  PDFDocument,
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
 * Fills a new page with the drawn one. A page of print in gray (mostly paper, no colour) becomes
 * an image of 16 gray levels, 4 bits a pixel, deflated: sharp text in 20 to 60 KB for A4, where a
 * JPEG takes about 300 KB and blurs it. Any other page (a photo, a scan of a card, a coloured
 * bill) becomes a JPEG, in gray when it has no colour.
 */
async function drawPage(page: PDFPage, bitmap: Bitmap): Promise<void> {
  const { width, height } = page.getSize();
  const look = pageLook(bitmap);
  if (!look.paper || look.color) {
    const image = look.color ? pixels(bitmap) : pixels(bitmap).grayscale();
    const jpeg = await page.doc.embedJpg(await image.jpeg({ quality: JPEG_QUALITY }).toBuffer());
    page.drawImage(jpeg, { x: 0, y: 0, width, height });
    return;
  }
  const image = page.doc.context.stream(deflateSync(grayLevels(bitmap)), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: bitmap.width,
    Height: bitmap.height,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 4,
    Filter: 'FlateDecode',
  });
  const name = page.node.newXObject('Pagina', page.doc.context.register(image));
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(width, 0, 0, height, 0, 0),
    drawObject(name),
    popGraphicsState(),
  );
}

/** The bitmap's luminance in 16 levels, two pixels a byte, each row starting on a byte. */
export function grayLevels({ data, width, height }: Bitmap): Uint8Array {
  const rowBytes = Math.ceil(width / 2);
  const packed = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      const luma = (data[i]! * 299 + data[i + 1]! * 587 + data[i + 2]! * 114) / 1000;
      const level = Math.round(luma / 17);
      packed[y * rowBytes + (x >> 1)]! |= x % 2 === 0 ? level << 4 : level;
    }
  }
  return packed;
}

/** PDFium's bitmap (RGBA, opaque: drawn on white) as sharp's RGB input. */
function pixels({ data, width, height }: Bitmap) {
  return sharp(data, { raw: { width, height, channels: 4 } }).removeAlpha();
}
