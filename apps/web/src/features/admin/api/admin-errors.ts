import { errorCodes, genericMessages } from '@medipay/shared/api-error';
import { z } from 'zod';
import { ApiRequestError } from '../../../lib/api-client';

/** A 204 answer: no body to check. */
export const noContentSchema = z.unknown().transform(() => undefined);

/** The server no longer knows the admin session (expired, logged out elsewhere, never made). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}

/** A failed query is retried once, unless the server refused it (4xx): asking again won't help. */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** The message of a failed call to show as is: the server's own, or the generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  return genericMessages.internal;
}

/** Whether the server answered with its own error body (not a proxy page or a network failure). */
export function hasServerMessage(error: ApiRequestError): boolean {
  return !(error.code === errorCodes.internal && error.message === genericMessages.internal);
}
