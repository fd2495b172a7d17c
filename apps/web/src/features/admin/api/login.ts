import { useMutation } from '@tanstack/react-query';
import { adminSessionInfoSchema, type AdminLoginRequest } from '@medipay/shared/admin';
import { apiRequest } from '../../../lib/api-client';

/** Checks the credentials; the server answers with the session and sets its cookie. */
export function login(body: AdminLoginRequest) {
  return apiRequest('/admin/login', { method: 'POST', body, schema: adminSessionInfoSchema });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
