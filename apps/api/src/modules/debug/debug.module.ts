import type { FastifyPluginAsync } from 'fastify';
import type { Env } from '../../config/env';
import { debugRoutes } from './debug.routes';

export type DebugModuleOptions = { env: Env };

/** Which integrations are configured (true/false, never a value). */
export const debugModule: FastifyPluginAsync<DebugModuleOptions> = async (app, { env }) => {
  await app.register(debugRoutes, { env });
};
