import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserSchema } from '@medipay/shared/admin';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** Removes an account's authenticator app and recovery codes (admin_master only). */
export function resetAdminSecondFactor(id: string) {
  return apiRequest(`/admin/users/${encodeURIComponent(id)}/second-factor/reset`, {
    method: 'POST',
    schema: adminUserSchema,
  });
}

export function useResetAdminSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminKeys.users, 'second-factor'],
    mutationFn: resetAdminSecondFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}
