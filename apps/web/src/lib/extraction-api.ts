/** The data read from an uploaded identity document (OCR on the server, after the upload). */
import { extractionResponseSchema } from '@medipay/shared/documents';
import type { Flow } from '@medipay/shared/status';
import { apiRequest } from './api-client';

/**
 * The extraction of one of the session's documents: pending, done (with the fields read) or
 * failed. Answers 404 (an `ApiRequestError`) for a document that is not read, such as a PDF.
 */
export function getExtraction(flow: Flow, documentId: string, signal?: AbortSignal) {
  return apiRequest(`/applicant/${flow}/documents/${encodeURIComponent(documentId)}/extraction`, {
    method: 'GET',
    schema: extractionResponseSchema,
    ...(signal ? { signal } : {}),
  });
}
