import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, genericMessages } from '@medipay/shared/api-error';
import { DEVICE_ID_HEADER, deviceIdSchema } from '@medipay/shared/case-review';
import {
  savableSteps,
  submitErrorSchema,
  submitRequestSchema,
  submitResponseSchema,
} from '@medipay/shared/application-wire';
import type { Flow } from '@medipay/shared/status';
import type { ApplicantSessions } from '../applicant-session/applicant-session.service';
import { perLiveSession } from '../../plugins/rate-limit';
import type { AfterAnswerWork } from '../application-status/after-answer';
import type { Outbox } from '../messaging/outbox.service';
import type { Screening } from '../screening/screening.service';
import { createApplications, type Applications } from './application.service';
import type { FlowDefinition, SavableStep } from './flow-definition';
import { pfFlow } from './flows/pf';
import { pjFlow } from './flows/pj';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The screening at submission, after the answer (tests await its `settled()`). */
    screeningWork: AfterAnswerWork;
  }
}

/**
 * One flow's application (PF: the individual, PJ: the company): resume, save each step, submit,
 * under `/applicant/<flow>/application`.
 */
export const applicationRoutes: FastifyPluginAsyncZod<{
  definition: Pick<FlowDefinition<Flow>, 'flow' | 'stateSchema'>;
  applications: Applications;
  sessions: ApplicantSessions;
  outbox: Outbox;
  screening: Pick<Screening, 'screenApplication'>;
  /** Where the screening at submission runs, after the answer; the app's close waits for it. */
  screeningWork: AfterAnswerWork;
}> = async (app, { definition, applications, sessions, outbox, screening, screeningWork }) => {
  const { flow, stateSchema } = definition;
  const base = `/applicant/${flow}/application`;

  /**
   * Writes are limited per applicant session (the live session of the cookie; the address without
   * one, so that a made-up cookie counts nothing of its own: perLiveSession): applicants behind
   * one address (a hospital's network) do not share a limit, and new sessions are already
   * limited per IP.
   */
  const perSession = perLiveSession(
    async (request) => (await sessions.find(request, flow))?.id ?? null,
  );

  app.get(
    base,
    // Until it is sent: the session then opens the status page only (403 here).
    { schema: { response: { 200: stateSchema, 401: apiErrorSchema, 403: apiErrorSchema } } },
    async (request, reply) => {
      const session = await sessions.require(request, flow);
      return reply.header('cache-control', 'no-store').send(await applications.state(session));
    },
  );

  app.put(
    `${base}/steps/:step`,
    {
      schema: {
        params: z.object({
          step: z
            .enum(savableSteps.map(String) as [string, ...string[]], {
              error: genericMessages.validation,
            })
            .transform((value) => Number(value) as SavableStep),
        }),
        // Each step's form schema (packages/shared) is applied by the service.
        body: z.looseObject({}, { error: genericMessages.validation }),
        response: { 200: stateSchema, ...errors },
      },
      config: { rateLimit: { max: 600, timeWindow: '10 minutes', keyGenerator: perSession } },
    },
    async (request, reply) => {
      const session = await sessions.require(request, flow);
      const device = deviceIdSchema.safeParse(request.headers[DEVICE_ID_HEADER]);
      const state = await applications.saveStep(
        session,
        request.params.step,
        request.body,
        device.success ? device.data : null,
      );
      return reply.header('cache-control', 'no-store').send(state);
    },
  );

  app.post(
    `${base}/submit`,
    {
      schema: {
        body: submitRequestSchema,
        response: {
          201: submitResponseSchema,
          ...errors,
          422: submitErrorSchema,
          503: apiErrorSchema,
        },
      },
      config: { rateLimit: { max: 20, timeWindow: '10 minutes', keyGenerator: perSession } },
    },
    async (request, reply) => {
      const session = await sessions.require(request, flow);
      // Sent: the session gets a new cookie that opens the status page only.
      const rotation = sessions.rotation(session);
      const { protocolo, email, outboxId, recordId } = await applications.submit(
        session,
        (tx, now) => rotation.apply(tx, { submittedAt: now }),
      );
      rotation.send(reply);
      if (outboxId) await outbox.dispatch(outboxId);
      // PEP and sanctions screening, after the answer: should it fail, the screening job finds
      // the application without a screening and screens it (screening.job.ts).
      screeningWork.run(reply, async () => {
        await screening.screenApplication(flow, recordId);
      });
      return reply.status(201).send({ protocolo, email });
    },
  );
};

/** Both flows' applications (PF, then PJ), each with its service. */
export const applicationModule: FastifyPluginAsync<
  Parameters<typeof createApplications>[1] & {
    sessions: ApplicantSessions;
    outbox: Outbox;
    screening: Pick<Screening, 'screenApplication'>;
    screeningWork: AfterAnswerWork;
  }
> = async (app, { sessions, outbox, screening, screeningWork, ...deps }) => {
  const register = <F extends Flow>(definition: FlowDefinition<F>) =>
    app.register(applicationRoutes, {
      definition,
      applications: createApplications(definition, deps),
      sessions,
      outbox,
      screening,
      screeningWork,
    });
  await register(pfFlow);
  await register(pjFlow);
};
