import { useQuery } from '@tanstack/react-query';
import { adminSessionInfoSchema, type AdminSessionInfo } from '@medipay/shared/admin';
import { apiRequest } from '../../../lib/api-client';
import { isUnauthorized, retryUnlessRefused } from './admin-errors';
import { adminKeys } from './query-keys';

/** Who is logged in; `null` when there is no admin session (401). */
export async function getAdminSession(): Promise<AdminSessionInfo | null> {
  try {
    return await apiRequest('/admin/session', { method: 'GET', schema: adminSessionInfoSchema });
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

/** The admin session, read once per visit of the back office and cleared on logout or 401. */
export function useAdminSessionQuery() {
  return useQuery({
    queryKey: adminKeys.session,
    queryFn: getAdminSession,
    retry: retryUnlessRefused,
    staleTime: 5 * 60_000,
  });
}
