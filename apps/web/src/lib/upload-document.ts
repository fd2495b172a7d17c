import { apiErrorSchema, errorCodes, genericMessages } from '@medipay/shared/api-error';
import { uploadedDocumentSchema, type UploadedDocument } from '@medipay/shared/documents';
import type { Flow } from '@medipay/shared/status';
import { ApiRequestError } from './api-client';

/**
 * Sends one file for a document field of the applicant's session, reporting real progress (0-1).
 * XMLHttpRequest rather than fetch: only it reports upload progress.
 */
export function uploadDocument(
  flow: Flow,
  field: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedDocument> {
  return uploadFile(`/api/applicant/${flow}/documents/${field}`, file, onProgress, signal);
}

/** Like uploadDocument, to another route that answers an uploaded document (the phone's). */
export function uploadFile(
  url: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedDocument> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.responseType = 'json';
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        const parsed = uploadedDocumentSchema.safeParse(request.response);
        if (parsed.success) resolve(parsed.data);
        else
          reject(
            new ApiRequestError(request.status, errorCodes.internal, genericMessages.internal),
          );
        return;
      }
      const error = apiErrorSchema.safeParse(request.response);
      reject(
        error.success
          ? new ApiRequestError(request.status, error.data.code, error.data.message)
          : new ApiRequestError(request.status, errorCodes.internal, genericMessages.internal),
      );
    };
    request.onerror = () =>
      reject(new ApiRequestError(0, errorCodes.unavailable, genericMessages.unavailable));
    signal?.addEventListener('abort', () => request.abort());
    const body = new FormData();
    body.append('file', file);
    request.send(body);
  });
}
