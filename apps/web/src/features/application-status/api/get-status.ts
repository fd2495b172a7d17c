import { useQuery } from '@tanstack/react-query';
import { applicationStatusSchema } from '@medipay/shared/application-status';
import { apiRequest } from '../../../lib/api-client';
import { statusKeys } from './query-keys';

/** The application a verified code opened (the HttpOnly cookie; 401 without a live one). */
export function getStatus() {
  return apiRequest('/status', { schema: applicationStatusSchema });
}

export function useStatusFromAccess(enabled: boolean) {
  return useQuery({
    queryKey: statusKeys.access,
    queryFn: getStatus,
    enabled,
    retry: false,
  });
}
