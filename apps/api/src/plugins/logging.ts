import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Env } from '../config/env';
import { readableLogStream } from '../lib/log-lines';
import { redactedLogPaths, redactUrl } from '../lib/redact';

/**
 * Pino options: JSON lines in production (for the log collector); elsewhere one readable line
 * per record (lib/log-lines.ts), requests among them at debug level only.
 */
export function loggerOptions(
  level: Env['LOG_LEVEL'],
  readable = false,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(readable && { stream: readableLogStream() }),
    redact: { paths: redactedLogPaths, censor: '[redacted]' },
    serializers: {
      req: (request) => ({ method: request.method, url: redactUrl(request.url), id: request.id }),
      res: (reply) => ({ statusCode: reply.statusCode }),
    },
  };
}

/** One short line per request at debug level, in place of Fastify's two records at info level. */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`,
    );
  });
}
