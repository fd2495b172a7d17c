import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, errorCodes } from '@medipay/shared/api-error';
import {
  applicationStatusMessages as messages,
  applicationStatusSchema,
  rectificationLinkSchema,
  STATUS_ACCESS_TTL_MS,
  STATUS_COOKIE,
  STATUS_COOKIE_PATH,
  statusCodeRequestSchema,
  statusCodeSent,
  statusCodeSentSchema,
  statusMineQuerySchema,
  statusVerifyRequestSchema,
  type ApplicationStatus,
} from '@medipay/shared/application-status';
import { deletionOutcomeSchema, type DeletionOutcome } from '@medipay/shared/data-subject';
import { AppError } from '../../lib/app-error';
import { perIpLimits } from '../../lib/rate-limits';
import type { Flow } from '@medipay/shared/status';
import type { ApplicantSessions } from '../applicant-session/applicant-session.service';
import type { Outbox } from '../messaging/outbox.service';
import type { AfterAnswerWork } from './after-answer';
import type { ApplicationStatuses, StatusApplication } from './application-status.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/** Reading a status is limited per IP too. */
const readLimit = { rateLimit: perIpLimits.statusReads };
/** An export reads every document of the application: as rare as a link. */
const exportLimit = { rateLimit: perIpLimits.statusRectificationLinks };
/** Each rectification-link request writes a link row. */
const linkLimit = { rateLimit: perIpLimits.statusRectificationLinks };

/** The applicant's status page (packages/shared/src/application-status.ts). */
export const applicationStatusRoutes: FastifyPluginAsyncZod<{
  statuses: ApplicationStatuses;
  sessions: ApplicantSessions;
  outbox: Outbox;
  /** Where POST /status/code's work runs, after its answer. */
  codeSends: AfterAnswerWork;
  /** Secure cookies when the portal is served over https. */
  secureCookies: boolean;
  /** 'Baixar meus dados': the ZIP of what the portal keeps of an application. */
  exportData: (application: StatusApplication, status: ApplicationStatus) => Promise<Uint8Array>;
  /** 'Excluir meus dados': erases the application, or answers why it is kept. */
  deleteData: (application: StatusApplication) => Promise<DeletionOutcome>;
}> = async (
  app,
  { statuses, sessions, outbox, codeSends, secureCookies, exportData, deleteData },
) => {
  // The app's close waits for the codes still being sent (up to AFTER_ANSWER_CLOSE_MS). Close
  // hooks run in the reverse order of their registration: this one before the infrastructure's,
  // so the job queue still takes the deliveries asked for meanwhile.
  app.addHook('onClose', () => codeSends.close());
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  /**
   * The submitted application of the wizard's session of a flow (what that session opens once
   * the application was sent); 404 otherwise.
   */
  async function mine(request: FastifyRequest, flow: Flow) {
    const session = await sessions.findSubmitted(request, flow);
    const application = session ? await statuses.mine(session) : null;
    if (!application) throw new AppError(errorCodes.notFound, messages.notFound, 404);
    return application;
  }

  /** The application the `medipay_status` cookie opens; 401 (and the cookie cleared) otherwise. */
  async function fromCookie(request: FastifyRequest, reply: FastifyReply) {
    const value = request.cookies[STATUS_COOKIE];
    const application = await statuses.fromAccess(value);
    if (!application) {
      if (value !== undefined) reply.clearCookie(STATUS_COOKIE, { path: STATUS_COOKIE_PATH });
      throw new AppError(errorCodes.unauthorized, messages.accessExpired, 401);
    }
    return application;
  }

  app.get(
    '/status/mine',
    {
      schema: {
        querystring: statusMineQuerySchema,
        response: { 200: applicationStatusSchema, ...errors },
      },
      config: readLimit,
    },
    async (request) => statuses.view(await mine(request, request.query.flow)),
  );

  app.post(
    '/status/mine/rectification-link',
    {
      schema: {
        querystring: statusMineQuerySchema,
        response: { 200: rectificationLinkSchema, ...errors },
      },
      config: linkLimit,
    },
    async (request) => statuses.rectificationLink(await mine(request, request.query.flow)),
  );

  /** The ZIP of an application's data, as a download named after its protocol. */
  async function sendExport(reply: FastifyReply, application: StatusApplication) {
    const zip = await exportData(application, await statuses.view(application));
    return reply
      .header('content-type', 'application/zip')
      .header(
        'content-disposition',
        `attachment; filename="medipay-meus-dados-${application.protocolo}.zip"`,
      )
      .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
  }

  app.get(
    '/status/mine/export',
    { schema: { querystring: statusMineQuerySchema }, config: exportLimit },
    async (request, reply) => sendExport(reply, await mine(request, request.query.flow)),
  );

  app.get('/status/export', { config: exportLimit }, async (request, reply) =>
    sendExport(reply, await fromCookie(request, reply)),
  );

  const deletion = { schema: { response: { 200: deletionOutcomeSchema, ...errors } } };

  app.post(
    '/status/mine/deletion',
    {
      schema: { querystring: statusMineQuerySchema, response: deletion.schema.response },
      config: exportLimit,
    },
    async (request) => deleteData(await mine(request, request.query.flow)),
  );

  app.post('/status/deletion', { ...deletion, config: exportLimit }, async (request, reply) => {
    const outcome = await deleteData(await fromCookie(request, reply));
    // Nothing is left for the cookie to open.
    if (outcome.outcome === 'erased')
      reply.clearCookie(STATUS_COOKIE, { path: STATUS_COOKIE_PATH });
    return outcome;
  });

  app.post(
    '/status/code',
    {
      schema: { body: statusCodeRequestSchema, response: { 202: statusCodeSentSchema, ...errors } },
      // Per IP; per application the service allows one code a minute and five an hour.
      config: { rateLimit: perIpLimits.statusCodeSends },
    },
    async (request, reply) => {
      // The answer goes at once, the same for every protocol; the lookup, the code, its e-mail
      // and the delivery's job follow it. Done before the answer, they told a real protocol from
      // a made-up one by the answer's time (issue 23, item 8). An e-mail queued whose delivery
      // could not be asked for is found by the outbox's sweep.
      const { protocolo } = request.body;
      codeSends.run(reply, async () => {
        const { outboxId } = await statuses.sendCode(protocolo);
        if (outboxId) await outbox.dispatch(outboxId);
      });
      return reply.status(202).send(statusCodeSent);
    },
  );

  app.post(
    '/status/verify',
    {
      schema: {
        body: statusVerifyRequestSchema,
        response: { 200: applicationStatusSchema, ...errors },
      },
      config: { rateLimit: perIpLimits.statusCodeChecks },
    },
    async (request, reply) => {
      const { protocolo, code } = request.body;
      const { status, access } = await statuses.verify(protocolo, code);
      reply.setCookie(STATUS_COOKIE, access.value, {
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookies,
        path: STATUS_COOKIE_PATH,
        maxAge: STATUS_ACCESS_TTL_MS / 1000,
      });
      return status;
    },
  );

  app.get(
    '/status',
    { schema: { response: { 200: applicationStatusSchema, ...errors } }, config: readLimit },
    async (request, reply) => statuses.view(await fromCookie(request, reply)),
  );

  app.post(
    '/status/rectification-link',
    { schema: { response: { 200: rectificationLinkSchema, ...errors } }, config: linkLimit },
    async (request, reply) => statuses.rectificationLink(await fromCookie(request, reply)),
  );
};
