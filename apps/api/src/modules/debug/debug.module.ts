import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { errorCodes, genericMessages } from '@medipay/shared/api-error';
import type { Env } from '../../config/env';
import { AppError } from '../../lib/app-error';
import type { AdminAuth } from '../admin-auth/admin-auth.service';
import { debugRoutes } from './debug.routes';

/** Whether a request may see the secrets test page (/test-secrets) and its API. */
export type SecretsTestAccess = (request: FastifyRequest) => Promise<boolean>;

/**
 * Who reaches the secrets test page and its API: anyone outside production (a local trial); in
 * production, a logged-in master administrator only (the admin session cookie, checked as the
 * admin API's guard checks it). Which integrations are configured tells an attacker where to
 * look, so in production everyone else gets the 404 of a path that does not exist.
 */
export function secretsTestAccess(deps: {
  production: boolean;
  auth: AdminAuth;
}): SecretsTestAccess {
  if (!deps.production) return async () => true;
  const { auth } = deps;
  return async (request) => {
    const admin = await auth.authenticate(request.cookies[auth.cookieName]);
    return admin?.user.role === 'admin_master';
  };
}

export type DebugModuleOptions = { env: Env; access: SecretsTestAccess };

/** Which integrations are configured (true/false, never a value), for whom `access` lets in. */
export const debugModule: FastifyPluginAsync<DebugModuleOptions> = async (app, { env, access }) => {
  app.addHook('onRequest', async (request) => {
    if (!(await access(request))) {
      throw new AppError(errorCodes.notFound, genericMessages.notFound, 404);
    }
  });
  await app.register(debugRoutes, { env });
};
