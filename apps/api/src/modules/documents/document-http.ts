/**
 * The HTTP side of documents shared by the wizard's document routes and the rectification page:
 * reading the one file of a multipart upload, and sending a stored file with the headers that
 * keep it inert in the browser.
 */
import type { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorCodes } from '@medipay/shared/api-error';
import { documentMessages } from '@medipay/shared/documents';
import { requestMessages, validationMessages } from '@medipay/shared/messages';
import { AppError } from '../../lib/app-error';
import type { DocumentRow } from './documents.repository';

export type ReceivedFile = { fileName: string; data: Buffer };

/**
 * The one file of a multipart request: 400 when there is none or the body is not well formed
 * (a body cut before its closing boundary), 413 when it is over the limit (a streamed file over
 * the limit is cut, not refused, by @fastify/multipart).
 */
export async function readUploadedFile(request: FastifyRequest): Promise<ReceivedFile> {
  if (!request.isMultipart())
    throw new AppError(errorCodes.badRequest, documentMessages.noFile, 400);
  let file: MultipartFile | undefined;
  let data: Buffer;
  try {
    file = await request.file();
    if (!file) throw new AppError(errorCodes.badRequest, documentMessages.noFile, 400);
    data = await file.toBuffer();
  } catch (error) {
    throw uploadError(error);
  }
  if (file.file.truncated)
    throw new AppError(errorCodes.payloadTooLarge, validationMessages.fileTooLarge, 413);
  return { fileName: file.filename, data };
}

/**
 * What a failed read of the upload says. The multipart parser (busboy) fails a malformed or
 * incomplete body with a plain Error that has no status: that is the client's body, not a fault.
 */
function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError(errorCodes.payloadTooLarge, validationMessages.fileTooLarge, 413);
  // The plugin's own errors (limits: 413) keep their status.
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return error;
  return new AppError(errorCodes.badRequest, requestMessages.uploadIncomplete, 400);
}

/** `Content-Disposition: inline` with an ASCII fallback and the UTF-8 name. */
function inlineDisposition(name: string): string {
  const ascii =
    name
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'documento';
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * A PDF stored before uploads were rebuilt (decision 021) is the bytes as sent until the
 * legacy-pdfs job has rebuilt it; until then, or for good when the rebuild refuses it, it is not
 * served or sent anywhere.
 */
export function isPdfAsSent(document: Pick<DocumentRow, 'mimeType' | 'originalSha256'>) {
  return document.mimeType === 'application/pdf' && document.originalSha256 === null;
}

/** Sends a stored document (or its WEBP thumbnail): inline, never cached, never sniffed. */
export function sendDocument(
  reply: FastifyReply,
  document: DocumentRow,
  stream: Readable,
  thumbnail = false,
) {
  if (!thumbnail && isPdfAsSent(document)) {
    stream.destroy();
    throw new AppError(errorCodes.conflict, documentMessages.pdfNotRebuilt, 409);
  }
  const contentType = thumbnail ? 'image/webp' : document.mimeType;
  return reply
    .header('content-type', contentType)
    .header('content-disposition', inlineDisposition(document.originalName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header(
      'content-security-policy',
      contentType === 'application/pdf'
        ? "sandbox; default-src 'none'; object-src 'self'"
        : "default-src 'none'; img-src 'self'",
    )
    .send(stream);
}
