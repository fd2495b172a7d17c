import { useQuery } from '@tanstack/react-query';
import type { ReviewFlow } from '@medipay/shared/admin-review';
import { applicationScreeningSchema } from '@medipay/shared/screening';
import { apiRequest } from '../../../lib/api-client';
import { retryUnlessRefused } from './admin-errors';
import { adminKeys } from './query-keys';

/** An application's PEP and sanctions hits, undecided first, and its last screening per list. */
export function getApplicationScreening(flow: ReviewFlow, id: string) {
  return apiRequest(`/admin/applications/${flow}/${encodeURIComponent(id)}/screening`, {
    method: 'GET',
    schema: applicationScreeningSchema,
  });
}

export function useApplicationScreening(flow: ReviewFlow, id: string) {
  return useQuery({
    queryKey: adminKeys.applicationScreening(flow, id),
    queryFn: () => getApplicationScreening(flow, id),
    retry: retryUnlessRefused,
  });
}
