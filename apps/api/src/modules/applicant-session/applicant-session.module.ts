import type { FastifyPluginAsync } from 'fastify';
import { applicantSessionRoutes, handoffPageRoutes } from './applicant-session.routes';
import type { ApplicantSessions } from './applicant-session.service';

export type ApplicantSessionModuleOptions = {
  sessions: ApplicantSessions;
  /** The portal's public origin, for the handoff link. */
  publicUrl: string;
};

/** Starting and resuming an application, and the handoff link of the selfie step (under /api). */
export const applicantSessionModule: FastifyPluginAsync<ApplicantSessionModuleOptions> = async (
  app,
  { sessions, publicUrl },
) => {
  await app.register(applicantSessionRoutes, { sessions, publicUrl });
};

export type HandoffPageModuleOptions = { sessions: ApplicantSessions };

/** The page a handoff link opens: a page address, registered outside /api. */
export const handoffPageModule: FastifyPluginAsync<HandoffPageModuleOptions> = async (
  app,
  { sessions },
) => {
  await app.register(handoffPageRoutes, { sessions });
};
