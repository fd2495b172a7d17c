import { paths } from '../../../config/paths';

/** What the guard leaves in the login route's state: the page the admin wanted. */
export type LoginRedirectState = {
  from?: { pathname?: unknown; search?: unknown; hash?: unknown };
};

const adminArea = paths.adminLogin.slice(0, paths.adminLogin.lastIndexOf('/') + 1);

/** Where to go after logging in: the back-office page the guard came from, or the dashboard. */
export function returnPath(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  const pathname = from?.pathname;
  if (typeof pathname !== 'string' || !pathname.startsWith(adminArea)) return paths.adminDashboard;
  if (pathname === paths.adminLogin) return paths.adminDashboard;
  const search = typeof from?.search === 'string' ? from.search : '';
  const hash = typeof from?.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}
