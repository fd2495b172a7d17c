import type { FastifyPluginAsync } from 'fastify';
import type { RetentionPeriods } from '@medipay/shared/retention';
import type { Database } from '@medipay/db/client';
import type { DocumentStorage } from './adapters/storage/port';
import type { Clock } from './lib/clock';
import { adminAuthModule, adminLoginModule } from './modules/admin-auth/admin-auth.module';
import type { AdminAuth } from './modules/admin-auth/admin-auth.service';
import {
  adminAllowedOrigins,
  adminOriginCheck,
  adminSessionGuard,
} from './modules/admin-auth/admin-guard';
import { adminDashboardModule } from './modules/admin-dashboard/admin-dashboard.module';
import { adminReviewModule } from './modules/admin-review/admin-review.module';
import { createReviewDetail } from './modules/admin-review/review-detail.service';
import {
  createLinkedApplications,
  type FaceLinks,
} from './modules/linked-applications/linked-applications.service';
import { medipayAccountModule } from './modules/medipay-account/medipay-account.module';
import type { MedipayAccounts } from './modules/medipay-account/medipay-account.service';
import type { Outbox } from './modules/messaging/outbox.service';
import { screeningReviewModule } from './modules/screening/screening-review.module';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import type { Webhooks } from './modules/webhooks/webhooks.service';

export type AdminApiOptions = {
  db: Database;
  clock: Clock;
  /** The portal's public origin: the origin check's and the decisions' links. */
  publicUrl: string;
  /** NODE_ENV=production: the origin check refuses the dev server's origin (adminAllowedOrigins). */
  production: boolean;
  auth: AdminAuth;
  /** SECRET: the stored authenticator secrets are encrypted with a key derived from it. */
  secret: string;
  storage: DocumentStorage;
  outbox: Outbox;
  medipayAccounts: MedipayAccounts;
  /** Whether the built-in MediPay sandbox is in use (the header's 'Sandbox' badge). */
  medipaySandbox: boolean;
  /** Whether the background jobs run (the daily purge of abandoned sessions). */
  backgroundJobs: boolean;
  /** The one-to-many face search of linked applications (null: no face engine). */
  faceLinks: FaceLinks | null;
  webhooks: Webhooks;
  /** The periods of the daily retention job (RETENTION_*_DAYS). */
  retention: RetentionPeriods;
};

/**
 * The admin API (registered under `/api/admin`): every route checks the origin of
 * state-changing requests and answers with `cache-control: no-store`; login is open, every
 * other module runs behind the session guard, which sets `request.admin`.
 */
export const adminApi: FastifyPluginAsync<AdminApiOptions> = async (admin, options) => {
  const { db, clock, publicUrl, auth, medipaySandbox } = options;
  admin.addHook(
    'onRequest',
    adminOriginCheck(adminAllowedOrigins({ publicUrl, production: options.production })),
  );
  admin.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  await admin.register(adminLoginModule, { auth, medipaySandbox });
  await admin.register(async (guarded) => {
    guarded.addHook('onRequest', adminSessionGuard(auth));
    // The back office's view of an application: the review's and the account actions' answer.
    const links = createLinkedApplications({ db, faces: options.faceLinks });
    const detail = createReviewDetail({ db, clock, links });
    await guarded.register(adminAuthModule, {
      auth,
      medipaySandbox,
      db,
      clock,
      secret: options.secret,
    });
    await guarded.register(adminDashboardModule, {
      db,
      storage: options.storage,
      clock,
      backgroundJobs: options.backgroundJobs,
      retention: options.retention,
    });
    await guarded.register(adminReviewModule, {
      db,
      clock,
      detail,
      outbox: options.outbox,
      medipayAccounts: options.medipayAccounts,
      publicUrl,
      links,
      storage: options.storage,
    });
    await guarded.register(medipayAccountModule, {
      accounts: options.medipayAccounts,
      detail,
    });
    await guarded.register(screeningReviewModule, { db, clock });
    await guarded.register(webhooksRoutes, { webhooks: options.webhooks });
    // Further admin modules register here, behind the guard.
  });
};
