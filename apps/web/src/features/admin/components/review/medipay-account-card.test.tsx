import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminMessages } from '@medipay/shared/admin';
import { reviewMessages, type ApplicationDetail } from '@medipay/shared/admin-review';
import { errorCodes } from '@medipay/shared/api-error';
import {
  medipayMessages,
  reopenApprovedMessages,
  type MedipayAccount,
  type MedipayAction,
} from '@medipay/shared/medipay-account';
import { paymentPlatformMessages } from '@medipay/shared/payment-platform';
import {
  apiError,
  currentPath,
  deferred,
  fetchMock,
  json,
  master,
  renderAdmin,
  sessionOf,
  stubApi,
  unauthorized,
  type Handler,
} from '../../test-utils';
import { noLinks, noScreening, pfDetail, pfId, pjDetail, pjId } from './review-test-fixtures';
import { expectVisibleText } from '../../../../testing/visible-text';

beforeEach(() => {
  toast.dismiss();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type PfDetail = Extract<ApplicationDetail, { flow: 'PF' }>;

const detailPath = `/onboarding/admin/${pfId}`;
const detailApi = `GET /api/admin/applications/pf/${pfId}`;
const medipayPost = (segment: string) =>
  `POST /api/admin/applications/pf/${pfId}/medipay/${segment}`;

/** Longer than one polling period (1.5 s) plus the answer. */
const afterPoll = { timeout: 4000 };

function account(extra: Partial<MedipayAccount> = {}): MedipayAccount {
  return {
    state: 'pending',
    userId: null,
    existingAccount: null,
    attempts: 0,
    error: null,
    errorCode: null,
    requestedAt: '2025-03-11T12:00:00.000Z',
    completedAt: null,
    onboardingUrl: null,
    documentsSentAt: null,
    documentsSent: null,
    onboardingSentAt: null,
    emailVerificationSentAt: null,
    ...extra,
  };
}

const created = account({
  state: 'done',
  userId: 'usr_8f2a41',
  existingAccount: false,
  attempts: 1,
  completedAt: '2025-03-11T12:00:05.000Z',
});

function approved(medipay: MedipayAccount | null, medipayActions: MedipayAction[] = []): PfDetail {
  return {
    ...pfDetail,
    status: 'APROVADO',
    allowedActions: ['reopen'],
    analisadoPor: 'ana.souza@medipay.com.br',
    analisadoEm: '2025-03-11T12:00:00.000Z',
    medipay,
    medipayActions,
  };
}

function withDetail(detail: () => PfDetail | Response, extra: Record<string, Handler> = {}) {
  return stubApi({
    'GET /api/admin/session': () => json(sessionOf(master)),
    [detailApi]: () => {
      const answer = detail();
      return answer instanceof Response ? answer : json(answer);
    },
    'GET /api/admin/applications/pf': () =>
      json({ items: [], total: 0, filtered: 0, page: 1, pageSize: 20 }),
    'GET /api/admin/dashboard': () => json({}),
    [`${detailApi}/screening`]: () => json(noScreening),
    [`${detailApi}/links`]: () => json(noLinks),
    ...extra,
  });
}

async function medipayCard() {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Conta MediPay' });
  return heading.closest('.rounded-lg') as HTMLElement;
}

const stateOf = (card: HTMLElement) => within(card).getByRole('status');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Conta MediPay card', () => {
  it('is left out while there is no account and no platform action', async () => {
    withDetail(() => pfDetail);
    renderAdmin(detailPath);
    await screen.findByRole('heading', { level: 1, name: 'Detalhes do Onboarding' });
    expect(screen.queryByRole('heading', { name: 'Conta MediPay' })).toBeNull();
  });

  it('says no account was created yet and offers Criar conta MediPay', async () => {
    withDetail(() => approved(null, ['create-account']));
    renderAdmin(detailPath);
    const card = await medipayCard();
    expect(stateOf(card)).toHaveTextContent(medipayMessages.none);
    expect(stateOf(card)).toHaveAttribute('aria-live', 'polite');
    expect(within(card).getByRole('button', { name: 'Criar conta MediPay' })).toBeEnabled();
    expect(within(card).getAllByRole('button')).toHaveLength(1);
  });

  it('shows a pending creation, and the retry with the last error and the attempts', async () => {
    let detail = approved(account());
    withDetail(() => detail);
    renderAdmin(detailPath);
    const card = await medipayCard();
    expect(stateOf(card)).toHaveTextContent(medipayMessages.pending);
    expect(stateOf(card)).not.toHaveTextContent(medipayMessages.retrying);
    expect(within(card).queryByRole('button')).toBeNull();

    detail = approved(
      account({
        attempts: 3,
        error: paymentPlatformMessages.unavailable,
        errorCode: 'UNAVAILABLE',
      }),
    );
    expect(
      await within(card).findByText(medipayMessages.retrying, {}, afterPoll),
    ).toBeInTheDocument();
    expect(stateOf(card)).toHaveTextContent(`Último erro: ${paymentPlatformMessages.unavailable}`);
    expect(stateOf(card)).toHaveTextContent('Tentativas: 3');
  });

  it('shows a created account: user id, existing account, sent dates and the onboarding link', async () => {
    withDetail(() =>
      approved(
        {
          ...created,
          existingAccount: true,
          documentsSentAt: '2025-03-11T12:30:00.000Z',
          documentsSent: 4,
          onboardingSentAt: '2025-03-11T13:00:00.000Z',
          emailVerificationSentAt: '2025-03-11T13:05:00.000Z',
          onboardingUrl: 'https://onboarding.medipay.example/o/abc123',
        },
        ['send-documents', 'send-onboarding', 'confirm-email'],
      ),
    );
    renderAdmin(detailPath);
    const card = await medipayCard();
    expect(stateOf(card)).toHaveTextContent(medipayMessages.done);
    expect(within(card).getByText('usr_8f2a41').tagName).toBe('CODE');
    expect(stateOf(card)).toHaveTextContent(medipayMessages.existing);
    expect(within(card).getByText('Documentos enviados em 11/03/2025 às 09:30')).toBeVisible();
    expect(
      within(card).getByText('Link de ativação enviado ao solicitante em 11/03/2025 às 10:00.'),
    ).toBeVisible();
    expect(within(card).getByText(medipayMessages.activationExplained)).toBeVisible();
    expect(
      within(card).getByText('Verificação de e-mail enviada em 11/03/2025 às 10:05'),
    ).toBeVisible();
    const link = within(card).getByRole('link', { name: /Link de onboarding/ });
    expect(link).toHaveAttribute('href', 'https://onboarding.medipay.example/o/abc123');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(
      within(card)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Enviar Documentos', 'Enviar Onboard', 'Confirmar Email']);
  });

  it('leaves out the existing-account note, the dates and the link until there are any', async () => {
    withDetail(() => approved(created));
    renderAdmin(detailPath);
    const card = await medipayCard();
    expect(stateOf(card)).toHaveTextContent(medipayMessages.done);
    expect(card).not.toHaveTextContent(medipayMessages.existing);
    expect(card).not.toHaveTextContent('Documentos enviados');
    expect(card).not.toHaveTextContent('Verificação de e-mail enviada');
    expect(within(card).queryByRole('link')).toBeNull();
    // The link did not go out by itself: the card says so and what to do.
    expect(within(card).getByText(medipayMessages.activationNotSent)).toBeVisible();
  });

  it('says nothing of the activation link while the account does not exist', async () => {
    withDetail(() => approved(account(), ['send-documents', 'send-onboarding', 'confirm-email']));
    renderAdmin(detailPath);
    const card = await medipayCard();
    expect(card).not.toHaveTextContent('link de ativação');
  });

  it('shows a failed creation with its error', async () => {
    withDetail(() =>
      approved(
        account({
          state: 'failed',
          attempts: 5,
          error: paymentPlatformMessages.invalid,
          errorCode: 'INVALID',
        }),
        ['create-account'],
      ),
    );
    renderAdmin(detailPath);
    const card = await medipayCard();
    expect(stateOf(card)).toHaveTextContent(medipayMessages.failed);
    expect(stateOf(card)).toHaveTextContent(paymentPlatformMessages.invalid);
    expect(within(card).getByRole('button', { name: 'Criar conta MediPay' })).toBeEnabled();
  });

  it.each([
    ['Enviar Documentos', 'documents', medipayMessages.documentsSent],
    ['Enviar Onboard', 'onboarding', medipayMessages.emailSent],
    ['Confirmar Email', 'email-verification', medipayMessages.emailSent],
  ])('%s posts to medipay/%s and toasts %s', async (label, segment, message) => {
    const before = approved(created, ['send-documents', 'send-onboarding', 'confirm-email']);
    const after = approved(
      {
        ...created,
        documentsSentAt: '2025-03-11T12:30:00.000Z',
        onboardingSentAt: '2025-03-11T13:00:00.000Z',
        emailVerificationSentAt: '2025-03-11T13:05:00.000Z',
        onboardingUrl: 'https://onboarding.medipay.example/o/abc123',
      },
      before.medipayActions,
    );
    const api = withDetail(() => before, { [medipayPost(segment)]: () => json(after) });
    const { user } = renderAdmin(detailPath);
    const card = await medipayCard();
    await user.click(within(card).getByRole('button', { name: label }));
    await expectVisibleText(message);
    expect(api.calls(medipayPost(segment))).toHaveLength(1);
    expect(api.calls(medipayPost(segment))[0]?.body).toEqual({});
    // The answer replaces the shown application.
    expect(within(card).getByRole('link', { name: /Link de onboarding/ })).toBeVisible();
    expect(api.unexpected).toEqual([]);
  });

  it('creates the account with no toast of its own, then toasts when the job finishes', async () => {
    let detail = approved(null, ['create-account']);
    const api = withDetail(() => detail, {
      [medipayPost('account')]: () => {
        detail = approved(account());
        return json(detail);
      },
    });
    const { user } = renderAdmin(detailPath);
    const card = await medipayCard();
    await user.click(within(card).getByRole('button', { name: 'Criar conta MediPay' }));
    expect(await within(card).findByText(medipayMessages.pending)).toBeVisible();
    expect(api.calls(medipayPost('account'))[0]?.body).toEqual({});
    expect(screen.queryByText(medipayMessages.accountProcessed)).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();

    detail = approved(created);
    // The toast is found as soon as it mounts and becomes visible a moment later: wait for both.
    await waitFor(
      () => expect(screen.getByText(medipayMessages.accountProcessed)).toBeVisible(),
      afterPoll,
    );
    expect(stateOf(card)).toHaveTextContent(medipayMessages.done);
  });

  it('shows the server message of a 502', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    withDetail(() => approved(created, ['send-documents']), {
      [medipayPost('documents')]: () =>
        apiError(502, paymentPlatformMessages.invalid, errorCodes.badGateway),
    });
    const { user } = renderAdmin(detailPath);
    const card = await medipayCard();
    await user.click(within(card).getByRole('button', { name: 'Enviar Documentos' }));
    await expectVisibleText(paymentPlatformMessages.invalid);
    expect(screen.getByText(reviewMessages.errorTitle)).toBeVisible();
    expect(screen.queryByText(medipayMessages.documentsSent)).toBeNull();
    expect(within(card).getByRole('button', { name: 'Enviar Documentos' })).toBeEnabled();
    expect(warn).toHaveBeenCalledOnce();
  });

  it.each([
    ['Enviar Documentos', 'send-documents', 'documents', medipayMessages.documentsFailed],
    ['Enviar Onboard', 'send-onboarding', 'onboarding', medipayMessages.onboardingFailed],
    [
      'Confirmar Email',
      'confirm-email',
      'email-verification',
      medipayMessages.emailVerificationFailed,
    ],
    ['Criar conta MediPay', 'create-account', 'account', medipayMessages.createFailed],
  ] as const)(
    '%s toasts its fallback after a 409 without a message or with INTERNAL_ERROR',
    async (label, action, segment, fallback) => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      let answers = 0;
      withDetail(() => approved(action === 'create-account' ? null : created, [action]), {
        [medipayPost(segment)]: () =>
          ++answers === 1 ? json({}, 409) : apiError(409, 'x', errorCodes.internal),
      });
      const { user } = renderAdmin(detailPath);
      const card = await medipayCard();
      await user.click(within(card).getByRole('button', { name: label }));
      await expectVisibleText(fallback);
      toast.dismiss();
      await waitFor(() => expect(screen.queryByText(fallback)).toBeNull());
      await user.click(within(card).getByRole('button', { name: label }));
      await expectVisibleText(fallback);
      expect(screen.queryByText('x')).toBeNull();
      expect(answers).toBe(2);
    },
  );

  it('disables every button while one action runs, with its pending label', async () => {
    const answer = deferred();
    const detail = approved(created, ['send-documents', 'send-onboarding', 'confirm-email']);
    withDetail(() => detail, { [medipayPost('onboarding')]: () => answer.promise });
    const { user } = renderAdmin(detailPath);
    const card = await medipayCard();
    await user.click(within(card).getByRole('button', { name: 'Enviar Onboard' }));
    const buttons = within(card).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Enviar Documentos',
      'Enviando...',
      'Confirmar Email',
    ]);
    for (const button of buttons) expect(button).toBeDisabled();
    answer.release(json(detail));
    await expectVisibleText(medipayMessages.emailSent);
    for (const button of within(card).getAllByRole('button')) expect(button).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Enviar Onboard' })).toBeVisible();
  });

  it("shows 'Criando...' on the creation button while it runs", async () => {
    const answer = deferred();
    withDetail(() => approved(null, ['create-account']), {
      [medipayPost('account')]: () => answer.promise,
    });
    const { user } = renderAdmin(detailPath);
    const card = await medipayCard();
    await user.click(within(card).getByRole('button', { name: 'Criar conta MediPay' }));
    expect(within(card).getByRole('button', { name: 'Criando...' })).toBeDisabled();
    answer.release(json(approved(created)));
    expect(await within(card).findByText('usr_8f2a41')).toBeVisible();
  });

  it('leaves a 401 to the session handling: no Erro toast of its own', async () => {
    withDetail(() => approved(created, ['send-documents']), {
      [medipayPost('documents')]: unauthorized,
    });
    const { user } = renderAdmin(detailPath);
    const card = await medipayCard();
    await user.click(within(card).getByRole('button', { name: 'Enviar Documentos' }));
    await expectVisibleText(adminMessages.sessionRequired);
    await waitFor(() => expect(currentPath()).toBe('/onboarding/admin/login'));
    expect(screen.queryByText(medipayMessages.documentsFailed)).toBeNull();
    expect(screen.queryByText(reviewMessages.errorTitle)).toBeNull();
  });
});

describe('MediPay state toasts', () => {
  it('toasts Conta processada com sucesso once when a pending account is done, and stops polling', async () => {
    let detail = approved(account());
    const api = withDetail(() => detail);
    renderAdmin(detailPath);
    const card = await medipayCard();
    expect(screen.queryByText(medipayMessages.accountProcessed)).toBeNull();
    detail = approved(created);
    await expectVisibleText(medipayMessages.accountProcessed, {}, afterPoll);
    expect(stateOf(card)).toHaveTextContent(medipayMessages.done);
    const reads = api.calls(detailApi).length;
    await sleep(1700);
    expect(api.calls(detailApi)).toHaveLength(reads);
    expect(screen.getAllByText(medipayMessages.accountProcessed)).toHaveLength(1);
  });

  it('warns with the error text when a pending account fails with ALREADY_REGISTERED', async () => {
    let detail = approved(account());
    withDetail(() => detail);
    renderAdmin(detailPath);
    const card = await medipayCard();
    detail = approved(
      account({
        state: 'failed',
        attempts: 1,
        error: paymentPlatformMessages.alreadyRegistered,
        errorCode: 'ALREADY_REGISTERED',
      }),
      ['create-account'],
    );
    expect(
      await screen.findByText(medipayMessages.approvedWithWarnings, {}, afterPoll),
    ).toBeVisible();
    expect(
      screen.getByText('Erro ao processar conta existente. Tente novamente.', {
        selector: '[data-description]',
      }),
    ).toBeVisible();
    expect(stateOf(card)).toHaveTextContent(medipayMessages.failed);
  });

  it('warns with the generic description when a pending account meets its first error', async () => {
    let detail = approved(account());
    const api = withDetail(() => detail);
    renderAdmin(detailPath);
    await medipayCard();
    detail = approved(
      account({
        attempts: 1,
        error: paymentPlatformMessages.unavailable,
        errorCode: 'UNAVAILABLE',
      }),
    );
    expect(
      await screen.findByText(medipayMessages.approvedWithWarnings, {}, afterPoll),
    ).toBeVisible();
    expect(screen.getByText(medipayMessages.approvedWithWarningsDescription)).toBeVisible();
    // The next attempts fail the same way: no new toast.
    detail = approved(
      account({
        attempts: 2,
        error: paymentPlatformMessages.unavailable,
        errorCode: 'UNAVAILABLE',
      }),
    );
    const reads = api.calls(detailApi).length;
    await waitFor(() => expect(api.calls(detailApi).length).toBeGreaterThan(reads), afterPoll);
    await screen.findByText('Tentativas: 2');
    expect(screen.getAllByText(medipayMessages.approvedWithWarnings)).toHaveLength(1);
  });

  it('toasts nothing on the first render of a created or failed account', async () => {
    withDetail(() => approved(created));
    renderAdmin(detailPath);
    await medipayCard();
    await sleep(50);
    expect(screen.queryByText(medipayMessages.accountProcessed)).toBeNull();
    expect(screen.queryByText(medipayMessages.approvedWithWarnings)).toBeNull();
  });

  it('follows an approval on the page: the account is created in the background and toasted', async () => {
    let detail: PfDetail = pfDetail;
    withDetail(() => detail, {
      [`POST /api/admin/applications/pf/${pfId}/approve`]: () => {
        detail = approved(account());
        return json(detail);
      },
    });
    const { user } = renderAdmin(detailPath);
    await screen.findByRole('heading', { level: 1, name: 'Detalhes do Onboarding' });
    expect(screen.queryByRole('heading', { name: 'Conta MediPay' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Aprovar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aprovar onboarding?' });
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    const card = await medipayCard();
    expect(stateOf(card)).toHaveTextContent(medipayMessages.pending);
    detail = approved(created);
    await expectVisibleText(medipayMessages.accountProcessed, {}, afterPoll);
  });

  it('shows the card on a PJ application too, with Enviar Onboard as a resend', async () => {
    const sent = {
      ...created,
      onboardingSentAt: '2025-03-11T12:00:06.000Z',
      onboardingUrl: 'https://onboarding.medipay.example/o/pj1',
    };
    const pjApproved = {
      ...pjDetail,
      status: 'APROVADO',
      medipay: sent,
      medipayActions: ['send-onboarding'],
    };
    const resend = `POST /api/admin/applications/pj/${pjId}/medipay/onboarding`;
    const api = stubApi({
      'GET /api/admin/session': () => json(sessionOf(master)),
      [`GET /api/admin/applications/pj/${pjId}`]: () => json(pjApproved),
      [resend]: () => json(pjApproved),
    });
    const { user } = renderAdmin(`/onboarding/admin/pj/${pjId}`);
    const card = await medipayCard();
    expect(stateOf(card)).toHaveTextContent(medipayMessages.done);
    expect(within(card).getByText('usr_8f2a41')).toBeVisible();
    expect(
      within(card).getByText('Link de ativação enviado ao solicitante em 11/03/2025 às 09:00.'),
    ).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Enviar Onboard' }));
    await expectVisibleText(medipayMessages.emailSent);
    expect(api.calls(resend)).toHaveLength(1);
  });

  it('shows the resend cooldown message from the server', async () => {
    withDetail(() => approved(created, ['send-onboarding']), {
      [medipayPost('onboarding')]: () =>
        apiError(429, medipayMessages.onboardingCooldown, errorCodes.rateLimited),
    });
    const { user } = renderAdmin(detailPath);
    const card = await medipayCard();
    await user.click(within(card).getByRole('button', { name: 'Enviar Onboard' }));
    await expectVisibleText(medipayMessages.onboardingCooldown);
  });
});

describe("'Voltar para Análise' on an approved application", () => {
  async function openReopenDialog(medipay: MedipayAccount | null) {
    withDetail(() => approved(medipay));
    const { user } = renderAdmin(detailPath);
    await user.click(await screen.findByRole('button', { name: 'Voltar para Análise' }));
    return screen.findByRole('dialog', { name: 'Voltar para Análise?' });
  }

  it('says the account and the link stay, and what the applicant is told', async () => {
    const dialog = await openReopenDialog({
      ...created,
      onboardingSentAt: '2025-03-11T12:00:06.000Z',
      onboardingUrl: 'https://onboarding.medipay.example/o/abc123',
    });
    for (const text of [
      'O onboarding voltará para o status Em Análise e poderá ser decidido de novo.',
      'A conta MediPay já aberta continua aberta: voltar para análise não a fecha na plataforma.',
      'O link de ativação já enviado ao solicitante continua válido: esta ação não o cancela.',
      'O solicitante receberá um e-mail avisando que o cadastro voltou para análise e que a conta MediPay e o link de ativação continuam válidos.',
    ]) {
      expect(within(dialog).getByText(text)).toBeVisible();
    }
  });

  it('without an account: its creation is suspended, and the applicant is told so', async () => {
    const dialog = await openReopenDialog(account());
    expect(within(dialog).getByText(reopenApprovedMessages.creationSuspended)).toBeVisible();
    expect(
      within(dialog).getByText(
        'O solicitante receberá um e-mail avisando que o cadastro voltou para análise e que a abertura da conta MediPay fica suspensa até a nova decisão.',
      ),
    ).toBeVisible();
    expect(dialog).not.toHaveTextContent('link de ativação');
  });
});
