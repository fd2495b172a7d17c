import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, genericMessages } from '@medipay/shared/api-error';
import {
  pfApplicationStateSchema,
  pfSavableSteps,
  pfSubmitErrorSchema,
  pfSubmitRequestSchema,
  pfSubmitResponseSchema,
  type PfSavableStep,
} from '@medipay/shared/pf-application';
import {
  sessionCookieNames,
  type ApplicantSessions,
} from '../applicant-session/applicant-session.service';
import type { Outbox } from '../messaging/outbox.service';
import type { PfApplications } from './pf-application.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/**
 * Writes are limited per applicant session (the session cookie; the IP without one): applicants
 * behind one address (a hospital's network) do not share a limit, and new sessions are already
 * limited per IP.
 */
const perSession = (request: FastifyRequest) =>
  request.cookies[sessionCookieNames.PF] ?? request.ip;

/** The individual (PF) application: resume, save each step, submit. */
export const pfApplicationRoutes: FastifyPluginAsyncZod<{
  applications: PfApplications;
  sessions: ApplicantSessions;
  outbox: Outbox;
}> = async (app, { applications, sessions, outbox }) => {
  app.get(
    '/applicant/PF/application',
    { schema: { response: { 200: pfApplicationStateSchema, 401: apiErrorSchema } } },
    async (request, reply) => {
      const session = await sessions.require(request, 'PF');
      return reply.header('cache-control', 'no-store').send(await applications.state(session));
    },
  );

  app.put(
    '/applicant/PF/application/steps/:step',
    {
      schema: {
        params: z.object({
          step: z
            .enum(pfSavableSteps.map(String) as [string, ...string[]], {
              error: genericMessages.validation,
            })
            .transform((value) => Number(value) as PfSavableStep),
        }),
        // Each step's form schema (packages/shared) is applied by the service.
        body: z.looseObject({}, { error: genericMessages.validation }),
        response: { 200: pfApplicationStateSchema, ...errors },
      },
      config: { rateLimit: { max: 600, timeWindow: '10 minutes', keyGenerator: perSession } },
    },
    async (request, reply) => {
      const session = await sessions.require(request, 'PF');
      const state = await applications.saveStep(session, request.params.step, request.body);
      return reply.header('cache-control', 'no-store').send(state);
    },
  );

  app.post(
    '/applicant/PF/application/submit',
    {
      schema: {
        body: pfSubmitRequestSchema,
        response: {
          201: pfSubmitResponseSchema,
          ...errors,
          422: pfSubmitErrorSchema,
          503: apiErrorSchema,
        },
      },
      config: { rateLimit: { max: 20, timeWindow: '10 minutes', keyGenerator: perSession } },
    },
    async (request, reply) => {
      const session = await sessions.require(request, 'PF');
      const { protocolo, email, outboxId } = await applications.submit(session);
      if (outboxId) await outbox.dispatch(outboxId);
      return reply.status(201).send({ protocolo, email });
    },
  );
};
