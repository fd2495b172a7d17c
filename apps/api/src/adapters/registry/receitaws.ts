import { getJson, ProviderUnavailableError } from '../../lib/http';
import type { CnpjProvider } from './port';

type ReceitaWsBody = {
  status?: string;
  message?: string;
  nome?: string;
  fantasia?: string;
  email?: string;
  telefone?: string;
  atividade_principal?: { text?: string }[];
  cep?: string;
  logradouro?: string;
  numero?: string;
  complemento?: string;
  bairro?: string;
  municipio?: string;
  uf?: string;
  situacao?: string;
  qsa?: { nome?: string; qual?: string }[];
};

/**
 * ReceitaWS: `GET /v1/cnpj/{14 digits}`. `status: "ERROR"` with "CNPJ inválido" or "CNPJ
 * rejeitado" means not found; other errors and HTTP 429 (rate limit) mean unavailable. It knows
 * numeric CNPJs only.
 */
export function createReceitaWs(baseUrl: string, timeoutMs: number): CnpjProvider {
  return {
    name: 'receitaws',
    supports: (cnpj) => /^\d{14}$/.test(cnpj),
    lookup: async (cnpj) => {
      const { status, body } = await getJson(
        'receitaws',
        new URL(`/v1/cnpj/${cnpj}`, baseUrl).toString(),
        timeoutMs,
      );
      if (status === 429) throw new ProviderUnavailableError('receitaws', 'rate limited (429)');
      if (status !== 200 || typeof body !== 'object' || body === null) {
        throw new ProviderUnavailableError('receitaws', `HTTP ${status}`);
      }
      const data = body as ReceitaWsBody;
      if (data.status === 'ERROR') {
        if (/cnpj (inv[aá]lido|rejeitado)|n[aã]o encontrado/i.test(data.message ?? ''))
          return { found: false };
        throw new ProviderUnavailableError('receitaws', data.message ?? 'ERROR');
      }
      return {
        found: true,
        value: {
          cnpj,
          nome: data.nome ?? '',
          fantasia: data.fantasia ?? '',
          email: (data.email ?? '').toLowerCase(),
          telefone: data.telefone ?? '',
          atividade_principal: (data.atividade_principal ?? []).map((activity) => ({
            text: activity.text ?? '',
          })),
          cep: (data.cep ?? '').replace(/\D/g, ''),
          logradouro: data.logradouro ?? '',
          numero: data.numero ?? '',
          complemento: data.complemento ?? '',
          bairro: data.bairro ?? '',
          municipio: data.municipio ?? '',
          uf: (data.uf ?? '').toUpperCase(),
          qsa: (data.qsa ?? []).map((partner) => ({
            nome: partner.nome ?? '',
            qual: partner.qual ?? '',
          })),
          situacao: (data.situacao ?? '').toUpperCase(),
        },
      };
    },
  };
}
