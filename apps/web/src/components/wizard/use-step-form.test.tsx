import { render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useWatch } from 'react-hook-form';
import { MemoryRouter, Route, Routes, useNavigate, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadedDocument } from '@medipay/shared/documents';
import { stubResizeObserver } from '../../testing/resize-observer';
import { expectVisibleText } from '../../testing/visible-text';
import { ReviewSubmit } from './review-submit';
import { clearDrafts, hasDrafts, readDraft, restoreDraft } from './step-draft';
import { useApplicantApplication } from './use-applicant-application';
import { useStepForm } from './use-step-form';

type Values = {
  nomeCompleto: string;
  cpf: string;
  codigo: string;
  documento: UploadedDocument | null;
};

const document: UploadedDocument = {
  id: 'doc-1',
  name: 'rg.jpg',
  size: 10,
  type: 'image/jpeg',
  url: '/api/documents/doc-1',
  thumbnailUrl: null,
};

/** A step form as the wizards build theirs: saved values in, a draft kept per flow and step. */
function StepForm({ step = 1, saved = {} }: { step?: number; saved?: Partial<Values> }) {
  const form = useStepForm<Values>({
    draft: { flow: 'PF', step },
    defaultValues: { nomeCompleto: '', cpf: '', codigo: '', documento: null, ...saved },
  });
  const documento = useWatch({ control: form.control, name: 'documento' });
  return (
    <form>
      <p>{documento ? `Anexado: ${documento.name}` : 'Nenhum documento'}</p>
      <label>
        Nome completo
        <input {...form.register('nomeCompleto')} />
      </label>
      <label>
        CPF
        <input {...form.register('cpf')} />
      </label>
      <label>
        Código
        <input {...form.register('codigo')} />
      </label>
      <button type="button" onClick={() => form.setValue('documento', document)}>
        Anexar
      </button>
      <button type="button" onClick={() => form.setValue('documento', null)}>
        Remover
      </button>
    </form>
  );
}

beforeEach(() => sessionStorage.clear());

describe('step drafts', () => {
  it('brings back what was typed after a remount (a reload)', async () => {
    const user = userEvent.setup();
    const first = render(<StepForm />);
    await user.type(screen.getByLabelText('Nome completo'), 'Maria da Silva');
    await user.type(screen.getByLabelText('CPF'), '529.982.247-25');
    first.unmount();

    render(<StepForm />);
    expect(screen.getByLabelText('Nome completo')).toHaveValue('Maria da Silva');
    expect(screen.getByLabelText('CPF')).toHaveValue('529.982.247-25');
  });

  it('never keeps a code', async () => {
    const user = userEvent.setup();
    const first = render(<StepForm />);
    await user.type(screen.getByLabelText('Código'), '123456');
    await user.type(screen.getByLabelText('Nome completo'), 'Maria');
    first.unmount();

    const stored = JSON.stringify({ ...sessionStorage });
    expect(stored).toContain('Maria');
    expect(stored).not.toContain('123456');
    expect(Object.keys(readDraft('PF', 1))).toEqual(['nomeCompleto']);
    render(<StepForm />);
    expect(screen.getByLabelText('Código')).toHaveValue('');
  });

  it("keeps a chosen document's reference (the server holds the file), not the file", async () => {
    const user = userEvent.setup();
    const first = render(<StepForm />);
    await user.click(screen.getByRole('button', { name: 'Anexar' }));
    first.unmount();

    expect(readDraft('PF', 1)).toEqual({ documento: { value: document, base: null } });
    const second = render(<StepForm />);
    await expectVisibleText('Anexado: rg.jpg');

    // A saved document removed is kept removed; once saved meanwhile (another tab), the server wins.
    second.unmount();
    const saved = { ...document, id: 'doc-2', name: 'cnh.jpg', url: '/api/documents/doc-2' };
    const third = render(<StepForm saved={{ documento: saved }} />);
    await expectVisibleText('Anexado: cnh.jpg');
    await user.click(screen.getByRole('button', { name: 'Remover' }));
    third.unmount();
    expect(restoreDraft('PF', 1, { documento: saved }).documento).toBeNull();
    expect(restoreDraft('PF', 1, { documento: document }).documento).toEqual(document);
  });

  it('drops a document reference that points outside the portal', () => {
    for (const url of ['https://example.com/rg.jpg', '/api/documents//example.com/rg.jpg']) {
      sessionStorage.setItem(
        'medipay:rascunho:PF:1',
        JSON.stringify({ documento: { value: { ...document, url }, base: null } }),
      );
      expect(readDraft('PF', 1)).toEqual({});
    }
    sessionStorage.setItem(
      'medipay:rascunho:PF:1',
      JSON.stringify({ documento: { value: { ...document, extra: 'x' }, base: null } }),
    );
    expect(readDraft('PF', 1)).toEqual({ documento: { value: document, base: null } });
  });

  it('keeps only what differs from the saved values, and lets a newer save win', async () => {
    const user = userEvent.setup();
    const first = render(<StepForm step={2} saved={{ nomeCompleto: 'Maria', cpf: '111' }} />);
    await user.clear(screen.getByLabelText('CPF'));
    await user.type(screen.getByLabelText('CPF'), '222');
    first.unmount();
    expect(readDraft('PF', 2)).toEqual({ cpf: { value: '222', base: '111' } });

    // The saved value is still the one typed over: what was typed wins.
    expect(restoreDraft('PF', 2, { nomeCompleto: 'Maria', cpf: '111' }).cpf).toBe('222');
    // The step was saved meanwhile (another tab) with another value: the server wins.
    expect(restoreDraft('PF', 2, { nomeCompleto: 'Maria', cpf: '333' }).cpf).toBe('333');

    // Typed back to the saved value: nothing left to keep.
    const second = render(<StepForm step={2} saved={{ nomeCompleto: 'Maria', cpf: '111' }} />);
    await user.clear(screen.getByLabelText('CPF'));
    await user.type(screen.getByLabelText('CPF'), '111');
    second.unmount();
    expect(hasDrafts('PF')).toBe(false);
  });

  it('keeps each step through Back then Forward (a remount on the same history entry)', async () => {
    const user = userEvent.setup();
    function Wizard() {
      const [params, setParams] = useSearchParams();
      const navigate = useNavigate();
      const step = Number(params.get('etapa') ?? 1);
      return (
        <>
          <StepForm key={step} step={step} />
          <button type="button" onClick={() => setParams({ etapa: String(step + 1) })}>
            Próxima
          </button>
          <button type="button" onClick={() => void navigate(-1)}>
            Voltar no navegador
          </button>
          <button type="button" onClick={() => void navigate(1)}>
            Avançar no navegador
          </button>
        </>
      );
    }
    render(
      <MemoryRouter initialEntries={['/onboarding?etapa=1']}>
        <Routes>
          <Route path="/onboarding" element={<Wizard />} />
        </Routes>
      </MemoryRouter>,
    );
    await user.type(screen.getByLabelText('Nome completo'), 'Etapa um');
    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(screen.getByLabelText('Nome completo')).toHaveValue('');
    await user.type(screen.getByLabelText('Nome completo'), 'Etapa dois');

    await user.click(screen.getByRole('button', { name: 'Voltar no navegador' }));
    expect(screen.getByLabelText('Nome completo')).toHaveValue('Etapa um');
    await user.click(screen.getByRole('button', { name: 'Avançar no navegador' }));
    expect(screen.getByLabelText('Nome completo')).toHaveValue('Etapa dois');
  });

  it('are cleared once the application is submitted, and only those of its flow', async () => {
    stubResizeObserver();
    const user = userEvent.setup();
    sessionStorage.setItem('medipay:rascunho:PF:1', JSON.stringify({}));
    sessionStorage.setItem(
      'medipay:rascunho:PF:2',
      JSON.stringify({ cep: { value: '01310-100', base: '' } }),
    );
    sessionStorage.setItem(
      'medipay:rascunho:PJ:1',
      JSON.stringify({ cnpj: { value: '11.222.333/0001-81', base: '' } }),
    );
    const send = vi.fn().mockResolvedValue({ protocolo: 'PF-1', email: 'a@b.com' });
    render(
      <MemoryRouter initialEntries={['/onboarding']}>
        <Routes>
          <Route
            path="/onboarding"
            element={
              <ReviewSubmit
                flow="PF"
                initial={{ consentimentoLgpd: true, consentimentoKyc: true }}
                lgpdText="LGPD"
                kycText="KYC"
                submitLabel="Enviar"
                send={send}
                successPath="/onboarding/success"
              />
            }
          />
          <Route path="/onboarding/success" element={<p>Enviado</p>} />
        </Routes>
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await screen.findByText('Enviado');
    expect(hasDrafts('PF')).toBe(false);
    expect(hasDrafts('PJ')).toBe(true);
    vi.unstubAllGlobals();
  });
});

describe('drafts and the applicant session', () => {
  const fetchMock = vi.fn();
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const session = { flow: 'PF', verifiedEmail: null, verifiedPhone: null };
  const draft = () =>
    sessionStorage.setItem(
      'medipay:rascunho:PF:1',
      JSON.stringify({ nomeCompleto: { value: 'Maria', base: '' } }),
    );

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearDrafts('PF');
  });

  function load(status: string | null) {
    return renderHook(() =>
      useApplicantApplication('PF', () => Promise.resolve({ status, currentStep: 1 })),
    );
  }

  it('keeps the drafts while the session lives', async () => {
    draft();
    fetchMock.mockImplementation(() => Promise.resolve(json(session)));
    const { result } = load(null);
    await waitFor(() => expect(result.current.loaded).not.toBeNull());
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/applicant/sessions/PF');
    expect(hasDrafts('PF')).toBe(true);
  });

  it('drops the drafts of a session that has ended', async () => {
    draft();
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(
        url.endsWith('/applicant/sessions/PF')
          ? json({ code: 'SESSION_REQUIRED', message: 'Sua sessão de cadastro expirou.' }, 401)
          : json(session, 201),
      ),
    );
    const { result } = load(null);
    await waitFor(() => expect(result.current.loaded).not.toBeNull());
    expect(hasDrafts('PF')).toBe(false);
  });

  it('drops the drafts of an application already submitted (in another tab)', async () => {
    draft();
    fetchMock.mockImplementation(() => Promise.resolve(json(session)));
    const { result } = load('EM_ANALISE');
    await waitFor(() => expect(result.current.loaded).not.toBeNull());
    expect(hasDrafts('PF')).toBe(false);
  });

  it('asks nothing more when the tab holds no draft', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(session, 201)));
    const { result } = load(null);
    await waitFor(() => expect(result.current.loaded).not.toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/applicant/sessions');
  });
});
