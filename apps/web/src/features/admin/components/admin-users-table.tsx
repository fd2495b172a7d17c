import { adminRoleLabels, type AdminUser } from '@medipay/shared/admin';
import { Badge } from '../../../components/ui/badge';
import { DeactivateAdminDialog } from './deactivate-admin-dialog';
import { formatLastAccess } from './format';
import { ResetPasswordDialog } from './reset-password-dialog';

const columns = ['Nome', 'E-mail', 'Usuário', 'Perfil', 'Situação', 'Último acesso', 'Ações'];

/** The admin accounts, with their row actions (no 'Desativar' for one's own account). */
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
    <div className="overflow-x-auto rounded-lg border bg-card">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">Contas de administradores</caption>
        <thead className="bg-muted text-slate-700">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const self = user.id === currentUserId;
            return (
              <tr key={user.id} className="border-t align-middle">
                <th scope="row" className="px-4 py-3 font-medium">
                  {user.name}
                  {self && <span className="font-normal text-muted-foreground"> (você)</span>}
                </th>
                <td className="px-4 py-3 break-all">{user.email}</td>
                <td className="px-4 py-3">{user.username}</td>
                <td className="px-4 py-3">{adminRoleLabels[user.role]}</td>
                <td className="px-4 py-3">
                  <Badge variant={user.active ? 'success' : 'secondary'}>
                    {user.active ? 'Ativo' : 'Inativo'}
                  </Badge>
                </td>
                <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                  {formatLastAccess(user.lastLoginAt)}
                </td>
                <td className="px-4 py-3">
                  <div className="flex flex-wrap gap-2">
                    <ResetPasswordDialog user={user} />
                    {user.active && !self && <DeactivateAdminDialog user={user} />}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
