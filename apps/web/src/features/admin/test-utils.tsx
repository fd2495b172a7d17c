/* Test helpers of the back office: the shared API stub (testing/api-stub), fixtures, and the
   area's route tree as app/routes/admin.tsx composes it (features cannot import app/). */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { AdminSessionInfo, AdminSessionStage, AdminUser } from '@medipay/shared/admin';
import type { BackOfficeDashboard } from '@medipay/shared/back-office';
import { errorCodes } from '@medipay/shared/api-error';
import { Toaster } from '../../components/ui/sonner';
import { paths } from '../../config/paths';
import { apiError } from '../../testing/api-stub';
import { AdminAccountPage } from './components/admin-account-page';
import { WebhooksPage } from './components/webhooks-page';
import { AdminDashboardPage } from './components/admin-dashboard-page';
import { AdminGuard } from './components/admin-guard';
import { AdminLayout } from './components/admin-layout';
import { AdminLoginPage } from './components/admin-login-page';
import { AdminUsersPage } from './components/admin-users-page';
import { ReviewDetailPage } from './components/review/detail-page';
import { pfReview } from './components/review/flows/pf';
import { pjReview } from './components/review/flows/pj';
import { ReviewListPage } from './components/review/list-page';
import { adminDetailRoutes } from './components/review/review-paths';
import { ScreeningListsPage } from './components/screening-lists-page';

export {
  apiError,
  deferred,
  fetchMock,
  json,
  noContent,
  stubApi,
  type Handler,
} from '../../testing/api-stub';

export const unauthorized = () =>
  apiError(401, 'Sua sessão expirou ou não existe. Entre novamente.', errorCodes.sessionRequired);

export const master: AdminUser = {
  id: 'adm-1',
  email: 'ana.souza@medipay.com.br',
  username: 'ana.souza',
  name: 'Ana Souza',
  role: 'admin_master',
  active: true,
  createdAt: '2025-01-02T12:00:00.000Z',
  lastLoginAt: '2025-03-10T13:05:00.000Z',
  secondFactor: true,
};

export const mini: AdminUser = {
  id: 'adm-2',
  email: 'bruno.lima@medipay.com.br',
  username: 'bruno.lima',
  name: 'Bruno Lima',
  role: 'admin_mini',
  active: true,
  createdAt: '2025-02-01T12:00:00.000Z',
  lastLoginAt: null,
  secondFactor: false,
};

export function sessionOf(
  user: AdminUser,
  medipaySandbox = false,
  stage: AdminSessionStage = 'complete',
): AdminSessionInfo {
  return { user, expiresAt: '2099-01-01T04:00:00.000Z', medipaySandbox, stage };
}

export const dashboard: BackOfficeDashboard = {
  pf: {
    total: 1234,
    pending: 40,
    inRequirement: 5,
    approved: 370,
    denied: 185,
    createdToday: 7,
    approvalRate: 30,
    decidedApprovalRate: 200 / 3,
  },
  pj: {
    total: 3,
    pending: 3,
    inRequirement: 0,
    approved: 0,
    denied: 0,
    createdToday: 1,
    approvalRate: 0,
    decidedApprovalRate: null,
  },
  abandonedSessions: 3,
  screening: { openHits: 0, openHitsOnApproved: 0, latestOnApproved: [], staleLists: [] },
  cases: {
    pf: { dueToday: 2, overdue: 1 },
    pj: { dueToday: 0, overdue: 0 },
    medianDecisionMs: 5 * 60 * 60 * 1000,
    decisions: 12,
  },
  retention: {
    lastRunAt: '2025-03-10T06:00:00.000Z',
    summary:
      'Eliminados: 2 cadastro(s) não concluído(s), 0 cadastro(s) negado(s), 14 código(s) de verificação, 3 registro(s) de prova de vida e 9 registro(s) de acesso ao painel',
  },
};

function LocationProbe() {
  const location = useLocation();
  return (
    <div
      data-testid="location"
      data-state={JSON.stringify(location.state ?? null)}
      data-search={location.search}
    >
      {location.pathname}
    </div>
  );
}

const under = (path: string) => path.slice('/onboarding/admin/'.length);

/** The area as app/routes/admin.tsx composes it, with a stand-in for the not-found page. */
function AdminArea() {
  return (
    <Routes>
      <Route path={under(paths.adminLogin)} element={<AdminLoginPage />} />
      <Route element={<AdminGuard />}>
        <Route element={<AdminLayout />}>
          <Route path={under(paths.adminDashboard)} element={<AdminDashboardPage />} />
          <Route path={under(paths.adminUsers)} element={<AdminUsersPage />} />
          <Route path={under(paths.adminScreening)} element={<ScreeningListsPage />} />
          <Route path={under(paths.adminAccount)} element={<AdminAccountPage />} />
          <Route path={under(paths.adminWebhooks)} element={<WebhooksPage />} />
          <Route path={under(paths.adminPfList)} element={<ReviewListPage flow={pfReview} />} />
          <Route path={under(paths.adminPjList)} element={<ReviewListPage flow={pjReview} />} />
          <Route path={adminDetailRoutes.pj} element={<ReviewDetailPage flow={pjReview} />} />
          <Route path={adminDetailRoutes.pf} element={<ReviewDetailPage flow={pfReview} />} />
        </Route>
        <Route path="*" element={<h1>Página inexistente</h1>} />
      </Route>
    </Routes>
  );
}

/** Renders the back office at `path`, with a fresh data layer and the toasts. */
export function renderAdmin(path: string) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, retryDelay: 0, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/onboarding/admin/*" element={<AdminArea />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient };
}

/** The current path of the memory router. */
export function currentPath(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/** The current query string of the memory router ('?q=ana&page=2', or ''). */
export function currentSearch(): string {
  return screen.getByTestId('location').dataset.search ?? '';
}

/** The current location state of the memory router. */
export function currentState(): unknown {
  return JSON.parse(screen.getByTestId('location').dataset.state ?? 'null');
}
