/** The address (CEP) and company (CNPJ) lookups: results and messages. */
import { z } from 'zod';
import { areaAtuacaoValues, responsavelCargoValues, tipoEmpresaValues } from './options';

/** The spec's address lookup result. */
export const cepLookupResultSchema = z.object({
  logradouro: z.string(),
  bairro: z.string(),
  localidade: z.string(),
  uf: z.string(),
});
export type CepLookupResult = z.infer<typeof cepLookupResultSchema>;

const partnerSchema = z.object({ nome: z.string(), qual: z.string() });

/** The spec's company-registry result, with the registration situation and our suggestions. */
export const cnpjLookupResultSchema = z.object({
  cnpj: z.string(),
  nome: z.string(),
  fantasia: z.string(),
  email: z.string(),
  telefone: z.string(),
  atividade_principal: z.array(z.object({ text: z.string() })),
  cep: z.string(),
  logradouro: z.string(),
  numero: z.string(),
  complemento: z.string(),
  bairro: z.string(),
  municipio: z.string(),
  uf: z.string(),
  qsa: z.array(partnerSchema),
  /** 'ATIVA', 'BAIXADA', 'INAPTA', 'SUSPENSA', 'NULA'; empty when the registry did not say. */
  situacao: z.string(),
  sugestoes: z.object({
    tipoEmpresa: z.enum(tipoEmpresaValues),
    areaAtuacao: z.enum(areaAtuacaoValues),
    responsavel: partnerSchema.extend({ cargo: z.enum(responsavelCargoValues) }).nullable(),
  }),
});
export type CnpjLookupResult = z.infer<typeof cnpjLookupResultSchema>;

/** The company is active in the registry. */
export function isActiveRegistration(situacao: string): boolean {
  return situacao.trim().toUpperCase() === 'ATIVA';
}

/** Messages of the lookups (applicant-portal.md section 8). */
export const lookupMessages = {
  /** The title of a CEP or CNPJ lookup that failed for a reason other than not found. */
  lookupFailed: 'Erro na consulta',
  cepNotFound: 'CEP não encontrado',
  cepNotFoundHint: 'Verifique o CEP informado e tente novamente.',
  cepProviderError: 'Erro ao consultar CEP',
  cepFetchError: 'Erro ao buscar CEP',
  cepIncomplete: 'CEP incompleto',
  /** Beside the CEP after a failed lookup: what to do next. */
  cepNotFoundNext: 'CEP não encontrado. Confira o CEP ou preencha o endereço abaixo.',
  cepFailedNext: 'Não foi possível buscar o endereço agora. Preencha o endereço abaixo.',
  cnpjIncomplete: 'CNPJ incompleto',
  cnpjIncompleteHint: 'Digite um CNPJ válido para buscar os dados',
  cnpjNotFound: 'CNPJ não encontrado',
  /** Beside the CNPJ after a failed lookup: what to do next. */
  cnpjNotFoundNext: 'CNPJ não encontrado. Confira o CNPJ ou preencha os dados da empresa abaixo.',
  cnpjFailedNext:
    'Não foi possível buscar os dados da empresa agora. Preencha os dados da empresa abaixo.',
  cnpjProviderError: 'Erro ao consultar CNPJ',
  inactiveRegistration: (situacao: string) =>
    `Atenção: a situação cadastral desta empresa na Receita Federal é ${situacao}. Confira os dados antes de continuar.`,
} as const;
