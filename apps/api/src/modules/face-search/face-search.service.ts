import type { Database } from '@medipay/db/client';
import type { Executor } from '../messaging/outbox.repository';
import {
  LINK_SIMILARITY,
  decodeDescriptor,
  encodeDescriptor,
  faceCode,
  faceSimilarity,
} from './face-code';
import { findDescriptor, shortlist, upsertFace } from './face-search.repository';

/** Another application's selfie that shows the same person. */
export type FaceMatch = {
  sessionId: string;
  documentId: string;
  /** On the face check's scale (0 to 1), at least LINK_SIMILARITY. */
  similarity: number;
};

export type FaceSearch = {
  /** Keeps a selfie's descriptor (and its code) for the search; again for one selfie replaces it. */
  record: (
    executor: Executor,
    face: { sessionId: string; documentId: string; descriptor: ArrayLike<number> },
  ) => Promise<void>;
  /**
   * The descriptor stored for a session's selfie, or null. `executor`: the caller's transaction
   * when it has one (PGlite serves one connection: a query beside an open transaction waits on it).
   */
  descriptorOf: (
    sessionId: string,
    documentId: string,
    executor?: Executor,
  ) => Promise<number[] | null>;
  /**
   * The stored selfies of the same person as `descriptor` (similarity at or above
   * LINK_SIMILARITY), best first, at most `limit` (default 20), none of
   * `excludeSessionId` (the application being looked at).
   */
  search: (
    descriptor: ArrayLike<number>,
    options?: { excludeSessionId?: string; limit?: number; executor?: Executor },
  ) => Promise<FaceMatch[]>;
};

export const DEFAULT_FACE_SEARCH_LIMIT = 20;

/**
 * Faces shortlisted by their codes before the exact comparison: the shortlist must hold the best
 * `limit` matches although the codes only estimate the similarity. 100 per match met 99.4% on the
 * calibration population, 98.9% on the benchmark's; 150 meets 99.5% there (decision 024).
 */
export const shortlistSize = (limit: number) => SHORTLIST_PER_MATCH * Math.max(limit, 20);
const SHORTLIST_PER_MATCH = 50;

export function createFaceSearch(deps: { db: Database }): FaceSearch {
  const { db } = deps;
  return {
    record: (executor, face) =>
      upsertFace(executor, {
        sessionId: face.sessionId,
        documentId: face.documentId,
        descriptor: encodeDescriptor(face.descriptor),
        code: faceCode(face.descriptor),
      }),

    descriptorOf: async (sessionId, documentId, executor = db) => {
      const stored = await findDescriptor(executor, sessionId, documentId);
      return stored ? decodeDescriptor(stored) : null;
    },

    search: async (descriptor, options = {}) => {
      const limit = options.limit ?? DEFAULT_FACE_SEARCH_LIMIT;
      if (!Number.isInteger(limit) || limit < 1) throw new Error(`invalid limit ${limit}`);
      const query = Array.from(descriptor);
      // The excluded session's own selfies take places in the shortlist: a few more make up.
      const candidates = await shortlist(
        options.executor ?? db,
        faceCode(query),
        shortlistSize(limit) + 4,
      );
      return candidates
        .filter((candidate) => candidate.sessionId !== options.excludeSessionId)
        .map((candidate) => ({
          sessionId: candidate.sessionId,
          documentId: candidate.documentId,
          similarity: faceSimilarity(query, decodeDescriptor(candidate.descriptor)),
        }))
        .filter((match) => match.similarity >= LINK_SIMILARITY)
        .sort((a, b) => b.similarity - a.similarity)
        .slice(0, limit);
    },
  };
}
