import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import { verificationResults } from '@medipay/db/schema';
import { errorCodes } from '@medipay/shared/api-error';
import {
  biometricMessages,
  biometricReasonMessages,
  SANDBOX_FAIL_MARKER,
  SANDBOX_REVIEW_MARKER,
  type BiometricCheck,
  type BiometricCheckRequest,
  type BiometricDecision,
  type FaceSimilarities,
  type LivenessChallengeResponse,
} from '@medipay/shared/biometrics';
import { pfFileFields } from '@medipay/shared/files';
import { challengeOrder, type LivenessChallenge } from '@medipay/shared/liveness';
import { randomInt } from '@medipay/shared/random';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { readStream } from '../../lib/streams';
import type { ApplicantSessionRow } from '../applicant-session/applicant-session.repository';
import {
  findDocument,
  findLatestDocument,
  type DocumentRow,
} from '../documents/documents.repository';
import type { Documents } from '../documents/documents.service';
import type { FaceAnalysis, FaceEngine } from '../kyc/face-engine';
import { combineDecision } from '../kyc/biometric-decision';
import { evaluateFaceMatch, faceMatchThresholds, type SimilarityBand } from '../kyc/face-match';
import { evaluateLiveness, type LivenessOutcome } from '../kyc/liveness-check';

/** A challenge must be answered (its frames sent) within this time. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** The document field under which the challenge frames are kept (private, like every document). */
export const LIVENESS_FRAME_FIELD = 'livenessFrame';
/** The identity document whose photo the selfie is compared with. */
const IDENTITY_FRONT_FIELD = 'docIdentidadeFrente';

type ChallengeRecord = {
  order: LivenessChallenge[];
  issuedAt: string;
  frameIds?: string[];
  completedAt?: string;
};

/** What a face check stores in verification_results.result (check 'face_match'). */
export type CheckRecord = {
  /** Absent from the records written before the three outcomes (see decisionOf). */
  decision?: BiometricDecision;
  /** Records written before the three outcomes only. */
  passed?: boolean;
  confidence: number;
  reasons: BiometricCheck['reasons'];
  selfieId: string;
  selfieDocId: string;
  challengeId: string | null;
  sandbox: boolean;
  faceMatch?: FaceSimilarities;
  liveness?: LivenessOutcome;
};

/** A stored check's decision; an older record's `passed` was the only accepted outcome. */
export function decisionOf(record: CheckRecord): BiometricDecision {
  return record.decision ?? (record.passed ? 'aprovado' : 'reprovado');
}

const noSimilarities: FaceSimilarities = { selfieToSelfieDoc: null, selfieToDocument: null };

export type Biometrics = {
  issueChallenge: (session: ApplicantSessionRow) => Promise<LivenessChallengeResponse>;
  /** Keeps the frames the browser captured, one per step of the challenge. */
  submitFrames: (
    session: ApplicantSessionRow,
    challengeId: string,
    frames: Map<string, { fileName: string; data: Buffer }>,
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

const challengeNotFound = () =>
  new AppError(errorCodes.notFound, biometricMessages.challengeNotFound, 404);

function toCheck(record: CheckRecord, checkedAt: Date): BiometricCheck {
  return {
    decision: decisionOf(record),
    confidence: record.confidence,
    similarities: record.faceMatch ?? noSimilarities,
    reasons: record.reasons,
    selfieId: record.selfieId,
    selfieDocId: record.selfieDocId,
    sandbox: record.sandbox,
    checkedAt: checkedAt.toISOString(),
  };
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
/** Halfway between the band's limits: uncertain, whatever the thresholds are tuned to. */
const uncertain = (band: SimilarityBand) => round3((band.approve + band.reject) / 2);

/**
 * The similarities the sandbox reports: aprovado as always (confidence 0.962), em revisão in the
 * middle of each uncertain band, reprovado well below the band of the selfie with the document.
 */
export const sandboxSimilarities: Record<BiometricDecision, () => FaceSimilarities> = {
  aprovado: () => ({ selfieToSelfieDoc: 0.981, selfieToDocument: 0.962 }),
  em_revisao: () => ({
    selfieToSelfieDoc: uncertain(faceMatchThresholds.selfies),
    selfieToDocument: uncertain(faceMatchThresholds.document),
  }),
  reprovado: () => ({
    selfieToSelfieDoc: round3(faceMatchThresholds.selfies.reject / 2),
    selfieToDocument: uncertain(faceMatchThresholds.document),
  }),
};

export function createBiometrics(deps: {
  db: Database;
  documents: Documents;
  engine: FaceEngine;
  clock: Clock;
  log: FastifyBaseLogger;
  sandbox: boolean;
}): Biometrics {
  const { db, documents, engine, clock, log, sandbox } = deps;

  async function findChallenge(session: ApplicantSessionRow, id: string) {
    const [row] = await db
      .select()
      .from(verificationResults)
      .where(
        and(
          eq(verificationResults.id, id),
          eq(verificationResults.sessionId, session.id),
          eq(verificationResults.check, 'liveness'),
        ),
      );
    return row ? { row, record: row.result as ChallengeRecord } : null;
  }

  async function ownDocument(session: ApplicantSessionRow, id: string, field: string) {
    const document = await findDocument(db, id);
    return document && document.sessionId === session.id && document.field === field
      ? document
      : null;
  }

  const analyse = async (document: DocumentRow, smallFace = false): Promise<FaceAnalysis> => {
    const stream = await documents.storage.get(document.storageKey);
    if (!stream) throw new Error(`document ${document.id} is missing from storage`);
    const image = await readStream(stream);
    return smallFace ? engine.analyseSmallFace(image) : engine.analyse(image);
  };

  async function challengeEvidence(session: ApplicantSessionRow, challengeId: string | null) {
    if (!challengeId) return null;
    const challenge = await findChallenge(session, challengeId);
    const { frameIds, completedAt, order } = challenge?.record ?? {};
    if (!challenge || challenge.row.status !== 'done' || !frameIds || !completedAt || !order)
      return null;
    const frames: FaceAnalysis[] = [];
    for (const id of frameIds) {
      const frame = await ownDocument(session, id, LIVENESS_FRAME_FIELD);
      if (!frame) return null;
      frames.push(await analyse(frame));
    }
    return { order, frames, completedAt: new Date(completedAt) };
  }

  async function realCheck(
    session: ApplicantSessionRow,
    request: BiometricCheckRequest,
    photos: { selfie: DocumentRow; selfieDoc: DocumentRow; document: DocumentRow },
  ): Promise<CheckRecord> {
    const base = {
      selfieId: request.selfieId,
      selfieDocId: request.selfieDocId,
      challengeId: request.challengeId,
      sandbox: false,
    };
    if (photos.document.mimeType === 'application/pdf') {
      return {
        ...base,
        decision: 'reprovado',
        confidence: 0,
        faceMatch: noSimilarities,
        reasons: [
          {
            photo: 'document',
            reason: 'document-not-image',
            message: biometricReasonMessages['document-not-image'],
          },
        ],
      };
    }
    const selfie = await analyse(photos.selfie);
    const selfieDoc = await analyse(photos.selfieDoc);
    const document = await analyse(photos.document, true);
    const match = evaluateFaceMatch({ selfie, selfieDoc, document }, engine.similarity);
    const selfieFace = selfie.faces.length === 1 ? selfie.faces[0]! : null;
    const liveness = evaluateLiveness({
      challenge: await challengeEvidence(session, request.challengeId),
      selfie: selfieFace,
      selfieTakenAt: photos.selfie.createdAt,
      similarity: engine.similarity,
    });
    const reasons = match.reasons.map(({ photo, reason }) => ({
      photo,
      reason,
      message: biometricReasonMessages[reason],
    }));
    if (liveness.reason && !reasons.some((entry) => entry.reason === liveness.reason)) {
      reasons.push({
        photo: 'camera',
        reason: liveness.reason,
        message: biometricReasonMessages[liveness.reason],
      });
    }
    const scores = [match.confidence, liveness.similarity ?? 0];
    const decision = combineDecision(match.decision, liveness);
    return {
      ...base,
      decision,
      // The weakest of the comparisons that had to pass.
      confidence: decision !== 'reprovado' ? Math.min(...scores) : Math.min(match.confidence, 1),
      reasons,
      faceMatch: match.similarities,
      liveness,
    };
  }

  /** KYC_CHECKS=sandbox: the selfie's file name decides, so demos and browser tests can choose. */
  function sandboxCheck(request: BiometricCheckRequest, selfie: DocumentRow): CheckRecord {
    const name = selfie.originalName.toLowerCase();
    const decision: BiometricDecision = name.includes(SANDBOX_FAIL_MARKER)
      ? 'reprovado'
      : name.includes(SANDBOX_REVIEW_MARKER)
        ? 'em_revisao'
        : 'aprovado';
    const faceMatch = sandboxSimilarities[decision]();
    return {
      selfieId: request.selfieId,
      selfieDocId: request.selfieDocId,
      challengeId: request.challengeId,
      sandbox: true,
      decision,
      confidence: Math.min(faceMatch.selfieToSelfieDoc!, faceMatch.selfieToDocument!),
      faceMatch,
      reasons:
        decision === 'reprovado'
          ? [
              {
                photo: 'selfieDoc',
                reason: 'no-match',
                message: biometricReasonMessages['no-match'],
              },
            ]
          : [],
    };
  }

  return {
    issueChallenge: async (session) => {
      const now = clock.now();
      const order = challengeOrder((max) => randomInt(0, max - 1));
      const record: ChallengeRecord = { order, issuedAt: now.toISOString() };
      const [row] = await db
        .insert(verificationResults)
        .values({ sessionId: session.id, check: 'liveness', result: record, createdAt: now })
        .returning({ id: verificationResults.id });
      return { id: row!.id, order, expiresInSeconds: CHALLENGE_TTL_MS / 1000 };
    },

    submitFrames: async (session, challengeId, frames) => {
      const challenge = await findChallenge(session, challengeId);
      if (!challenge) throw challengeNotFound();
      const now = clock.now();
      const issuedAt = new Date(challenge.record.issuedAt).getTime();
      if (now.getTime() - issuedAt > CHALLENGE_TTL_MS) throw challengeNotFound();
      if (challenge.row.status !== 'pending')
        throw new AppError(errorCodes.conflict, biometricMessages.challengeUsed, 409);
      const { order } = challenge.record;
      if (frames.size !== order.length || order.some((step) => !frames.has(step)))
        throw new AppError(errorCodes.badRequest, biometricMessages.missingFrames, 400);
      const frameIds: string[] = [];
      for (const step of order) {
        const frame = frames.get(step)!;
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
      const selfie = await ownDocument(session, request.selfieId, 'selfie');
      const selfieDoc = await ownDocument(session, request.selfieDocId, 'selfieDoc');
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
      const selfie = await ownDocument(session, check.selfieId, 'selfie');
      const selfieDoc = await ownDocument(session, check.selfieDocId, 'selfieDoc');
      return selfie && selfieDoc ? { selfie, selfieDoc } : null;
    },
  };
}
