import type { AdminRole } from '@medipay/shared/admin';

/** The admin behind a request, as the server's own session record says. */
export type AuthenticatedAdmin = {
  sessionId: string;
  expiresAt: Date;
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
}
