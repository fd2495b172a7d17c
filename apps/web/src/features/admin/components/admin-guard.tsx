import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useAdminSessionQuery } from '../api/get-session';
import { AdminSessionProvider } from '../hooks/admin-session-context';
import { useExpiredSession } from '../hooks/use-expired-session';
import { LoadError } from './load-error';
import type { LoginRedirectState } from './login-redirect';

/**
 * The gate of the back office: asks the server who is logged in. Without a session it sends the
 * user to the login page (which returns here afterwards); with one it hands the session down.
 * A 401 on any later call (expired session) clears the session and so comes back here.
 */
export function AdminGuard() {
  const session = useAdminSessionQuery();
  const location = useLocation();
  useExpiredSession();

  if (session.isPending) {
    return (
      <main className="flex min-h-screen items-center justify-center bg-muted">
        <h1 className="sr-only">Painel Administrativo</h1>
        <Spinner className="text-primary" label="Verificando a sessão..." />
      </main>
    );
  }
  if (session.isError) {
    return (
      <main className="flex min-h-screen items-center justify-center bg-muted px-4">
        <h1 className="sr-only">Painel Administrativo</h1>
        <LoadError onRetry={() => void session.refetch()} retrying={session.isFetching} />
      </main>
    );
  }
  // No session, or a login that still owes its second factor: the login page goes on with it.
  if (!session.data || session.data.stage !== 'complete') {
    const state: LoginRedirectState = { from: location };
    return <Navigate to={paths.adminLogin} replace state={state} />;
  }
  return (
    <AdminSessionProvider session={session.data}>
      <Outlet />
    </AdminSessionProvider>
  );
}
