import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCodes } from '@medipay/shared/api-error';
import { rectificationMessages as m } from '@medipay/shared/rectification';
import {
  apiError,
  currentPath,
  currentSearch,
  deferred,
  fetchMock,
  json,
  lastNavigation,
  notFound,
  pfPage,
  pjPage,
  renderRectification,
  stubApi,
} from '../test-utils';
import { REDIRECT_DELAY_MS } from './rectification-form';

const OPEN = 'POST /api/rectification/open';
const GET = 'GET /api/rectification';

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

const title = () => screen.findByRole('heading', { level: 1, name: m.title });

describe('rectification page: loading', () => {
  it('goes home when there is no token and no live cookie', async () => {
    const api = stubApi({ [GET]: notFound });
    renderRectification('/retificar-documentos');
    expect(await screen.findByRole('heading', { name: 'Página inicial' })).toBeVisible();
    expect(currentPath()).toBe('/');
    expect(api.calls(GET)).toHaveLength(1);
    expect(api.calls(OPEN)).toHaveLength(0);
  });

  it('opens with the token, then takes the token out of the address bar', async () => {
    const api = stubApi({ [OPEN]: () => json(pfPage) });
    renderRectification('/retificar-documentos?token=tok-123');
    await title();
    expect(api.calls(OPEN)[0]!.body).toEqual({ token: 'tok-123' });
    await waitFor(() => expect(currentSearch()).toBe(''));
    expect(currentPath()).toBe('/retificar-documentos');
    expect(lastNavigation()).toBe('REPLACE');
    // The page stays, and nothing is asked again; its title took the focus from the spinner.
    expect(screen.getByRole('heading', { level: 1, name: m.title })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: m.title })).toHaveFocus();
    expect(api.requests).toHaveLength(1);
    expect(api.unexpected).toEqual([]);
  });

  it('reads the page with the cookie on a reload without the token', async () => {
    const api = stubApi({ [GET]: () => json(pfPage) });
    renderRectification('/retificar-documentos');
    await title();
    expect(api.calls(OPEN)).toHaveLength(0);
    expect(screen.getByText('Maria Oliveira')).toBeVisible();
  });

  it('shows a labelled spinner while loading', async () => {
    const answer = deferred();
    stubApi({ [OPEN]: () => answer.promise });
    renderRectification('/retificar-documentos?token=tok-123');
    const spinner = await screen.findByRole('status');
    expect(spinner).toHaveTextContent('Carregando o cadastro...');
    // The token stays until it has been used.
    expect(currentSearch()).toBe('?token=tok-123');
    answer.release(json(pfPage));
    await title();
    expect(screen.queryByText('Carregando o cadastro...')).not.toBeInTheDocument();
  });

  it('shows "Cadastro não encontrado" for a token that is not live', async () => {
    stubApi({ [OPEN]: notFound });
    renderRectification('/retificar-documentos?token=usado');
    expect(await screen.findByRole('heading', { level: 1, name: m.notFoundTitle })).toBeVisible();
    expect(screen.getByText(m.notFoundDescription)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Voltar para a página inicial' })).toHaveAttribute(
      'href',
      '/',
    );
    await waitFor(() => expect(currentSearch()).toBe(''));
    expect(currentPath()).toBe('/retificar-documentos');
  });

  it('says that the corrections were received when the link was already used', async () => {
    stubApi({
      [OPEN]: () => apiError(410, m.alreadySentDescription, errorCodes.linkUsed),
    });
    renderRectification('/retificar-documentos?token=enviado');
    expect(
      await screen.findByRole('heading', { level: 1, name: m.alreadySentTitle }),
    ).toBeVisible();
    expect(screen.getByText(m.alreadySentDescription)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: m.alreadySentTitle })).toHaveFocus();
    expect(screen.queryByText(m.notFoundTitle)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Acompanhar status' })).toHaveAttribute(
      'href',
      '/acompanhar-status',
    );
    await waitFor(() => expect(currentSearch()).toBe(''));
  });

  it('says "Erro" on another failure, then goes home', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({
      [OPEN]: () => apiError(500, 'Não foi possível concluir.', errorCodes.internal),
    });
    renderRectification('/retificar-documentos?token=tok-123', {
      advanceTimers: vi.advanceTimersByTime,
    });
    const toastItem = (
      await screen.findByText(m.loadFailed, { selector: '[data-description]' })
    ).closest('li') as HTMLElement;
    expect(within(toastItem).getByText(m.errorTitle)).toBeVisible();
    expect(currentPath()).toBe('/retificar-documentos');
    act(() => {
      vi.advanceTimersByTime(REDIRECT_DELAY_MS);
    });
    expect(await screen.findByRole('heading', { name: 'Página inicial' })).toBeVisible();
    expect(currentPath()).toBe('/');
  });
});

describe('rectification page: the form', () => {
  it('greets a PF applicant, shows the requirements and the PF documents', async () => {
    stubApi({ [GET]: () => json(pfPage) });
    renderRectification('/retificar-documentos');
    await title();
    expect(screen.getByText(/Olá,/)).toHaveTextContent('Olá, Maria Oliveira');
    expect(screen.getByText('PF-20250310-A1B2C3')).toBeVisible();
    const requirements = screen.getByRole('region', { name: m.exigenciasTitle });
    expect(requirements).toHaveTextContent('O documento de identidade está ilegível.');
    expect(requirements).toHaveTextContent('Envie a frente novamente.');
    for (const label of [
      'Documento de identidade (frente)',
      'Documento de identidade (verso)',
      'Comprovante de residência',
      'Selfie',
    ]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('type', 'file');
    }
    expect(screen.getByLabelText('Selfie')).toHaveAttribute(
      'accept',
      '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp',
    );
    expect(screen.getByLabelText('Comprovante de residência')).toHaveAttribute(
      'accept',
      expect.stringContaining('application/pdf'),
    );
    const justification = screen.getByLabelText(m.justificationLabel);
    expect(justification.tagName).toBe('TEXTAREA');
    expect(justification).toHaveAttribute('rows', '4');
    expect(screen.getByRole('button', { name: m.submit })).toBeVisible();
  });

  it('greets a PJ applicant by company name, without a requirements box when there is none', async () => {
    stubApi({ [GET]: () => json(pjPage) });
    renderRectification('/retificar-documentos');
    await title();
    expect(screen.getByText(/Olá,/)).toHaveTextContent('Olá, Clínica Bem Estar S.A.');
    expect(screen.queryByRole('region', { name: m.exigenciasTitle })).not.toBeInTheDocument();
    for (const label of [
      'Contrato social',
      'Cartão CNPJ',
      'Comprovante de endereço',
      'Documento do responsável (frente)',
    ]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('type', 'file');
    }
    expect(screen.getByLabelText('Contrato social')).toHaveAttribute(
      'accept',
      '.pdf,application/pdf',
    );
  });

  it('links each document on record in a new tab', async () => {
    stubApi({ [GET]: () => json(pfPage) });
    renderRectification('/retificar-documentos');
    await title();
    const links = screen.getAllByRole('link', { name: /Ver documento/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      pfPage.documents[0]!.current!.url,
      pfPage.documents[1]!.current!.url,
      pfPage.documents[3]!.current!.url,
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(links[2]).toHaveAccessibleDescription('Selfie');
  });
});
