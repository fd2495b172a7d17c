import { adminRoleLabels, type AdminUser } from '@medipay/shared/admin';
import { Badge } from '../../../components/ui/badge';
import { DeactivateAdminDialog } from './deactivate-admin-dialog';
import { formatLastAccess } from './format';
import { ResetPasswordDialog } from './reset-password-dialog';
import { ResetSecondFactorDialog } from './reset-second-factor-dialog';
import { BreakableEmail, fitContent, ListCell, ListRow, ListTable } from './review/list-parts';

const columns = [
  'Nome',
  'E-mail',
  'Usuário',
  'Perfil',
  'Situação',
  'Duas etapas',
  'Último acesso',
  'Ações',
];

/**
 * The admin accounts, with their row actions (no 'Desativar' for one's own account): a table
 * on a wide screen, one card per account on a phone (the applications lists' rows).
 */
export function AdminUsersTable({
  users,
  currentUserId,
}: {
  users: readonly AdminUser[];
  currentUserId: string;
}) {
  if (users.length === 0) {
    return <p className="rounded-lg border bg-card p-6 text-center">Nenhum administrador.</p>;
  }
  return (
    <ListTable caption="Contas de administradores" columns={columns} busy={false}>
      {users.map((user) => {
        const self = user.id === currentUserId;
        return (
          <ListRow key={user.id}>
            <ListCell label="Nome" kind="header" className="font-medium [overflow-wrap:anywhere]">
              {user.name}
              {self && <span className="font-normal text-muted-foreground"> (você)</span>}
            </ListCell>
            <ListCell label="E-mail" wide className="[overflow-wrap:anywhere]">
              <BreakableEmail>{user.email}</BreakableEmail>
            </ListCell>
            <ListCell label="Usuário" className="[overflow-wrap:anywhere]">
              {user.username}
            </ListCell>
            <ListCell label="Perfil" className={fitContent}>
              {adminRoleLabels[user.role]}
            </ListCell>
            <ListCell label="Situação" className={fitContent}>
              <Badge variant={user.active ? 'success' : 'secondary'}>
                {user.active ? 'Ativo' : 'Inativo'}
              </Badge>
            </ListCell>
            <ListCell label="Duas etapas" className={fitContent}>
              <Badge variant={user.secondFactor ? 'success' : 'secondary'}>
                {user.secondFactor ? 'Ativa' : 'Não ativada'}
              </Badge>
            </ListCell>
            <ListCell label="Último acesso" className={`${fitContent} tabular-nums`}>
              {formatLastAccess(user.lastLoginAt)}
            </ListCell>
            <ListCell label="Ações" kind="actions">
              <div className="flex flex-wrap gap-2">
                <ResetPasswordDialog user={user} />
                {user.secondFactor && <ResetSecondFactorDialog user={user} />}
                {user.active && !self && <DeactivateAdminDialog user={user} />}
              </div>
            </ListCell>
          </ListRow>
        );
      })}
    </ListTable>
  );
}
