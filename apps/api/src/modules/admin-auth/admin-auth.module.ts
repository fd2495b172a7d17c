import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '@medipay/db/client';
import type { Clock } from '../../lib/clock';
import { createSecretBox } from '../../lib/secret-box';
import { createAdminAccounts } from './admin-accounts.service';
import {
  adminLoginRoutes,
  adminSessionRoutes,
  adminUserRoutes,
  secondFactorRoutes,
} from './admin-auth.routes';
import type { AdminAuth } from './admin-auth.service';
import { createSecondFactor } from './second-factor.service';

export type AdminLoginModuleOptions = {
  auth: AdminAuth;
  /** Whether the built-in MediPay sandbox is in use (the header's 'Sandbox' badge). */
  medipaySandbox: boolean;
};

/** The admin login: the one route of the admin API outside the session guard. */
export const adminLoginModule: FastifyPluginAsync<AdminLoginModuleOptions> = async (
  app,
  { auth, medipaySandbox },
) => {
  await app.register(adminLoginRoutes, { auth, medipaySandbox });
};

export type AdminAuthModuleOptions = AdminLoginModuleOptions & {
  db: Database;
  clock: Clock;
  /** SECRET: the key of the stored authenticator secrets is derived from it. */
  secret: string;
};

/**
 * The current session (who is logged in, logout), its second factor, and the admin accounts
 * (admin_master only).
 * Registered behind the session guard.
 */
export const adminAuthModule: FastifyPluginAsync<AdminAuthModuleOptions> = async (
  app,
  { auth, medipaySandbox, db, clock, secret },
) => {
  const accounts = createAdminAccounts({ db, clock });
  const secondFactor = createSecondFactor({
    db,
    clock,
    auth,
    box: createSecretBox(secret, 'admin second factor'),
  });
  await app.register(adminSessionRoutes, { auth, accounts, medipaySandbox });
  await app.register(secondFactorRoutes, { auth, secondFactor, medipaySandbox });
  await app.register(adminUserRoutes, { accounts });
};
