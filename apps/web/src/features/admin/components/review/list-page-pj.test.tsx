import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reviewMessages } from '@medipay/shared/admin-review';
import { errorCodes } from '@medipay/shared/api-error';
import { apiError, currentSearch, json, noContent, renderAdmin } from '../../test-utils';
import { listOf, pjAnalysing, pjId2, pjRequirement } from './review-test-fixtures';
import { cells, pjTestFlow as flow, row, setUpReviewTests, withList } from './review-test-flows';
import { expectVisibleText } from '../../../../testing/visible-text';

setUpReviewTests();

const { listPath } = flow;

describe('PJ list', () => {
  it('shows the totals and the companies with CNPJ, type, progress and review', async () => {
    withList(flow, () => json(listOf([pjAnalysing, pjRequirement], { total: 57, filtered: 2 })));
    renderAdmin(listPath);
    expect(await screen.findByRole('table', { name: 'Onboardings PJ' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Onboardings PJ' })).toBeVisible();
    expect(screen.getByText('Total: 57')).toBeVisible();
    expect(screen.getByText('Filtrados: 2')).toBeVisible();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Empresa',
      'CNPJ',
      'Tipo',
      'Status',
      'Progresso',
      'Criado em',
      'Ações',
    ]);
    // Trade name with the e-mail below.
    const hospital = within(row('Hospital Vida')).getByRole('rowheader');
    expect(hospital).toHaveTextContent('Hospital Vida');
    expect(hospital).toHaveTextContent('contato@hospitalvida.com.br');
    expect(cells('Hospital Vida').slice(0, 5)).toEqual([
      '11.222.333/0001-81',
      'Hospital',
      'Enviado para Análise',
      '6/6',
      '10/03/25',
    ]);
    // Legal name without a trade name; the alphanumeric CNPJ; the reviewer and day.
    expect(cells('Clínica Bem Estar').slice(0, 5)).toEqual([
      '12.ABC.345/01DE-35',
      'Clínica',
      'Em Exigência',
      '4/6',
      '01/03/25bruno.lima · 05/03',
    ]);
    expect(within(row('Hospital Vida')).queryByRole('button', { name: /Reenviar/ })).toBeNull();
    expect(within(row('Hospital Vida')).queryByRole('button', { name: /Negar/ })).toBeNull();
    expect(
      within(row('Clínica Bem Estar')).getByRole('button', { name: /Reenviar/ }),
    ).toBeVisible();
    expect(within(row('Clínica Bem Estar')).getByRole('link', { name: 'Ver' })).toHaveAttribute(
      'href',
      `/onboarding/admin/pj/${pjId2}`,
    );
  });

  it('filters by type and status, searches, and keeps it all in the URL and the export', async () => {
    const api = withList(flow, () => json(listOf([pjAnalysing])));
    const { user } = renderAdmin(listPath);
    await screen.findByRole('table', { name: 'Onboardings PJ' });
    const tipo = screen.getByRole('combobox', { name: 'Tipo' });
    expect(
      within(tipo)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Todos',
      'Hospital',
      'Clínica',
      'Organização Social',
      'Laboratório',
      'Centro de Diagnóstico',
      'Ambulatório',
      'Outros',
    ]);
    expect(
      within(screen.getByRole('combobox', { name: 'Status' }))
        .getAllByRole('option')
        .map((option) => (option as HTMLOptionElement).value),
    ).toEqual([
      '',
      'INICIADO',
      'ENVIADO_PARA_ANALISE',
      'EM_ANALISE',
      'EM_EXIGENCIA',
      'APROVADO',
      'NEGADO',
    ]);
    await user.selectOptions(tipo, 'hospital');
    expect(currentSearch()).toBe('?tipo=hospital');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'EM_ANALISE');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), '11.222');
    await waitFor(() => expect(currentSearch()).toBe('?tipo=hospital&status=EM_ANALISE&q=11.222'));
    await waitFor(() =>
      expect(api.requests.map((request) => request.url)).toContain(
        '/api/admin/applications/pj?search=11.222&status=EM_ANALISE&tipo=hospital&page=1',
      ),
    );
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      '/api/admin/applications/pj/export.csv?search=11.222&status=EM_ANALISE&tipo=hospital',
    );
  });

  it('resends the requirements e-mail with the status shown, and toasts a failure', async () => {
    const resendKey = `POST /api/admin/applications/pj/${pjId2}/resend-requirements`;
    let fail = false;
    const api = withList(flow, () => json(listOf([pjRequirement])), {
      [resendKey]: () =>
        fail ? apiError(502, 'O e-mail não pôde ser enviado.', errorCodes.badGateway) : noContent(),
    });
    const { user } = renderAdmin(listPath);
    await screen.findByRole('table', { name: 'Onboardings PJ' });
    await user.click(within(row('Clínica Bem Estar')).getByRole('button', { name: /Reenviar/ }));
    await expectVisibleText(reviewMessages.resent);
    expect(screen.getByText('Email de exigências foi reenviado com sucesso.')).toBeVisible();
    expect(api.calls(resendKey)[0]?.body).toEqual({ expectedStatus: 'EM_EXIGENCIA' });

    fail = true;
    await user.click(within(row('Clínica Bem Estar')).getByRole('button', { name: /Reenviar/ }));
    await expectVisibleText('Não foi possível reenviar o email');
  });
});
