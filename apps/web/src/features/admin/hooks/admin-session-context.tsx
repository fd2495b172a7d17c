import { createContext, useContext, type ReactNode } from 'react';
import type { AdminSessionInfo } from '@medipay/shared/admin';

const AdminSessionContext = createContext<AdminSessionInfo | null>(null);

/** Hands the logged admin's session to the guarded area (set by AdminGuard). */
export function AdminSessionProvider({
  session,
  children,
}: {
  session: AdminSessionInfo;
  children: ReactNode;
}) {
  return <AdminSessionContext.Provider value={session}>{children}</AdminSessionContext.Provider>;
}

/** The logged admin (user, role) and when the session ends. Only inside AdminGuard. */
export function useAdminSession(): AdminSessionInfo {
  const session = useContext(AdminSessionContext);
  if (!session) throw new Error('useAdminSession must be used inside AdminGuard');
  return session;
}
