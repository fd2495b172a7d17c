import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { secretsStatusSchema } from '@medipay/shared/health';
import type { Env } from '../../config/env';
import { getSecretsStatus } from './debug.service';

export const debugRoutes: FastifyPluginAsyncZod<{ env: Env }> = async (app, { env }) => {
  app.get('/debug/secrets', { schema: { response: { 200: secretsStatusSchema } } }, async () =>
    getSecretsStatus(env),
  );
};
