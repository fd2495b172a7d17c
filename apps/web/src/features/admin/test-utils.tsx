/* Test helpers of the back office: API stubs with realistic JSON answers, fixtures, and the
   area's route tree as app/routes/admin.tsx composes it (features cannot import app/). */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { AdminSessionInfo, AdminUser, Dashboard } from '@medipay/shared/admin';
import { errorCodes } from '@medipay/shared/api-error';
import { Toaster } from '../../components/ui/sonner';
import { paths } from '../../config/paths';
import { AdminDashboardPage } from './components/admin-dashboard-page';
import { AdminGuard } from './components/admin-guard';
import { AdminLayout } from './components/admin-layout';
import { AdminLoginPage } from './components/admin-login-page';
import { AdminUsersPage } from './components/admin-users-page';
import { PfDetailPage } from './components/review/pf-detail-page';
import { PfListPage } from './components/review/pf-list-page';
import { PjDetailPage } from './components/review/pj-detail-page';
import { PjListPage } from './components/review/pj-list-page';
import { adminDetailRoutes } from './components/review/review-paths';

export const fetchMock = vi.fn();

export function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function noContent() {
  return new Response(null, { status: 204 });
}

/** An error in the API's one wire format. */
export function apiError(status: number, message: string, code: string = errorCodes.badRequest) {
  return json({ code, message }, status);
}

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
};

export function sessionOf(user: AdminUser, medipaySandbox = false): AdminSessionInfo {
  return { user, expiresAt: '2099-01-01T04:00:00.000Z', medipaySandbox };
}

export const dashboard: Dashboard = {
  pf: {
    total: 1234,
    pending: 40,
    inRequirement: 5,
    approved: 2,
    denied: 1,
    createdToday: 7,
    approvalRate: 200 / 3,
  },
  pj: {
    total: 3,
    pending: 3,
    inRequirement: 0,
    approved: 0,
    denied: 0,
    createdToday: 1,
    approvalRate: null,
  },
  abandonedSessions: 3,
};

type Request = { method: string; url: string; body: unknown };
export type Handler = (request: Request) => Response | Promise<Response>;

/**
 * Answers `fetch` from `handlers` (keyed 'METHOD /api/path'); the object may be changed between
 * steps. An unexpected request gets a 404 and is listed in `unexpected`.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const requests: Request[] = [];
  const unexpected: string[] = [];
  fetchMock.mockImplementation(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, url, body };
    requests.push(request);
    // An exact key ('GET /api/x?page=2') wins over the path alone ('GET /api/x').
    const handler = handlers[`${method} ${url}`] ?? handlers[`${method} ${url.split('?')[0]}`];
    if (!handler) {
      unexpected.push(`${method} ${url}`);
      return apiError(404, 'Recurso não encontrado.', errorCodes.notFound);
    }
    return handler(request);
  });
  return {
    requests,
    unexpected,
    /** The requests to one endpoint, e.g. `calls('POST /api/admin/login')`. */
    calls: (key: string) => requests.filter((entry) => `${entry.method} ${entry.url}` === key),
  };
}

/** A response the test releases when it wants (to see the pending state). */
export function deferred() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

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
          <Route path={under(paths.adminPfList)} element={<PfListPage />} />
          <Route path={under(paths.adminPjList)} element={<PjListPage />} />
          <Route path={adminDetailRoutes.pj} element={<PjDetailPage />} />
          <Route path={adminDetailRoutes.pf} element={<PfDetailPage />} />
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
