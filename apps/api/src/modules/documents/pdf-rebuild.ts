import { PDFiumLibrary } from '@hyzyla/pdfium';
import { PDFDocument } from 'pdf-lib';
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

/** Resolution of the rebuilt pages: small print and the photo on an identity card stay legible. */
export const REBUILD_DPI = 200;
/** Longest side of a rendered page, so that a page declared 5 metres wide stays a sane bitmap. */
export const MAX_PAGE_PIXELS_SIDE = 2480;
const JPEG_QUALITY = 85;
const POINTS_PER_INCH = 72;

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
      const jpeg = await sharp(bitmap.data, {
        raw: { width: bitmap.width, height: bitmap.height, channels: 4 },
      })
        .removeAlpha()
        .jpeg({ quality: JPEG_QUALITY, chromaSubsampling: '4:4:4' })
        .toBuffer();
      const image = await rebuilt.embedJpg(jpeg);
      rebuilt.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
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
