import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { SharedCounter } from './shared-counter';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/** What @fastify/rate-limit passes to `child`: the route's merged limit and the route itself. */
type ChildOptions = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * The store of @fastify/rate-limit (`store` option) on the shared counters of the database: a
 * route's limit counts the hits of every process. Each route counts apart, as the plugin's own
 * in-memory store does (one store per route): the counter's key is `http:<method> <url>:<key>`,
 * where `<key>` is what the route's key generator gave (the client's address by default, the
 * applicant session for the per-session limits).
 *
 * When the database does not answer, the hit is refused with the error after a warning in the
 * log, and the plugin (registered with `skipOnError`) lets the request through: these limits only
 * slow an address down, and a request that needs the database fails on its own anyway. Failing
 * closed would turn a short database outage into 500s on every limited route.
 */
export function sharedRateLimitStore(
  counter: SharedCounter,
  log: FastifyBaseLogger,
): FastifyRateLimitStoreCtor {
  const storeFor = (namespace: string): FastifyRateLimitStore & Pick<SharedStore, 'read'> => ({
    incr: (key, callback, timeWindow) => {
      const counterKey = `${namespace}:${key}`;
      counter.hit(counterKey, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.ttlMs }),
        (error: unknown) => fail(callback, counterKey, error),
      );
    },
    read: (key, callback) => {
      const counterKey = `${namespace}:${key}`;
      counter.peek(counterKey).then(
        (hit) =>
          callback(null, hit ? { current: hit.count, ttl: hit.ttlMs } : { current: 0, ttl: 0 }),
        (error: unknown) => fail(callback, counterKey, error),
      );
    },
    child: (routeOptions) => storeFor(routeNamespace(routeOptions as ChildOptions)),
  });

  const fail = (callback: Callback, key: string, error: unknown) => {
    log.warn(
      { err: error, rateLimitKey: key },
      'rate limit not applied: the shared counter could not be read',
    );
    callback(error instanceof Error ? error : new Error(String(error)));
  };

  type SharedStore = FastifyRateLimitStore & { read: FastifyRateLimitStore['incr'] };

  return class implements SharedStore {
    private readonly store = storeFor('http');
    incr: SharedStore['incr'] = (...args) => this.store.incr(...args);
    read: SharedStore['read'] = (...args) => this.store.read(...args);
    child: SharedStore['child'] = (routeOptions) => this.store.child(routeOptions);
  };
}

function routeNamespace({ routeInfo }: ChildOptions): string {
  if (!routeInfo?.url) return 'http';
  const method = [routeInfo.method ?? ''].flat().join(',');
  return `http:${method} ${routeInfo.url}`;
}
