import { paths } from '../../../../config/paths';

/**
 * The application pages' routes inside the admin area (`/onboarding/admin/*`), as
 * `adminDetailRoutePatterns` of the shared route table lists them for the server. Kept here, not
 * imported from that table, so that the landing page's bundle (which carries the table) does not
 * grow; review-paths.test.ts checks that both agree.
 */
export const adminDetailRoutes = { pf: ':id', pj: 'pj/:id' } as const;

/** The page of one PF application. */
export function pfDetailPath(id: string): string {
  return `${paths.adminPfList.replace(/\/list$/, '')}/${encodeURIComponent(id)}`;
}

/** The page of one PJ application. */
export function pjDetailPath(id: string): string {
  return `${paths.adminPjList}/${encodeURIComponent(id)}`;
}
