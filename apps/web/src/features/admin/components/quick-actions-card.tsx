import { Link } from 'react-router';
import type { AdminRole } from '@medipay/shared/admin';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { quickActionsFor } from './admin-nav';

/** 'Ações rápidas': the other back-office pages the role may open, from the sidebar's list. */
export function QuickActionsCard({ role }: { role: AdminRole }) {
  const actions = quickActionsFor(role);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Ações rápidas</h2>
      </CardHeader>
      <CardContent>
        {actions.length > 0 ? (
          <ul className="space-y-2">
            {actions.map(({ to, label, description, icon: Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="flex items-center gap-3 rounded-md border p-3 transition-colors hover:bg-accent focus-ring"
                >
                  <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
                  <span>
                    <span className="block font-medium">{label}</span>
                    <span className="block text-sm text-muted-foreground">{description}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">
            Nenhuma ação rápida disponível para o seu perfil.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
