import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { noContentSchema } from './admin-errors';
import { adminKeys } from './query-keys';

export type ResetAdminPasswordInput = { id: string; password: string };

/** Sets a new password on an admin account (admin_master only); answers 204. */
export function resetAdminPassword({ id, password }: ResetAdminPasswordInput) {
  return apiRequest(`/admin/users/${encodeURIComponent(id)}/password`, {
    method: 'POST',
    body: { password },
    schema: noContentSchema,
  });
}

export function useResetAdminPassword() {
  return useMutation({
    mutationKey: [...adminKeys.users, 'password'],
    mutationFn: resetAdminPassword,
  });
}
