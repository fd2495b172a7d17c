import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadedDocument } from '@medipay/shared/documents';
import type { HandoffProgress } from '@medipay/shared/handoff';
import { fetchMock, json, stubApi } from '../../testing/api-stub';
import { ContinueOnPhone } from './continue-on-phone';
import { HANDOFF_POLL_MS, usePhoneHandoff, type PhoneResult } from './use-phone-handoff';

const LINK = 'POST /api/applicant/PF/handoff';
const PROGRESS = 'GET /api/applicant/PF/handoff';

const photo = (id: string, name: string): UploadedDocument => ({
  id,
  name,
  size: 52_000,
  type: 'image/jpeg',
  url: `/api/documents/${id}`,
  thumbnailUrl: `/api/documents/${id}/thumbnail`,
});

const result: NonNullable<HandoffProgress['result']> = {
  selfie: photo('0b7f6a52-3c1e-4d8a-9f2b-5e6d7c8b9a01', 'selfie.jpg'),
  selfieDoc: photo('1c8e7b63-4d2f-4e9b-8a3c-6f7e8d9cab12', 'selfie-doc.jpg'),
  check: {
    decision: 'aprovado',
    confidence: 0.962,
    similarities: { selfieToSelfieDoc: 0.981, selfieToDocument: 0.962 },
    reasons: [],
    selfieId: '0b7f6a52-3c1e-4d8a-9f2b-5e6d7c8b9a01',
    selfieDocId: '1c8e7b63-4d2f-4e9b-8a3c-6f7e8d9cab12',
    sandbox: true,
    checkedAt: '2026-11-22T12:00:00.000Z',
  },
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const tick = () => act(() => vi.advanceTimersByTimeAsync(HANDOFF_POLL_MS));

/** The dialog with the follower the selfie step gives it. */
function Harness({ onDone }: { onDone: (result: PhoneResult) => void }) {
  const handoff = usePhoneHandoff(true, onDone);
  return (
    <>
      <ContinueOnPhone handoff={handoff} />
      <p data-testid="state">{handoff.state ?? 'none'}</p>
    </>
  );
}

describe('ContinueOnPhone', () => {
  it('shows the link, follows the phone and hands its result over once the phone is done', async () => {
    let progress: HandoffProgress = { state: 'waiting', result: null };
    const api = stubApi({
      [LINK]: () =>
        json(
          {
            url: 'https://portal.medipay.test/continuar/abc',
            expiresInSeconds: 600,
            loopback: false,
          },
          201,
        ),
      [PROGRESS]: () => json(progress),
    });
    const onDone = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Harness onDone={onDone} />);

    await user.click(screen.getByRole('button', { name: 'Continuar no celular' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    expect(screen.getByText('https://portal.medipay.test/continuar/abc')).toBeInTheDocument();
    expect(screen.getByText(/Aguardando a leitura do QR code/)).toBeInTheDocument();
    // A public address: no warning.
    expect(screen.queryByText('Este link não abre em um celular')).toBeNull();

    progress = { state: 'opened', result: null };
    await tick();
    expect(await screen.findByText(/Link aberto no celular/)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(onDone).not.toHaveBeenCalled();

    progress = { state: 'done', result };
    await tick();
    expect(await screen.findByText(/Verificação concluída no celular/)).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledExactlyOnceWith(result);

    // Done: it stops asking.
    const asked = api.calls(PROGRESS).length;
    await tick();
    await tick();
    expect(api.calls(PROGRESS)).toHaveLength(asked);
    expect(api.calls(LINK)).toHaveLength(1);
    expect(api.unexpected).toEqual([]);
  });

  it('says when the link expired unused, and offers a new one', async () => {
    let progress: HandoffProgress = { state: 'waiting', result: null };
    const api = stubApi({
      [LINK]: () =>
        json(
          {
            url: 'https://portal.medipay.test/continuar/abc',
            expiresInSeconds: 600,
            loopback: false,
          },
          201,
        ),
      [PROGRESS]: () => json(progress),
    });
    const onDone = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Harness onDone={onDone} />);
    await user.click(screen.getByRole('button', { name: 'Continuar no celular' }));
    await screen.findByRole('img', { name: /QR code/ });

    progress = { state: 'expired', result: null };
    await tick();
    expect(await screen.findByText(/O link expirou/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Gerar novo link' }));
    expect(await screen.findByText(/Aguardando a leitura do QR code/)).toBeInTheDocument();
    expect(api.calls(LINK)).toHaveLength(2);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('keeps following the phone with the dialog closed', async () => {
    let progress: HandoffProgress = { state: 'none', result: null };
    stubApi({
      [LINK]: () =>
        json(
          {
            url: 'https://portal.medipay.test/continuar/abc',
            expiresInSeconds: 600,
            loopback: false,
          },
          201,
        ),
      [PROGRESS]: () => json(progress),
    });
    const onDone = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Harness onDone={onDone} />);
    await user.click(screen.getByRole('button', { name: 'Continuar no celular' }));
    await screen.findByRole('img', { name: /QR code/ });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    progress = { state: 'done', result };
    await tick();
    expect(onDone).toHaveBeenCalledExactlyOnceWith(result);
  });

  it('after a reload, resumes a link the phone is still working on', async () => {
    let progress: HandoffProgress = { state: 'opened', result: null };
    const api = stubApi({ [PROGRESS]: () => json(progress) });
    const onDone = vi.fn();
    render(<Harness onDone={onDone} />);
    await vi.waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('opened'));

    progress = { state: 'done', result };
    await tick();
    expect(onDone).toHaveBeenCalledExactlyOnceWith(result);
    expect(api.calls(LINK)).toHaveLength(0);
  });

  it('does not follow a link that is spent or expired when the page opens', async () => {
    const api = stubApi({ [PROGRESS]: () => json({ state: 'done', result }) });
    const onDone = vi.fn();
    render(<Harness onDone={onDone} />);
    await vi.waitFor(() => expect(api.calls(PROGRESS)).toHaveLength(1));
    await tick();
    await tick();
    expect(api.calls(PROGRESS)).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('tells the applicant when the link points at this computer and a phone cannot open it', async () => {
    stubApi({
      [LINK]: () =>
        json(
          { url: 'http://localhost:3000/continuar/abc', expiresInSeconds: 600, loopback: true },
          201,
        ),
      [PROGRESS]: () => json({ state: 'waiting', result: null }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Harness onDone={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Continuar no celular' }));
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Este link não abre em um celular');
    expect(warning).toHaveTextContent('deste computador (localhost:3000)');
    expect(warning).toHaveTextContent('Use a câmera deste computador');
  });
});
