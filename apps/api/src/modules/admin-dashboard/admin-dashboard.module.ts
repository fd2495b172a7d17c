import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '@medipay/db/client';
import type { DocumentStorage } from '../../adapters/storage/port';
import { createAbandonedSessionsJob } from '../../jobs/abandoned-sessions.job';
import type { RetentionPeriods } from '@medipay/shared/retention';
import type { Clock } from '../../lib/clock';
import { enforceRetention } from '../data-subject/retention';
import { adminDashboardRoutes } from './admin-dashboard.routes';
import { createAdminDashboard } from './admin-dashboard.service';

export type AdminDashboardModuleOptions = {
  db: Database;
  storage: DocumentStorage;
  clock: Clock;
  /** Whether the daily purge of abandoned sessions runs (off when the background jobs are). */
  backgroundJobs: boolean;
  /** The retention periods the daily retention job enforces. */
  retention: RetentionPeriods;
};

/**
 * The back office's dashboard and the purge of abandoned applicant sessions: by hand from the
 * dashboard, and once a day for sessions that never saved step 1 and stayed idle a week.
 * Registered behind the session guard.
 */
export const adminDashboardModule: FastifyPluginAsync<AdminDashboardModuleOptions> = async (
  app,
  { db, storage, clock, backgroundJobs, retention },
) => {
  const dashboard = createAdminDashboard({ db, storage, clock, log: app.log });
  const abandonedSessionsJob = createAbandonedSessionsJob({
    purge: dashboard.purgeExpiredSessions,
    log: app.log,
    clock,
  });
  // Once a day, what outlived its period is deleted (modules/data-subject/retention.ts).
  const retentionJob = createAbandonedSessionsJob({
    purge: async () => {
      const counts = await enforceRetention({
        db,
        storage,
        clock,
        log: app.log,
        periods: retention,
      });
      return Object.values(counts).reduce((sum, count) => sum + count, 0);
    },
    log: app.log,
    clock,
    logLines: { done: 'retention enforced', failed: 'retention run failed' },
  });
  if (backgroundJobs) {
    abandonedSessionsJob.start();
    retentionJob.start();
  }
  app.addHook('onClose', async () => {
    await abandonedSessionsJob.stop();
    await retentionJob.stop();
  });
  await app.register(adminDashboardRoutes, { dashboard });
};
