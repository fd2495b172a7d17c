import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApplicationDetail } from '@medipay/shared/admin-review';
import { caseMessages, type LinkedApplications } from '@medipay/shared/case-review';
import { json, master, renderAdmin } from '../../test-utils';
import { noCase, pfDetail, pfId2, pjDetail, pjId2 } from './review-test-fixtures';
import {
  awaitingDecision,
  card,
  detailOf,
  pfTestFlow,
  pjTestFlow,
  setUpReviewTests,
  withDetail,
} from './review-test-flows';
import { expectVisibleText } from '../../../../testing/visible-text';

setUpReviewTests();

const other = {
  id: 'adm-9',
  email: 'carla.dias@medipay.com.br',
  desde: '2025-03-10T15:00:00.000Z',
};
const me = { id: master.id, email: master.email, desde: '2025-03-11T12:00:00.000Z' };
const fourEyes = [
  {
    code: 'pep_declarado' as const,
    label: 'Declarou ser PEP, familiar ou colaborador próximo de uma PEP',
  },
];

const { path: pfPath, post: pfPost } = detailOf(pfTestFlow);

/** The PF application awaiting a decision, with its case changed. */
function pfCase(change: Partial<ApplicationDetail['case']>): ApplicationDetail {
  return { ...awaitingDecision(pfTestFlow), case: { ...noCase, ...change } };
}

const loaded = () => screen.findByRole('heading', { level: 1, name: 'Detalhes do Onboarding' });
const casePanel = () => screen.getByRole('region', { name: 'Análise do cadastro' });
const documentTile = (label: string) =>
  screen.getByRole('heading', { level: 3, name: label }).closest('li') as HTMLElement;

describe('case management on the application page', () => {
  it('takes the case, takes it over from another admin after confirming, and lets it go', async () => {
    let detail = pfCase({
      prazo: '2025-03-12T20:59:00.000Z',
      prazoStatus: 'atrasado',
      analista: other,
    });
    const api = withDetail(pfTestFlow, () => detail, {
      [pfPost('assign')]: () => {
        detail = pfCase({ ...detail.case, analista: me, heldByMe: true });
        return json(detail);
      },
      [pfPost('release')]: () => {
        detail = pfCase({ ...detail.case, analista: null, heldByMe: false });
        return json(detail);
      },
    });
    const { user } = renderAdmin(pfPath);
    await loaded();

    const panel = casePanel();
    expect(panel).toHaveTextContent('Prazo12/03/2025 às 17:59Atrasado');
    expect(within(panel).getByText('Atrasado')).toHaveAttribute('data-deadline', 'atrasado');
    expect(panel).toHaveTextContent(`${caseMessages.heldBy(other.email)}desde 10/03/2025 às 12:00`);
    expect(within(panel).getByRole('link', { name: caseMessages.exportDossier })).toHaveAttribute(
      'href',
      `/api/admin/applications/pf/${pfDetail.id}/dossier.pdf`,
    );
    // Decisions are the holder's: disabled, and the reason is on the page.
    expect(screen.getByText(caseMessages.heldByOther)).toBeVisible();
    for (const name of ['Aprovar', 'Em Exigência', 'Negar']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(caseMessages.heldByOther);
    }
    expect(
      within(documentTile('Selfie')).getByRole('button', { name: caseMessages.acceptDocument }),
    ).toBeDisabled();

    await user.click(within(panel).getByRole('button', { name: caseMessages.takeOver }));
    const dialog = await screen.findByRole('dialog', { name: `${caseMessages.takeOver}?` });
    expect(dialog).toHaveTextContent(caseMessages.takeOverConfirm(other.email));
    await user.click(within(dialog).getByRole('button', { name: caseMessages.takeOver }));
    await expectVisibleText(caseMessages.assigned);
    expect(api.calls(pfPost('assign'))[0]?.body).toEqual({
      expectedHolderId: other.id,
      takeOver: true,
    });
    expect(casePanel()).toHaveTextContent(caseMessages.heldByYou);
    expect(screen.getByRole('button', { name: 'Aprovar' })).toBeEnabled();
    expect(screen.queryByText(caseMessages.heldByOther)).toBeNull();

    await user.click(screen.getByRole('button', { name: caseMessages.release }));
    await expectVisibleText(caseMessages.released);
    expect(api.calls(pfPost('release'))[0]?.body).toEqual({ expectedStatus: 'EM_ANALISE' });
    expect(casePanel()).toHaveTextContent(caseMessages.unassigned);

    await user.click(screen.getByRole('button', { name: caseMessages.assign }));
    await waitFor(() => expect(api.calls(pfPost('assign'))).toHaveLength(2));
    expect(api.calls(pfPost('assign'))[1]?.body).toEqual({
      expectedHolderId: null,
      takeOver: false,
    });
    expect(await screen.findByRole('button', { name: caseMessages.release })).toBeVisible();
  });

  it('four-eyes: the first approval needs a note; its admin may withdraw it, not approve again', async () => {
    let detail = pfCase({ secondApprovalReasons: fourEyes });
    const api = withDetail(pfTestFlow, () => detail, {
      [pfPost('approve')]: () => {
        detail = pfCase({
          secondApprovalReasons: fourEyes,
          primeiraAprovacao: {
            adminId: master.id,
            adminEmail: master.email,
            em: '2025-03-11T13:00:00.000Z',
            nota: 'PEP declarado conferido no Portal da Transparência.',
          },
        });
        return json(detail);
      },
      [pfPost('withdraw-approval')]: () => {
        detail = pfCase({ secondApprovalReasons: fourEyes });
        return json(detail);
      },
    });
    const { user } = renderAdmin(pfPath);
    await loaded();
    const notice = screen.getByRole('note', { name: caseMessages.secondApprovalRequired });
    expect(notice).toHaveTextContent(fourEyes[0]!.label);

    await user.click(screen.getByRole('button', { name: 'Aprovar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aprovar onboarding?' });
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    const note = within(dialog).getByRole('textbox', { name: caseMessages.firstApprovalNoteLabel });
    expect(note).toHaveAccessibleDescription(caseMessages.firstApprovalNoteRequired);
    expect(note).toHaveFocus();
    expect(api.calls(pfPost('approve'))).toHaveLength(0);
    await user.type(note, 'PEP declarado conferido no Portal da Transparência.');
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    await expectVisibleText(caseMessages.firstApproved);
    expect(api.calls(pfPost('approve'))[0]?.body).toEqual({
      expectedStatus: 'EM_ANALISE',
      nota: 'PEP declarado conferido no Portal da Transparência.',
    });

    const awaiting = screen.getByRole('note', { name: caseMessages.secondApprovalRequired });
    expect(awaiting).toHaveTextContent(caseMessages.awaitingSecond);
    expect(awaiting).toHaveTextContent(
      `Primeira aprovação por ${master.email} em 11/03/2025 às 10:00`,
    );
    expect(awaiting).toHaveTextContent('Nota: PEP declarado conferido no Portal da Transparência.');
    const approve = screen.getByRole('button', { name: 'Aprovar' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(caseMessages.sameAdmin);
    expect(screen.getByText(caseMessages.sameAdmin)).toBeVisible();

    await user.click(within(awaiting).getByRole('button', { name: caseMessages.withdraw }));
    await expectVisibleText(caseMessages.withdrawn);
    expect(api.calls(pfPost('withdraw-approval'))[0]?.body).toEqual({
      expectedStatus: 'EM_ANALISE',
    });
    expect(screen.getByRole('button', { name: 'Aprovar' })).toBeEnabled();
    expect(screen.queryByText(caseMessages.awaitingSecond)).toBeNull();
  });

  it('four-eyes: another admin gives the second approval, with an optional note', async () => {
    let detail = pfCase({
      secondApprovalReasons: fourEyes,
      primeiraAprovacao: { adminId: 'adm-9', adminEmail: other.email, em: other.desde, nota: 'Ok' },
    });
    const api = withDetail(pfTestFlow, () => detail, {
      [pfPost('approve')]: () => {
        detail = { ...detail, status: 'APROVADO', allowedActions: ['reopen'], case: noCase };
        return json(detail);
      },
    });
    const { user } = renderAdmin(pfPath);
    await loaded();
    expect(screen.queryByRole('button', { name: caseMessages.withdraw })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Aprovar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aprovar onboarding?' });
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    await expectVisibleText('Aprovado com sucesso');
    expect(api.calls(pfPost('approve'))[0]?.body).toEqual({ expectedStatus: 'EM_ANALISE' });
  });

  it("refuses a document with a reason ('Outro' needs its text) and accepts another", async () => {
    let detail = awaitingDecision(pfTestFlow);
    const review = `${detailOf(pfTestFlow).api.replace('GET ', 'POST ')}/documents`;
    const api = withDetail(pfTestFlow, () => detail, {
      [`${review}/doc-front-2/review`]: () => {
        detail = {
          ...detail,
          documents: detail.documents.map((entry) =>
            entry.field === 'docIdentidadeFrente'
              ? {
                  ...entry,
                  review: {
                    decision: 'recusado',
                    motivo: 'outro',
                    motivoTexto: 'Foto cortada',
                    adminEmail: master.email,
                    createdAt: '2025-03-11T13:00:00.000Z',
                  },
                }
              : entry,
          ),
        };
        return json(detail);
      },
      [`${review}/doc-selfie/review`]: () => json(detail),
    });
    const { user } = renderAdmin(pfPath);
    await loaded();
    const front = documentTile('Documento de identidade (frente)');
    const refuse = within(front).getByRole('button', { name: caseMessages.refuseDocument });
    expect(refuse).toHaveAccessibleDescription('Documento de identidade (frente)');
    await user.click(refuse);
    const dialog = await screen.findByRole('dialog', { name: caseMessages.refuseDocument });
    const confirm = within(dialog).getByRole('button', { name: caseMessages.refuseDocument });
    await user.click(confirm);
    expect(within(dialog).getByText('Escolha o motivo da recusa.')).toBeVisible();
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: caseMessages.refusalReason }),
      'outro',
    );
    await user.click(confirm);
    const text = within(dialog).getByRole('textbox', { name: caseMessages.refusalOtherText });
    expect(text).toHaveAccessibleDescription(caseMessages.refusalOtherRequired);
    expect(api.calls(`${review}/doc-front-2/review`)).toHaveLength(0);
    await user.type(text, 'Foto cortada');
    await user.click(confirm);
    await expectVisibleText(caseMessages.documentRefused);
    expect(api.calls(`${review}/doc-front-2/review`)[0]?.body).toEqual({
      decision: 'recusado',
      motivo: 'outro',
      motivoTexto: 'Foto cortada',
    });
    expect(documentTile('Documento de identidade (frente)')).toHaveTextContent(
      `Recusado: Foto cortadapor ${master.email} em 11/03/2025 às 10:00`,
    );

    await user.click(
      within(documentTile('Selfie')).getByRole('button', { name: caseMessages.acceptDocument }),
    );
    await expectVisibleText(caseMessages.documentAccepted);
    expect(api.calls(`${review}/doc-selfie/review`)[0]?.body).toEqual({ decision: 'aceito' });
  });

  it('proposes the requirements from the refused documents and sends the internal note apart', async () => {
    const refusal = (motivo: string, motivoTexto: string | null) => ({
      decision: 'recusado' as const,
      motivo,
      motivoTexto,
      adminEmail: master.email,
      createdAt: '2025-03-11T13:00:00.000Z',
    });
    const detail: ApplicationDetail = {
      ...awaitingDecision(pfTestFlow),
      documents: pfDetail.documents.map((entry) =>
        entry.field === 'docIdentidadeFrente'
          ? { ...entry, review: refusal('ilegivel', null) }
          : entry.field === 'comprovanteResidencia'
            ? { ...entry, review: refusal('outro', 'Conta em nome de outra pessoa') }
            : entry,
      ),
    };
    const api = withDetail(pfTestFlow, () => detail, {
      [pfPost('request-changes')]: () => json({ ...detail, status: 'EM_EXIGENCIA' }),
    });
    const { user } = renderAdmin(pfPath);
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Em Exigência' }));
    const dialog = await screen.findByRole('dialog', { name: 'Colocar em exigência' });
    const exigencias = within(dialog).getByRole('textbox', { name: 'Exigências' });
    const proposed = [
      '- Documento de identidade (frente): Ilegível',
      '- Comprovante de residência: Conta em nome de outra pessoa',
    ].join('\n');
    expect(exigencias).toHaveValue(proposed);
    expect(exigencias).toHaveAccessibleDescription(caseMessages.applicantNoteLabel);
    await user.type(exigencias, '\nEnvie também o verso.');
    await user.type(
      within(dialog).getByRole('textbox', { name: caseMessages.internalNoteLabel }),
      'Endereço confere com o CNES.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Enviar Exigências' }));
    await waitFor(() => expect(api.calls(pfPost('request-changes'))).toHaveLength(1));
    expect(api.calls(pfPost('request-changes'))[0]?.body).toEqual({
      expectedStatus: 'EM_ANALISE',
      exigencias: `${proposed}\nEnvie também o verso.`,
      notaInterna: 'Endereço confere com o CNES.',
    });
  });

  it('lists the linked applications with what they share, each linked to its page', async () => {
    const links: LinkedApplications = {
      faceSearched: true,
      items: [
        {
          flow: 'PF',
          id: pfId2,
          protocolo: 'PF-20250309-Z9Y8X7',
          name: 'João Santos',
          document: '11144477735',
          status: 'NEGADO',
          createdAt: '2025-03-09T02:30:00.000Z',
          shared: [
            { attribute: 'telefone', value: '(11) *****-4321' },
            { attribute: 'rosto', value: 'Selfie' },
          ],
          faceSimilarity: 0.875,
        },
        {
          flow: 'PJ',
          id: pjId2,
          protocolo: null,
          name: 'Clínica Bem Estar S.A.',
          document: '12ABC34501DE35',
          status: 'EM_EXIGENCIA',
          createdAt: '2025-03-01T12:00:00.000Z',
          shared: [{ attribute: 'socio', value: 'Paulo Mendes' }],
          faceSimilarity: null,
        },
      ],
    };
    const { api } = detailOf(pjTestFlow);
    withDetail(pjTestFlow, () => pjDetail, { [`${api}/links`]: () => json(links) });
    renderAdmin(pjTestFlow.detailPath(pjDetail.id));
    await screen.findByRole('heading', { level: 1, name: 'Detalhes do Onboarding PJ' });
    const linked = card(caseMessages.linkedTitle);
    const [first, second] = await within(linked).findAllByRole('article');
    expect(within(first!).getByRole('link', { name: 'João Santos' })).toHaveAttribute(
      'href',
      pfTestFlow.detailPath(pfId2),
    );
    expect(first).toHaveTextContent('Pessoa física · 111.444.777-35');
    expect(first).toHaveTextContent('Negado');
    expect(first).toHaveTextContent('PF-20250309-Z9Y8X7');
    expect(first).toHaveTextContent('Criado em08/03/2025 às 23:30');
    expect(first).toHaveTextContent('Mesmo telefone: (11) *****-4321');
    expect(first).toHaveTextContent('Mesmo rosto: Selfie');
    expect(first).toHaveTextContent('Semelhança facial87,5%');
    expect(within(second!).getByRole('link', { name: 'Clínica Bem Estar S.A.' })).toHaveAttribute(
      'href',
      pjTestFlow.detailPath(pjId2),
    );
    expect(second).toHaveTextContent('Pessoa jurídica · 12.ABC.345/01DE-35');
    expect(second).toHaveTextContent('Sócio ou representante em comum: Paulo Mendes');
    expect(second).toHaveTextContent('Semelhança facial—');
  });

  it('says when no application is linked', async () => {
    withDetail(pfTestFlow, () => pfDetail);
    renderAdmin(pfPath);
    await loaded();
    expect(
      await within(card(caseMessages.linkedTitle)).findByText(caseMessages.linkedEmpty),
    ).toBeVisible();
  });
});
