import type { CepLookupResult, CnpjLookupResult } from '@medipay/shared/lookup';

/** A provider's answer: found, or a definite not-found. Anything else throws. */
export type LookupAnswer<T> = { found: true; value: T } | { found: false };

export type CepProvider = {
  readonly name: string;
  lookup: (cep: string) => Promise<LookupAnswer<CepLookupResult>>;
};

/** The registry data of a company, before our suggestions are added. */
export type CompanyRecord = Omit<CnpjLookupResult, 'sugestoes'>;

export type CnpjProvider = {
  readonly name: string;
  /** Whether the provider can answer for this CNPJ (some know numeric CNPJs only). */
  supports: (cnpj: string) => boolean;
  lookup: (cnpj: string) => Promise<LookupAnswer<CompanyRecord>>;
};
