import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { errorCodes, genericMessages } from '@medipay/shared/api-error';
import { devCameraPagePaths, devPageRoutePatterns, paths } from '@medipay/shared/routes';
import type { DatabaseHandle } from '@medipay/db/client';
import { trustProxyOption, type Env } from './config/env';
import type { Mailer } from './adapters/mail/port';
import type { HttpPaymentPlatformOptions } from './adapters/payment-platform/http';
import type { SmsSender } from './adapters/sms/port';
import { adminApi } from './admin-api';
import { buildInfrastructure } from './app-infrastructure';
import { systemClock, type Clock } from './lib/clock';
import {
  applicantSessionModule,
  handoffPageModule,
} from './modules/applicant-session/applicant-session.module';
import { createAfterAnswerWork } from './modules/application-status/after-answer';
import { applicationStatusModule } from './modules/application-status/application-status.module';
import { applicationModule } from './modules/application/application.routes';
import { biometricsModule } from './modules/biometrics/biometrics.module';
import { debugModule, secretsTestAccess } from './modules/debug/debug.module';
import { devModule } from './modules/dev/dev.module';
import { documentsModule } from './modules/documents/documents.module';
import { healthModule } from './modules/health/health.module';
import { createFaceSearch } from './modules/face-search/face-search.service';
import { faceLinksOf } from './modules/linked-applications/linked-applications.service';
import { defaultLookupTimeoutMs, lookupModule } from './modules/lookup/lookup.module';
import { rectificationModule } from './modules/rectification/rectification.module';
import { verificationModule } from './modules/verification/verification.module';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { registerHeaderLimits } from './plugins/header-limits';
import { loggerOptions, ReadableRequestLog } from './plugins/logging';
import { registerMultipart } from './plugins/multipart';
import { registerSharedRateLimit } from './plugins/rate-limit';
import { registerRouteTable } from './plugins/route-table';
import { registerSecurityHeaders } from './plugins/security-headers';
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
  /** How long each CEP/CNPJ lookup provider gets before the next is asked (3 s; tests shorten). */
  lookupTimeoutMs?: number;
};

const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** JSON bodies above this are refused with 413; uploads have their own limits. */
export const jsonBodyLimit = 1024 * 1024;

/** Builds the whole application. server.ts listens on it; tests inject() into it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  // The server's own logger (tests pass theirs): lines for people outside production.
  const readableLogs = options.logger === undefined && env.NODE_ENV !== 'production';
  const app = Fastify({
    logger: options.logger ?? loggerOptions(env.LOG_LEVEL, readableLogs),
    // Two records per request at info level buried everything else in development: there one
    // short line per request is logged at debug level instead.
    ...(readableLogs && { logController: new ReadableRequestLog() }),
    bodyLimit: jsonBodyLimit,
    // Whose X-Forwarded-For to believe: nobody unless TRUST_PROXY names the proxies (env.ts).
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true },
    // What is refused before any route runs (a broken URL, a path parameter over
    // maxParamLength, headers over Node's maxHeaderSize) answers in the error format too.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  registerRouteTable(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, { publicUrl: env.PUBLIC_URL });
  await app.register(cookie);
  // Oversized cookies are refused before the rate limits and any lookup read them.
  registerHeaderLimits(app);
  const clock = options.clock ?? systemClock;
  const counter = await registerSharedRateLimit(app, { db: database.db, clock });
  await registerMultipart(app);

  const backgroundJobs = options.jobs !== false;
  const infrastructure = await buildInfrastructure(app, {
    ...options,
    clock,
    jobs: backgroundJobs,
  });
  const { storage, outbox, extraction, paymentPlatform, medipayAccounts } = infrastructure;
  const { sessions, adminAuth, documents, biometrics, enqueueExtraction, screening, webhooks } =
    infrastructure;

  const { db } = database;
  const { PUBLIC_URL: publicUrl, SECRET: secret } = env;
  const secureCookies = publicUrl.startsWith('https://');
  const isProduction = env.NODE_ENV === 'production';
  // The secrets test page and its API: in production, master administrators only.
  const secretsAccess = secretsTestAccess({ production: isProduction, auth: adminAuth });
  // POST /api/status/code answers before its work; the module's close hook waits for that work.
  const statusCodeSends = createAfterAnswerWork({ log: app.log, what: 'status code send' });
  app.decorate('statusCodeSends', statusCodeSends);
  // PEP and sanctions screening; at submission it runs after the answer.
  const screeningWork = createAfterAnswerWork({ log: app.log, what: 'screening at submission' });
  app.decorate('screeningWork', screeningWork);
  app.addHook('onClose', () => screeningWork.close());

  await app.register(
    async (api) => {
      await api.register(healthModule, { database });
      await api.register(debugModule, { env, access: secretsAccess });
      await api.register(applicantSessionModule, { sessions, publicUrl });
      await api.register(verificationModule, { db, clock, secret, sessions, outbox });
      await api.register(lookupModule, {
        db,
        clock,
        env,
        timeoutMs: options.lookupTimeoutMs ?? defaultLookupTimeoutMs,
        sessions,
        counter,
      });
      await api.register(documentsModule, {
        documents,
        sessions,
        extraction,
        enqueueExtraction,
        admin: { auth: adminAuth, db },
      });
      await api.register(biometricsModule, { biometrics, sessions });
      await api.register(applicationStatusModule, {
        db,
        clock,
        secret,
        sessions,
        outbox,
        codeSends: statusCodeSends,
        secureCookies,
        storage,
      });
      await api.register(applicationModule, {
        db,
        biometrics,
        clock,
        publicUrl,
        sessions,
        outbox,
        screening,
        screeningWork,
      });
      await api.register(rectificationModule, {
        db,
        clock,
        documents,
        extraction,
        enqueueExtraction,
        secureCookies,
      });
      if (!isProduction) await api.register(devModule, { db });
    },
    { prefix: '/api' },
  );

  // Set by the admin API's session guard; null on every other request.
  app.decorateRequest('admin', null);
  await app.register(adminApi, {
    prefix: '/api/admin',
    db,
    clock,
    publicUrl,
    production: isProduction,
    auth: adminAuth,
    secret,
    storage,
    outbox,
    medipayAccounts,
    medipaySandbox: paymentPlatform.sandbox,
    backgroundJobs,
    faceLinks: faceLinksOf(createFaceSearch({ db })),
    webhooks,
    retention: {
      abandonedDays: env.RETENTION_ABANDONED_DAYS,
      deniedDays: env.RETENTION_DENIED_DAYS,
      codesDays: env.RETENTION_CODES_DAYS,
      framesDays: env.RETENTION_FRAMES_DAYS,
      accessLogsDays: env.RETENTION_ACCESS_LOGS_DAYS,
    },
  });

  await app.register(handoffPageModule, { sessions });

  const web = await registerWebApp(app, {
    distDir: env.WEB_DIST_DIR ?? defaultWebDistDir,
    publicConfig: env.publicConfig,
    extraPagePatterns: isProduction ? [] : devPageRoutePatterns,
    extraCameraPages: isProduction ? [] : devCameraPagePaths,
    pageAccess: new Map([[paths.testSecrets, secretsAccess]]),
  });

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (isPageRequest && web) return web.sendNotFoundPage(reply);
    return reply.status(404).send({ code: errorCodes.notFound, message: genericMessages.notFound });
  });

  return app;
}
