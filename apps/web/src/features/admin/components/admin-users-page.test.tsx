import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminMessages, type AdminUser } from '@medipay/shared/admin';
import { errorCodes } from '@medipay/shared/api-error';
import { passwordMessages } from '@medipay/shared/messages';
import {
  apiError,
  fetchMock,
  json,
  master,
  mini,
  noContent,
  renderAdmin,
  sessionOf,
  stubApi,
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

const usersPath = '/onboarding/admin/administradores';

const retired: AdminUser = {
  id: 'adm-3',
  email: 'carla.dias@medipay.com.br',
  username: 'carla',
  name: 'Carla Dias',
  role: 'admin_mini',
  active: false,
  createdAt: '2024-11-05T12:00:00.000Z',
  lastLoginAt: '2024-12-31T23:59:00.000Z',
  secondFactor: false,
};

const created: AdminUser = {
  id: 'adm-4',
  email: 'daniel.rocha@medipay.com.br',
  username: 'daniel.rocha',
  name: 'Daniel Rocha',
  role: 'admin_mini',
  active: true,
  createdAt: '2025-03-11T12:00:00.000Z',
  lastLoginAt: null,
  secondFactor: false,
};

function asMaster(users: () => AdminUser[], extra: Record<string, () => Response> = {}) {
  return stubApi({
    'GET /api/admin/session': () => json(sessionOf(master)),
    'GET /api/admin/users': () => json({ users: users() }),
    ...extra,
  });
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const cells = (name: string) =>
  within(row(name))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

async function openCreate(user: ReturnType<typeof renderAdmin>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Novo administrador' }));
  return screen.findByRole('dialog', { name: 'Novo administrador' });
}

describe('Administrators page', () => {
  it('is one card per account on a phone, still a table to screen readers, never a sideways scroll', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 767px)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    asMaster(() => [master, mini]);
    const { container } = renderAdmin(usersPath);
    const table = await screen.findByRole('table', { name: 'Contas de administradores' });
    expect(container.querySelector('table')).toBeNull();
    expect(container.querySelector('.overflow-x-auto')).toBeNull();
    expect(within(table).getAllByRole('columnheader')).toHaveLength(8);
    expect(within(row('Bruno Lima')).getByRole('rowheader')).toHaveTextContent('Bruno Lima');
    expect(cells('Bruno Lima').slice(0, 2)).toEqual([
      'E-mailbruno.lima@medipay.com.br',
      'Usuáriobruno.lima',
    ]);
    expect(
      within(row('Bruno Lima')).getByRole('button', { name: 'Desativar Bruno Lima' }),
    ).toBeVisible();
  });

  it('lists the accounts with profile, status and last access in São Paulo time', async () => {
    asMaster(() => [master, mini, retired]);
    renderAdmin(usersPath);
    expect(await screen.findByRole('table', { name: 'Contas de administradores' })).toBeVisible();
    expect(document.title).toBe('Administradores | Painel Administrativo | MediPay');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Nome',
      'E-mail',
      'Usuário',
      'Perfil',
      'Situação',
      'Duas etapas',
      'Último acesso',
      'Ações',
    ]);

    expect(cells('Ana Souza').slice(0, 6)).toEqual([
      'ana.souza@medipay.com.br',
      'ana.souza',
      'Administrador master',
      'Ativo',
      'Ativa',
      '10/03/2025 10:05',
    ]);
    expect(cells('Bruno Lima').slice(0, 6)).toEqual([
      'bruno.lima@medipay.com.br',
      'bruno.lima',
      'Administrador',
      'Ativo',
      'Não ativada',
      'Nunca',
    ]);
    expect(cells('Carla Dias').slice(3, 6)).toEqual(['Inativo', 'Não ativada', '31/12/2024 20:59']);

    // One's own account cannot be deactivated; an inactive one has nothing to deactivate.
    expect(row('Ana Souza')).toHaveTextContent('(você)');
    expect(within(row('Ana Souza')).queryByRole('button', { name: /Desativar/ })).toBeNull();
    expect(within(row('Carla Dias')).queryByRole('button', { name: /Desativar/ })).toBeNull();
    expect(
      within(row('Bruno Lima')).getByRole('button', { name: 'Desativar Bruno Lima' }),
    ).toBeVisible();
    expect(
      within(row('Ana Souza')).getByRole('button', { name: 'Redefinir senha de Ana Souza' }),
    ).toBeVisible();
  });

  it('checks the new account form before sending it', async () => {
    const api = asMaster(() => [master]);
    const { user } = renderAdmin(usersPath);
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('button', { name: 'Criar administrador' }));

    const field = (label: string) => within(dialog).getByLabelText(label);
    await waitFor(() =>
      expect(field('Nome')).toHaveAccessibleDescription(adminMessages.nameRequired),
    );
    expect(field('E-mail')).toHaveAccessibleDescription('E-mail inválido');
    expect(field('Usuário')).toHaveAccessibleDescription(
      expect.stringContaining(adminMessages.usernameFormat),
    );
    expect(field('Perfil')).toHaveAccessibleDescription(adminMessages.roleRequired);
    expect(field('Senha')).toHaveAccessibleDescription(
      expect.stringContaining(adminMessages.passwordLength),
    );

    await user.type(field('Nome'), 'Jo');
    await user.type(field('Usuário'), 'Com Espaço');
    await user.type(field('Senha'), 'curta');
    await user.tab();
    expect(field('Nome')).toHaveAccessibleDescription(adminMessages.nameRequired);
    expect(field('Usuário')).toHaveAccessibleDescription(
      expect.stringContaining(adminMessages.usernameFormat),
    );
    expect(field('Senha')).toHaveAccessibleDescription(
      expect.stringContaining(adminMessages.passwordLength),
    );
    expect(api.calls('POST /api/admin/users')).toHaveLength(0);
  });

  it('shows the server message of a duplicate account (409) in the dialog', async () => {
    const api = asMaster(() => [master], {
      'POST /api/admin/users': () =>
        apiError(409, adminMessages.duplicateAccount, errorCodes.conflict),
    });
    const { user } = renderAdmin(usersPath);
    const dialog = await openCreate(user);
    const field = (label: string) => within(dialog).getByLabelText(label);
    await user.type(field('Nome'), 'Daniel Rocha');
    await user.type(field('E-mail'), 'Daniel.Rocha@MediPay.com.br');
    await user.type(field('Usuário'), 'Daniel.Rocha');
    await user.selectOptions(field('Perfil'), 'Administrador');
    await user.type(field('Senha'), 'uma senha bem longa');
    await user.click(within(dialog).getByRole('button', { name: 'Criar administrador' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      adminMessages.duplicateAccount,
    );
    expect(api.calls('POST /api/admin/users')[0]?.body).toEqual({
      name: 'Daniel Rocha',
      email: 'daniel.rocha@medipay.com.br',
      username: 'daniel.rocha',
      role: 'admin_mini',
      password: 'uma senha bem longa',
    });
    expect(screen.getByRole('dialog', { name: 'Novo administrador' })).toBeVisible();
    expect(screen.queryByText(adminMessages.accountCreated)).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a weak password on the password field", async () => {
    const api = asMaster(() => [master], {
      'POST /api/admin/users': () => apiError(400, passwordMessages.weak, errorCodes.validation),
    });
    const { user } = renderAdmin(usersPath);
    const dialog = await openCreate(user);
    const field = (label: string) => within(dialog).getByLabelText(label);
    expect(field('Senha')).toHaveAccessibleDescription(expect.stringContaining('frase longa'));
    await user.type(field('Nome'), 'Daniel Rocha');
    await user.type(field('E-mail'), 'daniel.rocha@medipay.com.br');
    await user.type(field('Usuário'), 'daniel.rocha');
    await user.selectOptions(field('Perfil'), 'admin_mini');
    await user.type(field('Senha'), 'password1234');
    await user.click(within(dialog).getByRole('button', { name: 'Criar administrador' }));

    await waitFor(() =>
      expect(field('Senha')).toHaveAccessibleDescription(
        expect.stringContaining(passwordMessages.weak),
      ),
    );
    expect(field('Senha')).toHaveFocus();
    expect(field('Senha')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(api.calls('POST /api/admin/users')).toHaveLength(1);
    expect(screen.queryByText(adminMessages.accountCreated)).not.toBeInTheDocument();
  });

  it('creates an account, toasts and reloads the list', async () => {
    let users = [master];
    const api = asMaster(() => users, {
      'POST /api/admin/users': () => {
        users = [master, created];
        return json(created, 201);
      },
    });
    const { user } = renderAdmin(usersPath);
    const dialog = await openCreate(user);
    const field = (label: string) => within(dialog).getByLabelText(label);
    await user.type(field('Nome'), 'Daniel Rocha');
    await user.type(field('E-mail'), 'daniel.rocha@medipay.com.br');
    await user.type(field('Usuário'), 'daniel.rocha');
    await user.selectOptions(field('Perfil'), 'admin_master');
    await user.type(field('Senha'), 'uma senha bem longa');
    await user.click(within(dialog).getByRole('button', { name: 'Criar administrador' }));

    expect(await screen.findByText(adminMessages.accountCreated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('row', { name: /Daniel Rocha/ })).toBeVisible();
    expect(api.calls('POST /api/admin/users')[0]?.body).toMatchObject({ role: 'admin_master' });
    expect(api.calls('GET /api/admin/users')).toHaveLength(2);
  });

  it('resets a password after checking its length, showing the refusal of a weak one', async () => {
    let weak = true;
    const api = asMaster(() => [master, mini], {
      'POST /api/admin/users/adm-2/password': () =>
        weak ? apiError(400, passwordMessages.weak, errorCodes.validation) : noContent(),
    });
    const { user } = renderAdmin(usersPath);
    await user.click(await screen.findByRole('button', { name: 'Redefinir senha de Bruno Lima' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redefinir senha' });
    expect(dialog).toHaveTextContent('Bruno Lima (bruno.lima)');
    const password = within(dialog).getByLabelText('Nova senha');

    await user.type(password, 'curta');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar nova senha' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(
        expect.stringContaining(adminMessages.passwordLength),
      ),
    );
    expect(api.calls('POST /api/admin/users/adm-2/password')).toHaveLength(0);

    await user.clear(password);
    await user.type(password, 'outra senha bem longa');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar nova senha' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(expect.stringContaining(passwordMessages.weak)),
    );
    expect(password).toHaveFocus();
    expect(screen.queryByText(adminMessages.passwordReset)).not.toBeInTheDocument();

    weak = false;
    await user.click(within(dialog).getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText(adminMessages.passwordReset)).toBeInTheDocument();
    expect(api.calls('POST /api/admin/users/adm-2/password')[1]?.body).toEqual({
      password: 'outra senha bem longa',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deactivates an account after confirmation and shows it inactive', async () => {
    let users = [master, mini];
    const api = asMaster(() => users, {
      'POST /api/admin/users/adm-2/deactivate': () => {
        users = [master, { ...mini, active: false }];
        return json(users[1]);
      },
    });
    const { user } = renderAdmin(usersPath);
    await user.click(await screen.findByRole('button', { name: 'Desativar Bruno Lima' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desativar administrador?' });
    expect(dialog).toHaveTextContent('bruno.lima@medipay.com.br');
    await user.click(within(dialog).getByRole('button', { name: 'Desativar' }));

    expect(await screen.findByText(adminMessages.accountDeactivated)).toBeInTheDocument();
    await waitFor(() => expect(cells('Bruno Lima')[3]).toBe('Inativo'));
    expect(api.calls('POST /api/admin/users/adm-2/deactivate')).toHaveLength(1);
  });

  it('toasts the server message when the deactivation is refused', async () => {
    asMaster(() => [master, { ...mini, role: 'admin_master' }], {
      'POST /api/admin/users/adm-2/deactivate': () =>
        apiError(409, adminMessages.lastMaster, errorCodes.conflict),
    });
    const { user } = renderAdmin(usersPath);
    await user.click(await screen.findByRole('button', { name: 'Desativar Bruno Lima' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desativar administrador?' });
    await user.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText(adminMessages.lastMaster)).toBeInTheDocument();
    expect(cells('Bruno Lima')[3]).toBe('Ativo');
  });

  it('tells an admin_mini the page is restricted and loads nothing', async () => {
    const api = stubApi({ 'GET /api/admin/session': () => json(sessionOf(mini)) });
    renderAdmin(usersPath);
    expect(await screen.findByRole('heading', { level: 1, name: 'Acesso restrito' })).toBeVisible();
    expect(screen.getByText(adminMessages.masterOnly)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Novo administrador' })).not.toBeInTheDocument();
    expect(api.calls('GET /api/admin/users')).toHaveLength(0);
    expect(api.unexpected).toEqual([]);
  });
});
