import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { errorCodes, type ApiError } from '@medipay/shared/api-error';
import { requestMessages } from '@medipay/shared/messages';

/**
 * Where a process stands in its hand-over:
 * - `serving`: normal work.
 * - `draining`: asked to stop; readiness answers 503 so that the load balancer stops sending,
 *   every other request is still served.
 * - `closing`: the listener is closed (new connections are refused); requests in flight finish;
 *   a request that still arrives on an open connection is refused with 503.
 * From `draining` on, every response closes its connection (no keep-alive).
 */
export type HandOverPhase = 'serving' | 'draining' | 'closing';

export type HandOver = {
  phase: () => HandOverPhase;
  /**
   * Hands the process's work over to the others: drains for `drainMs`, closes the listener,
   * waits for the requests in flight (their connections are cut after `requestTimeoutMs`), then
   * closes the app, whose job workers finish their current job (job-queue.ts). Resolves with
   * the number of connections cut.
   */
  run: (options?: { drainMs?: number; requestTimeoutMs?: number }) => Promise<{ cut: number }>;
};

const livenessRoute = '/api/health';
const readinessRoute = '/api/health/ready';

/** Connections that fell idle after the hand-over began are closed this often. */
const IDLE_SWEEP_MS = 200;

const refusal: ApiError = { code: errorCodes.unavailable, message: requestMessages.restarting };
/** Sent as text: the body must not go through a route's own 503 schema (readiness has one). */
const refusalBody = JSON.stringify(refusal);

/**
 * Adds the hand-over to the app (before it listens). Fastify refuses requests with an English
 * 503 once `app.close()` began; `run` closes the listener and waits for the connections first,
 * so that no connection is left by then and what is refused is refused here, in Portuguese.
 */
export function prepareHandOver(app: FastifyInstance): HandOver {
  let phase: HandOverPhase = 'serving';

  app.addHook('onRequest', async (request, reply) => {
    if (phase === 'serving') return;
    reply.header('connection', 'close');
    const route = request.routeOptions.url;
    // The process is alive until it exits: liveness stays 200 (a failing liveness gets it killed).
    if (route === livenessRoute) return;
    if (phase === 'draining' && route !== readinessRoute) return;
    return reply.code(503).type('application/json; charset=utf-8').send(refusalBody);
  });
  // A response to a request that arrived before the hand-over closes its connection too.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (phase !== 'serving') reply.header('connection', 'close');
    return payload;
  });

  return {
    phase: () => phase,
    run: async ({ drainMs = 0, requestTimeoutMs = 15_000 } = {}) => {
      phase = 'draining';
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      phase = 'closing';
      const cut = await stopListening(app.server, requestTimeoutMs);
      await app.close();
      return { cut };
    },
  };
}

/**
 * Closes the listener and resolves when every connection has ended; connections still open
 * after `timeoutMs` are cut. Returns how many were cut.
 */
async function stopListening(server: Server, timeoutMs: number): Promise<number> {
  if (!server.listening) return 0;
  let cut = 0;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Node closes the idle connections once, when the listener closes; a keep-alive connection
  // whose response had begun before the hand-over falls idle later.
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  const deadline = setTimeout(() => {
    server.getConnections((_error, count) => {
      cut = count;
      server.closeAllConnections();
    });
  }, timeoutMs);
  try {
    await closed;
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
  return cut;
}
