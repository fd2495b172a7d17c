import { useQuery } from '@tanstack/react-query';
import { adminUserListSchema } from '@medipay/shared/admin';
import { apiRequest } from '../../../lib/api-client';
import { retryUnlessRefused } from './admin-errors';
import { adminKeys } from './query-keys';

/** Every admin account, active or not (admin_master only). */
export function getAdminUsers() {
  return apiRequest('/admin/users', { method: 'GET', schema: adminUserListSchema });
}

export function useAdminUsers() {
  return useQuery({
    queryKey: adminKeys.users,
    queryFn: getAdminUsers,
    retry: retryUnlessRefused,
    select: (data) => data.users,
  });
}
