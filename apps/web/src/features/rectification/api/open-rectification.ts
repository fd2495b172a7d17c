import { rectificationPageSchema } from '@medipay/shared/rectification';
import { apiRequest } from '../../../lib/api-client';

/**
 * Opens the rectification page with the e-mail's token: the server answers the page and sets the
 * cookie that the other rectification routes read (the token is not needed again).
 */
export function openRectification(token: string) {
  return apiRequest('/rectification/open', {
    method: 'POST',
    body: { token },
    schema: rectificationPageSchema,
  });
}
