import { formatPhone } from '@medipay/shared/phone';
import { getJson, ProviderUnavailableError } from '../../lib/http';
import type { CnpjProvider } from './port';

type BrasilApiCnpjBody = {
  cnpj?: string;
  razao_social?: string;
  nome_fantasia?: string | null;
  email?: string | null;
  ddd_telefone_1?: string | null;
  cnae_fiscal_descricao?: string | null;
  descricao_tipo_de_logradouro?: string | null;
  logradouro?: string | null;
  numero?: string | null;
  complemento?: string | null;
  bairro?: string | null;
  cep?: string | null;
  municipio?: string | null;
  uf?: string | null;
  descricao_situacao_cadastral?: string | null;
  qsa?: { nome_socio?: string; qualificacao_socio?: string }[] | null;
};

/** A landline `1123851939` as `(11) 2385-1939`; mobiles through the shared formatter. */
function formatRegistryPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 10)
    return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return formatPhone(digits);
}

/** BrasilAPI CNPJ v1 (Minha Receita): numeric and alphanumeric CNPJs; 404 (and 400) mean not found. */
export function createBrasilApiCnpj(baseUrl: string, timeoutMs: number): CnpjProvider {
  return {
    name: 'brasilapi-cnpj',
    supports: () => true,
    lookup: async (cnpj) => {
      const { status, body } = await getJson(
        'brasilapi-cnpj',
        new URL(`/api/cnpj/v1/${cnpj}`, baseUrl).toString(),
        timeoutMs,
      );
      if (status === 404 || status === 400) return { found: false };
      if (status !== 200 || typeof body !== 'object' || body === null) {
        throw new ProviderUnavailableError('brasilapi-cnpj', `HTTP ${status}`);
      }
      const data = body as BrasilApiCnpjBody;
      const street = [data.descricao_tipo_de_logradouro, data.logradouro].filter(Boolean).join(' ');
      return {
        found: true,
        value: {
          cnpj,
          nome: data.razao_social ?? '',
          fantasia: data.nome_fantasia ?? '',
          email: (data.email ?? '').toLowerCase(),
          telefone: data.ddd_telefone_1 ? formatRegistryPhone(data.ddd_telefone_1) : '',
          atividade_principal: data.cnae_fiscal_descricao
            ? [{ text: data.cnae_fiscal_descricao }]
            : [],
          cep: (data.cep ?? '').replace(/\D/g, ''),
          logradouro: street,
          numero: data.numero ?? '',
          complemento: data.complemento ?? '',
          bairro: data.bairro ?? '',
          municipio: data.municipio ?? '',
          uf: (data.uf ?? '').toUpperCase(),
          qsa: (data.qsa ?? []).map((partner) => ({
            nome: partner.nome_socio ?? '',
            qual: partner.qualificacao_socio ?? '',
          })),
          situacao: (data.descricao_situacao_cadastral ?? '').toUpperCase(),
        },
      };
    },
  };
}
