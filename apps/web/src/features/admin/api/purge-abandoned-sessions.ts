import { useMutation, useQueryClient } from '@tanstack/react-query';
import { purgeResultSchema } from '@medipay/shared/admin';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** Removes the abandoned applicant sessions now; answers how many were removed. */
export function purgeAbandonedSessions() {
  return apiRequest('/admin/abandoned-sessions/purge', {
    method: 'POST',
    schema: purgeResultSchema,
  });
}

/** Purges, then reloads the dashboard's counters. */
export function usePurgeAbandonedSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminKeys.dashboard, 'purge'],
    mutationFn: purgeAbandonedSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.dashboard }),
  });
}
