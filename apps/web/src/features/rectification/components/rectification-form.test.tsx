import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCodes } from '@medipay/shared/api-error';
import { validationMessages } from '@medipay/shared/messages';
import { rectificationMessages as m } from '@medipay/shared/rectification';
import {
  apiError,
  currentPath,
  deferred,
  fetchMock,
  json,
  pfPage,
  renderRectification,
  requestedPage,
  stubApi,
  uploaded,
  type Handler,
} from '../test-utils';
import { REDIRECT_DELAY_MS } from './rectification-form';
import { expectVisibleText } from '../../../testing/visible-text';

const GET = 'GET /api/rectification';
const SUBMIT = 'POST /api/rectification/submit';
const upload = (field: string) => `POST /api/rectification/documents/${field}`;

const frontId = '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f';
const residenceId = '6d7e8f90-a1b2-4c3d-9e4f-5a6b7c8d9e0f';

const result = { status: 'EM_ANALISE', protocolo: pfPage.protocolo, documentsUpdated: 2 };

beforeEach(() => {
  toast.dismiss();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const jpeg = (name: string) => new File(['jpeg'], name, { type: 'image/jpeg' });
const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

function withPage(extra: Record<string, Handler> = {}) {
  return stubApi({ [GET]: () => json(pfPage), ...extra });
}

async function open(options: Parameters<typeof renderRectification>[1] = {}) {
  const view = renderRectification('/retificar-documentos', options);
  await screen.findByRole('heading', { level: 1, name: m.title });
  return view;
}

/** The toast whose description is `text`. */
async function toastWith(text: string) {
  const description = await screen.findByText(text, { selector: '[data-description]' });
  return description.closest('li') as HTMLElement;
}

describe('rectification form', () => {
  it('refuses a PDF as the selfie with the file rule, and keeps nothing', async () => {
    withPage();
    const { user } = await open({ applyAccept: false });
    const selfie = screen.getByLabelText('Selfie');
    await user.upload(selfie, pdf('selfie.pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent(validationMessages.fileImageOnly);
    expect(selfie).toHaveAttribute('aria-invalid', 'true');
    expect(selfie).toHaveAccessibleDescription(
      expect.stringContaining(validationMessages.fileImageOnly),
    );
    expect(screen.queryByText('selfie.pdf')).not.toBeInTheDocument();
    expect(screen.queryByText(/selecionado/)).not.toBeInTheDocument();
    // A valid image clears the message.
    await user.upload(screen.getByLabelText('Selfie'), jpeg('selfie.jpg'));
    await expectVisibleText('selfie.jpg');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('counts the files chosen in the green notice, and removes one', async () => {
    withPage();
    const { user } = await open();
    await user.upload(screen.getByLabelText('Documento de identidade (frente)'), jpeg('rg.jpg'));
    await expectVisibleText(m.selected(1));
    expect(screen.getByText(m.selected(1))).toHaveTextContent(
      '1 documento selecionado para atualização',
    );
    // The file replaces the link to the document on record.
    expect(screen.getAllByRole('link', { name: /Ver documento/ })).toHaveLength(2);
    await user.upload(screen.getByLabelText('Comprovante de residência'), pdf('luz.pdf'));
    await expectVisibleText('2 documentos selecionados para atualização');
    expect(screen.getByText('luz.pdf')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Remover Comprovante de residência' }));
    await expectVisibleText(m.selected(1));
    expect(screen.queryByText('luz.pdf')).not.toBeInTheDocument();
    // Focus returns to the file picker that came back.
    expect(screen.getByLabelText('Comprovante de residência')).toHaveFocus();
  });

  it('asks for a justification or a document ("Atenção") and sends nothing', async () => {
    const api = withPage();
    const { user } = await open();
    await user.type(screen.getByLabelText(m.justificationLabel), '   ');
    await user.click(screen.getByRole('button', { name: m.submit }));
    const item = await toastWith(m.attention);
    expect(within(item).getByText(m.attentionTitle)).toBeVisible();
    expect(api.requests.map((request) => `${request.method} ${request.url}`)).toEqual([GET]);
  });

  it('uploads each file, submits the ids with the justification, then goes home after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const submitted = deferred();
    const api = withPage({
      [upload('docIdentidadeFrente')]: () => json(uploaded(frontId, 'rg.jpg'), 201),
      [upload('comprovanteResidencia')]: () =>
        json(uploaded(residenceId, 'luz.pdf', 'application/pdf'), 201),
      [SUBMIT]: () => submitted.promise,
    });
    const { user } = await open({ advanceTimers: vi.advanceTimersByTime });
    await user.upload(screen.getByLabelText('Documento de identidade (frente)'), jpeg('rg.jpg'));
    await user.upload(screen.getByLabelText('Comprovante de residência'), pdf('luz.pdf'));
    await user.type(
      screen.getByLabelText(m.justificationLabel),
      '  Enviei o RG legível e a conta de luz atual.  ',
    );
    await user.click(screen.getByRole('button', { name: m.submit }));

    const saving = await screen.findByRole('button', { name: m.submitting });
    expect(saving).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByLabelText(m.justificationLabel)).toBeDisabled();
    await waitFor(() => expect(api.calls(SUBMIT)).toHaveLength(1));
    expect(api.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      GET,
      upload('docIdentidadeFrente'),
      upload('comprovanteResidencia'),
      SUBMIT,
    ]);
    expect(api.calls(upload('docIdentidadeFrente'))[0]!.file!.name).toBe('rg.jpg');
    expect(api.calls(upload('comprovanteResidencia'))[0]!.file!.name).toBe('luz.pdf');
    expect(api.calls(SUBMIT)[0]!.body).toEqual({
      justification: 'Enviei o RG legível e a conta de luz atual.',
      documents: { docIdentidadeFrente: frontId, comprovanteResidencia: residenceId },
    });

    submitted.release(json(result));
    const item = await toastWith(m.successDescription);
    expect(within(item).getByText(m.successTitle)).toBeVisible();
    expect(currentPath()).toBe('/retificar-documentos');
    act(() => {
      vi.advanceTimersByTime(REDIRECT_DELAY_MS - 100);
    });
    expect(currentPath()).toBe('/retificar-documentos');
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(await screen.findByRole('heading', { name: 'Página inicial' })).toBeVisible();
    expect(currentPath()).toBe('/');
  });

  it('submits a justification alone, without uploads', async () => {
    const api = withPage({ [SUBMIT]: () => json({ ...result, documentsUpdated: 0 }) });
    const { user } = await open();
    await user.type(screen.getByLabelText(m.justificationLabel), 'Os documentos estão corretos.');
    await user.click(screen.getByRole('button', { name: m.submit }));
    await toastWith(m.successDescription);
    expect(api.calls(SUBMIT)[0]!.body).toEqual({
      justification: 'Os documentos estão corretos.',
      documents: {},
    });
    expect(api.requests).toHaveLength(2);
  });

  it('keeps what was typed and chosen after a refused submit, with the server message', async () => {
    const refusal = 'O cadastro não está mais em exigência.';
    let submitAnswer = () => apiError(409, refusal, errorCodes.conflict);
    const api = withPage({
      [upload('docIdentidadeFrente')]: () => json(uploaded(frontId, 'rg.jpg'), 201),
      [SUBMIT]: () => submitAnswer(),
    });
    const { user } = await open();
    await user.upload(screen.getByLabelText('Documento de identidade (frente)'), jpeg('rg.jpg'));
    await user.type(screen.getByLabelText(m.justificationLabel), 'RG novo.');
    await user.click(screen.getByRole('button', { name: m.submit }));

    const item = await toastWith(refusal);
    expect(within(item).getByText(m.errorTitle)).toBeVisible();
    expect(await screen.findByRole('button', { name: m.submit })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(screen.getByLabelText(m.justificationLabel)).toHaveValue('RG novo.');
    expect(screen.getByLabelText(m.justificationLabel)).toBeEnabled();
    expect(screen.getByText('rg.jpg')).toBeVisible();
    expect(screen.getByText(m.selected(1))).toBeVisible();
    expect(currentPath()).toBe('/retificar-documentos');

    // A failure the server does not explain: the page's own message; the try after it works.
    submitAnswer = () => apiError(500, 'Falhou.', errorCodes.internal);
    await user.click(screen.getByRole('button', { name: m.submit }));
    await toastWith(m.submitFailed);
    submitAnswer = () => json(result);
    await user.click(screen.getByRole('button', { name: m.submit }));
    await toastWith(m.successDescription);
    expect(api.calls(SUBMIT)).toHaveLength(3);
    // Refused by a 4xx, the file is sent again; after the 5xx the upload is reused.
    expect(api.calls(upload('docIdentidadeFrente'))).toHaveLength(2);
    expect(api.calls(SUBMIT)[2]!.body).toEqual({
      justification: 'RG novo.',
      documents: { docIdentidadeFrente: frontId },
    });
  });

  it('names the document whose upload the server refused', async () => {
    const api = withPage({
      [upload('selfie')]: () =>
        apiError(
          415,
          'Não foi possível ler a imagem. Envie outro arquivo.',
          errorCodes.unsupportedMediaType,
        ),
    });
    const { user } = await open();
    await user.upload(screen.getByLabelText('Selfie'), jpeg('selfie.jpg'));
    await user.click(screen.getByRole('button', { name: m.submit }));
    await toastWith('Selfie: Não foi possível ler a imagem. Envie outro arquivo.');
    expect(api.calls(SUBMIT)).toHaveLength(0);
    expect(screen.getByText('selfie.jpg')).toBeVisible();
  });

  it('can be filled and sent with the keyboard alone', async () => {
    const api = withPage({ [SUBMIT]: () => json({ ...result, documentsUpdated: 0 }) });
    const { user } = await open();
    const order = [
      ...screen.getAllByRole('link', { name: /Ver documento/ }).slice(0, 2),
      screen.getByLabelText('Documento de identidade (frente)'),
    ];
    await user.tab();
    // Past the links and file pickers, in page order, to the justification and the button.
    const reached: Element[] = [];
    for (let step = 0; step < 12 && document.activeElement; step += 1) {
      reached.push(document.activeElement);
      if (document.activeElement === screen.getByLabelText(m.justificationLabel)) break;
      await user.tab();
    }
    expect(reached).toEqual(expect.arrayContaining(order));
    expect(reached).toContain(screen.getByLabelText('Selfie'));
    expect(screen.getByLabelText(m.justificationLabel)).toHaveFocus();
    await user.keyboard('Tudo certo.');
    await user.tab();
    expect(screen.getByRole('button', { name: m.submit })).toHaveFocus();
    await user.keyboard('{Enter}');
    await toastWith(m.successDescription);
    expect(api.calls(SUBMIT)[0]!.body).toEqual({ justification: 'Tudo certo.', documents: {} });
  });
});

describe('rectification form: documents the reviewer asked for', () => {
  const versoLabel = 'Documento de identidade (verso)';
  const selfieDocLabel = 'Selfie com documento';
  const versoId = '7e8f90a1-b2c3-4d4e-8f5a-6b7c8d9e0f1a';
  const selfieDocId = '8f90a1b2-c3d4-4e5f-9a6b-7c8d9e0f1a2b';

  function withRequested(extra: Record<string, Handler> = {}) {
    return stubApi({ [GET]: () => json(requestedPage), ...extra });
  }

  it('lists only them, each with its reason describing its file picker', async () => {
    withRequested();
    await open();
    const section = screen.getByRole('region', { name: m.requestedTitle });
    expect(section).toHaveTextContent(m.requestedIntro([versoLabel, selfieDocLabel]));
    expect(within(section).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByLabelText('Documento de identidade (frente)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Selfie')).not.toBeInTheDocument();

    const verso = screen.getByLabelText(versoLabel);
    expect(screen.getByText('Motivo: Ilegível')).toBeVisible();
    expect(verso).toHaveAccessibleDescription(expect.stringContaining('Motivo: Ilegível'));
    expect(verso).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText(selfieDocLabel)).toHaveAccessibleDescription(
      expect.stringContaining('Motivo: O documento não aparece na foto.'),
    );
  });

  it('shows no reason and requires nothing on a page of free-text requirements', async () => {
    withPage();
    await open();
    expect(screen.getByRole('region', { name: 'Documentos' })).toBeVisible();
    expect(screen.queryByText(/^Motivo:/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Selfie')).not.toHaveAttribute('aria-required');
  });

  it('is sent only with every requested document, naming the missing one', async () => {
    const api = withRequested({
      [upload('docIdentidadeVerso')]: () => json(uploaded(versoId, 'verso.jpg'), 201),
      [upload('selfieDoc')]: () => json(uploaded(selfieDocId, 'selfie-doc.jpg'), 201),
      [SUBMIT]: () => json(result),
    });
    const { user } = await open();
    await user.upload(screen.getByLabelText(versoLabel), jpeg('verso.jpg'));
    await expectVisibleText(m.selected(1));
    await user.type(screen.getByLabelText(m.justificationLabel), 'Segue o verso.');
    await user.click(screen.getByRole('button', { name: m.submit }));

    const item = await toastWith(m.missingRequested([selfieDocLabel]));
    expect(within(item).getByText(m.attentionTitle)).toBeVisible();
    const selfieDoc = screen.getByLabelText(selfieDocLabel);
    expect(selfieDoc).toHaveFocus();
    expect(selfieDoc).toHaveAttribute('aria-invalid', 'true');
    expect(selfieDoc).toHaveAccessibleDescription(expect.stringContaining(m.requestedFileMissing));
    expect(api.requests.map((request) => `${request.method} ${request.url}`)).toEqual([GET]);

    // Chosen with the keyboard's focus where the form left it: the message goes, and it is sent.
    await user.upload(selfieDoc, jpeg('selfie-doc.jpg'));
    await expectVisibleText(m.selected(2));
    expect(screen.queryByText(m.requestedFileMissing)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: m.submit }));
    await toastWith(m.successDescription);
    expect(api.calls(SUBMIT)[0]!.body).toEqual({
      justification: 'Segue o verso.',
      documents: { docIdentidadeVerso: versoId, selfieDoc: selfieDocId },
    });
  });
});
