import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExtractionResponse, UploadedDocument } from '@medipay/shared/documents';
import { Toaster } from '../ui/sonner';
import { ExtractionStatus } from './extraction-status';
import {
  EXTRACTION_POLL_MS,
  EXTRACTION_TIMEOUT_MS,
  useDocumentExtraction,
  type ExtractedIdentityFields,
} from './use-document-extraction';

const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();
beforeEach(() => {
  // Sonner replays the toasts still active to a new Toaster: forget the previous test's.
  toast.dismiss();
  vi.useFakeTimers();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const documentOf = (id: string, type = 'image/jpeg'): UploadedDocument => ({
  id,
  name: type === 'application/pdf' ? 'rg.pdf' : 'rg.jpg',
  size: 120_000,
  type,
  url: `/api/documents/${id}`,
  thumbnailUrl: type === 'application/pdf' ? null : `/api/documents/${id}/thumbnail`,
});
const front = documentOf('5f0c2b8e-1d3a-4c6e-9b7f-2a4d6e8f0a11');
const other = documentOf('6a1d3c9f-2e4b-4d7f-8c9a-3b5e7f9a1b22');

const extractionUrl = (document: UploadedDocument) =>
  `/api/applicant/PF/documents/${document.id}/extraction`;

const field = (value: string) => ({ value, confidence: 0.91 });
const pending: ExtractionResponse = { status: 'pending', kind: null, fields: null };
const failed: ExtractionResponse = { status: 'failed', kind: null, fields: null };
const done = (fields: Partial<NonNullable<ExtractionResponse['fields']>>): ExtractionResponse => ({
  status: 'done',
  kind: 'RG',
  fields: { nome: null, numero: null, orgao: null, uf: null, validade: null, ...fields },
});

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
const notFound = () => answer(404, { code: 'NOT_FOUND', message: 'Não encontrado.' });

/** Runs the timers (and the promises they release) inside act. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function Probe({
  document,
  onFields,
  alreadyRead,
}: {
  document: UploadedDocument | null;
  onFields: (fields: ExtractedIdentityFields) => void;
  alreadyRead?: () => boolean;
}) {
  const state = useDocumentExtraction('PF', document, onFields, alreadyRead);
  return (
    <>
      <p data-testid="state">{state}</p>
      <ExtractionStatus state={state} />
    </>
  );
}

function renderProbe(document: UploadedDocument | null, alreadyRead?: () => boolean) {
  const onFields = vi.fn<(fields: ExtractedIdentityFields) => void>();
  const view = render(
    <>
      <Probe document={document} onFields={onFields} alreadyRead={alreadyRead} />
      <Toaster />
    </>,
  );
  const rerender = (next: UploadedDocument | null) =>
    view.rerender(
      <>
        <Probe document={next} onFields={onFields} />
        <Toaster />
      </>,
    );
  return { onFields, rerender, unmount: view.unmount };
}

const state = () => screen.getByTestId('state').textContent;
const toastTitle = () => screen.queryByText('Erro no processamento');
/**
 * Sonner shows a toast on a timer of its own; a zero-delay timer set while the fake clock ticks
 * is due one millisecond later.
 */
const toastShown = async () => {
  await advance(1);
  return toastTitle();
};

describe('useDocumentExtraction', () => {
  it('shows the reading while pending, then hands over the fields read, once', async () => {
    fetchMock
      .mockResolvedValueOnce(answer(200, pending))
      .mockResolvedValueOnce(answer(200, pending))
      .mockResolvedValueOnce(
        answer(
          200,
          done({
            nome: field('MARIA SILVA SANTOS'),
            numero: field('12.345.678-9'),
            orgao: field('SSP'),
            uf: field('SP'),
          }),
        ),
      );
    const { onFields } = renderProbe(front);

    expect(screen.getByRole('status')).toHaveTextContent('Processando...');
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(extractionUrl(front));
    expect(state()).toBe('processing');

    await advance(EXTRACTION_POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(onFields).not.toHaveBeenCalled();

    await advance(EXTRACTION_POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(state()).toBe('done');
    expect(onFields).toHaveBeenCalledTimes(1);
    // Only the fields read: validade was not.
    expect(onFields).toHaveBeenCalledWith({
      nome: 'MARIA SILVA SANTOS',
      numero: '12.345.678-9',
      orgao: 'SSP',
      uf: 'SP',
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Dados lidos do documento. Confira e corrija se necessário.',
    );

    await advance(EXTRACTION_TIMEOUT_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(onFields).toHaveBeenCalledTimes(1);
    expect(toastTitle()).toBeNull();
  });

  it("raises 'Erro no processamento' when the document was read but nothing was found", async () => {
    fetchMock.mockResolvedValueOnce(answer(200, done({})));
    const { onFields } = renderProbe(front);
    await advance(0);

    expect(state()).toBe('failed');
    expect(onFields).not.toHaveBeenCalled();
    expect(await toastShown()).toBeInTheDocument();
    expect(
      screen.getByText(
        'Não foi possível ler os dados do documento. Preencha os campos manualmente.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Erro no processamento. Preencha os campos manualmente.',
    );
  });

  it('says nothing of a side that reads nothing once the other side filled the fields', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, done({})));
    const { onFields } = renderProbe(other, () => true);
    await advance(0);

    expect(state()).toBe('idle');
    expect(onFields).not.toHaveBeenCalled();
    expect(await toastShown()).toBeNull();
    expect(screen.queryByText(/Preencha os campos manualmente/)).toBeNull();
  });

  it("raises 'Erro no processamento' when the reading failed", async () => {
    fetchMock
      .mockResolvedValueOnce(answer(200, pending))
      .mockResolvedValueOnce(answer(200, failed));
    const { onFields } = renderProbe(front);
    await advance(0);
    expect(toastTitle()).toBeNull();
    await advance(EXTRACTION_POLL_MS);

    expect(state()).toBe('failed');
    expect(await toastShown()).toBeInTheDocument();
    expect(onFields).not.toHaveBeenCalled();
    await advance(EXTRACTION_POLL_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("raises 'Erro no processamento' when the endpoint fails", async () => {
    fetchMock.mockResolvedValueOnce(
      answer(500, { code: 'INTERNAL_ERROR', message: 'Erro interno.' }),
    );
    renderProbe(front);
    await advance(0);
    expect(state()).toBe('failed');
    expect(await toastShown()).toBeInTheDocument();
  });

  it('gives up after 60 s of pending as a failure', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer(200, pending)));
    const { onFields } = renderProbe(front);
    await advance(EXTRACTION_TIMEOUT_MS - 1);
    expect(state()).toBe('processing');
    expect(toastTitle()).toBeNull();

    await advance(1);
    expect(state()).toBe('failed');
    expect(await toastShown()).toBeInTheDocument();
    expect(onFields).not.toHaveBeenCalled();
    const calls = fetchMock.mock.calls.length;
    // About one question a second, and none after giving up.
    expect(calls).toBeGreaterThanOrEqual(55);
    expect(calls).toBeLessThanOrEqual(61);
    await advance(EXTRACTION_POLL_MS * 5);
    expect(fetchMock).toHaveBeenCalledTimes(calls);
  });

  it('stays idle, without a toast, when the server reads nothing of the document (404)', async () => {
    fetchMock.mockResolvedValueOnce(notFound());
    const { onFields } = renderProbe(front);
    await advance(0);

    expect(state()).toBe('idle');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(toastTitle()).toBeNull();
    await advance(EXTRACTION_POLL_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onFields).not.toHaveBeenCalled();
  });

  it('does not ask about a PDF, nor without a document', async () => {
    const { rerender } = renderProbe(documentOf(front.id, 'application/pdf'));
    await advance(EXTRACTION_POLL_MS * 3);
    expect(state()).toBe('idle');
    rerender(null);
    await advance(EXTRACTION_POLL_MS * 3);
    expect(state()).toBe('idle');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('stops polling the old document when it changes, and ignores its late answer', async () => {
    let answerLate: (response: Response) => void = () => {};
    const late = new Promise<Response>((resolve) => {
      answerLate = resolve;
    });
    let frontCalls = 0;
    fetchMock.mockImplementation((url) => {
      if (url === extractionUrl(front)) {
        frontCalls += 1;
        return frontCalls === 1 ? Promise.resolve(answer(200, pending)) : late;
      }
      return Promise.resolve(answer(200, done({ nome: field('JOAO LIMA GOMES') })));
    });
    const { onFields, rerender } = renderProbe(front);
    await advance(0);
    // The second question about the front is in flight when the document is replaced.
    await advance(EXTRACTION_POLL_MS);
    expect(frontCalls).toBe(2);

    rerender(other);
    expect(state()).toBe('processing');
    await advance(0);
    expect(onFields).toHaveBeenCalledExactlyOnceWith({ nome: 'JOAO LIMA GOMES' });

    await act(async () => {
      answerLate(answer(200, done({ nome: field('MARIA SILVA SANTOS') })));
      await late;
    });
    await advance(EXTRACTION_TIMEOUT_MS);
    expect(frontCalls).toBe(2);
    expect(onFields).toHaveBeenCalledTimes(1);
    expect(state()).toBe('done');
    expect(toastTitle()).toBeNull();
  });

  it('hands the fields over once under StrictMode too', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(answer(200, done({ numero: field('12.345.678-9') }))),
    );
    const onFields = vi.fn<(fields: ExtractedIdentityFields) => void>();
    render(
      <StrictMode>
        <Probe document={front} onFields={onFields} />
      </StrictMode>,
    );
    await advance(EXTRACTION_POLL_MS * 3);
    expect(onFields).toHaveBeenCalledExactlyOnceWith({ numero: '12.345.678-9' });
    expect(state()).toBe('done');
  });

  it('stops polling when unmounted', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer(200, pending)));
    const { unmount } = renderProbe(front);
    await advance(EXTRACTION_POLL_MS);
    const calls = fetchMock.mock.calls.length;
    unmount();
    await advance(EXTRACTION_TIMEOUT_MS);
    expect(fetchMock).toHaveBeenCalledTimes(calls);
  });
});
