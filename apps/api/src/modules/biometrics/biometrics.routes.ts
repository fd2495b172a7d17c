import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, errorCodes, genericMessages } from '@medipay/shared/api-error';
import {
  biometricCheckRequestSchema,
  biometricCheckSchema,
  biometricMessages,
  livenessChallengeResponseSchema,
} from '@medipay/shared/biometrics';
import { livenessChallengeSchema } from '@medipay/shared/liveness';
import { validationMessages } from '@medipay/shared/messages';
import { AppError } from '../../lib/app-error';
import type { ApplicantSessions } from '../applicant-session/applicant-session.service';
import type { Biometrics } from './biometrics.service';

/** A challenge frame is a 640x480 JPEG: far below this. */
const MAX_FRAME_BYTES = 2 * 1024 * 1024;

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
  503: apiErrorSchema,
};

/** The selfie step of the individual (PF) flow: liveness challenge and face match. */
export const biometricsRoutes: FastifyPluginAsyncZod<{
  biometrics: Biometrics;
  sessions: ApplicantSessions;
}> = async (app, { biometrics, sessions }) => {
  const limit = { rateLimit: { max: 30, timeWindow: '10 minutes' } };

  app.post(
    '/applicant/PF/biometrics/challenges',
    { schema: { response: { 201: livenessChallengeResponseSchema, ...errors } }, config: limit },
    async (request, reply) => {
      const session = await sessions.require(request, 'PF');
      return reply.status(201).send(await biometrics.issueChallenge(session));
    },
  );

  app.post(
    '/applicant/PF/biometrics/challenges/:id/frames',
    {
      schema: { params: z.object({ id: z.uuid() }), response: { 204: z.null(), ...errors } },
      config: limit,
    },
    async (request, reply) => {
      const session = await sessions.require(request, 'PF');
      if (!request.isMultipart())
        throw new AppError(errorCodes.badRequest, biometricMessages.missingFrames, 400);
      const frames = new Map<string, { fileName: string; data: Buffer }>();
      const wrongFrames = () =>
        new AppError(errorCodes.badRequest, biometricMessages.missingFrames, 400);
      try {
        for await (const part of request.parts({
          limits: { files: 3, fileSize: MAX_FRAME_BYTES, fields: 2 },
        })) {
          if (part.type !== 'file') continue;
          const step = livenessChallengeSchema.safeParse(part.fieldname);
          const data = await part.toBuffer();
          if (!step.success || frames.has(step.data)) throw wrongFrames();
          frames.set(step.data, { fileName: part.filename, data });
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(errorCodes.payloadTooLarge, validationMessages.fileTooLarge, 413);
        if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') throw wrongFrames();
        throw error;
      }
      await biometrics.submitFrames(session, request.params.id, frames);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/applicant/PF/biometrics/check',
    {
      schema: {
        body: biometricCheckRequestSchema,
        response: { 200: biometricCheckSchema, ...errors },
      },
      config: limit,
    },
    async (request) => {
      const session = await sessions.require(request, 'PF');
      return biometrics.check(session, request.body);
    },
  );

  app.get(
    '/applicant/PF/biometrics/check',
    { schema: { response: { 200: biometricCheckSchema, ...errors } } },
    async (request) => {
      const session = await sessions.require(request, 'PF');
      const latest = await biometrics.latest(session);
      if (!latest) throw new AppError(errorCodes.notFound, genericMessages.notFound, 404);
      return latest;
    },
  );
};
