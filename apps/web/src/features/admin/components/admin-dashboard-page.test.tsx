import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminMessages } from '@medipay/shared/admin';
import { dashboardCaseMessages, type BackOfficeDashboard } from '@medipay/shared/back-office';
import {
  apiError,
  dashboard as counters,
  fetchMock,
  json,
  master,
  mini,
  renderAdmin,
  sessionOf,
  stubApi,
} from '../test-utils';

beforeEach(() => {
  toast.dismiss();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const dashboardPath = '/onboarding/admin/dashboard';

const HOUR_MS = 60 * 60 * 1000;
/** The counters of test-utils with the case queues. */
const dashboard: BackOfficeDashboard = {
  ...counters,
  cases: {
    pf: { dueToday: 4, overdue: 2 },
    pj: { dueToday: 0, overdue: 1 },
    medianDecisionMs: 28 * HOUR_MS,
    decisions: 12,
  },
};

/** The value shown for a counter of a section ('Onboardings PF' or 'Onboardings PJ'). */
function counter(section: string, label: string): string {
  const region = screen.getByRole('region', { name: section });
  const term = within(region).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

function serving(...answers: (() => Response)[]) {
  const queue = [...answers];
  return () => (queue.length > 1 ? queue.shift()! : queue[0]!)();
}

describe('Admin dashboard', () => {
  it('shows both flows counters, the approval rate and its hint', async () => {
    stubApi({
      'GET /api/admin/session': () => json(sessionOf(master)),
      'GET /api/admin/dashboard': () => json(dashboard),
    });
    renderAdmin(dashboardPath);
    expect(await screen.findByRole('region', { name: 'Onboardings PF' })).toBeVisible();
    expect(document.title).toBe('Dashboard | Painel Administrativo | MediPay');

    expect(counter('Onboardings PF', 'Total')).toBe('1.234');
    expect(counter('Onboardings PF', 'Pendentes de análise')).toBe('40');
    expect(counter('Onboardings PF', 'Em exigência')).toBe('5');
    expect(counter('Onboardings PF', 'Aprovados')).toBe('370');
    expect(counter('Onboardings PF', 'Negados')).toBe('185');
    expect(counter('Onboardings PF', 'Criados hoje')).toBe('7');
    // The spec's rate (approved over total, whole percent), then approved over decided.
    expect(counter('Onboardings PF', 'Taxa de aprovação')).toBe('30%');
    expect(counter('Onboardings PF', 'Aprovação entre decididos')).toBe('66,7%');
    expect(counter('Onboardings PJ', 'Total')).toBe('3');
    // No approval yet: 0%, and no decided-only rate before any decision.
    expect(counter('Onboardings PJ', 'Taxa de aprovação')).toBe('0%');
    expect(counter('Onboardings PJ', 'Aprovação entre decididos')).toBe('—');
    const pj = within(screen.getByRole('region', { name: 'Onboardings PJ' }));
    expect(pj.getByText('aprovados sobre o total de cadastros')).toBeInTheDocument();
    expect(pj.getByText('aprovados sobre aprovados e negados')).toBeInTheDocument();

    const headings = screen.getAllByRole('heading').map((heading) => heading.textContent);
    expect(headings).toEqual([
      'Dashboard',
      'Onboardings PF',
      'Onboardings PJ',
      'Prazos de análise',
      'Triagem PEP e sanções',
      'Ações rápidas',
      'Sessões abandonadas',
      'Retenção de dados',
    ]);
  });

  it('shows the cases due today and overdue, linked to the lists so filtered, and the median time to a decision', async () => {
    stubApi({
      'GET /api/admin/session': () => json(sessionOf(mini)),
      'GET /api/admin/dashboard': () => json(dashboard),
    });
    renderAdmin(dashboardPath);
    const card = within(await screen.findByRole('region', { name: 'Prazos de análise' }));
    const link = (name: string) => card.getByRole('link', { name });
    expect(link('4 Vence hoje (Onboardings PF)')).toHaveAttribute(
      'href',
      '/onboarding/admin/list?prazo=vence_hoje',
    );
    expect(link('2 Atrasados (Onboardings PF)')).toHaveAttribute(
      'href',
      '/onboarding/admin/list?prazo=atrasados',
    );
    expect(link('0 Vence hoje (Onboardings PJ)')).toHaveAttribute(
      'href',
      '/onboarding/admin/pj?prazo=vence_hoje',
    );
    expect(link('1 Atrasados (Onboardings PJ)')).toHaveAttribute(
      'href',
      '/onboarding/admin/pj?prazo=atrasados',
    );
    const median = card.getByText('Tempo mediano até a decisão (30 dias)', { selector: 'dt' });
    expect(median.nextElementSibling).toHaveTextContent('1 dia e 4 h');
    expect(card.getByText('mediana de 12 decisões')).toBeInTheDocument();
  });

  it('shows a dash for the median time before any decision', async () => {
    stubApi({
      'GET /api/admin/session': () => json(sessionOf(mini)),
      'GET /api/admin/dashboard': () =>
        json({ ...dashboard, cases: { ...dashboard.cases, medianDecisionMs: null, decisions: 0 } }),
    });
    renderAdmin(dashboardPath);
    const card = within(await screen.findByRole('region', { name: 'Prazos de análise' }));
    const median = card.getByText('Tempo mediano até a decisão (30 dias)', { selector: 'dt' });
    expect(median.nextElementSibling).toHaveTextContent('—');
    expect(card.getByText(dashboardCaseMessages.noDecisions)).toBeInTheDocument();
  });

  it("shows the retention job's last run, or that it has not run yet", async () => {
    stubApi({
      'GET /api/admin/session': () => json(sessionOf(mini)),
      'GET /api/admin/dashboard': serving(
        () => json(dashboard),
        () => json({ ...dashboard, retention: null }),
      ),
    });
    const view = renderAdmin(dashboardPath);
    const card = within(await screen.findByRole('region', { name: 'Retenção de dados' }));
    expect(card.getByText(/Última execução em/)).toHaveTextContent(
      'Última execução em 10/03/2025 às 03:00:',
    );
    expect(card.getByText(/2 cadastro\(s\) não concluído\(s\)/)).toBeVisible();
    view.unmount();
    renderAdmin(dashboardPath);
    expect(await screen.findByText('A rotina de retenção ainda não foi executada.')).toBeVisible();
  });

  it('lists the quick actions of the role from the menu', async () => {
    stubApi({
      'GET /api/admin/session': () => json(sessionOf(master)),
      'GET /api/admin/dashboard': () => json(dashboard),
    });
    const view = renderAdmin(dashboardPath);
    await screen.findByRole('heading', { name: 'Ações rápidas' });
    const card = screen.getByRole('heading', { name: 'Ações rápidas' }).closest('div.rounded-lg');
    expect(
      within(card as HTMLElement).getByRole('link', { name: /Administradores/ }),
    ).toHaveAttribute('href', '/onboarding/admin/administradores');
    view.unmount();

    stubApi({
      'GET /api/admin/session': () => json(sessionOf(mini)),
      'GET /api/admin/dashboard': () => json(dashboard),
    });
    renderAdmin(dashboardPath);
    await screen.findByRole('heading', { name: 'Ações rápidas' });
    const miniCard = screen
      .getByRole('heading', { name: 'Ações rápidas' })
      .closest('div.rounded-lg') as HTMLElement;
    expect(
      within(miniCard)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/onboarding/admin/list',
      '/onboarding/admin/pj',
      '/onboarding/admin/triagem',
      '/onboarding/admin/conta',
    ]);
    expect(screen.queryByRole('link', { name: /Administradores/ })).not.toBeInTheDocument();
  });

  it('purges abandoned sessions after confirmation, toasts the count and reloads the counters', async () => {
    const api = stubApi({
      'GET /api/admin/session': () => json(sessionOf(master)),
      'GET /api/admin/dashboard': serving(
        () => json(dashboard),
        () => json({ ...dashboard, abandonedSessions: 0 } satisfies BackOfficeDashboard),
      ),
      'POST /api/admin/abandoned-sessions/purge': () => json({ removed: 3 }),
    });
    const { user } = renderAdmin(dashboardPath);
    const purge = await screen.findByRole('button', { name: 'Limpar sessões abandonadas' });
    const card = screen
      .getByRole('heading', { name: 'Sessões abandonadas' })
      .closest('.rounded-lg');
    expect(card).toHaveTextContent('3 sessões abandonadas');
    expect(
      screen.getByText(
        /Cadastros que nunca salvaram a primeira etapa, sem atividade há mais de 24 horas/,
      ),
    ).toBeInTheDocument();

    // Cancelling removes nothing.
    await user.click(purge);
    let dialog = await screen.findByRole('dialog', { name: 'Limpar sessões abandonadas?' });
    expect(dialog).toHaveTextContent('3 sessões abandonadas serão removidas.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST /api/admin/abandoned-sessions/purge')).toHaveLength(0);

    await user.click(purge);
    dialog = await screen.findByRole('dialog', { name: 'Limpar sessões abandonadas?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar limpeza' }));

    expect(await screen.findByText(adminMessages.cleanupDone)).toBeInTheDocument();
    expect(screen.getByText('3 sessões abandonadas foram removidas.')).toBeInTheDocument();
    expect(api.calls('POST /api/admin/abandoned-sessions/purge')).toHaveLength(1);
    await waitFor(() => expect(api.calls('GET /api/admin/dashboard')).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Limpar sessões abandonadas' })).toBeDisabled(),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('toasts a failed purge and keeps the counters', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = stubApi({
      'GET /api/admin/session': () => json(sessionOf(master)),
      'GET /api/admin/dashboard': () => json(dashboard),
      'POST /api/admin/abandoned-sessions/purge': () =>
        apiError(500, 'Não foi possível concluir a operação.', 'INTERNAL_ERROR'),
    });
    const { user } = renderAdmin(dashboardPath);
    await user.click(await screen.findByRole('button', { name: 'Limpar sessões abandonadas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Limpar sessões abandonadas?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar limpeza' }));

    expect(await screen.findByText(adminMessages.cleanupFailedTitle)).toBeInTheDocument();
    expect(screen.getByText(adminMessages.cleanupFailed)).toBeInTheDocument();
    expect(api.calls('GET /api/admin/dashboard')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Limpar sessões abandonadas' })).toBeEnabled();
  });

  it('does not offer the purge when there is nothing to remove', async () => {
    stubApi({
      'GET /api/admin/session': () => json(sessionOf(master)),
      'GET /api/admin/dashboard': () => json({ ...dashboard, abandonedSessions: 0 }),
    });
    renderAdmin(dashboardPath);
    expect(
      await screen.findByRole('button', { name: 'Limpar sessões abandonadas' }),
    ).toBeDisabled();
  });

  it('toasts a load failure and loads again on request', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failure = () => apiError(500, 'Não foi possível concluir a operação.', 'INTERNAL_ERROR');
    // A 5xx is retried once before the page gives up.
    const api = stubApi({
      'GET /api/admin/session': () => json(sessionOf(master)),
      'GET /api/admin/dashboard': serving(failure, failure, () => json(dashboard)),
    });
    const { user } = renderAdmin(dashboardPath);

    expect(await screen.findByText(adminMessages.loadFailedTitle)).toBeInTheDocument();
    expect(screen.getAllByText(adminMessages.loadFailed)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(counter('Onboardings PF', 'Total')).toBe('1.234'));
    expect(api.calls('GET /api/admin/dashboard')).toHaveLength(3);
  });
});
