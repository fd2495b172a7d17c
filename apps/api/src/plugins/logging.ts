import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
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

/**
 * One short line per request at debug level (`GET /api/health 200 3 ms`), in place of Fastify's
 * two records at info level; a request that failed keeps its error record.
 */
export class ReadableRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.debug(line);
  }
}
