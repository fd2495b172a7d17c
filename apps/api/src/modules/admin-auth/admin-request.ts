import type { AdminRole, AdminSessionStage } from '@medipay/shared/admin';

/** The admin behind a request, as the server's own session record says. */
export type AuthenticatedAdmin = {
  sessionId: string;
  expiresAt: Date;
  /** Only `complete` sessions pass the guard, except to the routes that say otherwise. */
  stage: AdminSessionStage;
  user: {
    id: string;
    email: string;
    username: string;
    name: string;
    role: AdminRole;
  };
};

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** Set by the admin guard on every route of the admin API; null elsewhere. */
    admin: AuthenticatedAdmin | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /**
     * The session stages besides `complete` that reach this admin route (the second factor's
     * own routes, the session and logout).
     */
    adminStages?: readonly AdminSessionStage[];
  }
}
