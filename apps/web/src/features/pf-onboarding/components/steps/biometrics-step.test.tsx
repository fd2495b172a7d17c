import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BiometricCheck, BiometricDecision } from '@medipay/shared/biometrics';
import type { UploadedDocument } from '@medipay/shared/documents';
import type { PfApplicationState } from '@medipay/shared/pf-application';
import type { StepProps } from '../step-props';
import { BiometricsStep } from './biometrics-step';

/**
 * Step 4 with its photos saved and the newest check of the server: aprovado and em revisão go on
 * (the save is sent), reprovado stays with 'Verificação reprovada'.
 */
const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const photo = (id: string, name: string): UploadedDocument => ({
  id,
  name,
  size: 52_000,
  type: 'image/jpeg',
  url: `/api/documents/${id}`,
  thumbnailUrl: `/api/documents/${id}/thumbnail`,
});
const selfie = photo('0b7f6a52-3c1e-4d8a-9f2b-5e6d7c8b9a01', 'selfie.jpg');
const selfieDoc = photo('1c8e7b63-4d2f-4e9b-8a3c-6f7e8d9cab12', 'selfie-doc.jpg');

const checks: Record<BiometricDecision, Pick<BiometricCheck, 'confidence' | 'similarities'>> = {
  aprovado: {
    confidence: 0.962,
    similarities: { selfieToSelfieDoc: 0.981, selfieToDocument: 0.962 },
  },
  em_revisao: {
    confidence: 0.41,
    similarities: { selfieToSelfieDoc: 0.473, selfieToDocument: 0.41 },
  },
  reprovado: { confidence: 0.1, similarities: { selfieToSelfieDoc: 0.1, selfieToDocument: 0.3 } },
};

const saved: PfApplicationState = {
  currentStep: 5,
  status: 'INICIADO',
  protocolo: null,
  values: { selfie, selfieDoc, livenessPassed: true },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: the newest check ended in `decision`; a step save answers the saved state. */
function serve(decision: BiometricDecision) {
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url === '/api/applicant/PF/biometrics/check') {
      return json(200, {
        decision,
        ...checks[decision],
        reasons:
          decision === 'reprovado'
            ? [
                {
                  photo: 'selfieDoc',
                  reason: 'no-match',
                  message: 'Os rostos das fotos não correspondem à mesma pessoa.',
                },
              ]
            : [],
        selfieId: selfie.id,
        selfieDocId: selfieDoc.id,
        sandbox: false,
        checkedAt: '2026-11-22T12:00:00.000Z',
      } satisfies BiometricCheck);
    }
    if (method === 'PUT' && url === '/api/applicant/PF/application/steps/4')
      return json(200, saved);
    throw new Error(`unexpected ${method} ${url}`);
  });
}

function renderStep() {
  const onSaved = vi.fn();
  const props: StepProps = {
    values: { selfie, selfieDoc },
    session: { flow: 'PF', verifiedEmail: null, verifiedPhone: null },
    onSession: vi.fn(),
    onSaved,
    onBack: vi.fn(),
  };
  render(<BiometricsStep {...props} />);
  return { onSaved };
}

const saves = () =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');

describe('PF step 4: the three outcomes of the biometric check', () => {
  it('aprovado: shows the pass and saves the step', async () => {
    serve('aprovado');
    const user = userEvent.setup();
    const { onSaved } = renderStep();
    expect(await screen.findByText('Verificação aprovada')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(JSON.parse((saves()[0]![1] as RequestInit).body as string)).toEqual({
      selfie,
      selfieDoc,
      livenessPassed: true,
    });
  });

  it('em revisão: says the team will confirm the photos, never that the check failed, and goes on', async () => {
    serve('em_revisao');
    const user = userEvent.setup();
    const { onSaved } = renderStep();
    expect(await screen.findByText('Verificação em análise')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Suas fotos foram enviadas para conferência pela nossa equipe. Você pode continuar o cadastro.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Verificação reprovada')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(saves()).toHaveLength(1);
    expect(
      screen.queryByText('É necessário passar na verificação de vivacidade para continuar.'),
    ).not.toBeInTheDocument();
  });

  it('reprovado: shows the failure with a retry, and does not save', async () => {
    serve('reprovado');
    const user = userEvent.setup();
    const { onSaved } = renderStep();
    expect(await screen.findByText('Verificação reprovada')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(
      await screen.findByText('É necessário passar na verificação de vivacidade para continuar.'),
    ).toBeInTheDocument();
    expect(saves()).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });
});

const approved: BiometricCheck = {
  decision: 'aprovado',
  ...checks.aprovado,
  reasons: [],
  selfieId: selfie.id,
  selfieDocId: selfieDoc.id,
  sandbox: false,
  checkedAt: '2026-11-22T12:00:00.000Z',
};

function renderUnsaved() {
  const onSaved = vi.fn();
  const onBack = vi.fn();
  render(
    <BiometricsStep
      values={{}}
      session={{ flow: 'PF', verifiedEmail: null, verifiedPhone: null }}
      onSession={vi.fn()}
      onSaved={onSaved}
      onBack={onBack}
    />,
  );
  return { onSaved, onBack };
}

describe('PF step 4 before it was saved', () => {
  it('shows a passed check again after a reload, with its photos, and saves them', async () => {
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url === '/api/applicant/PF/biometrics/passed')
        return json(200, { check: approved, selfie, selfieDoc });
      if (method === 'GET' && url === '/api/applicant/PF/handoff')
        return json(200, { state: 'none', result: null });
      if (method === 'PUT' && url === '/api/applicant/PF/application/steps/4')
        return json(200, saved);
      throw new Error(`unexpected ${method} ${url}`);
    });
    const user = userEvent.setup();
    const { onSaved } = renderUnsaved();
    expect(await screen.findByText('Verificação aprovada')).toBeInTheDocument();
    expect(screen.getByText('Confiança: 96,2%')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Pré-visualização: Selfie' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(JSON.parse((saves()[0]![1] as RequestInit).body as string)).toEqual({
      selfie,
      selfieDoc,
      livenessPassed: true,
    });
  });

  it('starts empty when the server kept no passed check', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/applicant/PF/handoff'
        ? json(200, { state: 'none', result: null })
        : json(200, null),
    );
    renderUnsaved();
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
        '/api/applicant/PF/biometrics/passed',
      ),
    );
    expect(screen.queryByText('Verificação aprovada')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verificar identidade' })).toBeDisabled();
  });

  it('moves on by itself when the phone finishes the check', async () => {
    let polls = 0;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url === '/api/applicant/PF/biometrics/passed') return json(200, null);
      if (method === 'GET' && url === '/api/applicant/PF/handoff') {
        polls += 1;
        return json(
          200,
          polls === 1
            ? { state: 'opened', result: null }
            : { state: 'done', result: { check: approved, selfie, selfieDoc } },
        );
      }
      if (method === 'PUT' && url === '/api/applicant/PF/application/steps/4')
        return json(200, saved);
      throw new Error(`unexpected ${method} ${url}`);
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { onSaved } = renderUnsaved();
      await screen.findByText(
        'Link aberto no celular. Conclua a verificação de identidade por lá.',
      );
      await vi.advanceTimersByTimeAsync(3000);
      await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
      expect(JSON.parse((saves()[0]![1] as RequestInit).body as string)).toEqual({
        selfie,
        selfieDoc,
        livenessPassed: true,
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('after a mismatch with the document photo, offers to replace the identity front (step 3)', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/applicant/PF/biometrics/check')
        return json(200, {
          ...approved,
          decision: 'reprovado',
          confidence: 0.3,
          reasons: [
            {
              photo: 'document',
              reason: 'no-match',
              message: 'Os rostos das fotos não correspondem à mesma pessoa.',
            },
          ],
        } satisfies BiometricCheck);
      return json(200, { state: 'none', result: null });
    });
    const user = userEvent.setup();
    const onBack = vi.fn();
    render(
      <BiometricsStep
        values={{ selfie, selfieDoc }}
        session={{ flow: 'PF', verifiedEmail: null, verifiedPhone: null }}
        onSession={vi.fn()}
        onSaved={vi.fn()}
        onBack={onBack}
      />,
    );
    await user.click(
      await screen.findByRole('button', { name: 'Substituir a frente do documento' }),
    );
    expect(onBack).toHaveBeenCalledOnce();
  });
});
