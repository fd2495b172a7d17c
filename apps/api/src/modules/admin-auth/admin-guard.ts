import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { adminMessages } from '@medipay/shared/admin';
import { errorCodes } from '@medipay/shared/api-error';
import { AppError } from '../../lib/app-error';
import { isLoopbackUrl } from '../../lib/public-url';
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
 * The port of the Vite dev server of `npm run dev` (apps/web/vite.config.ts, `server.port` with
 * `strictPort`), which proxies `/api` here: its pages post to the admin API from its own origin.
 */
export const DEV_SERVER_PORT = 5173;

const loopbackHosts = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins whose pages may change state through the admin API, from the configuration alone:
 * - PUBLIC_URL's origin, where the portal's pages are served;
 * - when PUBLIC_URL is a loopback address (the default http://localhost:PORT), the same scheme
 *   and port under the other loopback names (a browser on http://127.0.0.1:PORT, as the browser
 *   tests open it): only this computer serves those origins;
 * - outside production, the Vite dev server on this computer (`npm run dev`).
 *
 * Never the request's own Host, X-Forwarded-Host or X-Forwarded-Proto: with TRUST_PROXY set,
 * Fastify builds `request.host` and `request.protocol` from the forwarded headers, which the
 * client writes; a page on evil.example that forwarded its own host passed the check.
 */
export function adminAllowedOrigins(options: {
  publicUrl: string;
  production: boolean;
}): ReadonlySet<string> {
  const allowed = new Set<string>();
  const publicOrigin = originOf(options.publicUrl);
  if (publicOrigin) allowed.add(publicOrigin);
  if (publicOrigin && isLoopbackUrl(options.publicUrl)) {
    const { protocol, port } = new URL(publicOrigin);
    for (const host of loopbackHosts) {
      allowed.add(originOf(`${protocol}//${host}${port ? `:${port}` : ''}`)!);
    }
  }
  if (!options.production) {
    for (const host of loopbackHosts) allowed.add(`http://${host}:${DEV_SERVER_PORT}`);
  }
  return allowed;
}

/**
 * Refuses (403) a state-changing request of the admin API whose `Origin` header is missing or is
 * not one of `allowedOrigins` (adminAllowedOrigins). Runs first on every admin route, login
 * included (a cross-site login would be login CSRF).
 */
export function adminOriginCheck(allowedOrigins: ReadonlySet<string>): onRequestAsyncHookHandler {
  return async (request) => {
    if (!stateChangingMethods.has(request.method)) return;
    const header = request.headers.origin;
    const origin = typeof header === 'string' ? originOf(header) : null;
    if (origin === null || !allowedOrigins.has(origin)) {
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
    const admin = await auth.authenticateAnyStage(token);
    if (!admin) {
      if (token !== undefined) auth.clearCookie(reply);
      throw sessionRequired();
    }
    if (
      admin.stage !== 'complete' &&
      !request.routeOptions.config.adminStages?.includes(admin.stage)
    ) {
      throw new AppError(errorCodes.secondFactorRequired, adminMessages.secondFactorRequired, 401);
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
