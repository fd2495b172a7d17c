import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { errorCodes, genericMessages } from '@medipay/shared/api-error';
import type { DatabaseHandle } from '@medipay/db/client';
import type { Env } from './config/env';
import { redactedLogPaths, redactUrl } from './lib/redact';
import { debugRoutes } from './modules/debug/debug.routes';
import { healthRoutes } from './modules/health/health.routes';
import { registerErrorHandler } from './plugins/error-handler';
import { registerWebApp } from './plugins/web-app';

export type AppOptions = {
  env: Env;
  database: DatabaseHandle;
  /** Pino options; tests pass `false`. */
  logger?: FastifyServerOptions['logger'];
};

const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** JSON bodies above this are refused with 413; uploads have their own limits. */
export const jsonBodyLimit = 1024 * 1024;

export function loggerOptions(level: Env['LOG_LEVEL']): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: redactedLogPaths, censor: '[redacted]' },
    serializers: {
      req: (request) => ({ method: request.method, url: redactUrl(request.url), id: request.id }),
      res: (reply) => ({ statusCode: reply.statusCode }),
    },
  };
}

/** Builds the whole application. server.ts listens on it; tests inject() into it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(env.LOG_LEVEL),
    bodyLimit: jsonBodyLimit,
    trustProxy: env.NODE_ENV === 'production',
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and sonner set styles at run time; no external style source is allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: env.PUBLIC_URL.startsWith('https://') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: env.PUBLIC_URL.startsWith('https://'),
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(debugRoutes, { env });
    },
    { prefix: '/api' },
  );

  const web = await registerWebApp(app, {
    distDir: env.WEB_DIST_DIR ?? defaultWebDistDir,
    publicConfig: env.publicConfig,
  });

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (isPageRequest && web) return web.sendNotFoundPage(reply);
    return reply.status(404).send({ code: errorCodes.notFound, message: genericMessages.notFound });
  });

  return app;
}
