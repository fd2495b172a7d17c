import { useMutation } from '@tanstack/react-query';
import { deletionOutcomeSchema } from '@medipay/shared/data-subject';
import type { Flow } from '@medipay/shared/status';
import { apiRequest } from '../../../lib/api-client';

/**
 * 'Excluir meus dados' for the application on screen, by the page's access: the wizard's own
 * session of a flow, or (null) the cookie of a verified code.
 */
export function deleteMyData(flow: Flow | null) {
  return apiRequest(flow ? `/status/mine/deletion?flow=${flow}` : '/status/deletion', {
    method: 'POST',
    schema: deletionOutcomeSchema,
  });
}

export function useDeleteMyData(flow: Flow | null) {
  return useMutation({ mutationFn: () => deleteMyData(flow) });
}
