/* The two flows as the review pages' tests run them (`describe.each`), and the helpers those
   tests share: the stubbed API of a list or an application, and finders of rows and cards. */
import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';
import {
  reviewMessages,
  type ApplicationDetail,
  type ApplicationListItem,
  type ReviewFlow,
} from '@medipay/shared/admin-review';
import { fetchMock, json, master, sessionOf, stubApi, type Handler } from '../../test-utils';
import {
  pfAnalysing,
  pfDetail,
  pfRequirement,
  pjAnalysing,
  pjDetail,
  pjRequirement,
  noLinks,
  noScreening,
} from './review-test-fixtures';

export type ReviewTestFlow = {
  flow: ReviewFlow;
  listPath: string;
  /** The list's endpoint, as the stub keys it ('GET /api/admin/applications/pf'). */
  listApi: string;
  /** The list's heading, caption and title. */
  title: string;
  /** A row under analysis, and its name in the table. */
  analysing: ApplicationListItem;
  analysingName: string;
  /** A row in EM_EXIGENCIA, and its name in the table. */
  requirement: ApplicationListItem;
  requirementName: string;
  /** What is typed in the search box to find `analysing` alone. */
  search: string;
  /** The status filter's options, 'Todos' first. */
  statusLabels: readonly string[];
  /** A filter of the flow, as a query string. */
  filteredQuery: string;
  emptyFiltered: string;
  /** The toasts of a denial, and of a denial the server refused without a message. */
  denied: { title: string; description: string };
  denyFailed: string;
  /** The application page. */
  detailPath: (id: string) => string;
  detailTitle: string;
  detail: ApplicationDetail;
  /** The status of an application awaiting a decision. */
  analysingStatus: string;
  /** The description of the 'Em exigência' toast. */
  requestedChangesDescription: string;
  /** What the server allows once the application is in EM_EXIGENCIA. */
  requirementActions: ApplicationDetail['allowedActions'];
  /** The other flow's texts for a denial and its failure, never shown in this flow. */
  otherDenied: string;
  otherDenyFailed: string;
  /** The toast's texts after 'Voltar para Análise', and of its failure. */
  reopened: readonly string[];
  reopenFailed: string;
  otherReopenFailed: string;
};

export const pfTestFlow: ReviewTestFlow = {
  flow: 'pf',
  listPath: '/onboarding/admin/list',
  listApi: 'GET /api/admin/applications/pf',
  title: 'Onboardings PF',
  analysing: pfAnalysing,
  analysingName: 'Maria Oliveira',
  requirement: pfRequirement,
  requirementName: 'João Santos',
  search: 'maria',
  statusLabels: [
    'Todos',
    'Iniciado',
    'Em Análise',
    'Em Exigência',
    'Aprovado',
    'Negado',
    'Rejeitado',
  ],
  filteredQuery: '?status=NEGADO',
  emptyFiltered: 'Nenhum onboarding encontrado com os filtros aplicados',
  denied: { title: reviewMessages.denied, description: reviewMessages.deniedDescription },
  denyFailed: reviewMessages.denyFailed,
  detailPath: (id) => `/onboarding/admin/${id}`,
  detailTitle: 'Detalhes do Onboarding',
  detail: pfDetail,
  analysingStatus: 'EM_ANALISE',
  requestedChangesDescription: reviewMessages.requestedChangesDescription,
  requirementActions: ['deny', 'resend-requirements'],
  otherDenied: reviewMessages.rejected,
  otherDenyFailed: reviewMessages.rejectFailed,
  reopened: ['Status atualizado'],
  reopenFailed: reviewMessages.reopenFailed,
  otherReopenFailed: reviewMessages.reopenPjFailed,
};

export const pjTestFlow: ReviewTestFlow = {
  flow: 'pj',
  listPath: '/onboarding/admin/pj',
  listApi: 'GET /api/admin/applications/pj',
  title: 'Onboardings PJ',
  analysing: pjAnalysing,
  analysingName: 'Hospital Vida',
  requirement: pjRequirement,
  requirementName: 'Clínica Bem Estar',
  search: 'hospital',
  statusLabels: [
    'Todos',
    'Iniciado',
    'Enviado para Análise',
    'Em Análise',
    'Em Exigência',
    'Aprovado',
    'Negado',
  ],
  filteredQuery: '?tipo=laboratorio',
  emptyFiltered: 'Nenhum resultado encontrado com os filtros aplicados',
  denied: { title: reviewMessages.rejected, description: reviewMessages.rejectedDescription },
  denyFailed: 'Não foi possível rejeitar o onboarding',
  detailPath: (id) => `/onboarding/admin/pj/${id}`,
  detailTitle: 'Detalhes do Onboarding PJ',
  detail: pjDetail,
  analysingStatus: 'ENVIADO_PARA_ANALISE',
  requestedChangesDescription: 'A empresa foi notificada por e-mail.',
  requirementActions: ['deny', 'reopen', 'resend-requirements'],
  otherDenied: reviewMessages.denied,
  otherDenyFailed: reviewMessages.denyFailed,
  reopened: ['Status alterado', 'Onboarding PJ foi retornado para análise.'],
  reopenFailed: 'Não foi possível alterar o status',
  otherReopenFailed: reviewMessages.reopenFailed,
};

export const reviewTestFlows = [pfTestFlow, pjTestFlow] as const;

/** Each test of a review page: `fetch` answered by the API stub, no toast left from the last. */
export function setUpReviewTests() {
  beforeEach(() => {
    toast.dismiss();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** The admin session, a flow's list answered by `list`, and the other handlers given. */
export function withList(flow: ReviewTestFlow, list: Handler, extra: Record<string, Handler> = {}) {
  return stubApi({
    'GET /api/admin/session': () => json(sessionOf(master)),
    [flow.listApi]: list,
    ...extra,
  });
}

/** The row whose name matches `name`. */
export const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

/** The text of a row's cells (its name, a row header, left out). */
export const cells = (name: string) =>
  within(row(name))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** The application page's path, and its endpoints ('GET ...', 'POST .../approve'). */
export function detailOf(flow: ReviewTestFlow, id = flow.detail.id) {
  const api = `/api/admin/applications/${flow.flow}/${id}`;
  return {
    path: flow.detailPath(id),
    api: `GET ${api}`,
    post: (action: string) => `POST ${api}/${action}`,
  };
}

/** The flow's application, awaiting a decision. */
export function awaitingDecision(flow: ReviewTestFlow): ApplicationDetail {
  return {
    ...flow.detail,
    status: flow.analysingStatus,
    allowedActions: ['approve', 'request-changes', 'deny'],
  };
}

/** The admin session, the application answered by `detail`, and the other handlers given. */
export function withDetail(
  flow: ReviewTestFlow,
  detail: () => ApplicationDetail | Response,
  extra: Record<string, Handler> = {},
) {
  return stubApi({
    'GET /api/admin/session': () => json(sessionOf(master)),
    [detailOf(flow).api]: () => {
      const answer = detail();
      return answer instanceof Response ? answer : json(answer);
    },
    [flow.listApi]: () => json({ items: [], total: 0, filtered: 0, page: 1, pageSize: 20 }),
    [`${detailOf(flow).api}/screening`]: () => json(noScreening),
    [`${detailOf(flow).api}/links`]: () => json(noLinks),
    ...extra,
  });
}

/** The detail's card titled `title`. */
export const card = (title: string) =>
  screen.getByRole('heading', { level: 2, name: title }).closest('.rounded-lg') as HTMLElement;

/** The value shown for `label` in a card. */
export const valueOf = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
