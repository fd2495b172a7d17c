import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentSearch, json, renderAdmin } from '../../test-utils';
import { listOf, pfAnalysing, pfRequirement } from './review-test-fixtures';
import { cells, pfTestFlow as flow, row, setUpReviewTests, withList } from './review-test-flows';

setUpReviewTests();

const { listPath, listApi } = flow;

describe('PF list', () => {
  it('lists the applications with masked CPF, status tones, progress and São Paulo dates', async () => {
    const api = withList(flow, () => json(listOf([pfAnalysing, pfRequirement])));
    renderAdmin(listPath);
    expect(await screen.findByRole('table', { name: 'Onboardings PF' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Onboardings PF' })).toBeVisible();
    expect(document.title).toBe('Onboardings PF | Painel Administrativo | MediPay');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Protocolo',
      'Nome',
      'CPF',
      'Status',
      'Progresso',
      'Criado em',
      'Ações',
    ]);
    // The name with the e-mail under it, each two lines at most, whole on hover.
    const maria = within(row('Maria Oliveira')).getByRole('rowheader');
    expect(within(maria).getByTitle('Maria Oliveira')).toHaveClass('line-clamp-2');
    expect(within(maria).getByTitle('maria.oliveira@example.com')).toHaveClass('line-clamp-2');
    expect(cells('Maria Oliveira').slice(0, 5)).toEqual([
      'PF-20250310-A1B2C3',
      '529.982.247-25',
      'Em Análise',
      '6/6',
      '10/03/25',
    ]);
    // Step 9 is shown capped at 6; 02:30 UTC is the evening before in São Paulo (dd/MM/yy).
    expect(cells('João Santos').slice(2, 5)).toEqual(['Em Exigência', '6/6', '08/03/25']);
    expect(within(row('João Santos')).getByText('Em Exigência')).toHaveAttribute(
      'data-tone',
      'warning',
    );
    expect(within(row('João Santos')).getByText('Em Exigência')).toHaveClass('bg-yellow-100');

    // Denial from the list only while EM_EXIGENCIA; a PF row is never resent from the list.
    expect(within(row('Maria Oliveira')).queryByRole('button', { name: /Negar/ })).toBeNull();
    expect(within(row('João Santos')).getByRole('button', { name: /Negar/ })).toBeVisible();
    expect(within(row('João Santos')).queryByRole('button', { name: /Reenviar/ })).toBeNull();
    expect(api.calls(listApi)).toHaveLength(0);
    expect(api.requests.map((request) => request.url)).toContain(
      '/api/admin/applications/pf?page=1',
    );
    expect(screen.getByText('Página 1 de 1')).toBeVisible();
  });

  it('filters the applications em revisão biométrica, in the URL, the request and the export', async () => {
    const api = withList(flow, () =>
      json(listOf([{ ...pfAnalysing, biometricDecision: 'em_revisao' }, pfRequirement])),
    );
    const { user } = renderAdmin(`${listPath}?page=3`);
    await screen.findByRole('table', { name: 'Onboardings PF' });
    // The status column says which checks wait for a person.
    expect(cells('Maria Oliveira')[2]).toBe('Em AnáliseBiometria: Em revisão');
    expect(within(row('João Santos')).queryByText('Em revisão')).toBeNull();
    const select = screen.getByRole('combobox', { name: 'Biometria' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todos', 'Em revisão']);
    await user.selectOptions(select, 'Em revisão');
    expect(currentSearch()).toBe('?biometria=em_revisao');
    await waitFor(() =>
      expect(api.requests.map((request) => request.url)).toContain(
        '/api/admin/applications/pf?biometria=em_revisao&page=1',
      ),
    );
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      '/api/admin/applications/pf/export.csv?biometria=em_revisao',
    );
    await user.selectOptions(select, 'Todos');
    expect(currentSearch()).toBe('');
  });

  it('reads the biometrics filter from the URL and ignores a value it does not know', async () => {
    const api = withList(flow, () => json(listOf([pfAnalysing])));
    renderAdmin(`${listPath}?biometria=em_revisao&status=EM_ANALISE`);
    await screen.findByRole('table', { name: 'Onboardings PF' });
    expect(screen.getByRole('combobox', { name: 'Biometria' })).toHaveValue('em_revisao');
    expect(api.requests.map((request) => request.url)).toContain(
      '/api/admin/applications/pf?status=EM_ANALISE&biometria=em_revisao&page=1',
    );
  });

  it('ignores an unknown biometrics value in the URL', async () => {
    const api = withList(flow, () => json(listOf([pfAnalysing])));
    renderAdmin(`${listPath}?biometria=reprovado`);
    await screen.findByRole('table', { name: 'Onboardings PF' });
    expect(screen.getByRole('combobox', { name: 'Biometria' })).toHaveValue('');
    expect(api.requests.map((request) => request.url)).toContain(
      '/api/admin/applications/pf?page=1',
    );
  });
});
