import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationDetail } from '@medipay/shared/admin-review';
import { clientInteractionDescriptions as descriptions } from '@medipay/shared/rectification';
import { fetchMock, json, master, renderAdmin, sessionOf, stubApi } from '../../test-utils';
import { document, pfDetail, pfId, pjDetail, pjId } from './review-test-fixtures';

beforeEach(() => {
  toast.dismiss();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TITLE = 'Retificação do solicitante';

const residenceOld = document('doc-residence-0', 'conta-antiga.pdf', 'application/pdf');

/** Maria's application after she corrected her identity document and proof of residence. */
const rectified: Extract<ApplicationDetail, { flow: 'PF' }> = {
  ...pfDetail,
  documents: pfDetail.documents.map((entry) =>
    entry.field === 'comprovanteResidencia'
      ? {
          ...entry,
          versions: [
            ...entry.versions,
            { ...residenceOld, createdAt: '2025-03-09T10:00:00.000Z', uploadedBy: 'applicant' },
          ],
        }
      : entry,
  ),
  interactions: [
    {
      actionType: 'PAGE_ACCESS',
      description: descriptions.PAGE_ACCESS,
      documentType: null,
      oldDocumentUrl: null,
      newDocumentUrl: null,
      justification: null,
      createdAt: '2025-03-11T11:59:00.000Z',
    },
    {
      actionType: 'JUSTIFICATION_SENT',
      description: descriptions.JUSTIFICATION_SENT,
      documentType: null,
      oldDocumentUrl: null,
      newDocumentUrl: null,
      justification: 'Primeira tentativa.',
      createdAt: '2025-03-11T12:00:00.000Z',
    },
    {
      actionType: 'DOCUMENT_UPDATE',
      description: descriptions.DOCUMENT_UPDATE,
      documentType: 'docIdentidadeFrente',
      oldDocumentUrl: '/api/documents/doc-front-1',
      newDocumentUrl: '/api/documents/doc-front-2',
      justification: null,
      createdAt: '2025-03-12T12:05:00.000Z',
    },
    {
      actionType: 'DOCUMENT_UPDATE',
      description: descriptions.DOCUMENT_UPDATE,
      documentType: 'comprovanteResidencia',
      oldDocumentUrl: '/api/documents/doc-residence-0',
      newDocumentUrl: '/api/documents/doc-residence',
      justification: null,
      createdAt: '2025-03-12T12:05:30.000Z',
    },
    {
      actionType: 'JUSTIFICATION_SENT',
      description: descriptions.JUSTIFICATION_SENT,
      documentType: null,
      oldDocumentUrl: null,
      newDocumentUrl: null,
      justification: 'Enviei o RG legível\ne a conta de luz deste mês.',
      createdAt: '2025-03-12T12:06:00.000Z',
    },
  ],
};

function show(detail: ApplicationDetail) {
  const flow = detail.flow === 'PF' ? 'pf' : 'pj';
  const id = detail.flow === 'PF' ? pfId : pjId;
  stubApi({
    'GET /api/admin/session': () => json(sessionOf(master)),
    [`GET /api/admin/applications/${flow}/${id}`]: () => json(detail),
  });
  renderAdmin(detail.flow === 'PF' ? `/onboarding/admin/${pfId}` : `/onboarding/admin/pj/${pjId}`);
  return screen.findByRole('heading', { level: 1, name: /Detalhes do Onboarding/ });
}

describe("the applicant's rectification in the detail", () => {
  it('shows the latest justification, each replaced document in both versions, and the log', async () => {
    await show(rectified);
    const card = screen.getByRole('region', { name: TITLE });

    expect(within(card).getByText(/Enviei o RG legível/)).toHaveTextContent(
      'Enviei o RG legível e a conta de luz deste mês.',
    );
    expect(within(card).queryByText('Primeira tentativa.')).not.toBeInTheDocument();

    const [front, residence] = within(card)
      .getAllByRole('listitem')
      .filter((item) => within(item).queryByRole('heading', { level: 4 }));
    expect(within(front!).getByRole('heading', { level: 4 })).toHaveTextContent(
      'Documento de identidade (frente)',
    );
    expect(front).toHaveTextContent('Substituído em 12/03/2025 às 09:05');
    expect(within(front!).getByText('Versão anterior')).toBeVisible();
    expect(within(front!).getByText('Nova versão')).toBeVisible();
    expect(
      within(front!).getByRole('img', {
        name: 'Documento de identidade (frente) (versão anterior)',
      }),
    ).toHaveAttribute('src', '/api/documents/doc-front-1/thumbnail');
    expect(
      within(front!).getByRole('img', { name: 'Documento de identidade (frente) (nova versão)' }),
    ).toHaveAttribute('src', '/api/documents/doc-front-2/thumbnail');

    expect(within(residence!).getByRole('heading', { level: 4 })).toHaveTextContent(
      'Comprovante de residência',
    );
    const pdfs = within(residence!).getAllByRole('link', { name: 'Abrir PDF' });
    expect(pdfs.map((link) => link.getAttribute('href'))).toEqual([
      '/api/documents/doc-residence-0',
      '/api/documents/doc-residence',
    ]);
    expect(pdfs[0]).toHaveAccessibleDescription('Versão anterior');
    for (const link of pdfs) expect(link).toHaveAttribute('target', '_blank');

    const log = within(card)
      .getByRole('heading', { level: 3, name: 'Registro de interações' })
      .parentElement!.querySelector('ol')!;
    const entries = within(log).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      '11/03/2025 às 08:59Acesso à página de retificação',
      '11/03/2025 às 09:00Justificativa enviada',
      '12/03/2025 às 09:05Documento atualizado(Documento de identidade (frente))',
      '12/03/2025 às 09:05Documento atualizado(Comprovante de residência)',
      '12/03/2025 às 09:06Justificativa enviada',
    ]);
  });

  it('links a version it cannot find among the documents', async () => {
    await show({
      ...pfDetail,
      interactions: [
        {
          actionType: 'DOCUMENT_UPDATE',
          description: descriptions.DOCUMENT_UPDATE,
          documentType: 'selfie',
          oldDocumentUrl: null,
          newDocumentUrl: '/api/documents/desconhecido',
          justification: null,
          createdAt: '2025-03-12T12:05:00.000Z',
        },
      ],
    });
    const card = screen.getByRole('region', { name: TITLE });
    expect(within(card).getByText('Nenhuma justificativa enviada.')).toBeVisible();
    expect(within(card).getByText('Não enviado')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Abrir documento' })).toHaveAttribute(
      'href',
      '/api/documents/desconhecido',
    );
  });

  it('is not shown when the applicant did nothing on the page', async () => {
    await show(pfDetail);
    expect(screen.queryByRole('region', { name: TITLE })).not.toBeInTheDocument();
  });

  it('is shown on a PJ detail too', async () => {
    await show({
      ...pjDetail,
      interactions: [
        {
          actionType: 'DOCUMENT_UPDATE',
          description: descriptions.DOCUMENT_UPDATE,
          documentType: 'cartaoCnpj',
          oldDocumentUrl: '/api/documents/pj-cartao-1',
          newDocumentUrl: '/api/documents/pj-cartao-2',
          justification: null,
          createdAt: '2025-03-12T12:05:00.000Z',
        },
        {
          actionType: 'JUSTIFICATION_SENT',
          description: descriptions.JUSTIFICATION_SENT,
          documentType: null,
          oldDocumentUrl: null,
          newDocumentUrl: null,
          justification: 'Cartão CNPJ atualizado.',
          createdAt: '2025-03-12T12:06:00.000Z',
        },
      ],
    });
    const card = screen.getByRole('region', { name: TITLE });
    expect(within(card).getByText('Cartão CNPJ atualizado.')).toBeVisible();
    expect(
      within(card)
        .getAllByRole('link', { name: 'Abrir PDF' })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/api/documents/pj-cartao-1', '/api/documents/pj-cartao-2']);
    expect(within(card).getByText('(Cartão CNPJ)')).toBeVisible();
  });
});
