import { useQuery } from '@tanstack/react-query';
import { applicationStatusSchema } from '@medipay/shared/application-status';
import type { Flow } from '@medipay/shared/status';
import { apiRequest } from '../../../lib/api-client';
import { statusKeys } from './query-keys';

/** The submitted application of this browser's wizard session (404 without one). */
export function getMyStatus(flow: Flow) {
  return apiRequest(`/status/mine?flow=${flow}`, { schema: applicationStatusSchema });
}

/** Asked only when the page names a flow; a refusal shows the protocol form at once. */
export function useMyStatus(flow: Flow | null) {
  return useQuery({
    queryKey: statusKeys.mine(flow ?? 'PF'),
    queryFn: () => getMyStatus(flow!),
    enabled: flow !== null,
    retry: false,
  });
}
