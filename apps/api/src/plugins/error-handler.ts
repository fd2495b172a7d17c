import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCodes, genericMessages, type ApiError } from '@medipay/shared/api-error';
import { AppError } from '../lib/app-error';

/** Status codes the client may see with a specific code and Portuguese message. */
const knownClientErrors: Record<number, ApiError> = {
  400: { code: errorCodes.badRequest, message: genericMessages.badRequest },
  404: { code: errorCodes.notFound, message: genericMessages.notFound },
  413: { code: errorCodes.payloadTooLarge, message: genericMessages.payloadTooLarge },
  415: { code: errorCodes.unsupportedMediaType, message: genericMessages.unsupportedMediaType },
  429: { code: errorCodes.rateLimited, message: genericMessages.rateLimited },
};

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
