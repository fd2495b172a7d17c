import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '@medipay/db/client';
import type { DocumentStorage } from '../../adapters/storage/port';
import type { Clock } from '../../lib/clock';
import type { ApplicantSessions } from '../applicant-session/applicant-session.service';
import { requestDeletion } from '../data-subject/data-deletion';
import { buildDataExport } from '../data-subject/data-export';
import type { Outbox } from '../messaging/outbox.service';
import type { AfterAnswerWork } from './after-answer';
import { applicationStatusRoutes } from './application-status.routes';
import { createApplicationStatuses } from './application-status.service';

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** POST /api/status/code's work after its answer (tests await its `settled()`). */
    statusCodeSends: AfterAnswerWork;
  }
}

export type ApplicationStatusModuleOptions = {
  db: Database;
  clock: Clock;
  /** Keys the code hashes and the cookie signatures. */
  secret: string;
  sessions: ApplicantSessions;
  outbox: Outbox;
  /** Where POST /api/status/code's work runs, after its answer; the app's close waits for it. */
  codeSends: AfterAnswerWork;
  /** Secure cookies when the portal is served over https. */
  secureCookies: boolean;
  /** The documents, for the applicant's data export and erasure. */
  storage: Pick<DocumentStorage, 'get' | 'delete'>;
};

/** The applicant's status page ('Acompanhar status'). */
export const applicationStatusModule: FastifyPluginAsync<ApplicationStatusModuleOptions> = async (
  app,
  { db, clock, secret, sessions, outbox, codeSends, secureCookies, storage },
) => {
  await app.register(applicationStatusRoutes, {
    statuses: createApplicationStatuses({ db, clock, secret }),
    exportData: (application, status) =>
      buildDataExport({ db, storage, clock }, application, status),
    deleteData: (application) => requestDeletion({ db, storage, clock, log: app.log }, application),
    sessions,
    outbox,
    codeSends,
    secureCookies,
  });
};
