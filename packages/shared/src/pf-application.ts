/** The wire format of the individual (PF) application: what the wizard saves and reads back. */
import { z } from 'zod';
import {
  applicationErrorCodes,
  applicationMessages,
  applicationStateSchema,
  savedConsentShape,
} from './application-wire';
import { biometricDecisionSchema } from './biometrics';
import { uploadedDocumentSchema } from './documents';

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
    ...savedConsentShape,
  })
  .partial();
export type PfSavedValues = z.infer<typeof pfSavedValuesSchema>;

/** The applicant's own application: where the wizard resumes, and what it shows. */
export const pfApplicationStateSchema = applicationStateSchema(pfSavedValuesSchema);
export type PfApplicationState = z.infer<typeof pfApplicationStateSchema>;

/** Messages of the application beyond the field messages (messages.ts). */
export const pfApplicationMessages = {
  ...applicationMessages,
  emailNotVerifiedTitle: 'E-mail não verificado',
  phoneNotVerifiedTitle: 'Telefone não verificado',
  duplicateCpf:
    'Já existe um cadastro para este CPF em análise, em exigência ou aprovado. Em caso de dúvida, fale com o suporte.',
} as const;

/** The codes of the refusals above, for a client that reacts to one in particular. */
export const pfApplicationErrorCodes = {
  ...applicationErrorCodes,
  duplicateCpf: 'DUPLICATE_CPF',
  livenessNotPassed: 'LIVENESS_NOT_PASSED',
  /** Step 3 saved a document of another name or CPF without the applicant's confirmation. */
  identityNotConfirmed: 'IDENTITY_NOT_CONFIRMED',
} as const;
export type PfApplicationErrorCode =
  (typeof pfApplicationErrorCodes)[keyof typeof pfApplicationErrorCodes];
