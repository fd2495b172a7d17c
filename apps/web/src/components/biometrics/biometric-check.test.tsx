import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BiometricCheck as BiometricCheckResult } from '@medipay/shared/biometrics';
import type { UploadedDocument } from '@medipay/shared/documents';
import { Toaster } from '../ui/sonner';
import { BiometricCheck, emptyBiometrics, type BiometricsValue } from './biometric-check';

const fetchMock = vi.fn();
/** The answers of the check, in order; the desktop's question about the phone answers 'none'. */
const checkAnswers = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  checkAnswers.mockReset();
  fetchMock.mockImplementation((url: string, init?: RequestInit) =>
    url === '/api/applicant/PF/handoff' && !init?.method
      ? Promise.resolve(answer(200, { state: 'none', result: null }))
      : checkAnswers(url, init),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
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
const value: BiometricsValue = {
  selfie,
  selfieDoc,
  challengeId: '2d9f8c74-5e3a-4fac-9b4d-7a8f9eadbc23',
  result: null,
};

const result = (overrides: Partial<BiometricCheckResult>): BiometricCheckResult => ({
  decision: 'aprovado',
  confidence: 0.8765,
  similarities: { selfieToSelfieDoc: 0.91, selfieToDocument: 0.8765 },
  reasons: [],
  selfieId: selfie.id,
  selfieDocId: selfieDoc.id,
  sandbox: false,
  checkedAt: '2026-11-22T12:00:00.000Z',
  ...overrides,
});

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function renderCheck(initial: BiometricsValue) {
  const onChange = vi.fn();
  const view = render(
    <>
      <BiometricCheck value={initial} onChange={onChange} />
      <Toaster />
    </>,
  );
  return { onChange, view };
}

describe('BiometricCheck', () => {
  it('checks both photos with the challenge they followed and hands the result over', async () => {
    checkAnswers.mockResolvedValueOnce(answer(200, result({})));
    const user = userEvent.setup();
    const { onChange } = renderCheck(value);

    await user.click(screen.getByRole('button', { name: 'Verificar identidade' }));
    const [url, init] = checkAnswers.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/applicant/PF/biometrics/check');
    expect(JSON.parse(init.body as string)).toEqual({
      selfieId: selfie.id,
      selfieDocId: selfieDoc.id,
      challengeId: value.challengeId,
    });
    const update = onChange.mock.calls[0]![0] as (current: BiometricsValue) => BiometricsValue;
    expect(update(value)).toEqual({ ...value, result: result({}) });
    // A result for photos that were replaced meanwhile is not kept.
    const replaced = {
      ...value,
      selfie: photo('3e0a9d85-6f4b-4a0d-8c5e-8b9fafbecd34', 'nova.jpg'),
    };
    expect(update(replaced)).toEqual(replaced);
  });

  it('cannot check before both photos are there', () => {
    renderCheck({ ...emptyBiometrics, selfie });
    expect(screen.getByRole('button', { name: 'Verificar identidade' })).toBeDisabled();
  });

  it('shows a pass with the confidence as a percent with one decimal', () => {
    renderCheck({ ...value, result: result({}) });
    expect(screen.getByRole('status')).toHaveTextContent('Verificação aprovada');
    expect(screen.getByRole('status')).toHaveTextContent('Confiança: 87,7%');
  });

  it('shows a failure with its reasons, and a retry that clears both photos', async () => {
    const failed = result({
      decision: 'reprovado',
      confidence: 0.412,
      reasons: [
        {
          photo: 'camera',
          reason: 'camera-required',
          message: 'A prova de vida precisa da câmera.',
        },
        {
          photo: 'selfieDoc',
          reason: 'no-match',
          message: 'Os rostos das fotos não correspondem à mesma pessoa.',
        },
      ],
    });
    const user = userEvent.setup();
    const { onChange } = renderCheck({ ...value, result: failed });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Verificação reprovada');
    expect(alert).toHaveTextContent('Confiança: 41,2%');
    expect(alert).toHaveTextContent('Prova de vida: A prova de vida precisa da câmera.');
    expect(alert).toHaveTextContent(
      'Selfie com documento: Os rostos das fotos não correspondem à mesma pessoa.',
    );
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    const update = onChange.mock.calls[0]![0] as (current: BiometricsValue) => BiometricsValue;
    expect(update({ ...value, result: failed })).toEqual(emptyBiometrics);
  });

  it('shows a check em revisão as information: no failure, no retry, the applicant goes on', () => {
    renderCheck({
      ...value,
      result: result({
        decision: 'em_revisao',
        confidence: 0.41,
        similarities: { selfieToSelfieDoc: 0.473, selfieToDocument: 0.41 },
      }),
    });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Verificação em análise');
    expect(status).toHaveTextContent(
      'Suas fotos foram enviadas para conferência pela nossa equipe. Você pode continuar o cadastro.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Verificação reprovada')).not.toBeInTheDocument();
    expect(screen.queryByText('Verificação aprovada')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
  });

  it.each([
    ['em_revisao', false],
    ['reprovado', true],
    ['aprovado', false],
  ] as const)('after a check that ends %s, toasts the failure: %s', async (decision, toasted) => {
    const toastError = vi.spyOn(toast, 'error');
    checkAnswers.mockResolvedValueOnce(answer(200, result({ decision })));
    const user = userEvent.setup();
    const { onChange } = renderCheck(value);
    await user.click(screen.getByRole('button', { name: 'Verificar identidade' }));
    // The result is handed over and the toast raised in the same step.
    await vi.waitFor(() => expect(onChange).toHaveBeenCalled());
    if (toasted) {
      expect(toastError).toHaveBeenCalledWith('Verificação reprovada', {
        description: 'Tente novamente em um lugar bem iluminado, olhando para a câmera.',
      });
    } else {
      expect(toastError).not.toHaveBeenCalled();
    }
  });

  it("says 'Erro na verificação' when the check could not run, and keeps the photos", async () => {
    checkAnswers.mockResolvedValueOnce(
      answer(503, { code: 'SERVICE_UNAVAILABLE', message: 'Não foi possível concluir.' }),
    );
    const user = userEvent.setup();
    const { onChange } = renderCheck(value);
    await user.click(screen.getByRole('button', { name: 'Verificar identidade' }));
    expect(await screen.findByText('Erro na verificação')).toBeInTheDocument();
    expect(screen.getByText('Tente novamente em alguns instantes.')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Verificar identidade' })).toBeEnabled();
  });

  it('offers to replace the identity front when its photo is the likely cause of the failure', async () => {
    const onReplaceDocument = vi.fn();
    const user = userEvent.setup();
    const failed = result({
      decision: 'reprovado',
      confidence: 0.3,
      reasons: [
        {
          photo: 'document',
          reason: 'no-match',
          message: 'Os rostos das fotos não correspondem à mesma pessoa.',
        },
      ],
    });
    render(
      <BiometricCheck
        value={{ ...value, result: failed }}
        onChange={vi.fn()}
        onReplaceDocument={onReplaceDocument}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('A foto do documento de identidade pode ser a causa');
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Substituir a frente do documento' }));
    expect(onReplaceDocument).toHaveBeenCalledOnce();
  });

  it('does not blame the document when the two selfies disagree', () => {
    const failed = result({
      decision: 'reprovado',
      confidence: 0.2,
      reasons: [
        { photo: 'selfieDoc', reason: 'no-match', message: 'Os rostos não correspondem.' },
        { photo: 'document', reason: 'no-match', message: 'Os rostos não correspondem.' },
      ],
    });
    render(
      <BiometricCheck
        value={{ ...value, result: failed }}
        onChange={vi.fn()}
        onReplaceDocument={vi.fn()}
      />,
    );
    expect(
      screen.queryByRole('button', { name: 'Substituir a frente do documento' }),
    ).not.toBeInTheDocument();
  });

  it('never offers a file for the selfie: the camera here, or the phone, and says why', () => {
    renderCheck(emptyBiometrics);
    expect(
      screen.getByText(/uma foto enviada como arquivo não passa na verificação/),
    ).toHaveTextContent('Use a câmera deste aparelho ou, sem câmera aqui, continue no celular.');
    const selfie = screen.getByRole('group', { name: 'Selfie' });
    expect(selfie.querySelector('input[type="file"]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Usar a câmera (Selfie)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar no celular' })).toBeInTheDocument();
    // The selfie with the document is not the liveness check's: a file is still accepted there.
    expect(screen.getByLabelText('Selfie com documento')).toHaveAttribute('type', 'file');
  });

  it('moves on by itself when the phone finishes: the step gets the photos and the result', async () => {
    const done = {
      selfie,
      selfieDoc,
      check: result({ sandbox: true }),
    };
    let polls = 0;
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      if (url === '/api/applicant/PF/handoff' && !init?.method) {
        polls += 1;
        // The page opened while the phone was on the step (a reload); then the phone finished.
        return Promise.resolve(
          answer(
            200,
            polls === 1 ? { state: 'opened', result: null } : { state: 'done', result: done },
          ),
        );
      }
      throw new Error(`unexpected ${url}`);
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const onPhoneDone = vi.fn();
      const onChange = vi.fn();
      render(
        <BiometricCheck value={emptyBiometrics} onChange={onChange} onPhoneDone={onPhoneDone} />,
      );
      expect(
        await screen.findByText(
          'Link aberto no celular. Conclua a verificação de identidade por lá.',
        ),
      ).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(3000);
      await vi.waitFor(() => expect(onPhoneDone).toHaveBeenCalledOnce());
      const next = { selfie, selfieDoc, challengeId: null, result: done.check };
      expect(onPhoneDone).toHaveBeenCalledWith(next);
      const update = onChange.mock.calls[0]![0] as (current: BiometricsValue) => BiometricsValue;
      expect(update(emptyBiometrics)).toEqual(next);
    } finally {
      vi.useRealTimers();
    }
  });
});
