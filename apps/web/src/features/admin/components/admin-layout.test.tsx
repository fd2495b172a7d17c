import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SIDEBAR_COOKIE,
  SIDEBAR_COOKIE_MAX_AGE_SECONDS,
  adminMessages,
} from '@medipay/shared/admin';
import { paymentPlatformMessages } from '@medipay/shared/payment-platform';
import {
  currentPath,
  dashboard,
  fetchMock,
  json,
  master,
  mini,
  noContent,
  renderAdmin,
  sessionOf,
  stubApi,
  unauthorized,
} from '../test-utils';

beforeEach(() => {
  toast.dismiss();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = `${SIDEBAR_COOKIE}=; path=/; max-age=0`;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function loggedInAs(user = master) {
  return stubApi({
    'GET /api/admin/session': () => json(sessionOf(user)),
    'GET /api/admin/dashboard': () => json(dashboard),
    'GET /api/admin/users': () => json({ users: [master, mini] }),
    'POST /api/admin/logout': noContent,
  });
}

const sandboxHint = 'Plataforma MediPay em modo sandbox: nenhuma conta real é criada';
const menu = () => screen.getByRole('navigation', { name: 'Menu Principal' });
const cookieLine = (expanded: boolean) =>
  `${SIDEBAR_COOKIE}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;

describe('Admin layout', () => {
  it('shows the panel title, the logged admin and the master menu with the current page marked', async () => {
    loggedInAs(master);
    renderAdmin('/onboarding/admin/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    const banner = screen.getByRole('banner');
    expect(banner).toHaveTextContent('Painel Administrativo');
    expect(banner).toHaveTextContent('Ana Souza');
    expect(banner).toHaveTextContent('Administrador master');
    expect(within(menu()).getByText('Menu Principal')).toBeInTheDocument();
    const links = within(menu()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Onboardings PF',
      'Onboardings PJ',
      'Listas de triagem',
      'Administradores',
      'Webhooks',
      'Minha conta',
    ]);
    expect(within(menu()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(menu()).getByRole('link', { name: 'Administradores' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(screen.getByRole('link', { name: 'Pular para o conteúdo' })).toHaveAttribute(
      'href',
      '#conteudo',
    );
    expect(screen.getByRole('main')).toHaveAttribute('id', 'conteudo');
  });

  it('shows the amber Sandbox badge, with its meaning, while the MediPay sandbox is on', async () => {
    stubApi({
      'GET /api/admin/session': () => json(sessionOf(master, true)),
      'GET /api/admin/dashboard': () => json(dashboard),
    });
    renderAdmin('/onboarding/admin/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const badge = within(screen.getByRole('banner')).getByText(
      paymentPlatformMessages.sandboxBadge,
    );
    expect(badge).toBeVisible();
    expect(badge).toHaveAttribute('title', sandboxHint);
    expect(badge).toHaveAccessibleDescription(sandboxHint);
    expect(badge).toHaveClass('bg-amber-100');
  });

  it('shows no Sandbox badge against the real MediPay platform', async () => {
    loggedInAs(master);
    renderAdmin('/onboarding/admin/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(within(screen.getByRole('banner')).queryByText('Sandbox')).toBeNull();
    expect(screen.getByRole('banner')).not.toHaveTextContent(sandboxHint);
  });

  it('leaves Administradores out of the menu of an admin_mini', async () => {
    loggedInAs(mini);
    renderAdmin('/onboarding/admin/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.getByRole('banner')).toHaveTextContent('Bruno Lima');
    expect(screen.getByRole('banner')).toHaveTextContent('Administrador');
    expect(screen.getByRole('banner')).not.toHaveTextContent('master');
    expect(
      within(menu())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'Onboardings PF',
      'Onboardings PJ',
      'Listas de triagem',
      'Minha conta',
    ]);
    expect(screen.queryByRole('link', { name: /Administradores/ })).not.toBeInTheDocument();
  });

  it('collapses and expands with the toggle and Ctrl+B, keeping the state in the cookie', async () => {
    const setCookie = vi.spyOn(document, 'cookie', 'set');
    loggedInAs(master);
    const { user } = renderAdmin('/onboarding/admin/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    const toggle = screen.getByRole('button', { name: 'Recolher menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const sidebar = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(sidebar).toContainElement(menu());
    expect(sidebar).toHaveClass('w-64');
    expect(within(menu()).getByText('Menu Principal')).not.toHaveClass('sr-only');

    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Expandir menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(sidebar).toHaveClass('w-12');
    expect(setCookie).toHaveBeenLastCalledWith(cookieLine(false));
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=false`);
    // Icons only: the labels are hidden from sight, not from screen readers.
    const dashboardLink = within(menu()).getByRole('link', { name: 'Dashboard' });
    expect(within(dashboardLink).getByText('Dashboard')).toHaveClass('sr-only');
    expect(within(menu()).getByRole('button', { name: 'Sair' })).toBeInTheDocument();

    await user.keyboard('{Control>}b{/Control}');
    expect(toggle).toHaveAccessibleName('Recolher menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(setCookie).toHaveBeenLastCalledWith(cookieLine(true));

    await user.keyboard('{Meta>}b{/Meta}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(setCookie).toHaveBeenCalledTimes(3);
  });

  it('opens collapsed when the cookie says so', async () => {
    document.cookie = `${SIDEBAR_COOKIE}=false; path=/`;
    loggedInAs(master);
    renderAdmin('/onboarding/admin/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const toggle = screen.getByRole('button', { name: 'Expandir menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(menu()).getByText('Menu Principal')).toHaveClass('sr-only');
  });

  it('logs out with Sair: posts, toasts, forgets the session and opens the login page', async () => {
    const api = loggedInAs(master);
    const { user, queryClient } = renderAdmin('/onboarding/admin/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    await user.click(within(menu()).getByRole('button', { name: 'Sair' }));

    expect(await screen.findByText(adminMessages.loggedOutTitle)).toBeInTheDocument();
    expect(screen.getByText(adminMessages.loggedOut)).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/onboarding/admin/login'));
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeVisible();
    expect(api.calls('POST /api/admin/logout')).toHaveLength(1);
    expect(api.calls('GET /api/admin/session')).toHaveLength(1);
    expect(queryClient.getQueryData(['admin', 'dashboard'])).toBeUndefined();
    expect(queryClient.getQueryData(['admin', 'session'])).toBeNull();
  });

  it('treats a logout of an already expired session as done', async () => {
    stubApi({
      'GET /api/admin/session': () => json(sessionOf(master)),
      'GET /api/admin/dashboard': () => json(dashboard),
      'POST /api/admin/logout': unauthorized,
    });
    const { user } = renderAdmin('/onboarding/admin/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await user.click(within(menu()).getByRole('button', { name: 'Sair' }));
    expect(await screen.findByText(adminMessages.loggedOutTitle)).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/onboarding/admin/login'));
  });

  it('on a small screen opens the menu as a sheet that closes on Escape and on choosing a page', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 767px)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    loggedInAs(master);
    const { user } = renderAdmin('/onboarding/admin/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    const opener = screen.getByRole('button', { name: 'Abrir menu' });
    await user.click(opener);
    const sheet = await screen.findByRole('dialog', { name: 'Menu Principal' });
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();

    // Ctrl+B opens the sheet on a small screen.
    await user.keyboard('{Control>}b{/Control}');
    const again = await screen.findByRole('dialog', { name: 'Menu Principal' });
    expect(sheet).not.toBeInTheDocument();
    await user.click(within(again).getByRole('link', { name: 'Administradores' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath()).toBe('/onboarding/admin/administradores');
    expect(await screen.findByRole('heading', { level: 1, name: 'Administradores' })).toBeVisible();
  });
});
