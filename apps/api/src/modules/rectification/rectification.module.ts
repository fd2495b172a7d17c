import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '@medipay/db/client';
import type { Clock } from '../../lib/clock';
import type { Documents } from '../documents/documents.service';
import type { Extraction } from '../kyc/extraction.service';
import { rectificationRoutes } from './rectification.routes';
import { createRectifications } from './rectification.service';

export type RectificationModuleOptions = {
  db: Database;
  clock: Clock;
  documents: Documents;
  extraction: Extraction;
  /** Hands a document extraction to the job queue. */
  enqueueExtraction: (resultId: string) => Promise<void>;
  /** Secure cookies when the portal is served over https. */
  secureCookies: boolean;
};

/** The document rectification page of an application in EM_EXIGENCIA (the e-mailed link). */
export const rectificationModule: FastifyPluginAsync<RectificationModuleOptions> = async (
  app,
  { db, clock, documents, extraction, enqueueExtraction, secureCookies },
) => {
  await app.register(rectificationRoutes, {
    rectifications: createRectifications({
      db,
      clock,
      documents,
      extraction,
      enqueueExtraction,
      log: app.log,
    }),
    secureCookies,
  });
};
