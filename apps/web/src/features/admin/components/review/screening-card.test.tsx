import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '@medipay/shared/api-error';
import type { ApplicationScreening, ScreeningHit } from '@medipay/shared/screening';
import { apiError, deferred, json, renderAdmin } from '../../test-utils';
import { noScreening } from './review-test-fixtures';
import { detailOf, pfTestFlow, setUpReviewTests, withDetail } from './review-test-flows';
import { expectVisibleText } from '../../../../testing/visible-text';

setUpReviewTests();

const { path, api } = detailOf(pfTestFlow);
const screeningApi = `${api}/screening`;
const decisionApi = (hitId: string) =>
  `POST ${api.replace('GET ', '')}/screening/hits/${hitId}/decision`;

const pepHit: ScreeningHit = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  list: 'pep',
  version: 3,
  entryId: 'pep-123',
  entryName: 'MARIA OLIVEIRA',
  entrySummary: { Função: 'Secretária Municipal', Órgão: 'Prefeitura de Jaraguá', Fim: null },
  subjectRole: 'titular',
  subjectName: 'Maria Oliveira',
  score: 0.934,
  reasons: ['Nome: 2 de 2 palavras iguais', 'CPF: 6 dígitos centrais iguais'],
  status: 'aberto',
  foundAt: '2025-03-11T12:00:00.000Z',
  decidedAt: null,
  decidedByEmail: null,
  decisionReason: null,
};

const unHit: ScreeningHit = {
  ...pepHit,
  id: 'a1b2c3d4-0000-4000-8000-000000000002',
  list: 'unsc',
  version: 12,
  entryName: 'MARIA OLIVERA',
  entrySummary: { 'Referência ONU': 'QDi.001' },
  subjectRole: 'relacionado_pep',
  subjectName: 'Mário Oliveira',
  score: 0.88,
  reasons: ['Nome: 1 palavra a 1 edição'],
  status: 'descartado',
  decidedAt: '2025-03-12T15:30:00.000Z',
  decidedByEmail: 'bruno.lima@medipay.com.br',
  decisionReason: 'Data de nascimento diferente.',
};

const screening: ApplicationScreening = {
  lastScreenedAt: {
    pep: '2025-03-11T12:00:00.000Z',
    ceis: '2025-03-11T12:00:00.000Z',
    cnep: null,
    unsc: '2025-03-10T09:00:00.000Z',
  },
  hits: [pepHit, unHit],
};

async function section() {
  return within(await screen.findByRole('region', { name: 'Triagem PEP e sanções' }));
}

describe('Triagem PEP e sanções on the application page', () => {
  it('shows each hit with its list, entry, person, score, reasons and decision', async () => {
    withDetail(pfTestFlow, () => pfTestFlow.detail, { [screeningApi]: () => json(screening) });
    renderAdmin(path);
    const card = await section();
    const open = within(await card.findByRole('article', { name: 'MARIA OLIVEIRA' }));
    expect(open.getByText('PEP (CGU) · versão 3')).toBeVisible();
    expect(open.getByText('A decidir')).toBeVisible();
    expect(open.getByText('Titular: Maria Oliveira')).toBeVisible();
    expect(open.getByText('93%')).toBeVisible();
    expect(open.getByText('Secretária Municipal')).toBeVisible();
    expect(open.getByText('Prefeitura de Jaraguá')).toBeVisible();
    expect(open.queryByText('Fim')).toBeNull();
    expect(open.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Nome: 2 de 2 palavras iguais',
      'CPF: 6 dígitos centrais iguais',
    ]);
    expect(open.getByRole('button', { name: 'Confirmar' })).toBeVisible();
    expect(open.getByRole('button', { name: 'Descartar' })).toBeVisible();

    const decided = within(card.getByRole('article', { name: 'MARIA OLIVERA' }));
    expect(decided.getByText('Sanções do Conselho de Segurança da ONU · versão 12')).toBeVisible();
    expect(decided.getByText('Familiar ou colaborador declarado: Mário Oliveira')).toBeVisible();
    expect(
      decided.getByText('Descartado por bruno.lima@medipay.com.br em 12/03/2025 às 12:30'),
    ).toBeVisible();
    expect(decided.getByText('Data de nascimento diferente.')).toBeVisible();
    expect(decided.queryByRole('button')).toBeNull();

    // When the application was last screened on each list.
    expect(card.getByText('CNEP').nextElementSibling).toHaveTextContent('Nunca');
    expect(card.getByText('PEP (CGU)', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '11/03/2025 às 09:00',
    );
  });

  it('says so when no list named the application', async () => {
    withDetail(pfTestFlow, () => pfTestFlow.detail, { [screeningApi]: () => json(noScreening) });
    renderAdmin(path);
    const card = await section();
    expect(await card.findByText('Nenhuma ocorrência nas listas.')).toBeVisible();
    expect(card.getAllByText('Nunca')).toHaveLength(4);
  });

  it('dismisses a hit with a required reason, then shows the decision', async () => {
    const answer = deferred();
    const stub = withDetail(pfTestFlow, () => pfTestFlow.detail, {
      [screeningApi]: () => json(screening),
      [decisionApi(pepHit.id)]: () => answer.promise,
    });
    const { user } = renderAdmin(path);
    const card = await section();
    const hit = within(await card.findByRole('article', { name: 'MARIA OLIVEIRA' }));
    // By keyboard: the trigger opens the dialog, the reason's field is labelled and required.
    hit.getByRole('button', { name: 'Descartar' }).focus();
    await user.keyboard('{Enter}');
    const dialog = within(await screen.findByRole('dialog', { name: 'Descartar ocorrência' }));
    const reason = dialog.getByLabelText('Motivo');
    expect(reason).toBeRequired();
    const submit = dialog.getByRole('button', { name: 'Descartar ocorrência' });
    expect(submit).toBeDisabled();
    await user.type(reason, '   ');
    expect(submit).toBeDisabled();
    await user.clear(reason);
    await user.type(reason, ' Homônimo: CPF diferente. ');
    await user.click(submit);
    expect(dialog.getByRole('button', { name: 'Salvando...' })).toBeDisabled();
    answer.release(
      json({
        ...screening,
        hits: [
          unHit,
          {
            ...pepHit,
            status: 'descartado',
            decidedAt: '2025-03-13T13:00:00.000Z',
            decidedByEmail: 'ana.souza@medipay.com.br',
            decisionReason: 'Homônimo: CPF diferente.',
          },
        ],
      } satisfies ApplicationScreening),
    );
    await expectVisibleText('Ocorrência descartada');
    expect(stub.calls(decisionApi(pepHit.id))[0]?.body).toEqual({
      decision: 'descartado',
      motivo: 'Homônimo: CPF diferente.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const decided = within(card.getByRole('article', { name: 'MARIA OLIVEIRA' }));
    expect(
      decided.getByText('Descartado por ana.souza@medipay.com.br em 13/03/2025 às 10:00'),
    ).toBeVisible();
    expect(decided.getByText('Homônimo: CPF diferente.')).toBeVisible();
    expect(card.queryByRole('button', { name: 'Confirmar' })).toBeNull();
  });

  it("shows the server's message when another reviewer decided first, and reloads the hits", async () => {
    let answer = screening;
    const stub = withDetail(pfTestFlow, () => pfTestFlow.detail, {
      [screeningApi]: () => json(answer),
      [decisionApi(pepHit.id)]: () => {
        answer = {
          ...screening,
          hits: [
            { ...unHit },
            {
              ...pepHit,
              status: 'confirmado',
              decidedAt: '2025-03-13T13:00:00.000Z',
              decidedByEmail: 'bruno.lima@medipay.com.br',
              decisionReason: 'Mesma pessoa.',
            },
          ],
        };
        return apiError(
          409,
          'Esta ocorrência já foi decidida por outro administrador.',
          errorCodes.conflict,
        );
      },
    });
    const { user } = renderAdmin(path);
    const card = await section();
    const hit = within(await card.findByRole('article', { name: 'MARIA OLIVEIRA' }));
    await user.click(hit.getByRole('button', { name: 'Confirmar' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirmar ocorrência' }));
    await user.type(dialog.getByLabelText('Motivo'), 'Mesmo CPF.');
    await user.click(dialog.getByRole('button', { name: 'Confirmar ocorrência' }));
    await expectVisibleText('Esta ocorrência já foi decidida por outro administrador.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await card.findByText('Confirmado por bruno.lima@medipay.com.br em 13/03/2025 às 10:00'),
    ).toBeVisible();
    expect(stub.calls(screeningApi)).toHaveLength(2);
  });
});
