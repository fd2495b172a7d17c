import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminMessages } from '@medipay/shared/admin';
import { errorCodes } from '@medipay/shared/api-error';
import {
  apiError,
  currentPath,
  dashboard,
  fetchMock,
  json,
  master,
  mini,
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

async function logIn(user: ReturnType<typeof renderAdmin>['user']) {
  await user.type(screen.getByLabelText('Usuário ou e-mail'), 'ana.souza');
  await user.type(screen.getByLabelText('Senha'), 'senha-muito-segura');
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const recoveryCodes = Array.from(
  { length: 10 },
  (_, i) => `ABCDE-FGH${String(i).padStart(2, '2')}`,
);

describe('login with a second factor', () => {
  it('asks for the code after the password, checks its form, shows a refusal and opens the dashboard', async () => {
    let tries = 0;
    const api = stubApi({
      'GET /api/admin/session': unauthorized,
      'POST /api/admin/login': () => json(sessionOf(master, false, 'second_factor')),
      'POST /api/admin/second-factor/verify': () =>
        (tries += 1) === 1
          ? apiError(400, adminMessages.invalidCode, errorCodes.invalidCode)
          : json(sessionOf(master)),
      'GET /api/admin/dashboard': () => json(dashboard),
    });
    const { user } = renderAdmin(loginPath);
    await logIn(user);

    expect(
      await screen.findByRole('heading', { level: 2, name: adminMessages.secondFactorTitle }),
    ).toBeVisible();
    // Not logged in yet: no success toast, still on the login page.
    expect(screen.queryByText(adminMessages.loginSucceeded)).not.toBeInTheDocument();
    const code = screen.getByLabelText(adminMessages.codeLabel);
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    await user.type(code, '12a');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(code).toHaveAccessibleDescription(adminMessages.codeFormat);
    expect(api.calls('POST /api/admin/second-factor/verify')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '123456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(adminMessages.invalidCode);
    expect(code).toHaveValue('');

    await user.type(code, '654321{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(currentPath()).toBe('/onboarding/admin/dashboard');
    expect(api.calls('POST /api/admin/second-factor/verify').map((call) => call.body)).toEqual([
      { code: '123456' },
      { code: '654321' },
    ]);
    expect(screen.getByText(adminMessages.loginSucceeded)).toBeInTheDocument();
  });

  it('takes a recovery code instead, and goes back to the password when the login ran out', async () => {
    const api = stubApi({
      'GET /api/admin/session': () => json(sessionOf(master, false, 'second_factor')),
      'POST /api/admin/second-factor/verify': () =>
        apiError(401, adminMessages.sessionRequired, errorCodes.unauthorized),
    });
    const { user } = renderAdmin(loginPath);
    await user.click(await screen.findByRole('button', { name: adminMessages.useRecoveryCode }));
    const field = screen.getByLabelText(adminMessages.recoveryCodeLabel);
    await user.type(field, 'abcde-fgh23{Enter}');

    expect(await screen.findByLabelText('Usuário ou e-mail')).toBeVisible();
    expect(screen.getByText(adminMessages.sessionRequired)).toBeInTheDocument();
    expect(api.calls('POST /api/admin/second-factor/verify')[0]?.body).toEqual({
      recoveryCode: 'abcde-fgh23',
    });
  });

  it('keeps a login that owes its code out of the back office', async () => {
    stubApi({ 'GET /api/admin/session': () => json(sessionOf(master, false, 'second_factor')) });
    renderAdmin('/onboarding/admin/dashboard');
    expect(await screen.findByLabelText(adminMessages.codeLabel)).toBeVisible();
    expect(currentPath()).toBe(loginPath);
  });
});

describe('enrolment of an authenticator app', () => {
  it('is required after the password when the installation says so: QR code, key, first code, recovery codes', async () => {
    let enrolled = false;
    const api = stubApi({
      'GET /api/admin/session': () =>
        enrolled ? json(sessionOf(mini)) : apiError(401, adminMessages.sessionRequired),
      'POST /api/admin/login': () => json(sessionOf(mini, false, 'enrolment')),
      'POST /api/admin/second-factor/totp/setup': () =>
        json({
          secret,
          otpauthUri: `otpauth://totp/MediPay:bruno?secret=${secret}`,
          qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"></svg>',
        }),
      'POST /api/admin/second-factor/totp/confirm': () => {
        enrolled = true;
        return json({ recoveryCodes });
      },
      'GET /api/admin/dashboard': () => json(dashboard),
    });
    const { user } = renderAdmin(loginPath);
    await logIn(user);

    expect(await screen.findByText(adminMessages.enrolmentRequired)).toBeVisible();
    const qr = await screen.findByRole('img', {
      name: 'Código QR para cadastrar a conta no aplicativo autenticador',
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();
    expect(api.calls('POST /api/admin/second-factor/totp/setup')).toHaveLength(1);

    await user.type(screen.getByLabelText(adminMessages.codeLabel), '246810');
    await user.click(screen.getByRole('button', { name: 'Ativar' }));
    const list = await screen.findByRole('list', { name: 'Códigos de recuperação' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    expect(screen.getByText(adminMessages.recoveryCodesHint)).toBeVisible();
    expect(api.calls('POST /api/admin/second-factor/totp/confirm')[0]?.body).toEqual({
      code: '246810',
    });

    await user.click(screen.getByRole('button', { name: 'Guardei os códigos, continuar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  it('is offered on Minha conta, and a master resets another admin from the accounts list', async () => {
    const api = stubApi({
      'GET /api/admin/session': () => json(sessionOf({ ...master, secondFactor: false })),
      'POST /api/admin/second-factor/totp/setup': () =>
        json({ secret, otpauthUri: 'otpauth://totp/x', qrSvg: '<svg></svg>' }),
      'GET /api/admin/users': () =>
        json({
          users: [
            { ...master, secondFactor: false },
            { ...mini, secondFactor: true },
          ],
        }),
      'POST /api/admin/users/adm-2/second-factor/reset': () =>
        json({ ...mini, secondFactor: false }),
    });
    const { user } = renderAdmin('/onboarding/admin/conta');
    expect(await screen.findByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
    const card = screen.getByRole('region', { name: adminMessages.secondFactorTitle });
    expect(within(card).getByText('Não ativada')).toBeVisible();
    await user.click(
      within(card).getByRole('button', { name: 'Ativar verificação em duas etapas' }),
    );
    expect(await within(card).findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();
    expect(api.calls('POST /api/admin/second-factor/totp/setup')).toHaveLength(1);

    await user.click(screen.getByRole('link', { name: 'Administradores' }));
    const reset = await screen.findByRole('button', {
      name: 'Redefinir a verificação em duas etapas de Bruno Lima',
    });
    // Only an account with a second factor has the action.
    expect(
      screen.queryByRole('button', { name: 'Redefinir a verificação em duas etapas de Ana Souza' }),
    ).not.toBeInTheDocument();
    await user.click(reset);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(adminMessages.secondFactorResetConfirm('Bruno Lima'));
    await user.click(within(dialog).getByRole('button', { name: 'Redefinir' }));
    expect(await screen.findByText(adminMessages.secondFactorReset)).toBeInTheDocument();
    expect(api.calls('POST /api/admin/users/adm-2/second-factor/reset')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
