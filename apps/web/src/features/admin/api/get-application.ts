import { useQuery } from '@tanstack/react-query';
import { applicationDetailSchema, type ReviewFlow } from '@medipay/shared/admin-review';
import { ApiRequestError } from '../../../lib/api-client';
import { apiRequest } from '../../../lib/api-client';
import { retryUnlessRefused } from './admin-errors';
import { adminKeys } from './query-keys';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Application ids are UUIDs: anything else cannot exist, and is not asked for. */
export function isApplicationId(id: string | undefined): id is string {
  return id !== undefined && uuidPattern.test(id);
}

/** Whether the server does not know the application (404). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

/** One application with its documents, checks, history, audit and the actions allowed now. */
export function getApplication(flow: ReviewFlow, id: string) {
  return apiRequest(`/admin/applications/${flow}/${encodeURIComponent(id)}`, {
    method: 'GET',
    schema: applicationDetailSchema,
  });
}

/** How often an application is read again while its MediPay account is being created. */
export const MEDIPAY_POLL_MS = 1500;

/** One application; read again every 1.5 s while its MediPay account is pending. */
export function useApplication(flow: ReviewFlow, id: string | undefined) {
  const valid = isApplicationId(id);
  return useQuery({
    queryKey: adminKeys.application(flow, valid ? id : ''),
    queryFn: () => getApplication(flow, id ?? ''),
    enabled: valid,
    retry: retryUnlessRefused,
    refetchInterval: (query) =>
      query.state.data?.medipay?.state === 'pending' ? MEDIPAY_POLL_MS : false,
  });
}
