import type { FastifyInstance } from 'fastify';
import { errorCodes } from '@medipay/shared/api-error';
import { requestMessages } from '@medipay/shared/messages';
import { AppError } from '../lib/app-error';

/**
 * The Cookie header's limit. A browser keeps each cookie under 4 KB, and the portal's own cookies
 * together take a few hundred bytes; headers over Node's `maxHeaderSize` (16 KiB, request line
 * and all headers) are refused before Fastify sees them (error-handler.ts, clientErrorHandler).
 */
export const MAX_COOKIE_HEADER_BYTES = 4096;

/**
 * The limit of one of the portal's own cookies (`medipay_*`, `__Host-medipay_*`): sessions,
 * tokens and signed accesses, at most 200 characters. A longer one was made up by the client.
 */
export const MAX_PORTAL_COOKIE_BYTES = 512;

const portalCookie = /^(__Host-)?medipay_/;

/**
 * Refuses with 431, in the error format, a request whose cookies are over these limits, before
 * any route, rate limit or database work sees them. One short warning is logged, with sizes
 * only, never the header. Registered after @fastify/cookie, whose onRequest hook parsed them.
 */
export function registerHeaderLimits(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const header = request.headers.cookie;
    if (header === undefined) return;
    const cookieBytes = Buffer.byteLength(header);
    let oversized = cookieBytes > MAX_COOKIE_HEADER_BYTES;
    if (!oversized) {
      for (const [name, value] of Object.entries(request.cookies)) {
        if (portalCookie.test(name) && Buffer.byteLength(value ?? '') > MAX_PORTAL_COOKIE_BYTES) {
          oversized = true;
          break;
        }
      }
    }
    if (!oversized) return;
    request.log.warn({ cookieBytes }, 'request refused: cookies over the size limit');
    throw new AppError(errorCodes.badRequest, requestMessages.headersTooLarge, 431);
  });
}
