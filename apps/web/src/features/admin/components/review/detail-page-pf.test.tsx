import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAdmin } from '../../test-utils';
import { pfDetail } from './review-test-fixtures';
import {
  card,
  detailOf,
  pfTestFlow,
  setUpReviewTests,
  valueOf,
  withDetail,
} from './review-test-flows';

setUpReviewTests();

const { path: detailPath } = detailOf(pfTestFlow);

async function loaded() {
  return screen.findByRole('heading', { level: 1, name: 'Detalhes do Onboarding' });
}

describe('PF detail', () => {
  it('shows the header, the personal data with verified badges, address, PEP and consents', async () => {
    withDetail(pfTestFlow, () => ({
      ...pfDetail,
      analisadoPor: 'ana.souza@medipay.com.br',
      analisadoEm: '2025-03-11T18:30:00.000Z',
    }));
    renderAdmin(detailPath);
    await loaded();
    expect(document.title).toBe('Detalhes do Onboarding | Painel Administrativo | MediPay');
    expect(screen.getByText('PF-20250310-A1B2C3')).toBeVisible();
    expect(screen.getByText('Criado em 10/03/2025 às 10:05')).toBeVisible();
    expect(
      screen.getByText('Analisado por ana.souza@medipay.com.br em 11/03/2025 às 15:30'),
    ).toBeVisible();
    expect(screen.getByText('Em Análise', { selector: '[data-tone]' })).toHaveAttribute(
      'data-tone',
      'info',
    );
    expect(screen.getByText('Etapa 6/6')).toBeVisible();

    const personal = card('Dados Pessoais');
    expect(valueOf(personal, 'Nome completo')).toHaveTextContent('Maria Oliveira');
    expect(valueOf(personal, 'CPF')).toHaveTextContent('529.982.247-25');
    expect(valueOf(personal, 'Nacionalidade')).toHaveTextContent('Brasileira');
    expect(valueOf(personal, 'Estado civil')).toHaveTextContent('Casado(a)');
    expect(valueOf(personal, 'E-mail')).toHaveTextContent('maria.oliveira@example.comVerificado');
    // The phone was not verified: no badge.
    expect(valueOf(personal, 'Telefone')).toHaveTextContent(/^\(11\) 98765-4321$/);

    const address = card('Endereço');
    expect(valueOf(address, 'CEP')).toHaveTextContent('01310-100');
    expect(valueOf(address, 'UF')).toHaveTextContent('São Paulo');

    const pep = card('Informações PEP');
    expect(valueOf(pep, 'Declaração')).toHaveTextContent('Sou pessoa politicamente exposta (PEP)');
    expect(valueOf(pep, 'CPF da PEP')).toHaveTextContent('111.444.777-35');

    const consents = card('Consentimentos');
    expect(valueOf(consents, 'Consentimento LGPD')).toHaveTextContent('Aceito');
    expect(valueOf(consents, 'Consentimento KYC')).toHaveTextContent('Não aceito');
  });

  it('leaves the PEP card out without a declaration and shows requirements and denial notes', async () => {
    withDetail(pfTestFlow, () => ({
      ...pfDetail,
      status: 'NEGADO',
      allowedActions: [],
      exigencias: 'Envie o verso do RG.',
      motivoNegacao: 'Documento adulterado.',
      values: { ...pfDetail.values, pepTipo: undefined },
    }));
    renderAdmin(detailPath);
    await loaded();
    expect(screen.queryByRole('heading', { name: 'Informações PEP' })).toBeNull();
    expect(screen.getByRole('note', { name: 'Exigências' })).toHaveTextContent(
      'Envie o verso do RG.',
    );
    expect(screen.getByRole('note', { name: 'Motivo da negação' })).toHaveTextContent(
      'Documento adulterado.',
    );
    // Nothing is allowed from NEGADO (PF): no action buttons.
    expect(screen.queryByRole('button', { name: 'Aprovar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Negar' })).toBeNull();
  });

  it('shows the documents: images that open in a viewer, a PDF placeholder, liveness and versions', async () => {
    withDetail(pfTestFlow, () => pfDetail);
    const { user } = renderAdmin(detailPath);
    await loaded();
    const documents = card('Documentos');

    const residence = within(documents)
      .getByRole('heading', { name: 'Comprovante de residência' })
      .closest('li') as HTMLElement;
    expect(within(residence).queryByRole('img')).toBeNull();
    const pdf = within(residence).getByRole('link', { name: 'Abrir PDF' });
    expect(pdf).toHaveAttribute('href', '/api/documents/doc-residence');
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(pdf).toHaveAccessibleDescription('Comprovante de residência');

    const selfie = within(documents).getByRole('heading', { name: 'Selfie' }).closest('li')!;
    expect(within(selfie as HTMLElement).getByText('Liveness Aprovado')).toBeVisible();
    expect(within(documents).getAllByText('Liveness Aprovado')).toHaveLength(1);

    const selfieDoc = within(documents)
      .getByRole('heading', { name: 'Selfie com documento' })
      .closest('li') as HTMLElement;
    expect(within(selfieDoc).getByText('Não enviado')).toBeVisible();

    const front = within(documents)
      .getByRole('heading', { name: 'Documento de identidade (frente)' })
      .closest('li') as HTMLElement;
    expect(
      within(front).getByRole('img', { name: 'Documento de identidade (frente)' }),
    ).toHaveAttribute('src', '/api/documents/doc-front-2/thumbnail');
    // The earlier file, with its date; the current one is not repeated.
    expect(within(front).getByText('Versões anteriores')).toBeVisible();
    expect(within(front).getByRole('link', { name: 'rg-frente-borrado.jpg' })).toHaveAttribute(
      'href',
      '/api/documents/doc-front-1',
    );
    expect(front).toHaveTextContent('enviado pelo solicitante em 10/03/2025 às 10:20');
    expect(within(front).queryByRole('link', { name: 'rg-frente.jpg' })).toBeNull();

    await user.click(within(front).getByRole('button', { name: /Ampliar/ }));
    const viewer = await screen.findByRole('dialog', { name: 'Documento de identidade (frente)' });
    const full = within(viewer).getByRole('img', {
      name: 'Documento de identidade (frente) em tamanho real',
    });
    expect(full).toHaveAttribute('src', '/api/documents/doc-front-2');
    expect(full).toHaveStyle({ transform: 'scale(1) rotate(0deg)' });
    await user.click(within(viewer).getByRole('button', { name: 'Aumentar zoom' }));
    await user.click(within(viewer).getByRole('button', { name: 'Aumentar zoom' }));
    await user.click(within(viewer).getByRole('button', { name: 'Girar' }));
    expect(full).toHaveStyle({ transform: 'scale(1.5) rotate(90deg)' });
    await user.click(within(viewer).getByRole('button', { name: 'Diminuir zoom' }));
    expect(full).toHaveStyle({ transform: 'scale(1.25) rotate(90deg)' });
    expect(within(viewer).getByText('125%')).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sets typed, read and step-3 identity data side by side, flags each difference on top, and shows the face scores', async () => {
    withDetail(pfTestFlow, () => pfDetail);
    renderAdmin(detailPath);
    await loaded();
    const checks = card('Verificação de identidade');
    const table = within(checks).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Campo',
      'Informado pelo solicitante',
      'Lido do documento',
      'Confirmado na etapa 3',
      'Resultado',
    ]);
    const cells = (label: string) =>
      [
        ...within(table)
          .getByRole('row', { name: new RegExp(`^${label}`) })
          .querySelectorAll('td'),
      ].map((cell) => cell.textContent);
    // Case and punctuation do not count as differences.
    expect(cells('Nome')).toEqual([
      'Maria Oliveira',
      'MARIA OLIVEIRA',
      'Maria Oliveira',
      'Confere',
    ]);
    expect(cells('Número')).toEqual(['—', '12345678-9', '12.345.678-9', 'Confere']);
    // A real difference says so in text (and is highlighted).
    const uf = within(table).getByRole('row', { name: /^UF/ });
    expect(cells('UF')).toEqual(['—', 'RJ', 'SP', 'Divergente']);
    expect(uf).toHaveAttribute('data-differs', 'true');
    expect(within(checks).getAllByText('Divergente')).toHaveLength(1);
    // Nothing read: no verdict.
    expect(cells('Validade')).toEqual(['—', '—', '20/05/2030', 'Sem comparação']);
    // The difference is also named on top of the page, before the decisions.
    const flags = screen.getByRole('region', { name: 'Divergências de identidade' });
    expect(flags).toHaveTextContent('O solicitante alterou dados lidos do documento: UF.');
    expect(
      flags.compareDocumentPosition(screen.getByRole('button', { name: /Aprovar/ })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    expect(within(checks).getByText('87,5%')).toBeVisible();
    expect(within(checks).getByText('91,2%')).toBeVisible();
    expect(within(checks).getByText('93,5%')).toBeVisible();
  });

  it('shows a biometric check em revisão: the decision, the three photos side by side and each similarity', async () => {
    const selfie = pfDetail.documents.find((entry) => entry.field === 'selfie')!.current!;
    const selfieDoc = {
      ...selfie,
      id: 'doc-selfie-doc',
      name: 'selfie-doc.jpg',
      url: '/api/documents/doc-selfie-doc',
      thumbnailUrl: '/api/documents/doc-selfie-doc/thumbnail',
    };
    const front = pfDetail.documents.find(
      (entry) => entry.field === 'docIdentidadeFrente',
    )!.current!;
    withDetail(pfTestFlow, () => ({
      ...pfDetail,
      documents: pfDetail.documents.map((entry) =>
        entry.field === 'selfieDoc' ? { ...entry, current: selfieDoc } : entry,
      ),
      checks: {
        ...pfDetail.checks,
        biometricDecision: 'em_revisao',
        faceMatch: { selfieDoc: 0.473, documentPhoto: 0.41 },
      },
    }));
    renderAdmin(detailPath);
    await loaded();
    const checks = card('Verificação de identidade');
    expect(within(checks).getByTestId('biometric-decision')).toHaveTextContent('Em revisão');
    expect(within(checks).getByText(/compare as três fotos antes de decidir/)).toBeVisible();
    const compared = within(checks).getByRole('list', { name: 'Fotos comparadas' });
    const items = within(compared).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('img').getAttribute('alt'))).toEqual([
      'Selfie',
      'Selfie com documento',
      'Documento de identidade (frente)',
    ]);
    // Each photo from the portal's authorised document route.
    expect(items.map((item) => within(item).getByRole('img').getAttribute('src'))).toEqual([
      selfie.thumbnailUrl ?? selfie.url,
      selfieDoc.thumbnailUrl,
      front.thumbnailUrl ?? front.url,
    ]);
    expect(items[0]).toHaveTextContent('Referência das comparações');
    expect(items[1]).toHaveTextContent('Selfie × selfie com documento: 47,3%');
    expect(items[2]).toHaveTextContent('Selfie × documento: 41,0%');
    // The admin's decisions stay the same.
    expect(screen.getByRole('button', { name: 'Aprovar' })).toBeVisible();
  });

  it.each([
    ['aprovado', 'Aprovado'],
    ['reprovado', 'Reprovado'],
  ] as const)('names a check %s as %s, with the photos compared', async (decision, label) => {
    withDetail(pfTestFlow, () => ({
      ...pfDetail,
      checks: { ...pfDetail.checks, biometricDecision: decision },
    }));
    renderAdmin(detailPath);
    await loaded();
    const checks = card('Verificação de identidade');
    expect(within(checks).getByTestId('biometric-decision')).toHaveTextContent(label);
    expect(within(checks).queryByText(/faixa de dúvida/)).toBeNull();
    const compared = within(checks).getByRole('list', { name: 'Fotos comparadas' });
    // The selfie with the document was not sent in this fixture.
    expect(within(compared).getAllByRole('img')).toHaveLength(2);
    expect(within(compared).getByText('Não enviado')).toBeVisible();
  });

  it('says the biometric check was not made when there is none', async () => {
    withDetail(pfTestFlow, () => ({
      ...pfDetail,
      checks: { ...pfDetail.checks, biometricDecision: null, faceMatch: null, liveness: null },
    }));
    renderAdmin(detailPath);
    await loaded();
    const checks = card('Verificação de identidade');
    expect(within(checks).getByText('Não realizada')).toBeVisible();
    expect(within(checks).queryByTestId('biometric-decision')).toBeNull();
    expect(within(checks).queryByRole('list', { name: 'Fotos comparadas' })).toBeNull();
  });

  it('shows the status history as a timeline, oldest first, and the admin actions', async () => {
    withDetail(pfTestFlow, () => ({
      ...pfDetail,
      history: [
        ...pfDetail.history,
        {
          fromStatus: 'EM_ANALISE',
          toStatus: 'EM_EXIGENCIA',
          actorType: 'admin',
          actorEmail: 'ana.souza@medipay.com.br',
          reason: 'Envie o verso do RG.',
          createdAt: '2025-03-11T12:00:00.000Z',
        },
      ],
      audit: [
        {
          action: 'EM_EXIGENCIA',
          adminEmail: 'ana.souza@medipay.com.br',
          observacoes: null,
          motivo: null,
          notaInterna: 'Selfie conferida com o RG.',
          createdAt: '2025-03-11T12:00:00.000Z',
        },
      ],
    }));
    renderAdmin(detailPath);
    await loaded();
    const history = card('Histórico de status');
    const steps = within(history).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'InícioparaIniciadoSolicitante · 10/03/2025 às 10:05',
      'IniciadoparaEm AnáliseSolicitante · 10/03/2025 às 11:00',
      'Em AnáliseparaEm Exigênciaana.souza@medipay.com.br · 11/03/2025 às 09:00Motivo: Envie o verso do RG.',
    ]);
    expect(within(history).getByRole('list').tagName).toBe('OL');
    expect(card('Ações administrativas')).toHaveTextContent(
      'Exigências enviadasana.souza@medipay.com.br · 11/03/2025 às 09:00Nota interna: Selfie conferida com o RG.',
    );
  });
});
