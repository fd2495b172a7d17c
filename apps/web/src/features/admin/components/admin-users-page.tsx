import { Lock } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { adminMessages } from '@medipay/shared/admin';
import { buttonVariants } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { isUnauthorized } from '../api/admin-errors';
import { useAdminUsers } from '../api/get-admin-users';
import { useAdminSession } from '../hooks/admin-session-context';
import { adminTitle, useDocumentTitle } from '../hooks/use-document-title';
import { AdminUsersTable } from './admin-users-table';
import { CreateAdminDialog } from './create-admin-dialog';
import { LoadError } from './load-error';

/** Shown to an admin_mini instead of the accounts: nothing is loaded. */
export function RestrictedAccess() {
  return (
    <div className="mx-auto max-w-xl rounded-lg border bg-card p-8 text-center">
      <Lock className="mx-auto mb-3 size-8 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold">Acesso restrito</h1>
      <p className="mt-2 text-muted-foreground">{adminMessages.masterOnly}</p>
      <div className="mt-6">
        <Link to={paths.adminDashboard} className={buttonVariants()}>
          Voltar ao Dashboard
        </Link>
      </div>
    </div>
  );
}

function AdminUsersManager({ currentUserId }: { currentUserId: string }) {
  const users = useAdminUsers();
  const { error } = users;

  useEffect(() => {
    if (!error || isUnauthorized(error)) return;
    console.warn('Erro ao carregar os administradores:', error);
    toast.error(adminMessages.loadFailedTitle, { description: adminMessages.loadFailed });
  }, [error]);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Administradores</h1>
          <p className="text-muted-foreground">Contas com acesso ao painel administrativo.</p>
        </div>
        <CreateAdminDialog />
      </div>
      {users.data ? (
        <AdminUsersTable users={users.data} currentUserId={currentUserId} />
      ) : users.isError ? (
        <LoadError onRetry={() => void users.refetch()} retrying={users.isFetching} />
      ) : (
        <div className="flex justify-center py-12">
          <Spinner className="text-primary" label="Carregando os administradores..." />
        </div>
      )}
    </div>
  );
}

/** Administrators (admin_master only): the accounts, a new one, password resets, deactivation. */
export function AdminUsersPage() {
  useDocumentTitle(adminTitle('Administradores'));
  const { user } = useAdminSession();
  if (user.role !== 'admin_master') return <RestrictedAccess />;
  return <AdminUsersManager currentUserId={user.id} />;
}
