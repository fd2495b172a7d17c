import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '@medipay/db/client';
import { devRoutes } from './dev.routes';

export type DevModuleOptions = { db: Database };

/** The outbox for local trials; app.ts never registers it when NODE_ENV=production. */
export const devModule: FastifyPluginAsync<DevModuleOptions> = async (app, { db }) => {
  await app.register(devRoutes, { db });
};
