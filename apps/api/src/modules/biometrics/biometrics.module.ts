import type { FastifyPluginAsync } from 'fastify';
import type { ApplicantSessions } from '../applicant-session/applicant-session.service';
import { biometricsRoutes } from './biometrics.routes';
import type { Biometrics } from './biometrics.service';

export type BiometricsModuleOptions = { biometrics: Biometrics; sessions: ApplicantSessions };

/** The selfie step: liveness challenge, photos and face check, in the wizard and on the phone. */
export const biometricsModule: FastifyPluginAsync<BiometricsModuleOptions> = async (
  app,
  { biometrics, sessions },
) => {
  await app.register(biometricsRoutes, { biometrics, sessions });
};
