import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { adminMessages } from '@medipay/shared/admin';
import { paths } from '../../../config/paths';
import { errorMessage, isUnauthorized } from '../api/admin-errors';
import { useLogout } from '../api/logout';
import { clearAdminSession } from './clear-admin-session';

/**
 * 'Sair': ends the session on the server, forgets what the back office loaded, says so and
 * goes to the login page. A session the server no longer knows counts as ended.
 */
export function useLogoutAction(onLoggedOut?: () => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useLogout();

  const finish = () => {
    onLoggedOut?.();
    navigate(paths.adminLogin, { replace: true });
    clearAdminSession(queryClient);
    toast.success(adminMessages.loggedOutTitle, { description: adminMessages.loggedOut });
  };

  return {
    loggingOut: mutation.isPending,
    logout: () =>
      mutation.mutate(undefined, {
        onSuccess: finish,
        onError: (error) => {
          if (isUnauthorized(error)) return finish();
          console.warn('Erro ao sair:', error);
          toast.error(adminMessages.loadFailedTitle, { description: errorMessage(error) });
        },
      }),
  };
}
