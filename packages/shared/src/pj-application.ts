/** The wire format of the company (PJ) application: what the wizard saves and reads back. */
import { z } from 'zod';
import { apiErrorSchema } from './api-error';
import { uploadedDocumentSchema } from './documents';
import { consentShape } from './fields';
import { pfApplicationMessages } from './pf-application';

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
    consentimentoLgpd: z.boolean(),
    consentimentoKyc: z.boolean(),
  })
  .partial();
export type PjSavedValues = z.infer<typeof pjSavedValuesSchema>;

/** The applicant's own application: where the wizard resumes, and what it shows. */
export const pjApplicationStateSchema = z.object({
  /** The step to resume at (1-6); a step is open only when every step before it was saved. */
  currentStep: z.number().int().min(1).max(6),
  /** Null until step 1 is saved. */
  status: z.string().nullable(),
  protocolo: z.string().nullable(),
  values: pjSavedValuesSchema,
});
export type PjApplicationState = z.infer<typeof pjApplicationStateSchema>;

/** Steps saved one by one with Continue; step 6 is the final submit. */
export const pjSavableSteps = [1, 2, 3, 4, 5] as const;
export type PjSavableStep = (typeof pjSavableSteps)[number];

export const pjSubmitRequestSchema = z.object(consentShape);
export const pjSubmitResponseSchema = z.object({ protocolo: z.string(), email: z.string() });
export type PjSubmitResponse = z.infer<typeof pjSubmitResponseSchema>;

/** A refused submit names the first step that still needs the applicant. */
export const pjSubmitErrorSchema = apiErrorSchema.extend({ step: z.number().int().optional() });

/** Messages of the application beyond the field messages (messages.ts). */
export const pjApplicationMessages = {
  saveFailed: pfApplicationMessages.saveFailed,
  submitFailedTitle: pfApplicationMessages.submitFailedTitle,
  submitFailed: pfApplicationMessages.submitFailed,
  sessionFailed: pfApplicationMessages.sessionFailed,
  /** The spec's title when Continue is pressed before both contacts are verified. */
  contactsNotVerifiedTitle: 'Verificação necessária',
  emailNotVerifiedTitle: 'Verificação necessária',
  emailNotVerified: pfApplicationMessages.emailNotVerified,
  phoneNotVerifiedTitle: 'Verificação necessária',
  phoneNotVerified: pfApplicationMessages.phoneNotVerified,
  stepLocked: pfApplicationMessages.stepLocked,
  incomplete: pfApplicationMessages.incomplete,
  alreadySubmitted: pfApplicationMessages.alreadySubmitted,
  duplicateCnpj:
    'Já existe um cadastro para este CNPJ em análise, em exigência ou aprovado. Em caso de dúvida, fale com o suporte.',
  documentNotFound: pfApplicationMessages.documentNotFound,
} as const;

/** The codes of the refusals above, for a client that reacts to one in particular. */
export const pjApplicationErrorCodes = {
  stepLocked: 'STEP_LOCKED',
  alreadySubmitted: 'ALREADY_SUBMITTED',
  duplicateCnpj: 'DUPLICATE_CNPJ',
  incomplete: 'APPLICATION_INCOMPLETE',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  phoneNotVerified: 'PHONE_NOT_VERIFIED',
  documentNotFound: 'DOCUMENT_NOT_FOUND',
} as const;
export type PjApplicationErrorCode =
  (typeof pjApplicationErrorCodes)[keyof typeof pjApplicationErrorCodes];
