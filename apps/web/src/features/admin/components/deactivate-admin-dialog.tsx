import { UserX } from 'lucide-react';
import { adminMessages, type AdminUser } from '@medipay/shared/admin';
import { useDeactivateAdminUser } from '../api/deactivate-admin-user';
import { AccountActionDialog } from './account-action-dialog';

/** 'Desativar' one account, after a confirmation. */
export function DeactivateAdminDialog({ user }: { user: AdminUser }) {
  return (
    <AccountActionDialog
      accountId={user.id}
      mutation={useDeactivateAdminUser()}
      trigger={{
        label: 'Desativar',
        ariaLabel: `Desativar ${user.name}`,
        icon: UserX,
        className: 'text-red-800',
      }}
      title="Desativar administrador?"
      description={`${user.name} (${user.email}) não poderá mais entrar no painel administrativo.`}
      action={{ label: 'Desativar', pendingLabel: 'Desativando...' }}
      done={adminMessages.accountDeactivated}
    />
  );
}
