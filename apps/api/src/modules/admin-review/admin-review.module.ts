import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '@medipay/db/client';
import type { DocumentStorage } from '../../adapters/storage/port';
import type { Clock } from '../../lib/clock';
import { dossierRoutes } from '../dossier/dossier.routes';
import { createDossier } from '../dossier/dossier.service';
import { createScreeningReview } from '../screening/screening-review.service';
import { caseReviewRoutes } from '../case-review/case-review.routes';
import { createCaseReview } from '../case-review/case-review.service';
import type { LinkedApplicationsService } from '../linked-applications/linked-applications.service';
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
  /** The applications linked to one ('Cadastros relacionados', a four-eyes trigger). */
  links: LinkedApplicationsService;
  /** The document store: the dossier's thumbnails. */
  storage: DocumentStorage;
};

/**
 * The PF and PJ lists (and their CSV export), an application's detail and the decisions on it.
 * Registered behind the session guard.
 */
export const adminReviewModule: FastifyPluginAsync<AdminReviewModuleOptions> = async (
  app,
  { db, clock, detail, outbox, medipayAccounts, publicUrl, links, storage },
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
      links,
      publicUrl,
    }),
  });
  await app.register(caseReviewRoutes, {
    cases: createCaseReview({ db, clock, detail }),
    links,
  });
  await app.register(dossierRoutes, {
    dossier: createDossier({
      db,
      clock,
      detail,
      links,
      storage,
      screening: createScreeningReview({ db, clock }),
      log: app.log,
    }),
  });
};
