import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  applicationStatusSchema,
  type StatusVerifyRequest,
} from '@medipay/shared/application-status';
import { apiRequest } from '../../../lib/api-client';
import { statusKeys } from './query-keys';

/** Checks the code; the server answers the status and sets the cookie that reopens it. */
export function verifyStatusCode(body: StatusVerifyRequest) {
  return apiRequest('/status/verify', { method: 'POST', body, schema: applicationStatusSchema });
}

export function useVerifyStatusCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyStatusCode,
    onSuccess: (status) => queryClient.setQueryData(statusKeys.access, status),
  });
}
