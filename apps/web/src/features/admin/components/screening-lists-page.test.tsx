import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Dashboard } from '@medipay/shared/admin';
import type { ScreeningLists } from '@medipay/shared/screening';
import {
  currentSearch,
  dashboard,
  json,
  master,
  renderAdmin,
  sessionOf,
  stubApi,
} from '../test-utils';
import { listOf, pfAnalysing, pfId, pfRequirement } from './review/review-test-fixtures';
import { setUpReviewTests } from './review/review-test-flows';

setUpReviewTests();

const lists: ScreeningLists = {
  lists: [
    {
      list: 'pep',
      label: 'PEP (CGU)',
      maxAgeDays: 45,
      current: {
        version: 4,
        fileName: '202603_PEP.csv',
        rowCount: 131_052,
        importedAt: '2025-03-10T13:00:00.000Z',
        importedBy: 'operador',
        rescreenedAt: '2025-03-10T13:04:00.000Z',
      },
      stale: false,
    },
    {
      list: 'ceis',
      label: 'CEIS',
      maxAgeDays: 7,
      current: {
        version: 2,
        fileName: '20250301_CEIS.csv',
        rowCount: 22_410,
        importedAt: '2025-03-01T12:00:00.000Z',
        importedBy: 'ana.souza@medipay.com.br',
        rescreenedAt: null,
      },
      stale: true,
    },
    { list: 'cnep', label: 'CNEP', maxAgeDays: 7, current: null, stale: true },
    {
      list: 'unsc',
      label: 'Sanções do Conselho de Segurança da ONU',
      maxAgeDays: 1,
      current: null,
      stale: true,
    },
  ],
};

describe('Listas de triagem', () => {
  it('shows each list in force and warns about those out of date', async () => {
    stubApi({
      'GET /api/admin/session': () => json(sessionOf(master)),
      'GET /api/admin/screening/lists': () => json(lists),
    });
    renderAdmin('/onboarding/admin/triagem');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Listas de triagem' }),
    ).toBeVisible();
    const pep = within(await screen.findByRole('region', { name: 'PEP (CGU)' }));
    expect(pep.getByText('Em dia')).toBeVisible();
    expect(pep.getByText('131.052')).toBeVisible();
    expect(pep.getByText('10/03/2025 às 10:00')).toBeVisible();
    expect(pep.getByText('Concluída em 10/03/2025 às 10:04')).toBeVisible();
    expect(pep.queryByText(/^Desatualizada:/)).toBeNull();

    const ceis = within(screen.getByRole('region', { name: 'CEIS' }));
    expect(
      ceis.getByText('Desatualizada: importada em 01/03/2025; a lista é publicada a cada 7 dias.'),
    ).toBeVisible();
    expect(ceis.getByText('ana.souza@medipay.com.br')).toBeVisible();
    expect(ceis.getByText('Em andamento')).toBeVisible();
    const un = within(
      screen.getByRole('region', { name: 'Sanções do Conselho de Segurança da ONU' }),
    );
    expect(un.getByText('Desatualizada: nunca importada.')).toBeVisible();
    expect(un.getByText('Publicada diariamente.')).toBeVisible();
    // The menu leads here.
    expect(screen.getByRole('link', { name: 'Listas de triagem' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

describe('the screening alerts of the dashboard', () => {
  it('lists the new hits on approved customers with their links, and the lists out of date', async () => {
    const withAlerts: Dashboard = {
      ...dashboard,
      screening: {
        openHits: 3,
        openHitsOnApproved: 1,
        latestOnApproved: [
          {
            hitId: 'h1',
            flow: 'PF',
            recordId: pfId,
            name: 'Maria Oliveira',
            list: 'pep',
            entryName: 'MARIA OLIVEIRA',
            score: 0.91,
            foundAt: '2025-03-11T12:00:00.000Z',
          },
        ],
        staleLists: [lists.lists[3]!],
      },
    };
    stubApi({
      'GET /api/admin/session': () => json(sessionOf(master)),
      'GET /api/admin/dashboard': () => json(withAlerts),
    });
    renderAdmin('/onboarding/admin/dashboard');
    const card = within(await screen.findByRole('region', { name: 'Triagem PEP e sanções' }));
    expect(card.getByText('nova ocorrência em cliente aprovado')).toBeVisible();
    expect(card.getByRole('link', { name: 'Maria Oliveira' })).toHaveAttribute(
      'href',
      `/onboarding/admin/${pfId}`,
    );
    expect(card.getByText('PEP (CGU): MARIA OLIVEIRA (semelhança 91%)')).toBeVisible();
    expect(card.getByRole('link', { name: 'Onboardings PF' })).toHaveAttribute(
      'href',
      '/onboarding/admin/list?triagem=pendente',
    );
    expect(card.getByText(/Desatualizada: nunca importada/)).toHaveTextContent(
      'Sanções do Conselho de Segurança da ONU — Desatualizada: nunca importada.',
    );
    expect(card.getByRole('link', { name: 'Ver listas de triagem' })).toHaveAttribute(
      'href',
      '/onboarding/admin/triagem',
    );
  });
});

describe('the Triagem filter of the lists', () => {
  it('keeps the filter in the URL and the request, and flags the rows with hits to decide', async () => {
    const api = stubApi({
      'GET /api/admin/session': () => json(sessionOf(master)),
      'GET /api/admin/applications/pf': () =>
        json(listOf([{ ...pfAnalysing, openScreeningHits: true }, pfRequirement])),
    });
    const { user } = renderAdmin('/onboarding/admin/list');
    await screen.findByRole('table', { name: 'Onboardings PF' });
    const row = screen.getByRole('row', { name: /Maria Oliveira/ });
    expect(within(row).getByText('Triagem pendente')).toBeVisible();
    expect(
      within(screen.getByRole('row', { name: /João Santos/ })).queryByText('Triagem pendente'),
    ).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Triagem' }), 'A decidir');
    expect(currentSearch()).toBe('?triagem=pendente');
    await waitFor(() =>
      expect(api.requests.map((request) => request.url)).toContain(
        '/api/admin/applications/pf?triagem=pendente&page=1',
      ),
    );
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      '/api/admin/applications/pf/export.csv?triagem=pendente',
    );
  });
});
