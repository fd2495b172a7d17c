import type { ReviewFlow } from '@medipay/shared/admin-review';

/** A list's filters and page, as sent to the server. */
export type ApplicationListRequest = {
  search: string;
  status: string;
  /** PJ only. */
  tipo: string;
  /** PF only: `em_revisao` for the applications em revisão biométrica. */
  biometria: string;
  /** Both flows: `pendente` for the applications with screening hits to decide. */
  triagem: string;
  /** The page's position (the server's cursors): after a record, before one, or '' for neither. */
  after: string;
  before: string;
  page: number;
};

/** Query and mutation keys of the back office. Everything under `admin` is dropped on logout. */
export const adminKeys = {
  all: ['admin'] as const,
  session: ['admin', 'session'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  users: ['admin', 'users'] as const,
  /** Every list and detail of the applications under review. */
  applications: ['admin', 'applications'] as const,
  /** The lists of one flow (every page and filter). */
  applicationLists: (flow: ReviewFlow) => ['admin', 'applications', flow, 'list'] as const,
  applicationList: (flow: ReviewFlow, query: ApplicationListRequest) =>
    ['admin', 'applications', flow, 'list', query] as const,
  application: (flow: ReviewFlow, id: string) =>
    ['admin', 'applications', flow, 'detail', id] as const,
  /** An application's screening hits: under its detail, so reloading the detail reloads them. */
  applicationScreening: (flow: ReviewFlow, id: string) =>
    ['admin', 'applications', flow, 'detail', id, 'screening'] as const,
  /** The applications linked to one ('Cadastros relacionados'): under its detail, like the hits. */
  applicationLinks: (flow: ReviewFlow, id: string) =>
    ['admin', 'applications', flow, 'detail', id, 'links'] as const,
  /** The PEP and sanctions lists in force. */
  screeningLists: ['admin', 'screening', 'lists'] as const,
};

/** Whether a query or mutation key belongs to the back office. */
export function isAdminKey(key: readonly unknown[] | undefined): boolean {
  return key?.[0] === adminKeys.all[0];
}

export function isSessionKey(key: readonly unknown[] | undefined): boolean {
  return isAdminKey(key) && key?.[1] === adminKeys.session[1];
}
