import { dataSubjectMessages } from '@medipay/shared/data-subject';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCodes, genericMessages } from '@medipay/shared/api-error';
import {
  applicationStatusMessages as messages,
  statusNextSteps,
  type ApplicationStatus,
} from '@medipay/shared/application-status';
import { apiError, fetchMock, json, stubApi } from '../../../testing/api-stub';
import { ApplicationStatusPage } from './application-status-page';
import { leavePage } from './leave-page';
import { expectVisibleText } from '../../../testing/visible-text';

vi.mock('./leave-page', () => ({ leavePage: vi.fn() }));

beforeEach(() => {
  fetchMock.mockReset();
  vi.mocked(leavePage).mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const underAnalysis: ApplicationStatus = {
  flow: 'PF',
  protocolo: 'MEDI-20261122-0042',
  status: 'EM_ANALISE',
  submittedAt: '2026-11-22T13:05:00.000Z',
  history: [
    { status: 'INICIADO', at: '2026-11-22T12:00:00.000Z' },
    { status: 'EM_ANALISE', at: '2026-11-22T13:05:00.000Z' },
  ],
  exigencias: null,
  motivoNegacao: null,
  canRectify: false,
};

const company: ApplicationStatus = {
  ...underAnalysis,
  flow: 'PJ',
  protocolo: 'PJ-20261122-4242',
  status: 'ENVIADO_PARA_ANALISE',
  history: [
    { status: 'INICIADO', at: '2026-11-22T12:00:00.000Z' },
    { status: 'ENVIADO_PARA_ANALISE', at: '2026-11-22T13:05:00.000Z' },
  ],
};

const noAccess = () => apiError(401, messages.accessExpired, errorCodes.unauthorized);
const noSession = () => apiError(404, messages.notFound, errorCodes.notFound);
const codeSent = () => json({ resendInSeconds: 60, expiresInSeconds: 300 }, 202);

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

function renderPage(path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/acompanhar-status" element={<ApplicationStatusPage />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user };
}

const location = () => screen.getByTestId('location').textContent;

describe('the own session (?fluxo=)', () => {
  it('shows the protocol, the status, what comes next and the timeline', async () => {
    const api = stubApi({ 'GET /api/status/mine?flow=PF': () => json(underAnalysis) });
    renderPage('/acompanhar-status?fluxo=pf');

    expect(screen.getByRole('heading', { level: 1, name: 'Acompanhar status' })).toBeVisible();
    expect(await screen.findByTestId('protocolo')).toHaveTextContent('MEDI-20261122-0042');
    expect(screen.getByText('Em Análise', { selector: '[data-tone]' })).toBeVisible();
    expect(screen.getByText(statusNextSteps.EM_ANALISE)).toBeVisible();
    const timeline = screen.getByRole('list', { name: 'Histórico' });
    const items = within(timeline).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Iniciado22/11/2026 às 09:00',
      'Em Análise22/11/2026 às 10:05',
    ]);
    expect(within(items[1]!).getByText('22/11/2026 às 10:05')).toHaveAttribute(
      'datetime',
      '2026-11-22T13:05:00.000Z',
    );
    expect(screen.queryByRole('button', { name: 'Corrigir documentos' })).toBeNull();
    // The own session's data, as a download.
    const download = screen.getByRole('link', { name: 'Baixar meus dados' });
    expect(download).toHaveAttribute('href', '/api/status/mine/export?flow=PF');
    expect(download).toHaveAttribute('download');
    expect(screen.queryByLabelText('Protocolo')).toBeNull();
    expect(api.calls('GET /api/status')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Voltar para a página inicial' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('without a submitted application here, explains and asks for the protocol', async () => {
    stubApi({ 'GET /api/status/mine?flow=PJ': noSession });
    renderPage('/acompanhar-status?fluxo=pj');
    await expectVisibleText(messages.notFound);
    expect(screen.getByLabelText('Protocolo')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Enviar código' })).toBeVisible();
  });
});

describe('access by protocol and code', () => {
  it('sends the code, refuses a wrong one, and shows the status after the right one', async () => {
    const api = stubApi({
      'GET /api/status': noAccess,
      'POST /api/status/code': codeSent,
      'POST /api/status/verify': ({ body }) =>
        (body as { code: string }).code === '123456'
          ? json(company)
          : apiError(400, messages.invalidCode, errorCodes.invalidCode),
    });
    const { user } = renderPage('/acompanhar-status');

    const protocol = await screen.findByLabelText('Protocolo');
    expect(protocol).toHaveAccessibleDescription(messages.protocolHint);
    await user.type(protocol, ' pj-20261122-4242{Enter}');
    await waitFor(() =>
      expect(api.calls('POST /api/status/code')[0]?.body).toEqual({
        protocolo: 'PJ-20261122-4242',
      }),
    );

    await expectVisibleText(messages.codeSent, { exact: false });
    const code = screen.getByLabelText('Código');
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('button', { name: /Reenviar código em \d+s/ })).toBeDisabled();

    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.invalidCode);

    await user.clear(code);
    await user.type(code, '123456{Enter}');
    expect(await screen.findByTestId('protocolo')).toHaveTextContent('PJ-20261122-4242');
    expect(screen.getByText('Enviado para Análise', { selector: '[data-tone]' })).toBeVisible();
    // The code's cookie opens the data of this protocol.
    expect(screen.getByRole('link', { name: 'Baixar meus dados' })).toHaveAttribute(
      'href',
      '/api/status/export',
    );
    expect(api.calls('POST /api/status/verify').map((call) => call.body)).toEqual([
      { protocolo: 'PJ-20261122-4242', code: '654321' },
      { protocolo: 'PJ-20261122-4242', code: '123456' },
    ]);
    // The address now names the protocol the cookie opens (a reload shows it again); the page
    // replaces the address after showing the status, so wait for the navigation to commit.
    await waitFor(() => expect(location()).toBe('/acompanhar-status?protocolo=PJ-20261122-4242'));
    expect(api.calls('GET /api/status')).toHaveLength(1);
  });

  it('checks the fields before asking the server', async () => {
    const api = stubApi({ 'GET /api/status': noAccess, 'POST /api/status/code': codeSent });
    const { user } = renderPage('/acompanhar-status');

    await user.click(await screen.findByRole('button', { name: 'Enviar código' }));
    const protocol = screen.getByLabelText('Protocolo');
    await waitFor(() =>
      expect(protocol).toHaveAccessibleDescription(
        expect.stringContaining(messages.invalidProtocol),
      ),
    );
    expect(protocol).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /api/status/code')).toHaveLength(0);

    await user.type(protocol, 'MEDI-20261122-0042');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    await user.type(await screen.findByLabelText('Código'), '123{Enter}');
    await waitFor(() =>
      expect(screen.getByLabelText('Código')).toHaveAccessibleDescription(
        expect.stringContaining('O código deve ter 6 dígitos'),
      ),
    );
    expect(api.calls('POST /api/status/verify')).toHaveLength(0);

    // Back to the protocol, as typed.
    await user.click(screen.getByRole('button', { name: 'Usar outro protocolo' }));
    expect(screen.getByLabelText('Protocolo')).toHaveValue('MEDI-20261122-0042');
  });

  it('says what the server refused (too many requests)', async () => {
    stubApi({
      'GET /api/status': noAccess,
      'POST /api/status/code': () =>
        apiError(429, genericMessages.rateLimited, errorCodes.rateLimited),
    });
    const { user } = renderPage('/acompanhar-status?protocolo=MEDI-20261122-0042');
    const protocol = await screen.findByLabelText('Protocolo');
    expect(protocol).toHaveValue('MEDI-20261122-0042');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(genericMessages.rateLimited);
    expect(screen.queryByLabelText('Código')).toBeNull();
  });

  it('opens the status of a live cookie, unless the address names another protocol', async () => {
    stubApi({ 'GET /api/status': () => json(underAnalysis) });
    renderPage('/acompanhar-status?protocolo=medi-20261122-0042');
    expect(await screen.findByTestId('protocolo')).toHaveTextContent('MEDI-20261122-0042');
  });

  it('asks for the protocol of the address when the cookie opens another one', async () => {
    stubApi({ 'GET /api/status': () => json(underAnalysis) });
    renderPage('/acompanhar-status?protocolo=PJ-20261122-4242');
    expect(await screen.findByLabelText('Protocolo')).toHaveValue('PJ-20261122-4242');
    expect(screen.queryByTestId('protocolo')).toBeNull();
  });

  it('offers another protocol from the status view', async () => {
    stubApi({ 'GET /api/status': () => json(underAnalysis) });
    const { user } = renderPage('/acompanhar-status');
    await user.click(await screen.findByRole('button', { name: 'Consultar outro protocolo' }));
    expect(screen.getByLabelText('Protocolo')).toHaveValue('');
    await waitFor(() => expect(location()).toBe('/acompanhar-status'));
  });

  it('says when the status could not be loaded, and tries again', async () => {
    let answer = () => apiError(500, genericMessages.internal, errorCodes.internal);
    const api = stubApi({ 'GET /api/status': () => answer() });
    const { user } = renderPage('/acompanhar-status');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.loadFailed);
    answer = () => json(underAnalysis);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByTestId('protocolo')).toBeVisible();
    expect(api.calls('GET /api/status')).toHaveLength(2);
  });
});

describe('what the status says', () => {
  const inRequirements: ApplicationStatus = {
    ...underAnalysis,
    status: 'EM_EXIGENCIA',
    exigencias: 'Envie o verso do RG.',
    canRectify: true,
  };
  const link = { url: '/retificar-documentos?token=abc' };

  it('EM_EXIGENCIA: the requirements, and a link asked for the own session on the click', async () => {
    let answer!: (response: Response) => void;
    const api = stubApi({
      'GET /api/status/mine?flow=PF': () => json(inRequirements),
      'POST /api/status/mine/rectification-link?flow=PF': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = renderPage('/acompanhar-status?fluxo=PF');
    await expectVisibleText('Envie o verso do RG.');
    expect(screen.getByRole('heading', { name: messages.exigenciasTitle })).toBeVisible();
    expect(screen.getByText('Em Exigência', { selector: '[data-tone]' })).toHaveAttribute(
      'data-tone',
      'warning',
    );
    // Reading the status asks for no link.
    expect(api.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/status/mine?flow=PF',
    ]);

    const button = screen.getByRole('button', { name: 'Corrigir documentos' });
    expect(button).not.toHaveAttribute('aria-disabled');
    await user.click(button);
    expect(button).toHaveTextContent('Abrindo...');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(api.calls('POST /api/status/mine/rectification-link?flow=PF')).toHaveLength(1);

    answer(json(link));
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith(link.url));
    // Still opening while the browser leaves: no second link.
    expect(button).toHaveTextContent('Abrindo...');
    await user.click(button);
    expect(api.calls('POST /api/status/mine/rectification-link?flow=PF')).toHaveLength(1);
    expect(api.calls('POST /api/status/rectification-link')).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();

    // Back from the rectification page (back/forward cache): the button works again.
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    await waitFor(() => expect(button).toHaveTextContent('Corrigir documentos'));
    expect(button).not.toHaveAttribute('aria-disabled');
  });

  it('EM_EXIGENCIA by the cookie: asks the cookie route', async () => {
    const api = stubApi({
      'GET /api/status': () =>
        json({ ...inRequirements, flow: 'PJ', protocolo: company.protocolo }),
      'POST /api/status/rectification-link': () => json(link),
    });
    const { user } = renderPage('/acompanhar-status?protocolo=PJ-20261122-4242');
    await user.click(await screen.findByRole('button', { name: 'Corrigir documentos' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith(link.url));
    expect(api.calls('POST /api/status/rectification-link')).toHaveLength(1);
    expect(api.requests.filter((request) => request.url.includes('/mine'))).toHaveLength(0);
  });

  it('EM_EXIGENCIA after a code, on a page that named a flow: asks the cookie route', async () => {
    const api = stubApi({
      'GET /api/status/mine?flow=PJ': noSession,
      'POST /api/status/code': codeSent,
      'POST /api/status/verify': () =>
        json({ ...inRequirements, flow: 'PJ', protocolo: company.protocolo }),
      'POST /api/status/rectification-link': () => json(link),
    });
    const { user } = renderPage('/acompanhar-status?fluxo=pj');
    await user.type(await screen.findByLabelText('Protocolo'), 'PJ-20261122-4242{Enter}');
    await user.type(await screen.findByLabelText('Código'), '123456{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Corrigir documentos' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith(link.url));
    expect(api.calls('POST /api/status/rectification-link')).toHaveLength(1);
    expect(api.calls('POST /api/status/mine/rectification-link?flow=PJ')).toHaveLength(0);
  });

  it('says why no link came, and lets the applicant try again', async () => {
    let answer = () => apiError(409, messages.rectificationUnavailable, errorCodes.conflict);
    const api = stubApi({
      'GET /api/status/mine?flow=PF': () => json(inRequirements),
      'POST /api/status/mine/rectification-link?flow=PF': () => answer(),
    });
    const { user } = renderPage('/acompanhar-status?fluxo=pf');
    const button = await screen.findByRole('button', { name: 'Corrigir documentos' });

    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.rectificationUnavailable);
    expect(button).toHaveTextContent('Corrigir documentos');
    expect(button).not.toHaveAttribute('aria-disabled');

    answer = () => apiError(500, genericMessages.internal, errorCodes.internal);
    await user.click(button);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(messages.rectifyFailed),
    );

    answer = () => json(link);
    await user.click(button);
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith(link.url));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.calls('POST /api/status/mine/rectification-link?flow=PF')).toHaveLength(3);
  });

  it('NEGADO: the reason, and nothing to correct', async () => {
    stubApi({
      'GET /api/status/mine?flow=PJ': () =>
        json({ ...company, status: 'NEGADO', motivoNegacao: 'Documento ilegível.' }),
    });
    renderPage('/acompanhar-status?fluxo=pj');
    await expectVisibleText('Documento ilegível.');
    expect(screen.getByRole('heading', { name: messages.denialTitle })).toBeVisible();
    expect(screen.getByText(statusNextSteps.NEGADO)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Corrigir documentos' })).toBeNull();
  });
});

describe("'Seus dados'", () => {
  it('erases the application after a confirmation, and then shows only that it is gone', async () => {
    const api = stubApi({
      'GET /api/status/mine?flow=PF': () => json(underAnalysis),
      'POST /api/status/mine/deletion?flow=PF': () =>
        json({ outcome: 'erased', message: dataSubjectMessages.erased }),
    });
    const { user } = renderPage('/acompanhar-status?fluxo=pf');
    await user.click(await screen.findByRole('button', { name: 'Excluir meus dados' }));
    const dialog = await screen.findByRole('dialog', {
      name: dataSubjectMessages.deletionConfirmTitle,
    });
    expect(dialog).toHaveTextContent(dataSubjectMessages.deletionConfirm);
    // 'Cancelar' sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.calls('POST /api/status/mine/deletion?flow=PF')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Excluir meus dados' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(dataSubjectMessages.erased);
    expect(screen.queryByTestId('protocolo')).toBeNull();
    expect(api.calls('POST /api/status/mine/deletion?flow=PF')).toHaveLength(1);
  });

  it("answers an approved customer's request with the rule that keeps the data", async () => {
    stubApi({
      'GET /api/status': () => json({ ...underAnalysis, status: 'APROVADO' }),
      'POST /api/status/deletion': () =>
        json({ outcome: 'kept', message: dataSubjectMessages.kept }),
    });
    const { user } = renderPage('/acompanhar-status');
    await user.click(await screen.findByRole('button', { name: 'Excluir meus dados' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }),
    );
    expect(await screen.findByText(dataSubjectMessages.kept)).toBeVisible();
    expect(screen.getByTestId('protocolo')).toHaveTextContent(underAnalysis.protocolo);
  });
});
