/** Query and mutation keys of the back office. Everything under `admin` is dropped on logout. */
export const adminKeys = {
  all: ['admin'] as const,
  session: ['admin', 'session'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  users: ['admin', 'users'] as const,
};

/** Whether a query or mutation key belongs to the back office. */
export function isAdminKey(key: readonly unknown[] | undefined): boolean {
  return key?.[0] === adminKeys.all[0];
}

export function isSessionKey(key: readonly unknown[] | undefined): boolean {
  return isAdminKey(key) && key?.[1] === adminKeys.session[1];
}
