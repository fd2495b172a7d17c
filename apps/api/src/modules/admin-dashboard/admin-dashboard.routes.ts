import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { purgeResultSchema } from '@medipay/shared/admin';
import { apiErrorSchema } from '@medipay/shared/api-error';
import { backOfficeDashboardSchema } from '@medipay/shared/back-office';
import type { AdminDashboard } from './admin-dashboard.service';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * The back office's dashboard and the manual purge of abandoned sessions. Registered inside the
 * guarded `/api/admin` scope: `request.admin` is always set here.
 */
export const adminDashboardRoutes: FastifyPluginAsyncZod<{ dashboard: AdminDashboard }> = async (
  app,
  { dashboard },
) => {
  app.get(
    '/dashboard',
    { schema: { response: { 200: backOfficeDashboardSchema, ...errors } } },
    async (_request, reply) =>
      reply.header('cache-control', 'no-store').send(await dashboard.getDashboard()),
  );

  app.post(
    '/abandoned-sessions/purge',
    {
      schema: { response: { 200: purgeResultSchema, ...errors, 429: apiErrorSchema } },
      // A purge walks the whole table of sessions: a few per minute are plenty.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { id, email } = request.admin!.user;
      const result = await dashboard.purgeAbandonedSessions({ id, email, ip: request.ip });
      return reply.header('cache-control', 'no-store').send(result);
    },
  );
};
