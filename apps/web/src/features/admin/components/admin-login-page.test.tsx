import { screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminMessages } from '@medipay/shared/admin';
import { errorCodes } from '@medipay/shared/api-error';
import {
  apiError,
  currentPath,
  dashboard,
  deferred,
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

const loginPath = '/onboarding/admin/login';
const credential = () => screen.getByLabelText('Usuário ou e-mail');
const password = () => screen.getByLabelText('Senha');
const entrar = () => screen.getByRole('button', { name: 'Entrar' });

/** The login page with no session, and the login endpoint answering `answer`. */
function loginAnswering(answer: () => Response | Promise<Response>) {
  return stubApi({
    'GET /api/admin/session': unauthorized,
    'POST /api/admin/login': answer,
    'GET /api/admin/dashboard': () => json(dashboard),
  });
}

async function fillAndSubmit(user: ReturnType<typeof renderAdmin>['user']) {
  await user.type(credential(), 'ana.souza');
  await user.type(password(), 'senha-muito-segura');
  await user.click(entrar());
}

describe('Admin login', () => {
  it('shows the title, sets the page title and asks for both fields', async () => {
    const api = loginAnswering(() => json(sessionOf(master)));
    const { user } = renderAdmin(loginPath);
    expect(screen.getByRole('heading', { level: 1, name: 'Painel Administrativo' })).toBeVisible();
    expect(document.title).toBe('Entrar | Painel Administrativo | MediPay');

    await user.click(entrar());
    await waitFor(() =>
      expect(credential()).toHaveAccessibleDescription(adminMessages.credentialRequired),
    );
    expect(password()).toHaveAccessibleDescription(adminMessages.passwordRequired);
    expect(credential()).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /api/admin/login')).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    [401, adminMessages.invalidCredentials, errorCodes.unauthorized],
    [403, adminMessages.accessDenied, errorCodes.forbidden],
    [429, 'Muitas tentativas de login. Tente novamente em 15 minutos.', errorCodes.rateLimited],
  ])('shows the server message of a %i in the alert', async (status, message, code) => {
    const api = loginAnswering(() => apiError(status, message, code));
    const { user } = renderAdmin(loginPath);
    await fillAndSubmit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(api.calls('POST /api/admin/login')).toHaveLength(1);
    expect(currentPath()).toBe(loginPath);
    expect(entrar()).toBeEnabled();
  });

  it('falls back to the spec message when a 401 comes without the API body', async () => {
    loginAnswering(() => new Response('Unauthorized', { status: 401 }));
    const { user } = renderAdmin(loginPath);
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(adminMessages.invalidCredentials);
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a server error', () => apiError(500, 'Não foi possível concluir a operação.', 'INTERNAL')],
  ])('asks to try again after %s', async (_case, answer) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    loginAnswering(answer);
    const { user } = renderAdmin(loginPath);
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erro ao fazer login. Tente novamente.',
    );
    expect(console.warn).toHaveBeenCalled();
  });

  it.each([
    ['a refusal without a body', () => new Response('', { status: 404 })],
    ['a refusal with a proxy page', () => new Response('<h1>Not Found</h1>', { status: 405 })],
    ['a refusal whose body has no message', () => json({ success: false }, 422)],
  ])("says 'Erro ao fazer login' after %s", async (_case, answer) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    loginAnswering(answer);
    const { user } = renderAdmin(loginPath);
    await fillAndSubmit(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Erro ao fazer login$/);
    expect(currentPath()).toBe(loginPath);
  });

  it("shows the server's message of any other refusal", async () => {
    loginAnswering(() => apiError(422, 'Informe o usuário ou e-mail', 'VALIDATION_ERROR'));
    const { user } = renderAdmin(loginPath);
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Informe o usuário ou e-mail');
  });

  it('says the answer is invalid when a 200 is not a session', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    loginAnswering(() => json({ success: true }));
    const { user } = renderAdmin(loginPath);
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Resposta inválida do servidor');
    expect(currentPath()).toBe(loginPath);
  });

  it('says Entrando... while waiting, posts the credentials, toasts and opens the dashboard', async () => {
    const answer = deferred();
    const api = loginAnswering(() => answer.promise);
    const { user } = renderAdmin(loginPath);
    await user.type(credential(), '  ana.souza ');
    await user.type(password(), 'senha-muito-segura');
    await user.click(entrar());

    const pending = await screen.findByRole('button', { name: 'Entrando...' });
    expect(pending).toBeDisabled();
    answer.release(json(sessionOf(master)));

    expect(await screen.findByText(adminMessages.loginSucceeded)).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/onboarding/admin/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(api.calls('POST /api/admin/login')[0]?.body).toEqual({
      credential: 'ana.souza',
      password: 'senha-muito-segura',
    });
    // The login answer is the session: the guard does not ask again.
    expect(api.calls('GET /api/admin/session')).toHaveLength(1);
    expect(api.unexpected).toEqual([]);
  });

  it('sends an admin who is already logged in to the dashboard', async () => {
    const api = stubApi({
      'GET /api/admin/session': () => json(sessionOf(master)),
      'GET /api/admin/dashboard': () => json(dashboard),
    });
    renderAdmin(loginPath);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(currentPath()).toBe('/onboarding/admin/dashboard');
    expect(api.calls('POST /api/admin/login')).toHaveLength(0);
  });
});
