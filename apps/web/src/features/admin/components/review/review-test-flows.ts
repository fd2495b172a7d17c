/* The two flows as the review pages' tests run them (`describe.each`), and the helpers those
   tests share: the stubbed API of a list or an application, and finders of rows and cards. */
import { screen, within } from '@testing-library/react';
import {
  reviewMessages,
  type ApplicationDetail,
  type ApplicationListItem,
  type ReviewFlow,
} from '@medipay/shared/admin-review';
import { json, master, sessionOf, stubApi, type Handler } from '../../test-utils';
import {
  pfAnalysing,
  pfDetail,
  pfRequirement,
  pjAnalysing,
  pjDetail,
  pjRequirement,
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
};

export const reviewTestFlows = [pfTestFlow, pjTestFlow] as const;

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
