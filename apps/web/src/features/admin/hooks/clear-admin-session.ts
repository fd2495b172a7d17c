import type { QueryClient } from '@tanstack/react-query';
import { adminKeys, isSessionKey } from '../api/query-keys';

/**
 * Forgets everything the back office loaded and records that there is no session: the guard
 * then sends the user to the login page, and the login page does not ask the server again.
 */
export function clearAdminSession(queryClient: QueryClient) {
  queryClient.removeQueries({
    queryKey: adminKeys.all,
    predicate: (query) => !isSessionKey(query.queryKey),
  });
  queryClient.setQueryData(adminKeys.session, null);
}
