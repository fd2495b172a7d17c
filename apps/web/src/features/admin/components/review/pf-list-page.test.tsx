import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reviewMessages } from '@medipay/shared/admin-review';
import { errorCodes } from '@medipay/shared/api-error';
import {
  apiError,
  currentPath,
  currentSearch,
  currentState,
  deferred,
  fetchMock,
  json,
  dashboard,
  master,
  renderAdmin,
  sessionOf,
  stubApi,
  type Handler,
} from '../../test-utils';
import { listOf, pfAnalysing, pfDetail, pfRequirement, pfId2 } from './review-test-fixtures';

beforeEach(() => {
  toast.dismiss();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const listPath = '/onboarding/admin/list';
const listApi = 'GET /api/admin/applications/pf';

function withList(list: Handler, extra: Record<string, Handler> = {}) {
  return stubApi({
    'GET /api/admin/session': () => json(sessionOf(master)),
    [listApi]: list,
    ...extra,
  });
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const cells = (name: string) =>
  within(row(name))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('PF list', () => {
  it('lists the applications with masked CPF, status tones, progress and São Paulo dates', async () => {
    const api = withList(() => json(listOf([pfAnalysing, pfRequirement])));
    renderAdmin(listPath);
    expect(await screen.findByRole('table', { name: 'Onboardings PF' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Onboardings PF' })).toBeVisible();
    expect(document.title).toBe('Onboardings PF | Painel Administrativo | MediPay');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Protocolo',
      'Nome',
      'CPF',
      'E-mail',
      'Status',
      'Progresso',
      'Criado em',
      'Ações',
    ]);
    expect(cells('Maria Oliveira').slice(0, 6)).toEqual([
      'PF-20250310-A1B2C3',
      '529.982.247-25',
      'maria.oliveira@example.com',
      'Em Análise',
      '6/6',
      '10/03/25',
    ]);
    // Step 9 is shown capped at 6; 02:30 UTC is the evening before in São Paulo (dd/MM/yy).
    expect(cells('João Santos').slice(3, 6)).toEqual(['Em Exigência', '6/6', '08/03/25']);
    expect(within(row('João Santos')).getByText('Em Exigência')).toHaveAttribute(
      'data-tone',
      'warning',
    );
    expect(within(row('João Santos')).getByText('Em Exigência')).toHaveClass('bg-yellow-100');

    // Denial from the list only while EM_EXIGENCIA.
    expect(within(row('Maria Oliveira')).queryByRole('button', { name: /Negar/ })).toBeNull();
    expect(within(row('João Santos')).getByRole('button', { name: /Negar/ })).toBeVisible();
    expect(api.calls(listApi)).toHaveLength(0);
    expect(api.requests.map((request) => request.url)).toContain(
      '/api/admin/applications/pf?page=1',
    );
    expect(screen.getByText('Página 1 de 1')).toBeVisible();
  });

  it('opens the detail with Ver, remembering the list URL with its filters', async () => {
    withList(() => json(listOf([pfRequirement])));
    const { user } = renderAdmin(`${listPath}?status=EM_EXIGENCIA&q=jo`);
    await screen.findByRole('table', { name: 'Onboardings PF' });
    await user.click(within(row('João Santos')).getByRole('link', { name: 'Ver' }));
    expect(currentPath()).toBe(`/onboarding/admin/${pfId2}`);
    expect(currentState()).toEqual({ from: `${listPath}?status=EM_EXIGENCIA&q=jo` });
  });

  it('searches 300 ms after typing, keeping the search in the URL and the request', async () => {
    const api = withList(({ url }) =>
      json(url.includes('search=') ? listOf([pfAnalysing]) : listOf([pfAnalysing, pfRequirement])),
    );
    const { user } = renderAdmin(listPath);
    await screen.findByRole('table', { name: 'Onboardings PF' });
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'maria');
    // Nothing is asked while typing.
    expect(api.requests.filter((request) => request.url.includes('search='))).toHaveLength(0);
    await waitFor(() => expect(currentSearch()).toBe('?q=maria'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /João Santos/ })).toBeNull());
    const searches = api.requests.filter((request) => request.url.includes('search='));
    expect(searches.map((request) => request.url)).toEqual([
      '/api/admin/applications/pf?search=maria&page=1',
    ]);
  });

  it('filters by status from the URL and from the select, back to page 1', async () => {
    const api = withList(() => json(listOf([pfRequirement])));
    const { user } = renderAdmin(`${listPath}?page=2`);
    await screen.findByRole('table', { name: 'Onboardings PF' });
    const select = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Todos',
      'Iniciado',
      'Em Análise',
      'Em Exigência',
      'Aprovado',
      'Negado',
      'Rejeitado',
    ]);
    await user.selectOptions(select, 'EM_EXIGENCIA');
    expect(currentSearch()).toBe('?status=EM_EXIGENCIA');
    await waitFor(() =>
      expect(api.requests.map((request) => request.url)).toContain(
        '/api/admin/applications/pf?status=EM_EXIGENCIA&page=1',
      ),
    );
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      '/api/admin/applications/pf/export.csv?status=EM_EXIGENCIA',
    );
  });

  it('filters the applications em revisão biométrica, in the URL, the request and the export', async () => {
    const api = withList(() => json(listOf([pfAnalysing])));
    const { user } = renderAdmin(`${listPath}?page=3`);
    await screen.findByRole('table', { name: 'Onboardings PF' });
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
    const api = withList(() => json(listOf([pfAnalysing])));
    renderAdmin(`${listPath}?biometria=em_revisao&status=EM_ANALISE`);
    await screen.findByRole('table', { name: 'Onboardings PF' });
    expect(screen.getByRole('combobox', { name: 'Biometria' })).toHaveValue('em_revisao');
    expect(api.requests.map((request) => request.url)).toContain(
      '/api/admin/applications/pf?status=EM_ANALISE&biometria=em_revisao&page=1',
    );
  });

  it('ignores an unknown biometrics value in the URL', async () => {
    const api = withList(() => json(listOf([pfAnalysing])));
    renderAdmin(`${listPath}?biometria=reprovado`);
    await screen.findByRole('table', { name: 'Onboardings PF' });
    expect(screen.getByRole('combobox', { name: 'Biometria' })).toHaveValue('');
    expect(api.requests.map((request) => request.url)).toContain(
      '/api/admin/applications/pf?page=1',
    );
  });

  it('keeps the filters of the URL after a reload', async () => {
    const api = withList(() => json(listOf([pfRequirement])));
    renderAdmin(`${listPath}?q=jo%C3%A3o&status=EM_EXIGENCIA&page=2`);
    await screen.findByRole('table', { name: 'Onboardings PF' });
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('joão');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('EM_EXIGENCIA');
    expect(api.requests.map((request) => request.url)).toContain(
      '/api/admin/applications/pf?search=jo%C3%A3o&status=EM_EXIGENCIA&page=2',
    );
  });

  it('says when there is nothing, with and without filters', async () => {
    withList(() => json(listOf([])));
    const view = renderAdmin(listPath);
    expect(await screen.findByText(reviewMessages.empty)).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    view.unmount();

    withList(() => json(listOf([], { total: 12 })));
    renderAdmin(`${listPath}?status=NEGADO`);
    expect(
      await screen.findByText('Nenhum onboarding encontrado com os filtros aplicados'),
    ).toBeVisible();
  });

  it('pages with Próxima and Anterior, keeping the page on screen while the next loads', async () => {
    const next = deferred();
    const api = withList(({ url }) =>
      url.includes('page=2')
        ? next.promise
        : json(listOf([pfAnalysing], { total: 45, filtered: 45, next: 'cursor-1' })),
    );
    const { user } = renderAdmin(listPath);
    await screen.findByRole('table', { name: 'Onboardings PF' });
    expect(screen.getByText('Página 1 de 3')).toBeVisible();
    expect(screen.getByText('45 onboardings')).toBeVisible();
    expect(screen.getByText('Total: 45')).toBeVisible();
    expect(screen.getByText('Filtrados: 45')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    // The position travels in the URL: a reload or a shared link shows the same page.
    expect(currentSearch()).toBe('?page=2&after=cursor-1');
    await waitFor(() =>
      expect(api.requests.map((request) => request.url)).toContain(
        '/api/admin/applications/pf?page=2&after=cursor-1',
      ),
    );
    // The previous page stays while the next one loads.
    expect(row('Maria Oliveira')).toBeVisible();
    expect(screen.getByRole('table', { name: 'Onboardings PF' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    next.release(
      json(
        listOf([pfRequirement], {
          total: 45,
          filtered: 45,
          page: 2,
          next: 'cursor-2',
          previous: 'cursor-0',
        }),
      ),
    );
    expect(await screen.findByRole('row', { name: /João Santos/ })).toBeVisible();
    expect(screen.getByText('Página 2 de 3')).toBeVisible();

    // Back to page 1 is the top of the list, without a cursor.
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(currentSearch()).toBe('');
    expect(await screen.findByRole('row', { name: /Maria Oliveira/ })).toBeVisible();
  });

  it("says 'mais de 10.000' above the count cap, and pages on while there is a next page", async () => {
    const capped = { total: 10_000, totalCapped: true, filtered: 10_000, filteredCapped: true };
    const api = withList(({ url }) =>
      json(
        url.includes('page=3')
          ? listOf([pfRequirement], { ...capped, page: 3, next: null, previous: 'cursor-p3' })
          : listOf([pfAnalysing], { ...capped, page: 2, next: 'cursor-n2', previous: 'cursor-p2' }),
      ),
    );
    const { user } = renderAdmin(`${listPath}?page=2&after=cursor-n1`);
    await screen.findByRole('table', { name: 'Onboardings PF' });
    expect(api.requests.map((request) => request.url)).toContain(
      '/api/admin/applications/pf?page=2&after=cursor-n1',
    );
    expect(screen.getByText('Total: mais de 10.000')).toBeVisible();
    expect(screen.getByText('Filtrados: mais de 10.000')).toBeVisible();
    expect(screen.getByText('mais de 10.000 onboardings')).toBeVisible();
    // The number of pages is unknown: the page number alone.
    expect(screen.getByText('Página 2')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(currentSearch()).toBe('?page=3&after=cursor-n2');
    expect(await screen.findByText('Página 3')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Próxima' })).toBeDisabled();

    // Anterior asks for the page before the first row shown.
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(currentSearch()).toBe('?page=2&before=cursor-p3');
    await waitFor(() =>
      expect(api.requests.map((request) => request.url)).toContain(
        '/api/admin/applications/pf?page=2&before=cursor-p3',
      ),
    );
  });

  it('drops the position when a filter changes', async () => {
    const api = withList(() => json(listOf([pfAnalysing])));
    const { user } = renderAdmin(`${listPath}?page=4&before=cursor-x`);
    await screen.findByRole('table', { name: 'Onboardings PF' });
    await user.selectOptions(screen.getByLabelText('Status'), 'EM_ANALISE');
    expect(currentSearch()).toBe('?status=EM_ANALISE');
    await waitFor(() =>
      expect(api.requests.map((request) => request.url)).toContain(
        '/api/admin/applications/pf?status=EM_ANALISE&page=1',
      ),
    );
  });

  it('denies an EM_EXIGENCIA row after asking for the reason, then reloads the list', async () => {
    let denied = false;
    const api = withList(
      () => json(listOf(denied ? [{ ...pfRequirement, status: 'NEGADO' }] : [pfRequirement])),
      {
        [`POST /api/admin/applications/pf/${pfId2}/deny`]: () => {
          denied = true;
          return json({ ...pfDetail, id: pfId2, status: 'NEGADO', allowedActions: [] });
        },
      },
    );
    const { user } = renderAdmin(listPath);
    await screen.findByRole('table', { name: 'Onboardings PF' });

    // Cancelling does nothing.
    await user.click(within(row('João Santos')).getByRole('button', { name: /Negar/ }));
    let dialog = await screen.findByRole('dialog', { name: reviewMessages.denyPrompt });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(within(row('João Santos')).getByRole('button', { name: /Negar/ }));
    dialog = await screen.findByRole('dialog', { name: reviewMessages.denyPrompt });
    const confirm = within(dialog).getByRole('button', { name: 'Negar' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo da negação' }), '   ');
    expect(confirm).toBeDisabled();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Motivo da negação' }),
      'Documento ilegível',
    );
    expect(confirm).toBeEnabled();
    const listCalls = api.calls(`${listApi}?page=1`).length;
    await user.click(confirm);

    expect(await screen.findByText(reviewMessages.denied)).toBeVisible();
    expect(screen.getByText(reviewMessages.deniedDescription)).toBeVisible();
    expect(api.calls(`POST /api/admin/applications/pf/${pfId2}/deny`)[0]?.body).toEqual({
      expectedStatus: 'EM_EXIGENCIA',
      motivo: 'Documento ilegível',
    });
    await waitFor(() => expect(api.calls(`${listApi}?page=1`).length).toBeGreaterThan(listCalls));
    expect(await within(row('João Santos')).findByText('Negado')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('toasts a refused denial: the server message on 409, the spec text otherwise', async () => {
    const denyKey = `POST /api/admin/applications/pf/${pfId2}/deny`;
    let status = 409;
    withList(() => json(listOf([pfRequirement])), {
      [denyKey]: () =>
        status === 409
          ? apiError(409, reviewMessages.conflict, errorCodes.conflict)
          : apiError(500, 'Falha interna', errorCodes.internal),
    });
    const { user } = renderAdmin(listPath);
    await screen.findByRole('table', { name: 'Onboardings PF' });
    await user.click(within(row('João Santos')).getByRole('button', { name: /Negar/ }));
    let dialog = await screen.findByRole('dialog', { name: reviewMessages.denyPrompt });
    await user.type(within(dialog).getByRole('textbox'), 'Fraude');
    await user.click(within(dialog).getByRole('button', { name: 'Negar' }));
    expect(await screen.findByText(reviewMessages.conflict)).toBeVisible();
    expect(screen.getByText(reviewMessages.errorTitle)).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();

    toast.dismiss();
    status = 500;
    await user.click(within(row('João Santos')).getByRole('button', { name: /Negar/ }));
    dialog = await screen.findByRole('dialog', { name: reviewMessages.denyPrompt });
    await user.type(within(dialog).getByRole('textbox'), 'Fraude');
    await user.click(within(dialog).getByRole('button', { name: 'Negar' }));
    await waitFor(() => expect(screen.getByText(reviewMessages.denyFailed)).toBeVisible());
    // The typed reason is kept to try again.
    expect(within(dialog).getByRole('textbox')).toHaveValue('Fraude');
  });

  it('toasts a load failure and loads again on request', async () => {
    let fail = true;
    withList(() => (fail ? apiError(500, 'x', errorCodes.internal) : json(listOf([pfAnalysing]))));
    const { user } = renderAdmin(listPath);
    expect(await screen.findByText(reviewMessages.errorTitle)).toBeVisible();
    expect(screen.getAllByText(reviewMessages.loadListFailed).length).toBeGreaterThan(0);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('row', { name: /Maria Oliveira/ })).toBeVisible();
  });

  it('shows the loading text while the first page loads', async () => {
    const first = deferred();
    withList(() => first.promise);
    renderAdmin(listPath);
    expect(await screen.findByText(reviewMessages.loading)).toBeVisible();
    first.release(json(listOf([pfAnalysing])));
    expect(await screen.findByRole('row', { name: /Maria Oliveira/ })).toBeVisible();
  });
});

describe('Review routes', () => {
  it.each([
    ['/onboarding/admin/list', 'Onboardings PF'],
    ['/onboarding/admin/pj', 'Onboardings PJ'],
    ['/onboarding/admin/dashboard', 'Dashboard'],
    ['/onboarding/admin/administradores', 'Administradores'],
  ])('%s is its own page, not an application id', async (path, heading) => {
    const api = stubApi({
      'GET /api/admin/session': () => json(sessionOf(master)),
      'GET /api/admin/applications/pf': () => json(listOf([])),
      'GET /api/admin/applications/pj': () => json(listOf([])),
      'GET /api/admin/dashboard': () => json(dashboard),
      'GET /api/admin/users': () => json({ users: [master] }),
    });
    renderAdmin(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(api.requests.some((request) => /applications\/p[fj]\/[^?]/.test(request.url))).toBe(
      false,
    );
  });

  it('treats a malformed id as not found without asking the server', async () => {
    const api = stubApi({
      'GET /api/admin/session': () => json(sessionOf(master)),
      'GET /api/admin/applications/pf': () => json(listOf([])),
    });
    const { user } = renderAdmin('/onboarding/admin/nao-e-um-id');
    expect(
      await screen.findByRole('heading', { level: 1, name: reviewMessages.notFound }),
    ).toBeVisible();
    expect(api.requests.map((request) => request.url)).toEqual(['/api/admin/session']);
    await user.click(screen.getByRole('link', { name: reviewMessages.backToList }));
    expect(currentPath()).toBe(listPath);
    expect(await screen.findByText(reviewMessages.empty)).toBeVisible();
  });
});
