import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@medipay/shared/api-error';
import {
  applicantSessionSchema,
  flowSchema,
  handoffResponseSchema,
} from '@medipay/shared/applicant-session';
import { handoffPath, handoffRoutePattern, paths } from '@medipay/shared/routes';
import { isLoopbackUrl } from '../../lib/public-url';
import { perIpLimits } from '../../lib/rate-limits';
import {
  HANDOFF_TTL_MS,
  toPublicSession,
  type ApplicantSessions,
} from './applicant-session.service';

export const applicantSessionRoutes: FastifyPluginAsyncZod<{
  sessions: ApplicantSessions;
  publicUrl: string;
}> = async (app, { sessions, publicUrl }) => {
  const loopback = isLoopbackUrl(publicUrl);
  /** Starts an application (or resumes the one of this browser): sets the HttpOnly session cookie. */
  app.post(
    '/applicant/sessions',
    {
      schema: {
        body: z.object({ flow: flowSchema }),
        response: { 200: applicantSessionSchema, 201: applicantSessionSchema },
      },
      // Per IP, sized for many applicants behind one address (lib/rate-limits.ts).
      config: { rateLimit: perIpLimits.sessionCreations },
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
    // Sent or not (`submitted` tells): the wizard asks whether its tab's drafts still count.
    async (request) => toPublicSession(await sessions.requireLive(request, request.params.flow)),
  );

  /** 'Sair': ends this browser's session of the flow (204 whether or not one was open). */
  app.delete(
    '/applicant/sessions/:flow',
    {
      schema: { params: z.object({ flow: flowSchema }) },
      config: { rateLimit: perIpLimits.sessionCreations },
    },
    async (request, reply) => {
      await sessions.end(request, reply, request.params.flow);
      return reply.status(204).send();
    },
  );

  /**
   * A single-use link (shown as a QR code) that lets a phone take the selfie step of this
   * application. The individual flow only: the company flow has no selfie step. None once the
   * application was sent (403).
   */
  app.post(
    '/applicant/PF/handoff',
    {
      schema: {
        response: { 201: handoffResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const session = await sessions.require(request, 'PF');
      const { token } = await sessions.createHandoff(session);
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({
          url: `${publicUrl}${handoffPath(token)}`,
          expiresInSeconds: HANDOFF_TTL_MS / 1000,
          loopback,
        });
    },
  );
};

/**
 * The page a handoff link opens: it gives the phone its own credential for the selfie step (the
 * phone's session cookies, if any, stay as they were) and goes on to the phone's page.
 */
export const handoffPageRoutes: FastifyPluginAsyncZod<{ sessions: ApplicantSessions }> = async (
  app,
  { sessions },
) => {
  app.get(
    handoffRoutePattern,
    {
      schema: { params: z.object({ token: z.string().max(64) }) },
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const opened = await sessions.redeemHandoff(request.params.token, reply);
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(opened ? paths.handoffPhone : paths.handoffExpired, 303);
    },
  );
};
