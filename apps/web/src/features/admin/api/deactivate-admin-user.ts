import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserSchema } from '@medipay/shared/admin';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** Deactivates an admin account: it can no longer log in (admin_master only). */
export function deactivateAdminUser(id: string) {
  return apiRequest(`/admin/users/${encodeURIComponent(id)}/deactivate`, {
    method: 'POST',
    schema: adminUserSchema,
  });
}

export function useDeactivateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminKeys.users, 'deactivate'],
    mutationFn: deactivateAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}
