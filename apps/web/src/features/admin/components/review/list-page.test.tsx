import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reviewMessages } from '@medipay/shared/admin-review';
import { errorCodes } from '@medipay/shared/api-error';
import { encodeListCursor } from '@medipay/shared/list-cursor';
import {
  apiError,
  currentPath,
  currentSearch,
  currentState,
  dashboard,
  deferred,
  json,
  master,
  renderAdmin,
  sessionOf,
  stubApi,
} from '../../test-utils';
import { listOf } from './review-test-fixtures';
import { reviewTestFlows, row, setUpReviewTests, withList } from './review-test-flows';
import { expectVisibleText } from '../../../../testing/visible-text';

setUpReviewTests();

/** Cursors as the server makes them, one per position the tests page through. */
const cursors = Object.fromEntries(
  ['0', '1', '2', 'p2', 'p3', 'n1', 'n2', 'x'].map((name, index) => [
    name,
    encodeListCursor({
      createdAt: `2026-11-2${index} 10:00:00.123456+00`,
      id: `00000000-0000-4000-8000-00000000000${index}`,
    }),
  ]),
);
afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe.each(reviewTestFlows)('$title list', (flow) => {
  const { listPath, listApi, title, analysing, requirement } = flow;
  const api = `/api/admin/applications/${flow.flow}`;
  const table = () => screen.findByRole('table', { name: title });

  it('opens the detail with Ver, remembering the list URL with its filters, and comes back to it', async () => {
    const query = '?status=EM_EXIGENCIA&q=jo';
    withList(flow, () => json(listOf([requirement])), {
      [`GET ${api}/${requirement.id}`]: () => json({ ...flow.detail, id: requirement.id }),
    });
    const { user } = renderAdmin(`${listPath}${query}`);
    await table();
    await user.click(within(row(flow.requirementName)).getByRole('link', { name: 'Ver' }));
    expect(currentPath()).toBe(flow.detailPath(requirement.id));
    expect(currentState()).toEqual({ from: `${listPath}${query}` });
    expect(await screen.findByRole('heading', { level: 1, name: flow.detailTitle })).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Voltar' }));
    expect(currentPath()).toBe(listPath);
    expect(currentSearch()).toBe(query);
  });

  it('searches 300 ms after typing, keeping the search in the URL and the request', async () => {
    const list = withList(flow, ({ url }) =>
      json(url.includes('search=') ? listOf([analysing]) : listOf([analysing, requirement])),
    );
    const { user } = renderAdmin(listPath);
    await table();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), flow.search);
    // Nothing is asked while typing.
    expect(list.requests.filter((request) => request.url.includes('search='))).toHaveLength(0);
    await waitFor(() => expect(currentSearch()).toBe(`?q=${flow.search}`));
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: new RegExp(flow.requirementName) })).toBeNull(),
    );
    const searches = list.requests.filter((request) => request.url.includes('search='));
    expect(searches.map((request) => request.url)).toEqual([`${api}?search=${flow.search}&page=1`]);
  });

  it('filters by status from the URL and from the select, back to page 1', async () => {
    const list = withList(flow, () => json(listOf([requirement])));
    const { user } = renderAdmin(`${listPath}?page=2`);
    await table();
    const select = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(flow.statusLabels);
    await user.selectOptions(select, 'EM_EXIGENCIA');
    expect(currentSearch()).toBe('?status=EM_EXIGENCIA');
    await waitFor(() =>
      expect(list.requests.map((request) => request.url)).toContain(
        `${api}?status=EM_EXIGENCIA&page=1`,
      ),
    );
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      `${api}/export.csv?status=EM_EXIGENCIA`,
    );
  });

  it('keeps the filters of the URL after a reload', async () => {
    const list = withList(flow, () => json(listOf([requirement])));
    renderAdmin(`${listPath}?q=jo%C3%A3o&status=EM_EXIGENCIA&page=2`);
    await table();
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('joão');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('EM_EXIGENCIA');
    expect(list.requests.map((request) => request.url)).toContain(
      `${api}?search=jo%C3%A3o&status=EM_EXIGENCIA&page=2`,
    );
  });

  it('shows the due time with its standing and the holder, a dash without them', async () => {
    withList(flow, () =>
      json(
        listOf([
          {
            ...analysing,
            // The end of 10 March in São Paulo.
            prazoAnalise: '2025-03-11T02:59:59.999Z',
            prazoStatus: 'vence_hoje',
            analistaEmail: 'ana.souza@medipay.com.br',
          },
          {
            ...requirement,
            prazoAnalise: '2025-03-07T02:59:59.999Z',
            prazoStatus: 'atrasado',
          },
        ]),
      ),
    );
    renderAdmin(listPath);
    await table();
    // Under the status: the due time, its standing and who holds the case.
    expect(within(row(flow.analysingName)).getByText('Vence hoje')).toHaveClass('border-amber-400');
    expect(
      within(row(flow.analysingName)).getByTitle('ana.souza@medipay.com.br'),
    ).toHaveTextContent('Responsável: ana.souza');
    expect(row(flow.analysingName)).toHaveTextContent('Prazo: 10/03/25 23:59');
    expect(within(row(flow.requirementName)).getByText('Atrasado')).toHaveClass('border-red-400');
    expect(row(flow.requirementName)).toHaveTextContent('Prazo: 06/03/25 23:59');
    expect(within(row(flow.requirementName)).getByText('Atrasado')).toHaveClass('border-red-400');
  });

  it("filters by due time and 'Minhas análises' and sorts by due time, in the URL, the request and the export", async () => {
    const list = withList(flow, () => json(listOf([analysing])));
    const { user } = renderAdmin(`${listPath}?page=2`);
    await table();
    const prazo = screen.getByRole('combobox', { name: 'Prazo' });
    expect(
      within(prazo)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todos', 'Vence hoje', 'Atrasados']);
    await user.selectOptions(prazo, 'atrasados');
    expect(currentSearch()).toBe('?prazo=atrasados');

    const mine = screen.getByRole('checkbox', { name: 'Minhas análises' });
    expect(mine).not.toBeChecked();
    await user.click(mine);
    expect(currentSearch()).toBe('?prazo=atrasados&analista=minhas');
    expect(mine).toBeChecked();

    const sort = screen.getByRole('combobox', { name: 'Ordem' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Mais recentes primeiro', 'Mais antigos primeiro', 'Prazo (mais próximo)']);
    await user.selectOptions(sort, 'prazo_asc');
    expect(currentSearch()).toBe('?prazo=atrasados&analista=minhas&sort=prazo_asc');
    await waitFor(() =>
      expect(list.requests.map((request) => request.url)).toContain(
        `${api}?prazo=atrasados&analista=minhas&sort=prazo_asc&page=1`,
      ),
    );
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      `${api}/export.csv?prazo=atrasados&analista=minhas&sort=prazo_asc`,
    );

    await user.click(mine);
    expect(currentSearch()).toBe('?prazo=atrasados&sort=prazo_asc');
  });

  it('ignores due-time, holder and sort values of the URL that the list does not have', async () => {
    const list = withList(flow, () => json(listOf([analysing])));
    renderAdmin(`${listPath}?prazo=amanha&analista=todas&sort=nome`);
    await table();
    expect(screen.getByRole('combobox', { name: 'Prazo' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Ordem' })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Minhas análises' })).not.toBeChecked();
    expect(list.requests.map((request) => request.url)).toContain(`${api}?page=1`);
  });

  it('says when there is nothing, with and without filters', async () => {
    withList(flow, () => json(listOf([])));
    const view = renderAdmin(listPath);
    await expectVisibleText(reviewMessages.empty);
    expect(screen.queryByRole('table')).toBeNull();
    view.unmount();

    withList(flow, () => json(listOf([], { total: 57 })));
    renderAdmin(`${listPath}${flow.filteredQuery}`);
    await expectVisibleText(flow.emptyFiltered);
    expect(screen.getByText('Total: 57')).toBeVisible();
    expect(screen.getByText('Filtrados: 0')).toBeVisible();
  });

  it('pages with Próxima and Anterior, keeping the page on screen while the next loads', async () => {
    const next = deferred();
    const list = withList(flow, ({ url }) =>
      url.includes('page=2')
        ? next.promise
        : json(listOf([analysing], { total: 45, filtered: 45, next: cursors['1'] })),
    );
    // jsdom has no scrolling: record the calls instead.
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const { user } = renderAdmin(listPath);
    await table();
    expect(screen.getByText('Página 1 de 3')).toBeVisible();
    expect(screen.getByText('45 onboardings')).toBeVisible();
    expect(screen.getByText('Total: 45')).toBeVisible();
    expect(screen.getByText('Filtrados: 45')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    // The position travels in the URL: a reload or a shared link shows the same page.
    expect(currentSearch()).toBe(`?page=2&after=${cursors['1']}`);
    await waitFor(() =>
      expect(list.requests.map((request) => request.url)).toContain(
        `${api}?page=2&after=${cursors['1']}`,
      ),
    );
    // The previous page stays while the next one loads.
    expect(row(flow.analysingName)).toBeVisible();
    expect(screen.getByRole('table', { name: title })).toHaveAttribute('aria-busy', 'true');
    next.release(
      json(
        listOf([requirement], {
          total: 45,
          filtered: 45,
          page: 2,
          next: cursors['2'],
          previous: cursors['0'],
        }),
      ),
    );
    expect(
      await screen.findByRole('row', { name: new RegExp(flow.requirementName) }),
    ).toBeVisible();
    expect(screen.getByText('Página 2 de 3')).toBeVisible();
    // The new page is read from its top, not from the buttons below its rows.
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toContainElement(screen.getByRole('table', { name: title }));

    // Back to page 1 is the top of the list, without a cursor.
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(currentSearch()).toBe('');
    expect(await screen.findByRole('row', { name: new RegExp(flow.analysingName) })).toBeVisible();
  });

  it("says 'mais de 10.000' above the count cap, and pages on while there is a next page", async () => {
    const capped = { total: 10_000, totalCapped: true, filtered: 10_000, filteredCapped: true };
    const list = withList(flow, ({ url }) =>
      json(
        url.includes('page=3')
          ? listOf([requirement], { ...capped, page: 3, next: null, previous: cursors['p3'] })
          : listOf([analysing], {
              ...capped,
              page: 2,
              next: cursors['n2'],
              previous: cursors['p2'],
            }),
      ),
    );
    const { user } = renderAdmin(`${listPath}?page=2&after=${cursors['n1']}`);
    await table();
    expect(list.requests.map((request) => request.url)).toContain(
      `${api}?page=2&after=${cursors['n1']}`,
    );
    expect(screen.getByText('Total: mais de 10.000')).toBeVisible();
    expect(screen.getByText('Filtrados: mais de 10.000')).toBeVisible();
    expect(screen.getByText('mais de 10.000 onboardings')).toBeVisible();
    // The number of pages is unknown: the page number alone.
    expect(screen.getByText('Página 2')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(currentSearch()).toBe(`?page=3&after=${cursors['n2']}`);
    await expectVisibleText('Página 3');
    expect(screen.getByRole('button', { name: 'Próxima' })).toBeDisabled();

    // Anterior asks for the page before the first row shown.
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(currentSearch()).toBe(`?page=2&before=${cursors['p3']}`);
    await waitFor(() =>
      expect(list.requests.map((request) => request.url)).toContain(
        `${api}?page=2&before=${cursors['p3']}`,
      ),
    );
  });

  it("shows 'mais de 10.000' for a capped total, and the filtered count when exact", async () => {
    withList(flow, () =>
      json(
        listOf([analysing], {
          total: 10_000,
          totalCapped: true,
          filtered: 1234,
          next: cursors['1'],
        }),
      ),
    );
    renderAdmin(listPath);
    expect(await table()).toBeVisible();
    expect(screen.getByText('Total: mais de 10.000')).toBeVisible();
    expect(screen.getByText('Filtrados: 1.234')).toBeVisible();
    expect(screen.getByText('Página 1 de 62')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Próxima' })).toBeEnabled();
  });

  it('shows the first page for an edited cursor in the URL, without asking the server for it', async () => {
    const list = withList(flow, () => json(listOf([analysing], { total: 45, filtered: 45 })));
    const edited = encodeListCursor({
      createdAt: '2026-02-30 10:00:00+00',
      id: '00000000-0000-4000-8000-000000000001',
    });
    renderAdmin(`${listPath}?page=3&after=${edited}`);
    await table();
    const listRequests = list.requests.filter((request) => request.url.startsWith(api));
    expect(listRequests.map((request) => request.url)).toEqual([`${api}?page=1`]);
    expect(screen.getByText('Página 1 de 3')).toBeVisible();
  });

  it('drops the position when a filter changes', async () => {
    const list = withList(flow, () => json(listOf([analysing])));
    const { user } = renderAdmin(`${listPath}?page=4&before=${cursors['x']}`);
    await table();
    await user.selectOptions(screen.getByLabelText('Status'), 'EM_ANALISE');
    expect(currentSearch()).toBe('?status=EM_ANALISE');
    await waitFor(() =>
      expect(list.requests.map((request) => request.url)).toContain(
        `${api}?status=EM_ANALISE&page=1`,
      ),
    );
  });

  it('denies an EM_EXIGENCIA row after asking for the reason, then reloads the list', async () => {
    const denyKey = `POST ${api}/${requirement.id}/deny`;
    let denied = false;
    const list = withList(
      flow,
      () => json(listOf(denied ? [{ ...requirement, status: 'NEGADO' }] : [requirement])),
      {
        [denyKey]: () => {
          denied = true;
          return json({
            ...flow.detail,
            id: requirement.id,
            status: 'NEGADO',
            allowedActions: [],
          });
        },
      },
    );
    const { user } = renderAdmin(listPath);
    await table();
    // Only an EM_EXIGENCIA row can be denied from the list.
    const deny = () => within(row(flow.requirementName)).getByRole('button', { name: /Negar/ });

    // Cancelling does nothing.
    await user.click(deny());
    let dialog = await screen.findByRole('dialog', { name: 'Digite o motivo da negação:' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(deny());
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
    const listCalls = list.calls(`${listApi}?page=1`).length;
    await user.click(confirm);

    await expectVisibleText(flow.denied.title);
    expect(screen.getByText(flow.denied.description)).toBeVisible();
    expect(list.calls(denyKey)[0]?.body).toEqual({
      expectedStatus: 'EM_EXIGENCIA',
      motivo: 'Documento ilegível',
    });
    await waitFor(() => expect(list.calls(`${listApi}?page=1`).length).toBeGreaterThan(listCalls));
    expect(await within(row(flow.requirementName)).findByText('Negado')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('toasts a refused denial: the server message on 409, the spec text otherwise', async () => {
    const denyKey = `POST ${api}/${requirement.id}/deny`;
    let status = 409;
    withList(flow, () => json(listOf([requirement])), {
      [denyKey]: () =>
        status === 409
          ? apiError(409, reviewMessages.conflict, errorCodes.conflict)
          : apiError(500, 'Falha interna', errorCodes.internal),
    });
    const { user } = renderAdmin(listPath);
    await table();
    const deny = () => within(row(flow.requirementName)).getByRole('button', { name: /Negar/ });
    await user.click(deny());
    let dialog = await screen.findByRole('dialog', { name: reviewMessages.denyPrompt });
    await user.type(within(dialog).getByRole('textbox'), 'Fraude');
    await user.click(within(dialog).getByRole('button', { name: 'Negar' }));
    await expectVisibleText(reviewMessages.conflict);
    expect(screen.getByText(reviewMessages.errorTitle)).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();

    toast.dismiss();
    status = 500;
    await user.click(deny());
    dialog = await screen.findByRole('dialog', { name: reviewMessages.denyPrompt });
    await user.type(within(dialog).getByRole('textbox'), 'Fraude');
    await user.click(within(dialog).getByRole('button', { name: 'Negar' }));
    await waitFor(() => expect(screen.getByText(flow.denyFailed)).toBeVisible());
    // The typed reason is kept to try again.
    expect(within(dialog).getByRole('textbox')).toHaveValue('Fraude');
  });

  it('toasts a load failure and loads again on request', async () => {
    let fail = true;
    withList(flow, () =>
      fail ? apiError(500, 'x', errorCodes.internal) : json(listOf([analysing])),
    );
    const { user } = renderAdmin(listPath);
    await expectVisibleText(reviewMessages.errorTitle);
    expect(screen.getAllByText(reviewMessages.loadListFailed).length).toBeGreaterThan(0);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('row', { name: new RegExp(flow.analysingName) })).toBeVisible();
  });

  it('shows the loading text while the first page loads', async () => {
    const first = deferred();
    withList(flow, () => first.promise);
    renderAdmin(listPath);
    await expectVisibleText('Carregando onboardings...');
    first.release(json(listOf([analysing])));
    expect(await screen.findByRole('row', { name: new RegExp(flow.analysingName) })).toBeVisible();
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
    expect(currentPath()).toBe('/onboarding/admin/list');
    await expectVisibleText(reviewMessages.empty);
  });
});
