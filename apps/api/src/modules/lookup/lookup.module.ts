import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '@medipay/db/client';
import type { Env } from '../../config/env';
import { createBrasilApiCep } from '../../adapters/registry/brasilapi-cep';
import { createBrasilApiCnpj } from '../../adapters/registry/brasilapi-cnpj';
import { createReceitaWs } from '../../adapters/registry/receitaws';
import { createViaCep } from '../../adapters/registry/viacep';
import type { Clock } from '../../lib/clock';
import type { SharedCounter } from '../../lib/shared-counter';
import type { ApplicantSessions } from '../applicant-session/applicant-session.service';
import { lookupRoutes } from './lookup.routes';
import { createLookups } from './lookup.service';

/** Each lookup provider gets this long before the next one is asked, unless told otherwise. */
export const defaultLookupTimeoutMs = 3000;

export type LookupModuleOptions = {
  db: Database;
  clock: Clock;
  /** The providers' base URLs. */
  env: Pick<Env, 'VIACEP_URL' | 'BRASILAPI_URL' | 'RECEITAWS_URL'>;
  /** How long each provider gets before the next one is asked. */
  timeoutMs: number;
  sessions: ApplicantSessions;
  counter: SharedCounter;
};

/** CEP (ViaCEP, then BrasilAPI) and CNPJ (BrasilAPI, then ReceitaWS) lookups, cached. */
export const lookupModule: FastifyPluginAsync<LookupModuleOptions> = async (
  app,
  { db, clock, env, timeoutMs, sessions, counter },
) => {
  const lookups = createLookups({
    db,
    clock,
    log: app.log,
    cepProviders: [
      createViaCep(env.VIACEP_URL, timeoutMs),
      createBrasilApiCep(env.BRASILAPI_URL, timeoutMs),
    ],
    cnpjProviders: [
      createBrasilApiCnpj(env.BRASILAPI_URL, timeoutMs),
      createReceitaWs(env.RECEITAWS_URL, timeoutMs),
    ],
  });
  await app.register(lookupRoutes, { lookups, sessions, counter });
};
