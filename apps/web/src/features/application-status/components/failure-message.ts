import { genericMessages } from '@medipay/shared/api-error';
import { ApiRequestError } from '../../../lib/api-client';

/** The server's words for a refusal (4xx, unreachable); `fallback` for anything else. */
export function failureMessage(
  error: unknown,
  fallback: string = genericMessages.internal,
): string {
  if (error instanceof ApiRequestError && error.status < 500) return error.message;
  return fallback;
}

/** Whether a status request was refused for want of access (no session, no live code). */
export function isAccessRefusal(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 401 || error.status === 404);
}
