import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@medipay/db/client';
import { errorCodes } from '@medipay/shared/api-error';
import {
  cargoFromQualification,
  chooseResponsiblePartner,
  guessAreaAtuacao,
  guessTipoEmpresa,
} from '@medipay/shared/company-registry';
import {
  lookupMessages,
  type CepLookupResult,
  type CnpjLookupResult,
} from '@medipay/shared/lookup';
import type {
  CepProvider,
  CnpjProvider,
  CompanyRecord,
  LookupAnswer,
} from '../../adapters/registry/port';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { readCache, writeCache } from './lookup-cache.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
export const cacheTtl = {
  cepFound: 30 * DAY_MS,
  cepNotFound: DAY_MS,
  cnpj: 7 * DAY_MS,
  cnpjNotFound: DAY_MS,
};

export type Lookups = {
  cep: (cep: string) => Promise<CepLookupResult>;
  cnpj: (cnpj: string) => Promise<CnpjLookupResult>;
};

/** Asks each provider in turn until one gives a definite answer; null when all failed. */
async function firstAnswer<T>(
  providers: readonly { name: string; lookup: (key: string) => Promise<LookupAnswer<T>> }[],
  key: string,
  log: FastifyBaseLogger,
): Promise<{ answer: LookupAnswer<T>; provider: string } | null> {
  for (const provider of providers) {
    try {
      return { answer: await provider.lookup(key), provider: provider.name };
    } catch (error) {
      log.warn(
        { provider: provider.name, reason: error instanceof Error ? error.message : String(error) },
        'lookup provider failed; trying the next',
      );
    }
  }
  return null;
}

export function withSuggestions(record: CompanyRecord): CnpjLookupResult {
  const activity = record.atividade_principal.map((item) => item.text).join(' ');
  const partner = chooseResponsiblePartner(record.qsa);
  return {
    ...record,
    sugestoes: {
      tipoEmpresa: guessTipoEmpresa(activity),
      areaAtuacao: guessAreaAtuacao(activity),
      responsavel: partner ? { ...partner, cargo: cargoFromQualification(partner.qual) } : null,
    },
  };
}

export function createLookups(deps: {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  cepProviders: readonly CepProvider[];
  cnpjProviders: readonly CnpjProvider[];
}): Lookups {
  const { db, clock, log } = deps;

  /** The cached answer for `key`, else the first provider's answer, cached; throws 404 or 502. */
  async function cachedLookup<T extends object>(options: {
    key: string;
    query: string;
    providers: readonly { name: string; lookup: (key: string) => Promise<LookupAnswer<T>> }[];
    ttlMs: { found: number; notFound: number };
    messages: { notFound: string; unavailable: string };
  }): Promise<T> {
    const notFound = () => new AppError(errorCodes.notFound, options.messages.notFound, 404);
    const cached = await readCache(db, options.key, clock.now());
    if (cached) {
      if (!cached.value) throw notFound();
      return cached.value as T;
    }
    const result = await firstAnswer<T>(options.providers, options.query, log);
    if (!result) throw new AppError(errorCodes.badGateway, options.messages.unavailable, 502);
    const { answer, provider } = result;
    await writeCache(db, {
      key: options.key,
      value: answer.found ? (answer.value as Record<string, unknown>) : null,
      provider,
      now: clock.now(),
      ttlMs: answer.found ? options.ttlMs.found : options.ttlMs.notFound,
    });
    if (!answer.found) throw notFound();
    return answer.value;
  }

  return {
    cep: (cep) =>
      cachedLookup<CepLookupResult>({
        key: `cep:${cep}`,
        query: cep,
        providers: deps.cepProviders,
        ttlMs: { found: cacheTtl.cepFound, notFound: cacheTtl.cepNotFound },
        messages: {
          notFound: lookupMessages.cepNotFound,
          unavailable: lookupMessages.cepProviderError,
        },
      }),
    cnpj: async (cnpj) =>
      withSuggestions(
        await cachedLookup<CompanyRecord>({
          key: `cnpj:${cnpj}`,
          query: cnpj,
          providers: deps.cnpjProviders.filter((provider) => provider.supports(cnpj)),
          ttlMs: { found: cacheTtl.cnpj, notFound: cacheTtl.cnpjNotFound },
          messages: {
            notFound: lookupMessages.cnpjNotFound,
            unavailable: lookupMessages.cnpjProviderError,
          },
        }),
      ),
  };
}
