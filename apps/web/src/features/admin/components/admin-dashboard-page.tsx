import { useEffect } from 'react';
import { toast } from 'sonner';
import { adminMessages } from '@medipay/shared/admin';
import { Spinner } from '../../../components/ui/spinner';
import { isUnauthorized } from '../api/admin-errors';
import { useDashboard } from '../api/get-dashboard';
import { useAdminSession } from '../hooks/admin-session-context';
import { adminTitle, useDocumentTitle } from '../hooks/use-document-title';
import { AbandonedSessionsCard } from './abandoned-sessions-card';
import { CaseDeadlinesCard } from './case-deadlines-card';
import { CountersSection } from './counters-section';
import { LoadError } from './load-error';
import { QuickActionsCard } from './quick-actions-card';
import { RetentionCard } from './retention-card';
import { ScreeningAlertsCard } from './screening-alerts-card';

/**
 * The back office's first page: both flows' counters, the analysis deadlines, the screening
 * alerts, quick actions, abandoned sessions.
 */
export function AdminDashboardPage() {
  useDocumentTitle(adminTitle('Dashboard'));
  const { user } = useAdminSession();
  const dashboard = useDashboard();
  const { error } = dashboard;

  useEffect(() => {
    if (!error || isUnauthorized(error)) return;
    console.warn('Erro ao carregar o dashboard:', error);
    toast.error(adminMessages.loadFailedTitle, { description: adminMessages.loadFailed });
  }, [error]);

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold">Dashboard</h1>
        <p className="text-muted-foreground">
          Visão geral dos cadastros de profissionais (PF) e de empresas de saúde (PJ).
        </p>
      </div>

      {dashboard.data ? (
        <>
          <CountersSection title="Onboardings PF" counters={dashboard.data.pf} />
          <CountersSection title="Onboardings PJ" counters={dashboard.data.pj} />
          <CaseDeadlinesCard cases={dashboard.data.cases} />
          <ScreeningAlertsCard screening={dashboard.data.screening} />
        </>
      ) : dashboard.isError ? (
        <LoadError onRetry={() => void dashboard.refetch()} retrying={dashboard.isFetching} />
      ) : (
        <div className="flex justify-center py-12">
          <Spinner className="text-primary" label="Carregando os dados..." />
        </div>
      )}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <QuickActionsCard role={user.role} />
        {dashboard.data && <AbandonedSessionsCard count={dashboard.data.abandonedSessions} />}
        {dashboard.data && <RetentionCard retention={dashboard.data.retention} />}
      </div>
    </div>
  );
}
