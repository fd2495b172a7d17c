import { ShieldOff } from 'lucide-react';
import { adminMessages, type AdminUser } from '@medipay/shared/admin';
import { useResetAdminSecondFactor } from '../api/reset-second-factor';
import { AccountActionDialog } from './account-action-dialog';

/** 'Redefinir 2 etapas' of one account that has an authenticator app, after a confirmation. */
export function ResetSecondFactorDialog({ user }: { user: AdminUser }) {
  return (
    <AccountActionDialog
      accountId={user.id}
      mutation={useResetAdminSecondFactor()}
      trigger={{
        label: 'Redefinir 2 etapas',
        ariaLabel: `Redefinir a verificação em duas etapas de ${user.name}`,
        icon: ShieldOff,
      }}
      title="Redefinir a verificação em duas etapas?"
      description={adminMessages.secondFactorResetConfirm(user.name)}
      action={{ label: 'Redefinir', pendingLabel: 'Redefinindo...' }}
      done={adminMessages.secondFactorReset}
    />
  );
}
