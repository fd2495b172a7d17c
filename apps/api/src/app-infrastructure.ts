import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '@medipay/db/client';
import type { Env } from './config/env';
import { createMailer } from './adapters/mail';
import type { Mailer } from './adapters/mail/port';
import { createPaymentPlatform, type PaymentPlatformHandle } from './adapters/payment-platform';
import type { HttpPaymentPlatformOptions } from './adapters/payment-platform/http';
import { createSmsSender } from './adapters/sms';
import type { SmsSender } from './adapters/sms/port';
import { createDocumentStorage } from './adapters/storage';
import type { DocumentStorage } from './adapters/storage/port';
import { startJobQueue, type JobQueue } from './jobs/job-queue';
import type { Clock } from './lib/clock';
import { createSecretBox } from './lib/secret-box';
import { createAdminAuth, type AdminAuth } from './modules/admin-auth/admin-auth.service';
import { createWebhooks, type Webhooks } from './modules/webhooks/webhooks.service';
import {
  createApplicantSessions,
  type ApplicantSessions,
} from './modules/applicant-session/applicant-session.service';
import { createBiometrics, type Biometrics } from './modules/biometrics/biometrics.service';
import { createDocuments, type Documents } from './modules/documents/documents.service';
import { createExtraction, type Extraction } from './modules/kyc/extraction.service';
import { createFaceEngine } from './modules/kyc/face-engine';
import { createOcrEngine } from './modules/kyc/ocr-engine';
import {
  createMedipayAccounts,
  type MedipayAccounts,
} from './modules/medipay-account/medipay-account.service';
import { createOutboxDeliverer } from './modules/messaging/outbox.delivery';
import { createOutbox, type Outbox } from './modules/messaging/outbox.service';
import { createScreening, type Screening } from './modules/screening/screening.service';

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    outbox: Outbox;
    extraction: Extraction;
    /** The MediPay payment platform (or its built-in sandbox) and the applicants' accounts on it. */
    paymentPlatform: PaymentPlatformHandle;
    medipayAccounts: MedipayAccounts;
    /** The signed webhooks (tests deliver what is due with `deliverDue`). */
    webhooks: Webhooks;
  }
}

export type InfrastructureOptions = {
  env: Env;
  database: DatabaseHandle;
  clock: Clock;
  /** Replace the transports chosen by the configuration (tests). */
  mailer?: Mailer;
  sms?: SmsSender;
  /** Whether the background jobs (pg-boss) run. */
  jobs: boolean;
  /** The MediPay client's time limit and waits between attempts. */
  paymentPlatform?: Pick<HttpPaymentPlatformOptions, 'timeoutMs' | 'backoffMs'>;
};

/** The adapters, the job queue and the services that more than one module uses. */
export type AppInfrastructure = {
  storage: DocumentStorage;
  extraction: Extraction;
  outbox: Outbox;
  paymentPlatform: PaymentPlatformHandle;
  medipayAccounts: MedipayAccounts;
  /** Hands a document extraction to the job queue (nothing when the jobs are off). */
  enqueueExtraction: (resultId: string) => Promise<void>;
  /** The applicants' sessions (wizard, status page, handoff). */
  sessions: ApplicantSessions;
  /**
   * The admins' sessions: read by the admin API and by the document route (admins open
   * documents).
   */
  adminAuth: AdminAuth;
  documents: Documents;
  biometrics: Biometrics;
  /** PEP and sanctions screening (the job queue re-screens after every list import). */
  screening: Screening;
  /** The signed webhooks: the endpoints (admin API) and their deliveries (job queue). */
  webhooks: Webhooks;
};

/**
 * Creates the adapters chosen by the configuration, starts the job queue and creates the shared
 * services. Decorates the app with `extraction`, `outbox`, `paymentPlatform` and
 * `medipayAccounts`, and adds the hook that closes what it started: the job queue first, then the
 * payment platform, the OCR worker and the mailer.
 */
export async function buildInfrastructure(
  app: FastifyInstance,
  options: InfrastructureOptions,
): Promise<AppInfrastructure> {
  const { env, database, clock } = options;
  const { db } = database;
  const log = app.log;

  const mailer = options.mailer ?? createMailer(env, log);
  const sms = options.sms ?? createSmsSender(env, log);
  const deliverer = createOutboxDeliverer({
    db,
    mailer,
    sms,
    clock,
    log,
    publicOrigin: env.PUBLIC_URL,
  });
  const storage = await createDocumentStorage(env);
  await storage.cleanup();
  const ocr = createOcrEngine();
  const extraction = createExtraction({ db, storage, ocr, clock, log });
  app.decorate('extraction', extraction);
  let jobs: JobQueue | undefined;
  const outbox = createOutbox({ db, deliverer, queue: () => jobs, log });
  app.decorate('outbox', outbox);
  const paymentPlatform = await createPaymentPlatform(env, {
    db,
    log,
    ...options.paymentPlatform,
  });
  app.decorate('paymentPlatform', paymentPlatform);
  const medipayAccounts = createMedipayAccounts({
    db,
    platform: paymentPlatform.platform,
    storage,
    clock,
    outbox,
    enqueue: () => jobs?.enqueueMedipayAccount,
    log,
  });
  app.decorate('medipayAccounts', medipayAccounts);
  const screening = createScreening({ db, clock });
  const webhooks = createWebhooks({
    db,
    clock,
    box: createSecretBox(env.SECRET, 'webhook signing'),
    production: env.NODE_ENV === 'production',
    log,
  });
  app.decorate('webhooks', webhooks);
  if (options.jobs) {
    jobs = await startJobQueue({
      database,
      deliverer,
      extraction,
      medipayAccounts,
      screening,
      webhooks,
      // Swept for files no row names (at start-up, after the cleanup above, then periodically);
      // its PDFs stored as sent, before uploads were rebuilt, are rebuilt (legacy-pdfs.job.ts).
      storage,
      clock,
      log,
    });
  }
  app.addHook('onClose', async () => {
    await jobs?.stop();
    await paymentPlatform.close();
    await ocr.close();
    await mailer.close();
  });

  const sessions = createApplicantSessions({
    db,
    clock,
    secureCookies: env.PUBLIC_URL.startsWith('https://'),
  });
  const documents = createDocuments({ db, storage, sessions, clock, log });
  return {
    screening,
    webhooks,
    storage,
    extraction,
    outbox,
    paymentPlatform,
    medipayAccounts,
    enqueueExtraction: async (resultId) => {
      await jobs?.enqueueExtraction(resultId);
    },
    sessions,
    adminAuth: createAdminAuth({
      db,
      clock,
      publicUrl: env.PUBLIC_URL,
      requireSecondFactor: env.REQUIRE_ADMIN_MFA,
    }),
    documents,
    biometrics: createBiometrics({
      db,
      documents,
      engine: createFaceEngine(),
      clock,
      log,
      sandbox: env.KYC_CHECKS === 'sandbox',
    }),
  };
}
