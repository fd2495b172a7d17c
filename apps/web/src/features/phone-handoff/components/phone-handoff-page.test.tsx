import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCodes } from '@medipay/shared/api-error';
import type { BiometricCheck } from '@medipay/shared/biometrics';
import type { UploadedDocument } from '@medipay/shared/documents';
import { handoffMessages, type PhoneHandoff } from '@medipay/shared/handoff';
import { Toaster } from '../../../components/ui/sonner';
import { paths } from '../../../config/paths';
import { apiError, fetchMock, json, stubApi } from '../../../testing/api-stub';
import type * as PublicConfig from '../../../config/public-config';
import { PhoneHandoffPage } from './phone-handoff-page';

/**
 * The sandbox (KYC_CHECKS=sandbox): the only mode where the selfie may be sent as a file, which
 * these tests do (the camera's liveness challenge does not run here). Outside it the phone, like
 * the computer, offers the camera only.
 */
const sandbox = vi.hoisted(() => ({ on: true }));
vi.mock('../../../config/public-config', async (importOriginal) => {
  const actual = await importOriginal<typeof PublicConfig>();
  return {
    ...actual,
    getPublicConfig: () => ({ ...actual.getPublicConfig(), kycSandbox: sandbox.on }),
  };
});

/** A stand-in for XMLHttpRequest (the uploads): answers each field with its photo. */
class FakeXhr {
  static sent: string[] = [];
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  response: unknown = null;
  responseType = '';
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  abort() {}
  send() {
    FakeXhr.sent.push(this.url);
    setTimeout(() => {
      this.status = 201;
      this.response = this.url.endsWith('/selfieDoc') ? selfieDoc : selfie;
      this.onload?.();
    }, 5);
  }
}

const photo = (id: string, name: string): UploadedDocument => ({
  id,
  name,
  size: 52_000,
  type: 'image/jpeg',
  url: `/api/handoff/documents/${id}`,
  thumbnailUrl: `/api/handoff/documents/${id}/thumbnail`,
});
const selfie = photo('0b7f6a52-3c1e-4d8a-9f2b-5e6d7c8b9a01', 'selfie.jpg');
const selfieDoc = photo('1c8e7b63-4d2f-4e9b-8a3c-6f7e8d9cab12', 'selfie-doc.jpg');

const handoff: PhoneHandoff = {
  hint: { firstName: 'Ana', cpf: '***.982.247-**', email: 'a***@e***.com' },
  expiresInSeconds: 1800,
};

const check = (decision: BiometricCheck['decision']): BiometricCheck => ({
  decision,
  confidence: 0.962,
  similarities: { selfieToSelfieDoc: 0.981, selfieToDocument: 0.962 },
  reasons: [],
  selfieId: selfie.id,
  selfieDocId: selfieDoc.id,
  sandbox: false,
  checkedAt: '2026-11-22T12:00:00.000Z',
});

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  FakeXhr.sent = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[paths.handoffPhone]}>
        <Routes>
          <Route path={paths.handoffPhone} element={<PhoneHandoffPage />} />
          <Route path={paths.handoffExpired} element={<h1>Link expirado ou já utilizado</h1>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('PhoneHandoffPage', () => {
  it('says whose application it is by the masked hint only, and offers only the selfie step', async () => {
    stubApi({ 'GET /api/handoff': () => json(handoff) });
    renderPage();
    expect(await screen.findByText('Você está continuando o cadastro de:')).toBeInTheDocument();
    expect(screen.getByText('Ana')).toBeInTheDocument();
    expect(screen.getByText('***.982.247-**')).toBeInTheDocument();
    expect(screen.getByText('a***@e***.com')).toBeInTheDocument();
    expect(screen.getByText(/Se não forem, não continue/)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Verificação de identidade no celular' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Selfie', { exact: true })).toBeInTheDocument();
    expect(screen.getByLabelText('Selfie com documento', { exact: true })).toBeInTheDocument();
    // The phone cannot hand the application on again.
    expect(screen.queryByRole('button', { name: 'Continuar no celular' })).toBeNull();
  });

  it('outside the sandbox, takes the selfie by the camera only, and says why', async () => {
    sandbox.on = false;
    try {
      stubApi({ 'GET /api/handoff': () => json(handoff) });
      renderPage();
      const selfie = await screen.findByRole('group', { name: 'Selfie' });
      expect(selfie.querySelector('input[type="file"]')).toBeNull();
      expect(screen.getByRole('button', { name: 'Usar a câmera (Selfie)' })).toBeInTheDocument();
      expect(
        screen.getByText(/uma foto enviada como arquivo não passa na verificação\.$/),
      ).toBeInTheDocument();
      expect(screen.queryByText(/continue no celular/)).toBeNull();
    } finally {
      sandbox.on = true;
    }
  });

  it('sends the photos and the check to the phone’s API, then sends the applicant back to the computer', async () => {
    const api = stubApi({
      'GET /api/handoff': () => json(handoff),
      'POST /api/handoff/biometrics/check': () => json(check('aprovado')),
    });
    const user = userEvent.setup();
    renderPage();
    const jpeg = (name: string) => new File(['jpeg'], name, { type: 'image/jpeg' });
    await user.upload(await screen.findByLabelText('Selfie', { exact: true }), jpeg('selfie.jpg'));
    await screen.findByText('selfie.jpg');
    await user.upload(
      screen.getByLabelText('Selfie com documento', { exact: true }),
      jpeg('d.jpg'),
    );
    await screen.findByText('selfie-doc.jpg');
    expect(FakeXhr.sent).toEqual([
      '/api/handoff/documents/selfie',
      '/api/handoff/documents/selfieDoc',
    ]);

    await user.click(screen.getByRole('button', { name: 'Verificar identidade' }));
    expect(await screen.findByText('Verificação concluída')).toBeInTheDocument();
    expect(screen.getByText(/Volte ao computador para continuar o cadastro/)).toBeInTheDocument();
    expect(api.calls('POST /api/handoff/biometrics/check')[0]!.body).toEqual({
      selfieId: selfie.id,
      selfieDocId: selfieDoc.id,
      challengeId: null,
    });
    // The step is gone from the phone.
    expect(screen.queryByLabelText('Selfie', { exact: true })).toBeNull();
    expect(api.unexpected).toEqual([]);
  });

  it('keeps the step after a failed check, for another try', async () => {
    stubApi({
      'GET /api/handoff': () => json(handoff),
      'POST /api/handoff/biometrics/check': () => json(check('reprovado')),
    });
    const user = userEvent.setup();
    renderPage();
    const jpeg = (name: string) => new File(['jpeg'], name, { type: 'image/jpeg' });
    await user.upload(await screen.findByLabelText('Selfie', { exact: true }), jpeg('selfie.jpg'));
    await screen.findByText('selfie.jpg');
    await user.upload(
      screen.getByLabelText('Selfie com documento', { exact: true }),
      jpeg('d.jpg'),
    );
    await screen.findByText('selfie-doc.jpg');
    await user.click(screen.getByRole('button', { name: 'Verificar identidade' }));
    expect(await screen.findByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    expect(screen.queryByText('Verificação concluída')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continuar no celular' })).toBeNull();
  });

  it('warns when the application has no name or CPF yet', async () => {
    stubApi({
      'GET /api/handoff': () =>
        json({ ...handoff, hint: { firstName: null, cpf: null, email: null } }),
    });
    renderPage();
    expect(
      await screen.findByText(/Este cadastro ainda não tem nome nem CPF informados/),
    ).toBeInTheDocument();
  });

  it('goes to the expired-link page when the phone has no live access', async () => {
    stubApi({
      'GET /api/handoff': () => apiError(401, handoffMessages.expired, errorCodes.unauthorized),
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Link expirado ou já utilizado' }),
    ).toBeInTheDocument();
  });

  it('offers a retry when the page could not be read', async () => {
    let answers = 0;
    stubApi({
      'GET /api/handoff': () => {
        answers += 1;
        return answers === 1
          ? apiError(503, 'Serviço temporariamente indisponível.')
          : json(handoff);
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(screen.getByText('***.982.247-**')).toBeInTheDocument());
  });
});
