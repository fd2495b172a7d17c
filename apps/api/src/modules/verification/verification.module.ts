import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '@medipay/db/client';
import type { Clock } from '../../lib/clock';
import type { ApplicantSessions } from '../applicant-session/applicant-session.service';
import type { Outbox } from '../messaging/outbox.service';
import { verificationRoutes } from './verification.routes';
import { createVerification } from './verification.service';

export type VerificationModuleOptions = {
  db: Database;
  clock: Clock;
  /** Keys the one-time code hashes. */
  secret: string;
  sessions: ApplicantSessions;
  outbox: Outbox;
};

/** The one-time codes that verify an applicant's e-mail and phone. */
export const verificationModule: FastifyPluginAsync<VerificationModuleOptions> = async (
  app,
  { db, clock, secret, sessions, outbox },
) => {
  const verification = createVerification({ db, clock, secret });
  await app.register(verificationRoutes, { sessions, verification, outbox });
};
