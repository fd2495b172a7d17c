import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { adminMessages } from '@medipay/shared/admin';
import { errorCodes } from '@medipay/shared/api-error';
import { AppError } from '../../lib/app-error';
import type { AuthenticatedAdmin } from './admin-request';
import type { AdminAuth } from './admin-auth.service';

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(value: string): string | null {
  try {
    const { origin } = new URL(value);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Refuses (403) a state-changing request of the admin API whose `Origin` header is missing or
 * names another site: the portal's public origin and the request's own origin are accepted.
 * Runs first on every admin route, login included (a cross-site login would be login CSRF).
 */
export function adminOriginCheck(publicUrl: string): onRequestAsyncHookHandler {
  const publicOrigin = originOf(publicUrl);
  return async (request) => {
    if (!stateChangingMethods.has(request.method)) return;
    const header = request.headers.origin;
    const origin = typeof header === 'string' ? originOf(header) : null;
    if (
      origin === null ||
      (origin !== publicOrigin && origin !== originOf(`${request.protocol}://${request.host}`))
    ) {
      throw new AppError(errorCodes.forbidden, adminMessages.originRefused, 403);
    }
  };
}

const sessionRequired = () =>
  new AppError(errorCodes.unauthorized, adminMessages.sessionRequired, 401);

/**
 * The guard of every admin route but login: the session cookie must name a live session of an
 * active admin; it fills `request.admin`, or answers 401 (and clears a stale cookie).
 */
export function adminSessionGuard(auth: AdminAuth): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[auth.cookieName];
    const admin = await auth.authenticate(token);
    if (!admin) {
      if (token !== undefined) auth.clearCookie(reply);
      throw sessionRequired();
    }
    request.admin = admin;
  };
}

/** The admin the guard found; 401 if a route is (wrongly) reached without the guard. */
export function currentAdmin(request: FastifyRequest): AuthenticatedAdmin {
  if (!request.admin) throw sessionRequired();
  return request.admin;
}

/** For the routes of admin_master only (account management): 403 for any other role. */
export const requireMaster: onRequestAsyncHookHandler = async (request) => {
  if (currentAdmin(request).user.role !== 'admin_master') {
    throw new AppError(errorCodes.forbidden, adminMessages.masterOnly, 403);
  }
};
