/**
 * The wire format both flows' applications share (pf-application.ts, pj-application.ts): the
 * saved consents, the applicant's view of an application around the flow's saved values, the
 * steps saved one by one, the final submit and the refusals' codes.
 */
import { z } from 'zod';
import { apiErrorSchema } from './api-error';
import { consentShape } from './fields';

/** The consents as saved (the flow's saved values end with them). */
export const savedConsentShape = {
  consentimentoLgpd: z.boolean(),
  consentimentoKyc: z.boolean(),
};

/** The applicant's own application: where the wizard resumes, and what it shows. */
export function applicationStateSchema<Values extends z.ZodType>(values: Values) {
  return z.object({
    /** The step to resume at (1-6); a step is open only when every step before it was saved. */
    currentStep: z.number().int().min(1).max(6),
    /** Null until step 1 is saved. */
    status: z.string().nullable(),
    protocolo: z.string().nullable(),
    values,
  });
}

/** Steps saved one by one with Continue; step 6 is the final submit. */
export const savableSteps = [1, 2, 3, 4, 5] as const;
export type SavableStep = (typeof savableSteps)[number];

export const submitRequestSchema = z.object(consentShape);
export const submitResponseSchema = z.object({ protocolo: z.string(), email: z.string() });

/** A refused submit names the first step that still needs the applicant. */
export const submitErrorSchema = apiErrorSchema.extend({ step: z.number().int().optional() });

/** The messages both flows show beyond the field messages (messages.ts). */
export const applicationMessages = {
  saveFailed: 'Erro ao salvar',
  submitFailedTitle: 'Erro no envio',
  submitFailed: 'Não foi possível enviar seus dados. Tente novamente.',
  sessionFailed: 'Erro',
  emailNotVerified: 'É necessário verificar seu e-mail para continuar',
  phoneNotVerified: 'É necessário verificar seu telefone para continuar',
  stepLocked: 'Conclua as etapas anteriores antes desta.',
  incomplete: (stepTitle: string) => `Revise a etapa "${stepTitle}" antes de enviar.`,
  alreadySubmitted: 'Este cadastro já foi enviado para análise.',
  documentNotFound: 'Documento não encontrado. Envie o arquivo novamente.',
} as const;

/** The codes of the refusals both flows answer, for a client that reacts to one in particular. */
export const applicationErrorCodes = {
  stepLocked: 'STEP_LOCKED',
  alreadySubmitted: 'ALREADY_SUBMITTED',
  incomplete: 'APPLICATION_INCOMPLETE',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  phoneNotVerified: 'PHONE_NOT_VERIFIED',
  documentNotFound: 'DOCUMENT_NOT_FOUND',
} as const;
