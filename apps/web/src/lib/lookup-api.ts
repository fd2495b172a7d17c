/** The address and company lookups of the wizards. */
import { cepLookupResultSchema, cnpjLookupResultSchema } from '@medipay/shared/lookup';
import { apiRequest } from './api-client';

/** `cep`: exactly 8 digits. */
export function lookupCep(cep: string) {
  return apiRequest(`/lookup/cep/${cep}`, { method: 'GET', schema: cepLookupResultSchema });
}

/** `cnpj`: 14 characters, numeric or alphanumeric; needs the company applicant session. */
export function lookupCnpj(cnpj: string) {
  return apiRequest(`/lookup/cnpj/${cnpj}`, { method: 'GET', schema: cnpjLookupResultSchema });
}
