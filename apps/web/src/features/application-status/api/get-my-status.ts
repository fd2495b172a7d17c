import { useQuery } from '@tanstack/react-query';
import type { Flow } from '@medipay/shared/status';
import { getOwnApplicationStatus } from '../../../lib/applicant-api';
import { statusKeys } from './query-keys';

/**
 * The submitted application of this browser's wizard session (404 without one). Asked only when
 * the page names a flow; a refusal shows the protocol form at once.
 */
export function useMyStatus(flow: Flow | null) {
  return useQuery({
    queryKey: statusKeys.mine(flow ?? 'PF'),
    queryFn: () => getOwnApplicationStatus(flow!),
    enabled: flow !== null,
    retry: false,
  });
}
