import { screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminMessages } from '@medipay/shared/admin';
import {
  apiError,
  currentPath,
  currentState,
  dashboard,
  fetchMock,
  json,
  master,
  renderAdmin,
  sessionOf,
  stubApi,
  unauthorized,
} from '../test-utils';

beforeEach(() => {
  toast.dismiss();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Admin guard', () => {
  it('shows a spinner, then sends a visitor without a session to the login page', async () => {
    const api = stubApi({ 'GET /api/admin/session': unauthorized });
    renderAdmin('/onboarding/admin/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Verificando a sessão...');

    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeVisible();
    expect(currentPath()).toBe('/onboarding/admin/login');
    expect(currentState()).toMatchObject({ from: { pathname: '/onboarding/admin/dashboard' } });
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(api.calls('GET /api/admin/dashboard')).toHaveLength(0);
    // The login page knows there is no session: it does not ask again.
    expect(api.calls('GET /api/admin/session')).toHaveLength(1);
  });

  it('returns to the page the admin wanted after logging in', async () => {
    const api = stubApi({
      'GET /api/admin/session': unauthorized,
      'POST /api/admin/login': () => json(sessionOf(master)),
      'GET /api/admin/users': () => json({ users: [master] }),
    });
    const { user } = renderAdmin('/onboarding/admin/administradores');
    await user.type(await screen.findByLabelText('Usuário ou e-mail'), 'ana.souza');
    await user.type(screen.getByLabelText('Senha'), 'senha-muito-segura');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Administradores' })).toBeVisible();
    expect(currentPath()).toBe('/onboarding/admin/administradores');
    expect(api.unexpected).toEqual([]);
  });

  it('goes back to login when a later call answers 401 (expired session)', async () => {
    const api = stubApi({
      'GET /api/admin/session': () => json(sessionOf(master)),
      'GET /api/admin/dashboard': unauthorized,
    });
    renderAdmin('/onboarding/admin/dashboard');

    expect(await screen.findByText(adminMessages.sessionRequired)).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/onboarding/admin/login'));
    expect(currentState()).toMatchObject({ from: { pathname: '/onboarding/admin/dashboard' } });
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeVisible();
    expect(api.calls('GET /api/admin/session')).toHaveLength(1);
    // No load-failure toast on top of the expired-session one.
    expect(screen.queryByText(adminMessages.loadFailed)).not.toBeInTheDocument();
  });

  it('offers to try again when the session cannot be checked', async () => {
    // A 5xx is retried once before the guard gives up.
    const unavailable = () =>
      apiError(503, 'Serviço temporariamente indisponível.', 'SERVICE_UNAVAILABLE');
    const answers = [unavailable(), unavailable()];
    const api = stubApi({
      'GET /api/admin/session': () => answers.shift() ?? json(sessionOf(master)),
      'GET /api/admin/dashboard': () => json(dashboard),
    });
    const { user } = renderAdmin('/onboarding/admin/dashboard');

    const retry = await screen.findByRole('button', { name: 'Tentar novamente' });
    expect(screen.getByText(adminMessages.loadFailed)).toBeInTheDocument();
    await user.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(api.calls('GET /api/admin/session')).toHaveLength(3);
  });

  it('shows the not-found page for an unknown path behind the guard', async () => {
    stubApi({ 'GET /api/admin/session': () => json(sessionOf(master)) });
    // One segment would be an application id (`:id`); two segments match no page.
    renderAdmin('/onboarding/admin/nao/existe');
    expect(await screen.findByRole('heading', { name: 'Página inexistente' })).toBeVisible();
    // Without the admin layout around it.
    expect(screen.queryByRole('navigation', { name: 'Menu Principal' })).not.toBeInTheDocument();
  });

  it('asks for login before telling an unknown path apart', async () => {
    stubApi({ 'GET /api/admin/session': unauthorized });
    renderAdmin('/onboarding/admin/nao-existe');
    await waitFor(() => expect(currentPath()).toBe('/onboarding/admin/login'));
    expect(screen.queryByRole('heading', { name: 'Página inexistente' })).not.toBeInTheDocument();
  });
});
