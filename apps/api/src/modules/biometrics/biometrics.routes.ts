import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, errorCodes, genericMessages } from '@medipay/shared/api-error';
import {
  biometricCheckRequestSchema,
  biometricCheckSchema,
  biometricDecisionAccepted,
  biometricMessages,
  challengeFrameNames,
  challengeTimingsSchema,
  keptBiometricAnswerSchema,
  livenessChallengeResponseSchema,
  type BiometricCheck,
} from '@medipay/shared/biometrics';
import { uploadedDocumentSchema, type UploadedDocument } from '@medipay/shared/documents';
import {
  HANDOFF_API_PATH,
  handoffMessages,
  handoffProgressSchema,
  phoneHandoffSchema,
} from '@medipay/shared/handoff';
import { LIVENESS_STEPS } from '@medipay/shared/liveness';
import { validationMessages } from '@medipay/shared/messages';
import { AppError } from '../../lib/app-error';
import type { ApplicantSessionRow } from '../applicant-session/applicant-session.repository';
import type { ApplicantSessions } from '../applicant-session/applicant-session.service';
import { readUploadedFile, sendDocument } from '../documents/document-http';
import type { DocumentRow } from '../documents/documents.repository';
import { toUploadedDocument } from '../documents/documents.service';
import { selfiePhotoFields, type Biometrics, type SelfiePhotoField } from './biometrics.service';

/** The form fields that come with the frames. */
const challengeFrameFields = new Set(['nonce', 'timings']);

const parseJson = (text: string | undefined): unknown => {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
};

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

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

const limit = { rateLimit: { max: 30, timeWindow: '10 minutes' } };

/** Who takes the selfie step, and what happens once their check is done. */
type SelfieStepAccess = {
  session: ApplicantSessionRow;
  checked?: (check: BiometricCheck) => Promise<void>;
};

/**
 * The selfie step's liveness challenge, its frames and the check, under `prefix`: the wizard's
 * (`/applicant/PF`, the session cookie) and the phone's (`/handoff`, the phone's credential).
 */
function selfieStepRoutes(
  app: ZodApp,
  biometrics: Biometrics,
  prefix: string,
  access: (request: FastifyRequest) => Promise<SelfieStepAccess>,
) {
  app.post(
    `${prefix}/biometrics/challenges`,
    { schema: { response: { 201: livenessChallengeResponseSchema, ...errors } }, config: limit },
    async (request, reply) => {
      const { session } = await access(request);
      return reply.status(201).send(await biometrics.issueChallenge(session));
    },
  );

  app.post(
    `${prefix}/biometrics/challenges/:id/frames`,
    {
      schema: { params: z.object({ id: z.uuid() }), response: { 204: z.null(), ...errors } },
      config: limit,
    },
    async (request, reply) => {
      const { session } = await access(request);
      if (!request.isMultipart())
        throw new AppError(errorCodes.badRequest, biometricMessages.missingFrames, 400);
      const frames = new Map<string, { fileName: string; data: Buffer }>();
      const fields = new Map<string, string>();
      const wrongFrames = () =>
        new AppError(errorCodes.badRequest, biometricMessages.missingFrames, 400);
      try {
        for await (const part of request.parts({
          limits: { files: LIVENESS_STEPS + 1, fileSize: MAX_FRAME_BYTES, fields: 2 },
        })) {
          if (part.type !== 'file') {
            if (!challengeFrameFields.has(part.fieldname) || fields.has(part.fieldname))
              throw wrongFrames();
            fields.set(part.fieldname, String(part.value));
            continue;
          }
          const data = await part.toBuffer();
          if (!challengeFrameNames.includes(part.fieldname) || frames.has(part.fieldname))
            throw wrongFrames();
          frames.set(part.fieldname, { fileName: part.filename, data });
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(errorCodes.payloadTooLarge, validationMessages.fileTooLarge, 413);
        if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') throw wrongFrames();
        throw error;
      }
      const timings = challengeTimingsSchema.safeParse(parseJson(fields.get('timings')));
      if (!timings.success) throw wrongFrames();
      await biometrics.submitFrames(session, request.params.id, {
        frames,
        nonce: fields.get('nonce') ?? '',
        timings: timings.data,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${prefix}/biometrics/check`,
    {
      schema: {
        body: biometricCheckRequestSchema,
        response: { 200: biometricCheckSchema, ...errors },
      },
      config: limit,
    },
    async (request) => {
      const { session, checked } = await access(request);
      const check = await biometrics.check(session, request.body);
      await checked?.(check);
      return check;
    },
  );
}

/** The phone's copy of a photo it sent: previews through the phone's own route. */
function phoneDocument(row: DocumentRow): UploadedDocument {
  const base = `/api${HANDOFF_API_PATH}/documents/${row.id}`;
  return {
    ...toUploadedDocument(row),
    url: base,
    thumbnailUrl: row.thumbnailKey ? `${base}/thumbnail` : null,
  };
}

/**
 * The selfie step of the individual (PF) flow: liveness challenge and face match, for the
 * wizard's session and for the phone of 'Continuar no celular'. The phone's routes (under
 * HANDOFF_API_PATH) accept only its credential, and serve only the selfie step: the masked hint,
 * the two selfie photos (sending, and previewing what it sent), the challenge and the check.
 */
export const biometricsRoutes: FastifyPluginAsyncZod<{
  biometrics: Biometrics;
  sessions: ApplicantSessions;
}> = async (app, { biometrics, sessions }) => {
  selfieStepRoutes(app, biometrics, '/applicant/PF', async (request) => ({
    session: await sessions.require(request, 'PF'),
  }));

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

  /**
   * The newest check, when it lets the applicant go on, with its photos: the step shows it again
   * after a reload (its photos are the session's, taken here or by the phone). A check that
   * failed, or whose photos are gone, is not kept: null, and the step starts over (every step
   * opens with this request, so nothing kept is not an error).
   */
  app.get(
    '/applicant/PF/biometrics/passed',
    { schema: { response: { 200: keptBiometricAnswerSchema, ...errors } } },
    async (request, reply) => {
      const session = await sessions.require(request, 'PF');
      reply.header('cache-control', 'no-store');
      const latest = await biometrics.latest(session);
      const photos =
        latest && biometricDecisionAccepted(latest.decision)
          ? await biometrics.photosOf(session, latest)
          : null;
      if (!latest || !photos) return null;
      return {
        check: latest,
        selfie: toUploadedDocument(photos.selfie),
        selfieDoc: toUploadedDocument(photos.selfieDoc),
      };
    },
  );

  /** The desktop follows its newest link; once the phone's check passed, it gets the result. */
  app.get(
    '/applicant/PF/handoff',
    { schema: { response: { 200: handoffProgressSchema, 401: apiErrorSchema } } },
    async (request, reply) => {
      const session = await sessions.require(request, 'PF');
      reply.header('cache-control', 'no-store');
      const state = await sessions.handoffState(session);
      const check = state === 'done' ? await biometrics.latest(session) : null;
      const photos = check ? await biometrics.photosOf(session, check) : null;
      return {
        state,
        result:
          check && photos
            ? {
                check,
                selfie: toUploadedDocument(photos.selfie),
                selfieDoc: toUploadedDocument(photos.selfieDoc),
              }
            : null,
      };
    },
  );

  // The phone.
  const phone = HANDOFF_API_PATH;

  selfieStepRoutes(app, biometrics, phone, async (request) => {
    const access = await sessions.requireHandoff(request);
    return {
      session: access.session,
      // A check that lets the applicant go on ends the phone's part.
      checked: async (check) => {
        if (biometricDecisionAccepted(check.decision)) await sessions.completeHandoff(access);
      },
    };
  });

  app.get(
    phone,
    { schema: { response: { 200: phoneHandoffSchema, 401: apiErrorSchema } } },
    async (request, reply) => {
      const access = await sessions.requireHandoff(request);
      reply.header('cache-control', 'no-store');
      return {
        hint: await sessions.handoffHint(access),
        expiresInSeconds: access.expiresInSeconds,
      };
    },
  );

  app.post(
    `${phone}/documents/:field`,
    {
      schema: {
        params: z.object({ field: z.string().max(40) }),
        response: { 201: uploadedDocumentSchema, ...errors },
      },
      config: limit,
    },
    async (request, reply) => {
      const { session } = await sessions.requireHandoff(request);
      const { field } = request.params;
      if (!(selfiePhotoFields as readonly string[]).includes(field))
        throw new AppError(errorCodes.notFound, handoffMessages.unknownField, 404);
      const file = await readUploadedFile(request);
      const row = await biometrics.uploadPhoto(session, field as SelfiePhotoField, file);
      return reply.status(201).send(phoneDocument(row));
    },
  );

  for (const thumbnail of [false, true]) {
    app.get(
      `${phone}/documents/:id${thumbnail ? '/thumbnail' : ''}`,
      { schema: { params: z.object({ id: z.string().max(64) }) }, config: limit },
      async (request, reply) => {
        const { session, openedAt } = await sessions.requireHandoff(request);
        const document = await biometrics.photoSince(session, request.params.id, openedAt);
        const stream = document ? await biometrics.readPhoto(document, thumbnail) : null;
        if (!document || !stream)
          throw new AppError(errorCodes.notFound, genericMessages.notFound, 404);
        return sendDocument(reply, document, stream, thumbnail);
      },
    );
  }
};
