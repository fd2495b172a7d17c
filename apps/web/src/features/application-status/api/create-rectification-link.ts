import { useMutation } from '@tanstack/react-query';
import { rectificationLinkSchema } from '@medipay/shared/application-status';
import type { Flow } from '@medipay/shared/status';
import { apiRequest } from '../../../lib/api-client';

/**
 * Mints a link to the rectification page for the application on screen, by the access the page
 * has: the wizard's own session of a flow, or (null) the cookie of a verified code.
 */
export function createRectificationLink(flow: Flow | null) {
  return apiRequest(
    flow ? `/status/mine/rectification-link?flow=${flow}` : '/status/rectification-link',
    { method: 'POST', schema: rectificationLinkSchema },
  );
}

export function useCreateRectificationLink(flow: Flow | null) {
  return useMutation({ mutationFn: () => createRectificationLink(flow) });
}
