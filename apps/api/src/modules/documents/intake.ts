import { createHash, randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { errorCodes } from '@medipay/shared/api-error';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS } from '@medipay/shared/constants';
import { documentMessages } from '@medipay/shared/documents';
import { fileRules, isAllowedType, type FileKind } from '@medipay/shared/files';
import { validationMessages } from '@medipay/shared/messages';
import { AppError } from '../../lib/app-error';
import { createSemaphore } from '../../lib/semaphore';
import { sharedPdfWorkers } from './pdf-workers';

/** Longest side of a stored image. */
const MAX_IMAGE_SIDE = 4096;
const THUMBNAIL_SIDE = 320;
/**
 * Images decoded at once in this process: a decoded photo takes up to a few hundred MB, so
 * parallel uploads wait for a slot instead of multiplying the memory.
 */
const imageWork = createSemaphore(2);

export type CheckedFile = {
  /** What is kept: the re-encoded image or the rebuilt PDF, never the bytes sent. */
  data: Buffer;
  mimeType: string;
  sha256: string;
  /** The hash of the bytes sent. */
  originalSha256: string;
  /** A WEBP preview for images; null for PDFs. */
  thumbnail: Buffer | null;
};

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const unsupported = (message: string) =>
  new AppError(errorCodes.unsupportedMediaType, message, 415);

/** Refuses an image over MAX_UPLOAD_PIXELS from its header alone, before any pixel is decoded. */
async function checkImageSize(data: Buffer): Promise<void> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(data).metadata());
  } catch {
    throw unsupported(documentMessages.unreadableImage);
  }
  if (!width || !height) throw unsupported(documentMessages.unreadableImage);
  if (width * height > MAX_UPLOAD_PIXELS) {
    throw new AppError(errorCodes.payloadTooLarge, documentMessages.imageTooLarge, 413);
  }
}

async function reencodeImage(data: Buffer, mimeType: string): Promise<Buffer> {
  try {
    const image = sharp(data, { failOn: 'error', limitInputPixels: MAX_UPLOAD_PIXELS })
      .rotate()
      .resize({
        width: MAX_IMAGE_SIDE,
        height: MAX_IMAGE_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      });
    if (mimeType === 'image/png') return await image.png().toBuffer();
    if (mimeType === 'image/webp') return await image.webp({ quality: 90 }).toBuffer();
    return await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  } catch {
    throw unsupported(documentMessages.unreadableImage);
  }
}

/**
 * A PDF is never kept as sent: it must pass the active-content check (pdf-active-content.ts),
 * then it is rebuilt from its pages drawn as images (pdf-rebuild.ts, decision 021), in a worker
 * thread with a time limit (pdf-workers.ts). The rebuilt file is what is stored and shown.
 */
async function disarmPdf(data: Buffer): Promise<Buffer> {
  const outcome = await sharedPdfWorkers().disarm(data);
  switch (outcome.verdict) {
    case 'rebuilt':
      return Buffer.from(outcome.data.buffer, outcome.data.byteOffset, outcome.data.byteLength);
    case 'encrypted':
      throw unsupported(documentMessages.encryptedPdf);
    case 'active':
      throw unsupported(documentMessages.activePdf);
    case 'too-many-pages':
      throw new AppError(errorCodes.payloadTooLarge, documentMessages.tooManyPdfPages, 413);
    case 'busy':
      throw new AppError(errorCodes.unavailable, documentMessages.pdfBusy, 503, {
        retryAfterSeconds: 10,
      });
    case 'unreadable':
    case 'too-slow':
      throw unsupported(documentMessages.unreadablePdf);
  }
}

/**
 * Decides a file's type by its content and applies the field's rule: images over
 * MAX_UPLOAD_PIXELS are refused from their header, the others are decoded and re-encoded
 * (orientation applied, EXIF and GPS removed, longest side capped), two at a time; a PDF must parse,
 * must not be encrypted nor carry executable content, and is rebuilt from its pages.
 */
export async function checkFile(kind: FileKind, data: Buffer): Promise<CheckedFile> {
  if (data.length === 0)
    throw new AppError(errorCodes.badRequest, validationMessages.fileEmpty, 400);
  if (data.length > MAX_UPLOAD_BYTES) {
    throw new AppError(errorCodes.payloadTooLarge, validationMessages.fileTooLarge, 413);
  }
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !isAllowedType(kind, detected.mime))
    throw unsupported(fileRules[kind].typeMessage);

  let stored = data;
  let thumbnail: Buffer | null = null;
  if (detected.mime === 'application/pdf') {
    stored = await disarmPdf(data);
  } else {
    await checkImageSize(data);
    [stored, thumbnail] = await imageWork(async () => {
      const reencoded = await reencodeImage(data, detected.mime);
      const preview = await sharp(reencoded, { limitInputPixels: MAX_UPLOAD_PIXELS })
        .resize({
          width: THUMBNAIL_SIDE,
          height: THUMBNAIL_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 70 })
        .toBuffer();
      return [reencoded, preview] as const;
    });
  }
  return {
    data: stored,
    mimeType: detected.mime,
    sha256: sha256(stored),
    originalSha256: sha256(data),
    thumbnail,
  };
}

/** A name safe to keep and to show: no path, no control characters, at most 120 characters. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\p{Cc}<>:"|?*]/gu, '')
    .trim()
    .slice(-120);
  return cleaned || 'documento';
}

/** A storage key generated by the server: `documents/YYYY/MM/<uuid>`. */
export function newStorageKey(now: Date): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${now.getUTCFullYear()}/${month}/${randomUUID()}`;
}
