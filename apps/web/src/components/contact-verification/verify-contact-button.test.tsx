import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../ui/sonner';
import { OtpDialog } from './otp-dialog';
import { VerifyContactButton } from './verify-contact-button';

/**
 * 'Verificar' and its code dialog against a fetch double that answers as the API does: the
 * messages of a failed send, a wrong code and a blocked code appear inside the dialog.
 */
const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const email = 'ana.souza@example.com';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sent = (resendInSeconds = 0) =>
  json(202, { channel: 'email', destination: email, resendInSeconds, expiresInSeconds: 300 });
const refused = (status: number, code: string, message: string) => json(status, { code, message });
const verified = () =>
  json(200, {
    channel: 'email',
    destination: email,
    session: { flow: 'PF', verifiedEmail: email, verifiedPhone: null },
  });

function renderButton() {
  const onVerified = vi.fn();
  render(
    <>
      <VerifyContactButton
        flow="PF"
        channel="email"
        destination={email}
        verified={false}
        onVerified={onVerified}
        fieldLabel="e-mail"
      />
      <Toaster />
    </>,
  );
  return { onVerified };
}

const calls = (path: string) =>
  fetchMock.mock.calls.filter(([url]) => (url as string).endsWith(path)).length;

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Verificar e-mail' }));
  return screen.findByRole('dialog', { name: 'Verificar e-mail' });
}

// Several dialogs, requests and typed codes per test: slow on a busy machine.
describe('the code dialog', { timeout: 30_000 }, () => {
  it('opens even when the send was refused (400), says why inside it and offers to send again', async () => {
    fetchMock
      .mockResolvedValueOnce(refused(400, 'VALIDATION_ERROR', 'E-mail inválido'))
      .mockResolvedValueOnce(sent(60));
    const toastError = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    renderButton();
    const dialog = await openDialog(user);
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Erro');
    expect(alert).toHaveTextContent('E-mail inválido');
    expect(dialog).toHaveTextContent(`recebido em ${email}, ou peça um novo código.`);
    expect(toastError).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Reenviar código' }));
    expect(await within(dialog).findByText('Código reenviado!')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toBeEmptyDOMElement();
    expect(within(dialog).getByRole('button', { name: /Reenviar em \d+s/ })).toBeDisabled();
    expect(calls('/verification/send')).toBe(2);
  });

  it("opens after a failed delivery with the spec's 'Não foi possível enviar o código por e-mail'", async () => {
    fetchMock.mockResolvedValueOnce(refused(503, 'SERVICE_UNAVAILABLE', 'Indisponível.'));
    const user = userEvent.setup();
    renderButton();
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Não foi possível enviar o código por e-mail',
    );
    expect(within(dialog).getByRole('button', { name: 'Reenviar código' })).toBeEnabled();
  });

  it("gives the keyboard back to 'Verificar' when Escape closes the dialog", async () => {
    fetchMock.mockResolvedValueOnce(sent(60));
    const user = userEvent.setup();
    renderButton();
    await openDialog(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Verificar e-mail' })).toHaveFocus();
  });

  it.each([
    ['email', email, 'Não recebeu o código? Verifique sua caixa de spam ou tente reenviar.'],
    ['phone', '+55 (11) 98765-4321', 'Não recebeu o código? Confira o número e tente reenviar.'],
  ] as const)('gives the %s dialog its own advice when no code arrives', (channel, to, hint) => {
    render(
      <OtpDialog
        open
        onOpenChange={vi.fn()}
        flow="PF"
        channel={channel}
        destination={to}
        resendInSeconds={60}
        onVerified={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(hint)).toBeVisible();
    if (channel === 'phone') expect(dialog).not.toHaveTextContent(/spam/i);
  });

  it("says 'Código inválido' inside the dialog, not in a toast, and clears the code", async () => {
    fetchMock
      .mockResolvedValueOnce(sent(60))
      .mockResolvedValueOnce(
        refused(400, 'INVALID_CODE', 'O código informado está incorreto ou expirado.'),
      );
    const toastError = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    renderButton();
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('alert')).toBeEmptyDOMElement();
    const input = within(dialog).getByRole('textbox', { name: 'Código de verificação' });
    await user.type(input, '123456');
    const alert = within(dialog).getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Código inválido'));
    expect(alert).toHaveTextContent('O código informado está incorreto ou expirado.');
    expect(input).toHaveValue('');
    expect(input).toBeEnabled();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('says a blocked code is blocked, stops taking codes, and a new code unblocks it', async () => {
    fetchMock
      .mockResolvedValueOnce(sent(0))
      .mockResolvedValueOnce(
        refused(
          400,
          'CODE_BLOCKED',
          'Este código foi bloqueado depois de 5 tentativas erradas. Peça um novo código para continuar.',
        ),
      )
      .mockResolvedValueOnce(sent(60))
      .mockResolvedValueOnce(verified());
    const user = userEvent.setup();
    const { onVerified } = renderButton();
    const dialog = await openDialog(user);
    const input = within(dialog).getByRole('textbox', { name: 'Código de verificação' });
    await user.type(input, '654321');
    const alert = within(dialog).getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Código bloqueado'));
    expect(alert).toHaveTextContent('Peça um novo código para continuar.');
    expect(alert).not.toHaveTextContent('Código inválido');
    expect(input).toBeDisabled();
    const renew = within(dialog).getByRole('button', { name: 'Pedir novo código' });
    expect(renew).toHaveFocus();

    await user.click(renew);
    expect(await within(dialog).findByText('Código reenviado!')).toBeInTheDocument();
    expect(input).toBeEnabled();
    await user.type(input, '111222');
    await waitFor(() =>
      expect(onVerified).toHaveBeenCalledWith({
        flow: 'PF',
        verifiedEmail: email,
        verifiedPhone: null,
      }),
    );
  });

  it("keeps 'Erro ao reenviar' inside the dialog with the countdown the server asked for", async () => {
    fetchMock.mockResolvedValueOnce(sent(0)).mockResolvedValueOnce(
      json(429, {
        code: 'RESEND_TOO_SOON',
        message: 'Aguarde 30s para pedir um novo código.',
        retryAfterSeconds: 30,
      }),
    );
    const user = userEvent.setup();
    renderButton();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Reenviar código' }));
    const alert = within(dialog).getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Erro ao reenviar'));
    expect(alert).toHaveTextContent('Tente novamente em alguns instantes.');
    expect(within(dialog).getByRole('button', { name: /Reenviar em 30s/ })).toBeDisabled();
  });
});

describe('a verified contact', () => {
  it('shows the badge under the field, with the whole e-mail after it (a phone cuts it in the field)', () => {
    const long = 'heitor.maximiliano.albuquerque.cavalcanti.vieira@example.com';
    render(
      <>
        <VerifyContactButton
          flow="PF"
          channel="email"
          destination={long}
          verified
          onVerified={vi.fn()}
          fieldLabel="e-mail"
        />
        <VerifyContactButton
          flow="PF"
          channel="phone"
          destination="+55 (11) 99999-9999"
          verified
          onVerified={vi.fn()}
          fieldLabel="telefone"
        />
      </>,
    );
    expect(screen.queryByRole('button', { name: /Verificar/ })).toBeNull();
    const [emailStatus, phoneStatus] = screen
      .getAllByText('Verificado')
      .map((badge) => badge.closest('p')!);
    // Its own line of the field's row, the address free to break anywhere.
    expect(emailStatus).toHaveClass('basis-full');
    expect(emailStatus).toHaveTextContent(`Verificado${long}`);
    expect(within(emailStatus!).getByText(long)).toHaveClass('[overflow-wrap:anywhere]');
    // A phone number fits its field: the badge alone.
    expect(phoneStatus).toHaveTextContent(/^Verificado$/);
  });
});
