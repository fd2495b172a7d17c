import { createHash } from 'node:crypto';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '@medipay/db/client';
import type { Clock } from '../lib/clock';
import { sharedRateLimitStore } from '../lib/rate-limit-store';
import { createSharedCounter, type SharedCounter } from '../lib/shared-counter';

/**
 * @fastify/rate-limit (each route opts in with `config.rateLimit`) on the shared counter: every
 * limit is counted in the database, so that all processes on it share it (lib/rate-limits.ts).
 * Answers the counter, which the modules' own limits count with too; it stops when the app closes.
 */
export async function registerSharedRateLimit(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock },
): Promise<SharedCounter> {
  const counter = createSharedCounter(deps);
  counter.startSweeping(app.log);
  app.addHook('onClose', async () => {
    await counter.stop();
  });
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(counter, app.log),
    // The database did not answer (logged by the store): the request goes on (see the store).
    skipOnError: true,
  });
  return counter;
}

/**
 * The key generator of a limit counted per applicant session (`config.rateLimit.keyGenerator`):
 * the session that `findSessionId` finds live for the request, or, when there is none (no
 * cookie, an ended or expired session, a made-up value), the per-address key that the per-IP
 * limits use. A cookie the client made up therefore buys no counter of its own: an attack run
 * wrote a row per junk cookie (2,000 for 2,000 requests), and a 3 KB cookie, used as the key,
 * made the store fail. The session's key is a hash of its id, so that the counters' table never
 * holds a credential and every key has the same short length. A lookup that fails (the database
 * does not answer) counts by address; the route then fails on its own.
 */
export function perLiveSession(
  findSessionId: (request: FastifyRequest) => Promise<string | null>,
): (request: FastifyRequest) => Promise<string> {
  return async (request) => {
    const sessionId = await findSessionId(request).catch(() => null);
    if (sessionId === null) return normalizeIP(request.ip);
    return `session:${createHash('sha256').update(sessionId).digest('hex').slice(0, 32)}`;
  };
}
