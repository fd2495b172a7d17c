import type { Database } from '@medipay/db/client';
import { biometricReasonMessages, type BiometricCheckRequest } from '@medipay/shared/biometrics';
import { readStream } from '../../lib/streams';
import type { ApplicantSessionRow } from '../applicant-session/applicant-session.repository';
import type { DocumentRow } from '../documents/documents.repository';
import type { Documents } from '../documents/documents.service';
import { combineDecision } from '../kyc/biometric-decision';
import type { FaceAnalysis, FaceEngine } from '../kyc/face-engine';
import { evaluateFaceMatch } from '../kyc/face-match';
import { evaluateLiveness, type ChallengeEvidence } from '../kyc/liveness-check';
import { createFaceSearch } from '../face-search/face-search.service';
import { LIVENESS_FRAME_FIELD, noSimilarities, type CheckRecord } from './biometrics.records';
import {
  earlierSignatures,
  findChallenge,
  findOwnDocument,
  keepSignatures,
} from './biometrics.repository';

/**
 * The real face check: the selfie, the selfie with the document and the document's photo
 * compared by the face engine, and the liveness challenge's frames re-checked against the selfie.
 */
export function createFaceCheck(deps: { db: Database; documents: Documents; engine: FaceEngine }) {
  const { db, documents, engine } = deps;
  const faceSearch = createFaceSearch({ db });

  const analyse = async (document: DocumentRow, smallFace = false): Promise<FaceAnalysis> => {
    const stream = await documents.storage.get(document.storageKey);
    if (!stream) throw new Error(`document ${document.id} is missing from storage`);
    const image = await readStream(stream);
    return smallFace ? engine.analyseSmallFace(image) : engine.analyse(image);
  };

  async function challengeEvidence(
    session: ApplicantSessionRow,
    challengeId: string | null,
  ): Promise<ChallengeEvidence | null> {
    if (!challengeId) return null;
    const challenge = await findChallenge(db, session, challengeId);
    const { frameIds, completedAt, order, timings, issuedAt } = challenge?.record ?? {};
    if (
      !challenge ||
      challenge.row.status !== 'done' ||
      !frameIds ||
      !completedAt ||
      !order ||
      !timings ||
      frameIds.length !== order.length + 1
    )
      return null;
    const frames: FaceAnalysis[] = [];
    for (const id of frameIds) {
      const frame = await findOwnDocument(db, session, id, LIVENESS_FRAME_FIELD);
      if (!frame) return null;
      frames.push(await analyse(frame));
    }
    const [neutral, ...steps] = frames;
    return {
      order,
      neutral: neutral!,
      frames: steps,
      timings,
      issuedAt: new Date(issuedAt!),
      completedAt: new Date(completedAt),
    };
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
    // The selfie's face joins the search for linked applications (face-search), whatever the
    // decision: a refused applicant who comes back under another name is what it looks for.
    if (selfieFace) {
      await faceSearch.record(db, {
        sessionId: session.id,
        documentId: photos.selfie.id,
        descriptor: selfieFace.embedding,
      });
    }
    const { signatures, ...liveness } = evaluateLiveness({
      challenge: await challengeEvidence(session, request.challengeId),
      selfie: selfieFace,
      selfieTakenAt: photos.selfie.createdAt,
      similarity: engine.similarity,
      earlier: request.challengeId ? await earlierSignatures(db, session, request.challengeId) : [],
    });
    if (signatures && request.challengeId)
      await keepSignatures(db, session, request.challengeId, signatures);
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

  return realCheck;
}
