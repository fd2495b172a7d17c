/** The wire format of the company (PJ) application: what the wizard saves and reads back. */
import { z } from 'zod';
import {
  applicationErrorCodes,
  applicationMessages,
  applicationStateSchema,
  savedConsentShape,
} from './application-wire';
import { uploadedDocumentSchema } from './documents';

/**
 * The values saved so far, as the wizard's forms hold them (the server's stored forms: CNPJ as
 * 14 upper-case characters, CPF as 11 digits, phone as E.164, CEP as 8 digits; the forms apply
 * their masks when showing them). A file field carries the uploaded document it points to.
 */
export const pjSavedValuesSchema = z
  .object({
    razaoSocial: z.string(),
    nomeFantasia: z.string(),
    cnpj: z.string(),
    inscricaoEstadual: z.string(),
    inscricaoMunicipal: z.string(),
    tipoEmpresa: z.string(),
    areaAtuacao: z.string(),
    email: z.string(),
    telefone: z.string(),
    cep: z.string(),
    logradouro: z.string(),
    numero: z.string(),
    complemento: z.string(),
    bairro: z.string(),
    cidade: z.string(),
    uf: z.string(),
    comprovanteEndereco: uploadedDocumentSchema,
    responsavelNome: z.string(),
    responsavelCpf: z.string(),
    responsavelRg: z.string(),
    responsavelCargo: z.string(),
    responsavelDocFrente: uploadedDocumentSchema,
    responsavelDocVerso: uploadedDocumentSchema,
    contratoSocial: uploadedDocumentSchema,
    cartaoCnpj: uploadedDocumentSchema,
    alvaraFuncionamento: uploadedDocumentSchema,
    cnes: z.string(),
    cnesDocumento: uploadedDocumentSchema,
    banco: z.string(),
    agencia: z.string(),
    conta: z.string(),
    tipoConta: z.string(),
    faturamentoMensal: z.string(),
    numeroFuncionarios: z.string(),
    ...savedConsentShape,
  })
  .partial();
export type PjSavedValues = z.infer<typeof pjSavedValuesSchema>;

/** The applicant's own application: where the wizard resumes, and what it shows. */
export const pjApplicationStateSchema = applicationStateSchema(pjSavedValuesSchema);
export type PjApplicationState = z.infer<typeof pjApplicationStateSchema>;

/** Messages of the application beyond the field messages (messages.ts). */
export const pjApplicationMessages = {
  ...applicationMessages,
  /** The spec's title when Continue is pressed before both contacts are verified. */
  contactsNotVerifiedTitle: 'Verificação necessária',
  emailNotVerifiedTitle: 'Verificação necessária',
  phoneNotVerifiedTitle: 'Verificação necessária',
  duplicateCnpj:
    'Já existe um cadastro para este CNPJ em análise, em exigência ou aprovado. Em caso de dúvida, fale com o suporte.',
} as const;

/** The codes of the refusals above, for a client that reacts to one in particular. */
export const pjApplicationErrorCodes = {
  ...applicationErrorCodes,
  duplicateCnpj: 'DUPLICATE_CNPJ',
} as const;
export type PjApplicationErrorCode =
  (typeof pjApplicationErrorCodes)[keyof typeof pjApplicationErrorCodes];
