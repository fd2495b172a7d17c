import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserSchema, type CreateAdminUser } from '@medipay/shared/admin';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** Creates an admin account (admin_master only); 409 when the e-mail or username is taken. */
export function createAdminUser(body: CreateAdminUser) {
  return apiRequest('/admin/users', { method: 'POST', body, schema: adminUserSchema });
}

export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminKeys.users, 'create'],
    mutationFn: createAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}
