import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@medipay/shared/api-error';
import { applicantSessionSchema, flowSchema } from '@medipay/shared/applicant-session';
import { toPublicSession, type ApplicantSessions } from './applicant-session.service';

export const applicantSessionRoutes: FastifyPluginAsyncZod<{
  sessions: ApplicantSessions;
}> = async (app, { sessions }) => {
  /** Starts an application (or resumes the one of this browser): sets the HttpOnly session cookie. */
  app.post(
    '/applicant/sessions',
    {
      schema: {
        body: z.object({ flow: flowSchema }),
        response: { 200: applicantSessionSchema, 201: applicantSessionSchema },
      },
      config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const { session, created } = await sessions.findOrCreate(request, reply, request.body.flow);
      return reply.status(created ? 201 : 200).send(toPublicSession(session));
    },
  );

  app.get(
    '/applicant/sessions/:flow',
    {
      schema: {
        params: z.object({ flow: flowSchema }),
        response: { 200: applicantSessionSchema, 401: apiErrorSchema },
      },
    },
    async (request) => toPublicSession(await sessions.require(request, request.params.flow)),
  );
};
