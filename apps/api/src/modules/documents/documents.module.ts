import type { FastifyPluginAsync } from 'fastify';
import type { ApplicantSessions } from '../applicant-session/applicant-session.service';
import type { Extraction } from '../kyc/extraction.service';
import { documentRoutes, type AdminDocumentAccess } from './documents.routes';
import type { Documents } from './documents.service';

export type DocumentsModuleOptions = {
  documents: Documents;
  sessions: ApplicantSessions;
  extraction: Extraction;
  /** Hands a document extraction to the job queue. */
  enqueueExtraction: (resultId: string) => Promise<void>;
  /** Lets a logged-in admin open any document (the review). */
  admin: AdminDocumentAccess;
};

/** Uploads, the private document route (applicant or admin) and the extraction's result. */
export const documentsModule: FastifyPluginAsync<DocumentsModuleOptions> = async (
  app,
  { enqueueExtraction, ...options },
) => {
  await app.register(documentRoutes, {
    ...options,
    // The upload stands when the job queue refuses the extraction: the failure is logged.
    enqueueExtraction: async (resultId: string) => {
      try {
        await enqueueExtraction(resultId);
      } catch (error) {
        app.log.error({ err: error, resultId }, 'could not enqueue a document extraction');
      }
    },
  });
};
