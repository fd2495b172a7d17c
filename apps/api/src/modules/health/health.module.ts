import type { FastifyPluginAsync } from 'fastify';
import type { DatabaseHandle } from '@medipay/db/client';
import { healthRoutes } from './health.routes';

export type HealthModuleOptions = { database: DatabaseHandle };

/** Liveness and readiness (the database answers). */
export const healthModule: FastifyPluginAsync<HealthModuleOptions> = async (app, { database }) => {
  await app.register(healthRoutes, { database });
};
