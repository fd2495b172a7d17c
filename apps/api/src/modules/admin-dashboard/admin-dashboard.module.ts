import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '@medipay/db/client';
import type { DocumentStorage } from '../../adapters/storage/port';
import { createAbandonedSessionsJob } from '../../jobs/abandoned-sessions.job';
import type { Clock } from '../../lib/clock';
import { adminDashboardRoutes } from './admin-dashboard.routes';
import { createAdminDashboard } from './admin-dashboard.service';

export type AdminDashboardModuleOptions = {
  db: Database;
  storage: DocumentStorage;
  clock: Clock;
  /** Whether the daily purge of abandoned sessions runs (off when the background jobs are). */
  backgroundJobs: boolean;
};

/**
 * The back office's dashboard and the purge of abandoned applicant sessions: by hand from the
 * dashboard, and once a day for sessions that never saved step 1 and stayed idle a week.
 * Registered behind the session guard.
 */
export const adminDashboardModule: FastifyPluginAsync<AdminDashboardModuleOptions> = async (
  app,
  { db, storage, clock, backgroundJobs },
) => {
  const dashboard = createAdminDashboard({ db, storage, clock, log: app.log });
  const abandonedSessionsJob = createAbandonedSessionsJob({
    purge: dashboard.purgeExpiredSessions,
    log: app.log,
    clock,
  });
  if (backgroundJobs) abandonedSessionsJob.start();
  app.addHook('onClose', () => abandonedSessionsJob.stop());
  await app.register(adminDashboardRoutes, { dashboard });
};
