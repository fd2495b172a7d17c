import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@medipay/shared/api-error';
import {
  flowSchema,
  sendCodeRequestSchema,
  sendCodeResponseSchema,
  verifyCodeRequestSchema,
  verifyCodeResponseSchema,
} from '@medipay/shared/applicant-session';
import {
  toPublicSession,
  type ApplicantSessions,
} from '../applicant-session/applicant-session.service';
import { perIpLimits } from '../../lib/rate-limits';
import { perLiveSession } from '../../plugins/rate-limit';
import type { Outbox } from '../messaging/outbox.service';
import type { Verification } from './verification.service';

const params = z.object({ flow: flowSchema });
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  429: apiErrorSchema,
};

/**
 * Code checks are counted per applicant session (the live session of the flow's cookie; the
 * address without one, so that a made-up cookie counts nothing of its own: perLiveSession), so
 * applicants behind one address do not share a budget; each code also allows only 5 tries.
 */
const perSession = (sessions: ApplicantSessions) =>
  perLiveSession(async (request) => {
    const { flow } = request.params as { flow?: string };
    if (flow !== 'PF' && flow !== 'PJ') return null;
    return (await sessions.find(request, flow))?.id ?? null;
  });

export const verificationRoutes: FastifyPluginAsyncZod<{
  sessions: ApplicantSessions;
  verification: Verification;
  outbox: Outbox;
}> = async (app, { sessions, verification, outbox }) => {
  app.post(
    '/applicant/:flow/verification/send',
    {
      schema: {
        params,
        body: sendCodeRequestSchema,
        response: { 202: sendCodeResponseSchema, ...errors },
      },
      // Per IP, on top of the per-session and per-destination limits of the service.
      config: { rateLimit: perIpLimits.codeSends },
    },
    async (request, reply) => {
      const session = await sessions.require(request, request.params.flow);
      const { channel, destination } = request.body;
      const result = await verification.send(session, channel, destination);
      await outbox.dispatch(result.outboxId);
      return reply.status(202).send({
        channel,
        destination: result.destination,
        resendInSeconds: result.resendInSeconds,
        expiresInSeconds: result.expiresInSeconds,
      });
    },
  );

  app.post(
    '/applicant/:flow/verification/verify',
    {
      schema: {
        params,
        body: verifyCodeRequestSchema,
        response: { 200: verifyCodeResponseSchema, ...errors },
      },
      config: {
        rateLimit: { max: 60, timeWindow: '10 minutes', keyGenerator: perSession(sessions) },
      },
    },
    async (request, reply) => {
      const session = await sessions.require(request, request.params.flow);
      const { channel, code } = request.body;
      // A verified contact is a step up: the session gets a new cookie, the old one opens nothing.
      const rotation = sessions.rotation(session);
      const updated = await verification.verify(session, channel, code, rotation.apply);
      rotation.send(reply);
      return {
        channel,
        destination: (channel === 'email' ? updated.verifiedEmail : updated.verifiedPhone) ?? '',
        session: toPublicSession(updated),
      };
    },
  );
};
