import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCodes, genericMessages, type ApiError } from '@medipay/shared/api-error';
import { requestMessages } from '@medipay/shared/messages';
// zod's messages in Portuguese for every schema the API parses (route schemas included).
import '@medipay/shared/zod-messages';
import { AppError } from '../lib/app-error';

/** Status codes the client may see with a specific code and Portuguese message. */
const knownClientErrors: Record<number, ApiError> = {
  400: { code: errorCodes.badRequest, message: genericMessages.badRequest },
  404: { code: errorCodes.notFound, message: genericMessages.notFound },
  413: { code: errorCodes.payloadTooLarge, message: genericMessages.payloadTooLarge },
  414: { code: errorCodes.badRequest, message: requestMessages.urlTooLong },
  415: { code: errorCodes.unsupportedMediaType, message: genericMessages.unsupportedMediaType },
  429: { code: errorCodes.rateLimited, message: genericMessages.rateLimited },
  431: { code: errorCodes.badRequest, message: requestMessages.headersTooLarge },
};

/**
 * PostgreSQL's refusals of a text it cannot store: `22021` (a NUL in text, or bytes that are not
 * UTF-8), `22P05` (`\u0000` in jsonb). The schemas clean what people type (text.ts); a value
 * that reaches the database another way is still bad input, not a fault of the server.
 */
const unstorableTextCodes = new Set(['22021', '22P05']);

function isUnstorableText(error: unknown): boolean {
  // Drizzle wraps the driver's error in `cause`.
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (unstorableTextCodes.has(String((current as { code?: unknown }).code))) return true;
    current = current.cause;
  }
  return false;
}

/**
 * The one error handler: every API error leaves as `{ code, message }`. 4xx carry a message
 * for the user; 5xx are logged with their cause and say only that something failed.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const { retryAfterSeconds, step } = error.options;
      if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
      return reply.status(error.statusCode).send({
        code: error.code,
        message: error.message,
        ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
        ...(step !== undefined && { step }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.status(400).send({
        code: errorCodes.validation,
        message: first?.message ?? genericMessages.validation,
      });
    }
    if (isUnstorableText(error)) {
      request.log.warn({ err: error }, 'a text the database cannot store reached it');
      return reply
        .status(400)
        .send({ code: errorCodes.badRequest, message: requestMessages.invalidCharacters });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code, status }, 'client error');
      return reply.status(status).send(knownClientErrors[status] ?? knownClientErrors[400]);
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(status >= 500 && status < 600 ? status : 500)
      .send({ code: errorCodes.internal, message: genericMessages.internal });
  });
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs, a URL
 * whose percent-encoding is broken (FST_ERR_BAD_URL) or a path parameter longer than
 * `maxParamLength` (FST_ERR_MAX_PARAM_LENGTH, 414), in the error format instead of Fastify's
 * English body.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  let status = 400;
  let body: ApiError = { code: errorCodes.badRequest, message: requestMessages.badUrl };
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    status = 414;
    body = { code: errorCodes.badRequest, message: requestMessages.urlTooLong };
  } else if (error.code !== 'FST_ERR_BAD_URL') {
    request.log.error({ err: error }, 'the router failed');
    status = 500;
    body = { code: errorCodes.internal, message: genericMessages.internal };
  } else {
    request.log.info({ code: error.code, status }, 'client error');
  }
  // No route context here: the body is sent as a ready JSON string.
  void reply
    .status(status)
    .header('content-type', 'application/json; charset=utf-8')
    .header('x-content-type-options', 'nosniff')
    .send(JSON.stringify(body));
}

/** A raw HTTP response with the error format, for a connection no request object exists on. */
function rawErrorResponse(status: number, reason: string, body: ApiError): string {
  const json = JSON.stringify(body);
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json; charset=utf-8',
    'X-Content-Type-Options: nosniff',
    `Content-Length: ${Buffer.byteLength(json)}`,
    'Connection: close',
    '',
    json,
  ].join('\r\n');
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before Fastify sees a request,
 * a request line and headers over Node's `maxHeaderSize` (16 KiB: 431, a too long URL included),
 * a request that took longer than `requestTimeout` (408), or bytes that are not HTTP (400). Node
 * and Fastify would answer in English (or not at all); this answers in the error format.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  // A reset connection has no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let response: string;
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    response = rawErrorResponse(431, 'Request Header Fields Too Large', {
      code: errorCodes.badRequest,
      message: requestMessages.headersTooLarge,
    });
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    response = rawErrorResponse(408, 'Request Timeout', {
      code: errorCodes.badRequest,
      message: requestMessages.timeout,
    });
  } else {
    response = rawErrorResponse(400, 'Bad Request', {
      code: errorCodes.badRequest,
      message: genericMessages.badRequest,
    });
  }
  this.log.debug({ code: error.code }, 'client connection error');
  // As Node's own answer: written at once (a few hundred bytes), then the connection is closed.
  if (socket.writable) socket.write(response);
  socket.destroy();
}
