import { getJson, ProviderUnavailableError } from '../../lib/http';
import type { CepProvider } from './port';

type BrasilApiCepBody = {
  state?: string;
  city?: string;
  neighborhood?: string | null;
  street?: string | null;
};

/** BrasilAPI CEP v2: `GET /api/cep/v2/{cep}`; 404 means not found. */
export function createBrasilApiCep(baseUrl: string, timeoutMs: number): CepProvider {
  return {
    name: 'brasilapi-cep',
    lookup: async (cep) => {
      const { status, body } = await getJson(
        'brasilapi-cep',
        new URL(`/api/cep/v2/${cep}`, baseUrl).toString(),
        timeoutMs,
      );
      if (status === 404) return { found: false };
      if (status !== 200 || typeof body !== 'object' || body === null) {
        throw new ProviderUnavailableError('brasilapi-cep', `HTTP ${status}`);
      }
      const data = body as BrasilApiCepBody;
      return {
        found: true,
        value: {
          logradouro: data.street ?? '',
          bairro: data.neighborhood ?? '',
          localidade: data.city ?? '',
          uf: (data.state ?? '').toUpperCase(),
        },
      };
    },
  };
}
