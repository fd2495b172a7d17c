import type { Option } from '@medipay/shared/options';
import { adminRoleLabels, adminRoleValues, type AdminRole } from '@medipay/shared/admin';

/** The 'Perfil' choices of an admin account. */
export const adminRoleOptions: readonly Option<AdminRole>[] = adminRoleValues.map((value) => ({
  value,
  label: adminRoleLabels[value],
}));
