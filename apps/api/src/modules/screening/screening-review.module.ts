import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '@medipay/db/client';
import type { Clock } from '../../lib/clock';
import { screeningReviewRoutes } from './screening-review.routes';
import { createScreeningReview } from './screening-review.service';

export type ScreeningReviewModuleOptions = { db: Database; clock: Clock };

/**
 * The back office's side of PEP and sanctions screening (issue 24, items 1 and 4): the lists in
 * force, each application's hits and the reviewers' decisions. Registered behind the session
 * guard; the dashboard's alerts come from the same service (admin-dashboard.service.ts).
 */
export const screeningReviewModule: FastifyPluginAsync<ScreeningReviewModuleOptions> = async (
  app,
  { db, clock },
) => {
  await app.register(screeningReviewRoutes, { review: createScreeningReview({ db, clock }) });
};
