import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { errorCodes, genericMessages } from '@medipay/shared/api-error';
import { MAX_UPLOAD_BYTES } from '@medipay/shared/constants';
import { devPageRoutePatterns } from '@medipay/shared/routes';
import type { DatabaseHandle } from '@medipay/db/client';
import { trustProxyOption, type Env } from './config/env';
import { readableLogStream } from './lib/log-lines';
import { redactedLogPaths, redactUrl } from './lib/redact';
import { createMailer } from './adapters/mail';
import { createDocumentStorage } from './adapters/storage';
import { createBrasilApiCep } from './adapters/registry/brasilapi-cep';
import { createBrasilApiCnpj } from './adapters/registry/brasilapi-cnpj';
import { createReceitaWs } from './adapters/registry/receitaws';
import { createViaCep } from './adapters/registry/viacep';
import type { Mailer } from './adapters/mail/port';
import { createPaymentPlatform, type PaymentPlatformHandle } from './adapters/payment-platform';
import type { HttpPaymentPlatformOptions } from './adapters/payment-platform/http';
import { createSmsSender } from './adapters/sms';
import type { SmsSender } from './adapters/sms/port';
import { createAbandonedSessionsJob } from './jobs/abandoned-sessions.job';
import { startJobQueue, type JobQueue } from './jobs/job-queue';
import { systemClock, type Clock } from './lib/clock';
import { sharedRateLimitStore } from './lib/rate-limit-store';
import { createSharedCounter } from './lib/shared-counter';
import { createAdminAccounts } from './modules/admin-auth/admin-accounts.service';
import {
  adminLoginRoutes,
  adminSessionRoutes,
  adminUserRoutes,
} from './modules/admin-auth/admin-auth.routes';
import { createAdminAuth } from './modules/admin-auth/admin-auth.service';
import { adminDashboardRoutes } from './modules/admin-dashboard/admin-dashboard.routes';
import { createAdminDashboard } from './modules/admin-dashboard/admin-dashboard.service';
import { createReviewDecisions } from './modules/admin-review/review-decisions.service';
import { reviewDetailRoutes } from './modules/admin-review/review-detail.routes';
import { reviewListRoutes } from './modules/admin-review/review-list.routes';
import { createReviewLists } from './modules/admin-review/review-list.service';
import { createReviewDetail } from './modules/admin-review/review-detail.service';
import { adminOriginCheck, adminSessionGuard } from './modules/admin-auth/admin-guard';
import {
  applicantSessionRoutes,
  handoffPageRoutes,
} from './modules/applicant-session/applicant-session.routes';
import { createApplicantSessions } from './modules/applicant-session/applicant-session.service';
import { applicationStatusRoutes } from './modules/application-status/application-status.routes';
import { createApplicationStatuses } from './modules/application-status/application-status.service';
import { biometricsRoutes } from './modules/biometrics/biometrics.routes';
import { createBiometrics } from './modules/biometrics/biometrics.service';
import { debugRoutes } from './modules/debug/debug.routes';
import { documentRoutes } from './modules/documents/documents.routes';
import { createDocuments } from './modules/documents/documents.service';
import { createExtraction, type Extraction } from './modules/kyc/extraction.service';
import { createFaceEngine } from './modules/kyc/face-engine';
import { createOcrEngine } from './modules/kyc/ocr-engine';
import { devRoutes } from './modules/dev/dev.routes';
import { lookupRoutes } from './modules/lookup/lookup.routes';
import { medipayAccountRoutes } from './modules/medipay-account/medipay-account.routes';
import {
  createMedipayAccounts,
  type MedipayAccounts,
} from './modules/medipay-account/medipay-account.service';
import { createLookups } from './modules/lookup/lookup.service';
import { createOutboxDeliverer } from './modules/messaging/outbox.delivery';
import { createOutbox, type Outbox } from './modules/messaging/outbox.service';
import { applicationModule } from './modules/application/application.routes';
import { rectificationRoutes } from './modules/rectification/rectification.routes';
import { createRectifications } from './modules/rectification/rectification.service';
import { verificationRoutes } from './modules/verification/verification.routes';
import { createVerification } from './modules/verification/verification.service';
import { healthRoutes } from './modules/health/health.routes';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { registerWebApp } from './plugins/web-app';

export type AppOptions = {
  env: Env;
  database: DatabaseHandle;
  /** Pino options; tests pass `false`. */
  logger?: FastifyServerOptions['logger'];
  /** Replaces the system clock (tests). */
  clock?: Clock;
  /** Replace the transports chosen by the configuration (tests). */
  mailer?: Mailer;
  sms?: SmsSender;
  /** Background jobs (pg-boss); tests that drain the outbox themselves pass false. */
  jobs?: boolean;
  /** The MediPay client's time limit and waits between attempts (tests shorten them). */
  paymentPlatform?: Pick<HttpPaymentPlatformOptions, 'timeoutMs' | 'backoffMs'>;
};

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    outbox: Outbox;
    extraction: Extraction;
    /** The MediPay payment platform (or its built-in sandbox) and the applicants' accounts on it. */
    paymentPlatform: PaymentPlatformHandle;
    medipayAccounts: MedipayAccounts;
    /** Every route of the app as registered (tests check that each admin route is guarded). */
    routeTable: RouteTableEntry[];
  }
}

export type RouteTableEntry = { method: string; url: string };

const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Each lookup provider gets this long before the next one is asked. */
const lookupTimeoutMs = 3000;

/** JSON bodies above this are refused with 413; uploads have their own limits. */
export const jsonBodyLimit = 1024 * 1024;

/**
 * Pino options: JSON lines in production (for the log collector); elsewhere one readable line
 * per record (lib/log-lines.ts), requests among them at debug level only.
 */
export function loggerOptions(
  level: Env['LOG_LEVEL'],
  readable = false,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(readable && { stream: readableLogStream() }),
    redact: { paths: redactedLogPaths, censor: '[redacted]' },
    serializers: {
      req: (request) => ({ method: request.method, url: redactUrl(request.url), id: request.id }),
      res: (reply) => ({ statusCode: reply.statusCode }),
    },
  };
}

/** Builds the whole application. server.ts listens on it; tests inject() into it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  // The server's own logger (tests pass theirs): lines for people outside production.
  const readableLogs = options.logger === undefined && env.NODE_ENV !== 'production';
  const app = Fastify({
    logger: options.logger ?? loggerOptions(env.LOG_LEVEL, readableLogs),
    // Two records per request at info level buried everything else in development: there one
    // short line per request is logged at debug level instead (below).
    disableRequestLogging: readableLogs,
    bodyLimit: jsonBodyLimit,
    // Whose X-Forwarded-For to believe: nobody unless TRUST_PROXY names the proxies (env.ts).
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true },
    // What is refused before any route runs (a broken URL, a path parameter over
    // maxParamLength, headers over Node's maxHeaderSize) answers in the error format too.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  // Before anything registers a route.
  const routeTable: RouteTableEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });

  if (readableLogs) {
    app.addHook('onResponse', async (request, reply) => {
      request.log.debug(
        `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`,
      );
    });
  }

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // Radix and sonner set styles at run time; no external style source is allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: env.PUBLIC_URL.startsWith('https://') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: env.PUBLIC_URL.startsWith('https://'),
  });

  await app.register(cookie);
  const clock = options.clock ?? systemClock;
  // Every limit counted in the database, so that all processes on it share it (lib/rate-limits.ts).
  const counter = createSharedCounter({ db: database.db, clock });
  counter.startSweeping(app.log);
  app.addHook('onClose', async () => {
    await counter.stop();
  });
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(counter, app.log),
    // The database did not answer (logged by the store): the request goes on (see the store).
    skipOnError: true,
  });
  // One file per request; a larger file is cut at the limit and refused (413).
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });

  const mailer = options.mailer ?? createMailer(env, app.log);
  const sms = options.sms ?? createSmsSender(env, app.log);
  const deliverer = createOutboxDeliverer({
    db: database.db,
    mailer,
    sms,
    clock,
    log: app.log,
    publicOrigin: env.PUBLIC_URL,
  });
  const storage = await createDocumentStorage(env);
  await storage.cleanup();
  const ocr = createOcrEngine();
  const extraction = createExtraction({ db: database.db, storage, ocr, clock, log: app.log });
  app.decorate('extraction', extraction);
  let jobs: JobQueue | undefined;
  const outbox = createOutbox({ db: database.db, deliverer, queue: () => jobs, log: app.log });
  app.decorate('outbox', outbox);
  const paymentPlatform = await createPaymentPlatform(env, {
    db: database.db,
    log: app.log,
    ...options.paymentPlatform,
  });
  app.decorate('paymentPlatform', paymentPlatform);
  const medipayAccounts = createMedipayAccounts({
    db: database.db,
    platform: paymentPlatform.platform,
    storage,
    clock,
    outbox,
    enqueue: () => jobs?.enqueueMedipayAccount,
    log: app.log,
  });
  app.decorate('medipayAccounts', medipayAccounts);
  if (options.jobs !== false) {
    jobs = await startJobQueue({
      database,
      deliverer,
      extraction,
      medipayAccounts,
      // Swept for files no row names (at start-up, after the cleanup above, then periodically).
      storage,
      clock,
      log: app.log,
    });
  }
  app.addHook('onClose', async () => {
    await jobs?.stop();
    await paymentPlatform.close();
    await ocr.close();
    await mailer.close();
  });

  const sessions = createApplicantSessions({
    db: database.db,
    clock,
    secureCookies: env.PUBLIC_URL.startsWith('https://'),
  });
  const verification = createVerification({ db: database.db, clock, secret: env.SECRET });
  const isProduction = env.NODE_ENV === 'production';
  const documents = createDocuments({ db: database.db, storage, sessions, clock, log: app.log });
  const biometrics = createBiometrics({
    db: database.db,
    documents,
    engine: createFaceEngine(),
    clock,
    log: app.log,
    sandbox: env.KYC_CHECKS === 'sandbox',
  });
  const lookups = createLookups({
    db: database.db,
    clock,
    log: app.log,
    cepProviders: [
      createViaCep(env.VIACEP_URL, lookupTimeoutMs),
      createBrasilApiCep(env.BRASILAPI_URL, lookupTimeoutMs),
    ],
    cnpjProviders: [
      createBrasilApiCnpj(env.BRASILAPI_URL, lookupTimeoutMs),
      createReceitaWs(env.RECEITAWS_URL, lookupTimeoutMs),
    ],
  });

  // Admin sessions are read by the admin API and by the document route (admins open documents).
  const adminAuth = createAdminAuth({ db: database.db, clock, publicUrl: env.PUBLIC_URL });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(debugRoutes, { env });
      await api.register(applicantSessionRoutes, { sessions, publicUrl: env.PUBLIC_URL });
      await api.register(verificationRoutes, { sessions, verification, outbox });
      await api.register(lookupRoutes, { lookups, sessions, counter });
      await api.register(documentRoutes, {
        admin: { auth: adminAuth, db: database.db },
        documents,
        sessions,
        extraction,
        enqueueExtraction: async (resultId: string) => {
          try {
            await jobs?.enqueueExtraction(resultId);
          } catch (error) {
            app.log.error({ err: error, resultId }, 'could not enqueue a document extraction');
          }
        },
      });
      await api.register(biometricsRoutes, { biometrics, sessions });
      await api.register(applicationStatusRoutes, {
        statuses: createApplicationStatuses({
          db: database.db,
          clock,
          secret: env.SECRET,
        }),
        sessions,
        outbox,
        secureCookies: env.PUBLIC_URL.startsWith('https://'),
      });
      await api.register(applicationModule, {
        db: database.db,
        biometrics,
        clock,
        publicUrl: env.PUBLIC_URL,
        sessions,
        outbox,
      });
      await api.register(rectificationRoutes, {
        rectifications: createRectifications({
          db: database.db,
          clock,
          documents,
          extraction,
          enqueueExtraction: async (resultId) => {
            await jobs?.enqueueExtraction(resultId);
          },
          log: app.log,
        }),
        secureCookies: env.PUBLIC_URL.startsWith('https://'),
      });
      if (!isProduction) await api.register(devRoutes, { db: database.db });
    },
    { prefix: '/api' },
  );

  // The admin API: login is open; every other route runs behind the session guard.
  app.decorateRequest('admin', null);
  const adminAccounts = createAdminAccounts({ db: database.db, clock });
  const dashboard = createAdminDashboard({ db: database.db, storage, clock, log: app.log });
  // Applicant sessions that never saved step 1 are purged once a day after a week idle.
  const abandonedSessionsJob = createAbandonedSessionsJob({
    purge: dashboard.purgeExpiredSessions,
    log: app.log,
    clock,
  });
  if (options.jobs !== false) abandonedSessionsJob.start();
  app.addHook('onClose', () => abandonedSessionsJob.stop());
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', adminOriginCheck(env.PUBLIC_URL));
      admin.addHook('onSend', async (_request, reply, payload) => {
        reply.header('cache-control', 'no-store');
        return payload;
      });
      await admin.register(adminLoginRoutes, {
        auth: adminAuth,
        medipaySandbox: paymentPlatform.sandbox,
      });
      await admin.register(async (guarded) => {
        guarded.addHook('onRequest', adminSessionGuard(adminAuth));
        await guarded.register(adminSessionRoutes, {
          auth: adminAuth,
          accounts: adminAccounts,
          medipaySandbox: paymentPlatform.sandbox,
        });
        await guarded.register(adminUserRoutes, { accounts: adminAccounts });
        await guarded.register(adminDashboardRoutes, { dashboard });
        await guarded.register(reviewListRoutes, {
          lists: createReviewLists({ db: database.db, clock }),
        });
        const reviewDetail = createReviewDetail({ db: database.db });
        await guarded.register(reviewDetailRoutes, {
          detail: reviewDetail,
          decisions: createReviewDecisions({
            db: database.db,
            clock,
            detail: reviewDetail,
            outbox,
            accounts: medipayAccounts,
            publicUrl: env.PUBLIC_URL,
          }),
        });
        await guarded.register(medipayAccountRoutes, {
          accounts: medipayAccounts,
          detail: reviewDetail,
        });
        // Further admin routes register here, behind the guard.
      });
    },
    { prefix: '/api/admin' },
  );

  await app.register(handoffPageRoutes, { sessions });

  const web = await registerWebApp(app, {
    distDir: env.WEB_DIST_DIR ?? defaultWebDistDir,
    publicConfig: env.publicConfig,
    extraPagePatterns: isProduction ? [] : devPageRoutePatterns,
  });

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (isPageRequest && web) return web.sendNotFoundPage(reply);
    return reply.status(404).send({ code: errorCodes.notFound, message: genericMessages.notFound });
  });

  return app;
}
