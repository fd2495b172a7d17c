import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '@medipay/db/client';
import type { Clock } from '../../lib/clock';
import type { ApplicantSessions } from '../applicant-session/applicant-session.service';
import type { Outbox } from '../messaging/outbox.service';
import { applicationStatusRoutes } from './application-status.routes';
import { createApplicationStatuses } from './application-status.service';

export type ApplicationStatusModuleOptions = {
  db: Database;
  clock: Clock;
  /** Keys the code hashes and the cookie signatures. */
  secret: string;
  sessions: ApplicantSessions;
  outbox: Outbox;
  /** Secure cookies when the portal is served over https. */
  secureCookies: boolean;
};

/** The applicant's status page ('Acompanhar status'). */
export const applicationStatusModule: FastifyPluginAsync<ApplicationStatusModuleOptions> = async (
  app,
  { db, clock, secret, sessions, outbox, secureCookies },
) => {
  await app.register(applicationStatusRoutes, {
    statuses: createApplicationStatuses({ db, clock, secret }),
    sessions,
    outbox,
    secureCookies,
  });
};
