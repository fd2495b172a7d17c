import { apiErrorSchema, errorCodes, genericMessages } from '@medipay/shared/api-error';
import { uploadedDocumentSchema, type UploadedDocument } from '@medipay/shared/documents';
import { ApiRequestError } from '../../../lib/api-client';

/**
 * Sends the file chosen for a document field (multipart, part `file`, as the wizard's uploads).
 * The server keeps it as a new version; only the submit makes it the current document.
 * fetch rather than apiRequest, which sends JSON only; errors are the same typed errors.
 */
export async function uploadRectificationDocument(
  field: string,
  file: File,
): Promise<UploadedDocument> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(`/api/rectification/documents/${encodeURIComponent(field)}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      body,
    });
  } catch {
    throw new ApiRequestError(0, errorCodes.unavailable, genericMessages.unavailable);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(payload);
    throw parsed.success
      ? new ApiRequestError(response.status, parsed.data.code, parsed.data.message)
      : new ApiRequestError(response.status, errorCodes.internal, genericMessages.internal);
  }
  return uploadedDocumentSchema.parse(payload);
}
