import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
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
