import {
  Building2,
  KeyRound,
  LayoutDashboard,
  ListChecks,
  ShieldCheck,
  UserRound,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
import type { AdminRole } from '@medipay/shared/admin';
import { paths } from '../../../config/paths';

export type AdminNavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  /** What the page is for, on the dashboard's quick actions. */
  description: string;
  /** Only these roles see the entry; everyone when absent. */
  roles?: readonly AdminRole[];
};

/**
 * The back office's pages, in sidebar order. The sidebar and the dashboard's quick actions are
 * built from this list.
 */
export const adminNavItems: readonly AdminNavItem[] = [
  {
    to: paths.adminDashboard,
    label: 'Dashboard',
    icon: LayoutDashboard,
    description: 'Visão geral dos cadastros',
  },
  {
    to: paths.adminPfList,
    label: 'Onboardings PF',
    icon: UserRound,
    description: 'Cadastros de profissionais de saúde',
  },
  {
    to: paths.adminPjList,
    label: 'Onboardings PJ',
    icon: Building2,
    description: 'Cadastros de empresas e operadoras de saúde',
  },
  {
    to: paths.adminScreening,
    label: 'Listas de triagem',
    icon: ListChecks,
    description: 'Listas de PEP e de sanções em vigor',
  },
  {
    to: paths.adminUsers,
    label: 'Administradores',
    icon: ShieldCheck,
    description: 'Criar contas, redefinir senhas e desativar acessos',
    roles: ['admin_master'],
  },
  {
    to: paths.adminWebhooks,
    label: 'Webhooks',
    icon: Webhook,
    description: 'Sistemas que recebem as mudanças de situação dos cadastros',
    roles: ['admin_master'],
  },
  {
    to: paths.adminAccount,
    label: 'Minha conta',
    icon: KeyRound,
    description: 'Verificação em duas etapas do seu acesso',
  },
];

/** The entries a role may open. */
export function navItemsFor(role: AdminRole): AdminNavItem[] {
  return adminNavItems.filter((item) => !item.roles || item.roles.includes(role));
}

/** The dashboard's quick actions: every page the role may open but the dashboard itself. */
export function quickActionsFor(role: AdminRole): AdminNavItem[] {
  return navItemsFor(role).filter((item) => item.to !== paths.adminDashboard);
}
