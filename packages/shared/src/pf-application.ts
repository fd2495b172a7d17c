/** The wire format of the individual (PF) application: what the wizard saves and reads back. */
import { z } from 'zod';
import { apiErrorSchema } from './api-error';
import { biometricDecisionSchema } from './biometrics';
import { uploadedDocumentSchema } from './documents';
import { consentShape } from './fields';

/**
 * The values saved so far, as the wizard's forms hold them (the server's stored forms: CPF as
 * 11 digits, phone as E.164, CEP as 8 digits; the forms apply their masks when showing them).
 * A file field carries the uploaded document it points to.
 */
export const pfSavedValuesSchema = z
  .object({
    nomeCompleto: z.string(),
    nacionalidade: z.string(),
    cpf: z.string(),
    estadoCivil: z.string(),
    email: z.string(),
    telefone: z.string(),
    cep: z.string(),
    logradouro: z.string(),
    numero: z.string(),
    complemento: z.string(),
    bairro: z.string(),
    cidade: z.string(),
    uf: z.string(),
    comprovanteResidencia: uploadedDocumentSchema,
    docProfissionalTipo: z.string(),
    docProfissionalNumero: z.string(),
    docProfissionalUf: z.string(),
    docProfissionalOrgaoEmissor: z.string(),
    docIdentidadeFrente: uploadedDocumentSchema,
    docIdentidadeVerso: uploadedDocumentSchema,
    docIdentidadeNome: z.string(),
    docIdentidadeNumero: z.string(),
    docIdentidadeOrgao: z.string(),
    docIdentidadeUf: z.string(),
    docIdentidadeValidade: z.string(),
    selfie: uploadedDocumentSchema,
    selfieDoc: uploadedDocumentSchema,
    livenessPassed: z.boolean(),
    livenessConfidence: z.number(),
    /** How the biometric check the saved step rests on ended (aprovado or em revisão). */
    biometricDecision: biometricDecisionSchema,
    pepTipo: z.string(),
    pepNome: z.string(),
    pepCpf: z.string(),
    pepCargo: z.string(),
    pepOrgao: z.string(),
    consentimentoLgpd: z.boolean(),
    consentimentoKyc: z.boolean(),
  })
  .partial();
export type PfSavedValues = z.infer<typeof pfSavedValuesSchema>;

/** The applicant's own application: where the wizard resumes, and what it shows. */
export const pfApplicationStateSchema = z.object({
  /** The step to resume at (1-6); a step is open only when every step before it was saved. */
  currentStep: z.number().int().min(1).max(6),
  /** Null until step 1 is saved. */
  status: z.string().nullable(),
  protocolo: z.string().nullable(),
  values: pfSavedValuesSchema,
});
export type PfApplicationState = z.infer<typeof pfApplicationStateSchema>;

/** Steps saved one by one with Continue; step 6 is the final submit. */
export const pfSavableSteps = [1, 2, 3, 4, 5] as const;
export type PfSavableStep = (typeof pfSavableSteps)[number];

export const pfSubmitRequestSchema = z.object(consentShape);
export const pfSubmitResponseSchema = z.object({ protocolo: z.string(), email: z.string() });
export type PfSubmitResponse = z.infer<typeof pfSubmitResponseSchema>;

/** A refused submit names the first step that still needs the applicant. */
export const pfSubmitErrorSchema = apiErrorSchema.extend({ step: z.number().int().optional() });

/** Messages of the application beyond the field messages (messages.ts). */
export const pfApplicationMessages = {
  saveFailed: 'Erro ao salvar',
  submitFailedTitle: 'Erro no envio',
  submitFailed: 'Não foi possível enviar seus dados. Tente novamente.',
  sessionFailed: 'Erro',
  emailNotVerifiedTitle: 'E-mail não verificado',
  emailNotVerified: 'É necessário verificar seu e-mail para continuar',
  phoneNotVerifiedTitle: 'Telefone não verificado',
  phoneNotVerified: 'É necessário verificar seu telefone para continuar',
  stepLocked: 'Conclua as etapas anteriores antes desta.',
  incomplete: (stepTitle: string) => `Revise a etapa "${stepTitle}" antes de enviar.`,
  alreadySubmitted: 'Este cadastro já foi enviado para análise.',
  duplicateCpf:
    'Já existe um cadastro para este CPF em análise, em exigência ou aprovado. Em caso de dúvida, fale com o suporte.',
  documentNotFound: 'Documento não encontrado. Envie o arquivo novamente.',
} as const;

/** The codes of the refusals above, for a client that reacts to one in particular. */
export const pfApplicationErrorCodes = {
  stepLocked: 'STEP_LOCKED',
  alreadySubmitted: 'ALREADY_SUBMITTED',
  duplicateCpf: 'DUPLICATE_CPF',
  incomplete: 'APPLICATION_INCOMPLETE',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  phoneNotVerified: 'PHONE_NOT_VERIFIED',
  documentNotFound: 'DOCUMENT_NOT_FOUND',
  livenessNotPassed: 'LIVENESS_NOT_PASSED',
} as const;
export type PfApplicationErrorCode =
  (typeof pfApplicationErrorCodes)[keyof typeof pfApplicationErrorCodes];
