import { getJson, ProviderUnavailableError } from '../../lib/http';
import type { CepProvider } from './port';

type ViaCepBody = {
  erro?: unknown;
  logradouro?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
};

/** ViaCEP: `GET /ws/{cep}/json/`; a body with an `erro` key (true or "true") means not found. */
export function createViaCep(baseUrl: string, timeoutMs: number): CepProvider {
  return {
    name: 'viacep',
    lookup: async (cep) => {
      const { status, body } = await getJson(
        'viacep',
        new URL(`/ws/${cep}/json/`, baseUrl).toString(),
        timeoutMs,
      );
      if (status !== 200 || typeof body !== 'object' || body === null) {
        throw new ProviderUnavailableError('viacep', `HTTP ${status}`);
      }
      const data = body as ViaCepBody;
      if ('erro' in data) return { found: false };
      return {
        found: true,
        value: {
          logradouro: data.logradouro ?? '',
          bairro: data.bairro ?? '',
          localidade: data.localidade ?? '',
          uf: (data.uf ?? '').toUpperCase(),
        },
      };
    },
  };
}
