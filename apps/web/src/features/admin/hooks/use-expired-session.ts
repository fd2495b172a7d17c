import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { adminMessages } from '@medipay/shared/admin';
import { isUnauthorized } from '../api/admin-errors';
import { isAdminKey, isSessionKey } from '../api/query-keys';
import { clearAdminSession } from './clear-admin-session';

/**
 * Watches every back-office query and mutation: the first one answered with 401 (the session
 * expired or was ended elsewhere) clears the session, and the guard sends the user to login.
 */
export function useExpiredSession() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let expired = false;
    const expire = (error: unknown) => {
      if (expired || !isUnauthorized(error)) return;
      expired = true;
      toast.error(adminMessages.sessionRequired);
      clearAdminSession(queryClient);
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      const key = event.query.queryKey;
      if (isAdminKey(key) && !isSessionKey(key)) expire(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (isAdminKey(event.mutation?.options.mutationKey)) expire(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}
