import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, genericMessages } from '@medipay/shared/api-error';
import {
  pjApplicationStateSchema,
  pjSavableSteps,
  pjSubmitErrorSchema,
  pjSubmitRequestSchema,
  pjSubmitResponseSchema,
  type PjSavableStep,
} from '@medipay/shared/pj-application';
import {
  sessionCookieNames,
  type ApplicantSessions,
} from '../applicant-session/applicant-session.service';
import type { Outbox } from '../messaging/outbox.service';
import type { PjApplications } from './pj-application.service';

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
  request.cookies[sessionCookieNames.PJ] ?? request.ip;

/** The company (PJ) application: resume, save each step, submit. */
export const pjApplicationRoutes: FastifyPluginAsyncZod<{
  applications: PjApplications;
  sessions: ApplicantSessions;
  outbox: Outbox;
}> = async (app, { applications, sessions, outbox }) => {
  app.get(
    '/applicant/PJ/application',
    { schema: { response: { 200: pjApplicationStateSchema, 401: apiErrorSchema } } },
    async (request, reply) => {
      const session = await sessions.require(request, 'PJ');
      return reply.header('cache-control', 'no-store').send(await applications.state(session));
    },
  );

  app.put(
    '/applicant/PJ/application/steps/:step',
    {
      schema: {
        params: z.object({
          step: z
            .enum(pjSavableSteps.map(String) as [string, ...string[]], {
              error: genericMessages.validation,
            })
            .transform((value) => Number(value) as PjSavableStep),
        }),
        // Each step's form schema (packages/shared) is applied by the service.
        body: z.looseObject({}, { error: genericMessages.validation }),
        response: { 200: pjApplicationStateSchema, ...errors },
      },
      config: { rateLimit: { max: 600, timeWindow: '10 minutes', keyGenerator: perSession } },
    },
    async (request, reply) => {
      const session = await sessions.require(request, 'PJ');
      const state = await applications.saveStep(session, request.params.step, request.body);
      return reply.header('cache-control', 'no-store').send(state);
    },
  );

  app.post(
    '/applicant/PJ/application/submit',
    {
      schema: {
        body: pjSubmitRequestSchema,
        response: {
          201: pjSubmitResponseSchema,
          ...errors,
          422: pjSubmitErrorSchema,
          503: apiErrorSchema,
        },
      },
      config: { rateLimit: { max: 20, timeWindow: '10 minutes', keyGenerator: perSession } },
    },
    async (request, reply) => {
      const session = await sessions.require(request, 'PJ');
      const { protocolo, email, outboxId } = await applications.submit(session);
      if (outboxId) await outbox.dispatch(outboxId);
      return reply.status(201).send({ protocolo, email });
    },
  );
};
