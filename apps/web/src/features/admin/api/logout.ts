import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { noContentSchema } from './admin-errors';

/** Ends the admin session on the server (204; the cookie is cleared). */
export function logout() {
  return apiRequest('/admin/logout', { method: 'POST', schema: noContentSchema });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
