import { ADMIN_PASSWORD_MIN_LENGTH } from '@medipay/shared/admin';
import { passwordMessages } from '@medipay/shared/messages';
import { ApiRequestError } from '../../../lib/api-client';

/**
 * The hint under an admin password field. The length is checked here; the strength (zxcvbn with
 * its word lists, a few MB) only by the server, whose refusal shows on the field.
 */
export const passwordHint = `Pelo menos ${ADMIN_PASSWORD_MIN_LENGTH} caracteres; prefira uma frase longa que só você conheça`;

/** The server refused the password as weak (400 with the shared message). */
export function isWeakPassword(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    error.status === 400 &&
    error.message === passwordMessages.weak
  );
}
