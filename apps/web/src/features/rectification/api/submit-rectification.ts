import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorCodes } from '@medipay/shared/api-error';
import { fileFieldLabel } from '@medipay/shared/files';
import {
  rectificationMessages,
  rectificationResultSchema,
  rectificationSubmitSchema,
  type RectificationSubmit,
} from '@medipay/shared/rectification';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { uploadRectificationDocument } from './upload-rectification-document';

/** Sends the corrections: the new documents become current and the application returns to analysis. */
export function submitRectification(body: RectificationSubmit) {
  return apiRequest('/rectification/submit', {
    method: 'POST',
    body,
    schema: rectificationResultSchema,
  });
}

export type RectificationInput = {
  /** Blank when the applicant wrote none. */
  justification: string;
  /** The files chosen, by document field. */
  files: ReadonlyArray<readonly [field: string, file: File]>;
};

/** The upload of one document failed: the field names it in the message. */
export class DocumentUploadError extends Error {
  constructor(
    readonly field: string,
    cause: unknown,
  ) {
    super(`Falha ao enviar ${field}`, { cause });
    this.name = 'DocumentUploadError';
  }
}

/** Whether the server explained the refusal in a message of its own (not a generic failure). */
function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.status === 0) return null;
  if (error.code === errorCodes.internal || error.code === errorCodes.unavailable) return null;
  return error.message;
}

/** The toast's text for a failed submit: the server's message when it sent one. */
export function rectificationErrorMessage(error: unknown): string {
  if (error instanceof DocumentUploadError) {
    const message = serverMessage(error.cause);
    return message
      ? `${fileFieldLabel(error.field)}: ${message}`
      : rectificationMessages.submitFailed;
  }
  return serverMessage(error) ?? rectificationMessages.submitFailed;
}

type Uploaded = { file: File; id: string };

/**
 * Uploads each chosen file, then submits the justification with the new documents' ids.
 * A file already uploaded by an attempt that failed afterwards is not sent again.
 */
export function useSubmitRectification() {
  // Survives failed attempts of this page; dropped with the page.
  const [uploaded] = useState(() => new Map<string, Uploaded>());
  return useMutation({
    mutationKey: ['rectification', 'submit'],
    mutationFn: async ({ justification, files }: RectificationInput) => {
      const documents: Record<string, string> = {};
      for (const [field, file] of files) {
        const earlier = uploaded.get(field);
        if (earlier?.file === file) {
          documents[field] = earlier.id;
          continue;
        }
        try {
          const document = await uploadRectificationDocument(field, file);
          uploaded.set(field, { file, id: document.id });
          documents[field] = document.id;
        } catch (error) {
          throw new DocumentUploadError(field, error);
        }
      }
      const text = justification.trim();
      try {
        return await submitRectification(
          rectificationSubmitSchema.parse({ ...(text && { justification: text }), documents }),
        );
      } catch (error) {
        // A refusal may concern the uploads themselves: send them again next time.
        if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
          uploaded.clear();
        }
        throw error;
      }
    },
  });
}
