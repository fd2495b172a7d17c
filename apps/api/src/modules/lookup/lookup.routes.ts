import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, errorCodes, genericMessages } from '@medipay/shared/api-error';
import { cnpjField } from '@medipay/shared/fields';
import { cepLookupResultSchema, cnpjLookupResultSchema } from '@medipay/shared/lookup';
import { validationMessages } from '@medipay/shared/messages';
import { AppError } from '../../lib/app-error';
import { perIpLimits } from '../../lib/rate-limits';
import type { SharedCounter } from '../../lib/shared-counter';
import { createWindowLimiter } from '../../lib/window-limiter';
import type { ApplicantSessions } from '../applicant-session/applicant-session.service';
import type { Lookups } from './lookup.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
  502: apiErrorSchema,
};

export const lookupRoutes: FastifyPluginAsyncZod<{
  lookups: Lookups;
  sessions: ApplicantSessions;
  counter: SharedCounter;
}> = async (app, { lookups, sessions, counter }) => {
  app.get(
    '/lookup/cep/:cep',
    {
      schema: {
        params: z.object({ cep: z.string().regex(/^\d{8}$/, validationMessages.cep) }),
        response: { 200: cepLookupResultSchema, ...errors },
      },
      config: { rateLimit: perIpLimits.cepLookups },
    },
    async (request) => lookups.cep(request.params.cep),
  );

  // Shared by every process (the database's counters): a session's lookups spread over several
  // processes count together.
  const perSession = createWindowLimiter({
    name: 'cnpj-lookups-per-session',
    max: 20,
    windowMs: 10 * 60_000,
    counter,
  });

  app.get(
    '/lookup/cnpj/:cnpj',
    {
      schema: {
        params: z.object({ cnpj: cnpjField }),
        response: { 200: cnpjLookupResultSchema, ...errors },
      },
      config: { rateLimit: perIpLimits.cnpjLookups },
    },
    async (request) => {
      const session = await sessions.require(request, 'PJ');
      if (!(await perSession.take(session.id))) {
        throw new AppError(errorCodes.rateLimited, genericMessages.rateLimited, 429);
      }
      return lookups.cnpj(request.params.cnpj);
    },
  );
};
