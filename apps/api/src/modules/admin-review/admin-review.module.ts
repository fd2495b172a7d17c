import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '@medipay/db/client';
import type { Clock } from '../../lib/clock';
import type { MedipayAccounts } from '../medipay-account/medipay-account.service';
import type { Outbox } from '../messaging/outbox.service';
import { createReviewDecisions } from './review-decisions.service';
import { reviewDetailRoutes } from './review-detail.routes';
import type { ReviewDetail } from './review-detail.service';
import { reviewListRoutes } from './review-list.routes';
import { createReviewLists } from './review-list.service';

export type AdminReviewModuleOptions = {
  db: Database;
  clock: Clock;
  /** The back office's view of an application. */
  detail: ReviewDetail;
  outbox: Outbox;
  /** Approval asks for the applicant's MediPay account. */
  medipayAccounts: MedipayAccounts;
  /** The portal's public origin, for the rectification link and the status page. */
  publicUrl: string;
};

/**
 * The PF and PJ lists (and their CSV export), an application's detail and the decisions on it.
 * Registered behind the session guard.
 */
export const adminReviewModule: FastifyPluginAsync<AdminReviewModuleOptions> = async (
  app,
  { db, clock, detail, outbox, medipayAccounts, publicUrl },
) => {
  await app.register(reviewListRoutes, { lists: createReviewLists({ db, clock }) });
  await app.register(reviewDetailRoutes, {
    detail,
    decisions: createReviewDecisions({
      db,
      clock,
      detail,
      outbox,
      accounts: medipayAccounts,
      publicUrl,
    }),
  });
};
