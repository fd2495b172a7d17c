import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import { verificationResults } from '@medipay/db/schema';
import { errorCodes } from '@medipay/shared/api-error';
import {
  biometricMessages,
  challengeFrameNames,
  type BiometricCheck,
  type BiometricCheckRequest,
  type ChallengeTimings,
  type LivenessChallengeResponse,
} from '@medipay/shared/biometrics';
import { pfFileFields } from '@medipay/shared/files';
import { challengeOrder } from '@medipay/shared/liveness';
import { randomInt } from '@medipay/shared/random';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ApplicantSessionRow } from '../applicant-session/applicant-session.repository';
import {
  findDocument,
  findLatestDocument,
  type DocumentRow,
} from '../documents/documents.repository';
import type { Documents } from '../documents/documents.service';
import type { FaceEngine } from '../kyc/face-engine';
import { createFaceCheck } from './biometrics.face-check';
import {
  LIVENESS_FRAME_FIELD,
  toCheck,
  type ChallengeRecord,
  type CheckRecord,
} from './biometrics.records';
import { findChallenge, findOwnDocument } from './biometrics.repository';
import { sandboxCheck } from './biometrics.sandbox';

export type { CheckRecord } from './biometrics.records';

/** A challenge must be answered (its frames sent) within this time. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** The identity document whose photo the selfie is compared with. */
const IDENTITY_FRONT_FIELD = 'docIdentidadeFrente';

export type Biometrics = {
  issueChallenge: (session: ApplicantSessionRow) => Promise<LivenessChallengeResponse>;
  /**
   * Keeps the frames the browser captured (the neutral frame, then one per step of the
   * challenge) with their capture times, when they come with the challenge's nonce.
   */
  submitFrames: (
    session: ApplicantSessionRow,
    challengeId: string,
    answer: {
      frames: Map<string, { fileName: string; data: Buffer }>;
      nonce: string;
      timings: ChallengeTimings;
    },
  ) => Promise<void>;
  /** Face match and liveness of the session's selfie, selfie with document and document photo. */
  check: (session: ApplicantSessionRow, request: BiometricCheckRequest) => Promise<BiometricCheck>;
  /** The newest check of the session, or null. */
  latest: (session: ApplicantSessionRow) => Promise<BiometricCheck | null>;
  /** Checks, stores and records a selfie photo sent by the phone of 'Continuar no celular'. */
  uploadPhoto: (
    session: ApplicantSessionRow,
    field: SelfiePhotoField,
    file: { fileName: string; data: Buffer },
  ) => Promise<DocumentRow>;
  /** A selfie photo of the session stored at or after `since` (what the phone sent), or null. */
  photoSince: (
    session: ApplicantSessionRow,
    id: string,
    since: Date,
  ) => Promise<DocumentRow | null>;
  /** The stored file of a photo (or its thumbnail), or null when it is gone. */
  readPhoto: (document: DocumentRow, thumbnail: boolean) => Promise<Readable | null>;
  /** The two photos a check of the session compared, or null when one is gone. */
  photosOf: (
    session: ApplicantSessionRow,
    check: BiometricCheck,
  ) => Promise<{ selfie: DocumentRow; selfieDoc: DocumentRow } | null>;
};

/** The photos of the selfie step, the only documents a phone of 'Continuar no celular' sends. */
export const selfiePhotoFields = ['selfie', 'selfieDoc'] as const;
export type SelfiePhotoField = (typeof selfiePhotoFields)[number];

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const challengeNotFound = () =>
  new AppError(errorCodes.notFound, biometricMessages.challengeNotFound, 404);

export function createBiometrics(deps: {
  db: Database;
  documents: Documents;
  engine: FaceEngine;
  clock: Clock;
  log: FastifyBaseLogger;
  sandbox: boolean;
}): Biometrics {
  const { db, documents, engine, clock, log, sandbox } = deps;

  const realCheck = createFaceCheck({ db, documents, engine });

  return {
    issueChallenge: async (session) => {
      const now = clock.now();
      const order = challengeOrder((max) => randomInt(0, max - 1));
      const nonce = randomBytes(24).toString('base64url');
      const record: ChallengeRecord = {
        order,
        issuedAt: now.toISOString(),
        nonceHash: sha256(nonce),
      };
      const [row] = await db
        .insert(verificationResults)
        .values({ sessionId: session.id, check: 'liveness', result: record, createdAt: now })
        .returning({ id: verificationResults.id });
      return { id: row!.id, order, nonce, expiresInSeconds: CHALLENGE_TTL_MS / 1000 };
    },

    submitFrames: async (session, challengeId, { frames, nonce, timings }) => {
      const challenge = await findChallenge(db, session, challengeId);
      if (!challenge) throw challengeNotFound();
      const now = clock.now();
      const issuedAt = new Date(challenge.record.issuedAt).getTime();
      if (now.getTime() - issuedAt > CHALLENGE_TTL_MS) throw challengeNotFound();
      if (challenge.row.status !== 'pending')
        throw new AppError(errorCodes.conflict, biometricMessages.challengeUsed, 409);
      // Without its nonce the frames are not this challenge's answer: as if it did not exist.
      const expected = Buffer.from(challenge.record.nonceHash ?? '', 'hex');
      const given = Buffer.from(sha256(nonce), 'hex');
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        throw challengeNotFound();
      const names = challengeFrameNames.slice(0, challenge.record.order.length + 1);
      if (frames.size !== names.length || names.some((name) => !frames.has(name)))
        throw new AppError(errorCodes.badRequest, biometricMessages.missingFrames, 400);
      const frameIds: string[] = [];
      for (const name of names) {
        const frame = frames.get(name)!;
        const row = await documents.upload({
          session,
          field: LIVENESS_FRAME_FIELD,
          kind: 'image',
          fileName: frame.fileName,
          data: frame.data,
        });
        frameIds.push(row.id);
      }
      const record: ChallengeRecord = {
        ...challenge.record,
        frameIds,
        timings,
        completedAt: now.toISOString(),
      };
      const updated = await db
        .update(verificationResults)
        .set({ status: 'done', result: record, completedAt: now })
        .where(
          and(eq(verificationResults.id, challengeId), eq(verificationResults.status, 'pending')),
        )
        .returning({ id: verificationResults.id });
      if (updated.length === 0)
        throw new AppError(errorCodes.conflict, biometricMessages.challengeUsed, 409);
    },

    check: async (session, request) => {
      const selfie = await findOwnDocument(db, session, request.selfieId, 'selfie');
      const selfieDoc = await findOwnDocument(db, session, request.selfieDocId, 'selfieDoc');
      const document = await findLatestDocument(db, session.id, IDENTITY_FRONT_FIELD);
      if (!selfie || !selfieDoc || !document)
        throw new AppError(errorCodes.badRequest, biometricMessages.missingPhotos, 400);
      let record: CheckRecord;
      try {
        record = sandbox
          ? sandboxCheck(request, selfie)
          : await realCheck(session, request, { selfie, selfieDoc, document });
      } catch (error) {
        log.error({ err: error }, 'biometric check failed');
        throw new AppError(errorCodes.unavailable, biometricMessages.technicalFailure, 503);
      }
      const now = clock.now();
      await db.insert(verificationResults).values({
        sessionId: session.id,
        documentId: selfie.id,
        check: 'face_match',
        status: 'done',
        result: record,
        createdAt: now,
        completedAt: now,
      });
      return toCheck(record, now);
    },

    latest: async (session) => {
      const [row] = await db
        .select()
        .from(verificationResults)
        .where(
          and(
            eq(verificationResults.sessionId, session.id),
            eq(verificationResults.check, 'face_match'),
          ),
        )
        .orderBy(desc(verificationResults.createdAt))
        .limit(1);
      return row ? toCheck(row.result as CheckRecord, row.createdAt) : null;
    },

    uploadPhoto: (session, field, file) =>
      documents.upload({ session, field, kind: pfFileFields[field], ...file }),

    photoSince: async (session, id, since) => {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const document = await findDocument(db, id);
      return document &&
        document.sessionId === session.id &&
        (selfiePhotoFields as readonly string[]).includes(document.field) &&
        document.createdAt >= since
        ? document
        : null;
    },

    readPhoto: async (document, thumbnail) => {
      const key = thumbnail ? document.thumbnailKey : document.storageKey;
      return key ? documents.storage.get(key) : null;
    },

    photosOf: async (session, check) => {
      const selfie = await findOwnDocument(db, session, check.selfieId, 'selfie');
      const selfieDoc = await findOwnDocument(db, session, check.selfieDocId, 'selfieDoc');
      return selfie && selfieDoc ? { selfie, selfieDoc } : null;
    },
  };
}
