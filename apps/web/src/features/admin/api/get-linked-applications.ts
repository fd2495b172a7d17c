import { useQuery } from '@tanstack/react-query';
import type { ReviewFlow } from '@medipay/shared/admin-review';
import { linkedApplicationsSchema } from '@medipay/shared/case-review';
import { apiRequest } from '../../../lib/api-client';
import { retryUnlessRefused } from './admin-errors';
import { adminKeys } from './query-keys';

/** The applications sharing a document, contact, device, partner or face with one. */
export function getLinkedApplications(flow: ReviewFlow, id: string) {
  return apiRequest(`/admin/applications/${flow}/${encodeURIComponent(id)}/links`, {
    method: 'GET',
    schema: linkedApplicationsSchema,
  });
}

export function useLinkedApplications(flow: ReviewFlow, id: string) {
  return useQuery({
    queryKey: adminKeys.applicationLinks(flow, id),
    queryFn: () => getLinkedApplications(flow, id),
    retry: retryUnlessRefused,
  });
}
