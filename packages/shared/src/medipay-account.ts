/**
 * The MediPay payment-platform account of an approved application, as the back office sees it
 * (back-office.md sections 2 and 7; ARCHITECTURE departures 6 and 14). The portal talks to the
 * platform server to server; no browser ever holds a platform credential. Routes (behind the
 * admin session guard; POSTs need a same-origin `Origin`; each answers the updated
 * applicationDetail, or an API error whose message is shown as is):
 *
 *   POST /api/admin/applications/:flow/:id/medipay/account             create the account now
 *   POST /api/admin/applications/pf/:id/medipay/documents              'Enviar Documentos'
 *   POST /api/admin/applications/:flow/:id/medipay/onboarding          'Enviar Onboard' (a resend)
 *   POST /api/admin/applications/pf/:id/medipay/email-verification     'Confirmar Email'
 *
 * Approval queues the account creation as a job; the detail's `medipay` says where it stands.
 * Once the account exists, the job e-mails the applicant the activation link by itself (PF and
 * PJ), queued in the outbox in the transaction that records the account; 'Enviar Onboard' asks
 * the platform for the link again and resends it, at most once a minute per application.
 * A refused action answers 409 (not approved, no account yet, no e-mail) or 502 (the platform
 * failed or refused; the failure is audited as ERRO_*).
 */
import { z } from 'zod';

/** pending: queued or retrying after the platform failed to answer; done; failed: given up. */
export const medipayAccountStateValues = ['pending', 'done', 'failed'] as const;
export type MedipayAccountState = (typeof medipayAccountStateValues)[number];

/** Why the last attempt failed, in the adapter's terms. */
export const medipayErrorCodeValues = [
  'ALREADY_REGISTERED',
  'UNAUTHORIZED',
  'NOT_FOUND',
  'INVALID',
  'UNAVAILABLE',
] as const;

export const medipayAccountSchema = z.object({
  state: z.enum(medipayAccountStateValues),
  /** The platform's user id, once the account exists. */
  userId: z.string().nullable(),
  /** True when the platform already had an account for this document and record. */
  existingAccount: z.boolean().nullable(),
  attempts: z.number().int(),
  /** The last failure, in Portuguese, while the account does not exist. */
  error: z.string().nullable(),
  errorCode: z.enum(medipayErrorCodeValues).nullable(),
  requestedAt: z.string(),
  completedAt: z.string().nullable(),
  /** The platform's activation (onboarding) link, once asked for (by the job or 'Enviar Onboard'). */
  onboardingUrl: z.string().nullable(),
  documentsSentAt: z.string().nullable(),
  documentsSent: z.number().int().nullable(),
  /** When the activation link was last e-mailed to the applicant (automatically or resent). */
  onboardingSentAt: z.string().nullable(),
  emailVerificationSentAt: z.string().nullable(),
});
export type MedipayAccount = z.infer<typeof medipayAccountSchema>;

export const medipayActionValues = [
  'create-account',
  'send-documents',
  'send-onboarding',
  'confirm-email',
] as const;
export type MedipayAction = (typeof medipayActionValues)[number];

/** The path segment of each action under `/api/admin/applications/:flow/:id/medipay/`. */
export const medipayActionPaths = {
  'create-account': 'account',
  'send-documents': 'documents',
  'send-onboarding': 'onboarding',
  'confirm-email': 'email-verification',
} as const satisfies Record<MedipayAction, string>;

/** Audit action names (admin_actions.action): the spec's ERRO_* and ours for the successes. */
export const medipayAuditActions = {
  accountCreated: 'CONTA_MEDIPAY_CRIADA',
  accountFailed: 'ERRO_CRIACAO_CONTA',
  documentsSent: 'DOCUMENTOS_ENVIADOS',
  documentsFailed: 'ERRO_UPLOAD_DOCUMENTOS',
  onboardingSent: 'ONBOARD_ENVIADO',
  onboardingFailed: 'ERRO_ONBOARD_EMAIL',
  emailVerificationSent: 'VERIFICACAO_EMAIL_ENVIADA',
  emailVerificationFailed: 'ERRO_EMAIL_VERIFICACAO',
} as const;

/** 'Enviar Onboard' resends the activation link at most this often for one application. */
export const ONBOARDING_RESEND_COOLDOWN_SECONDS = 60;

/** Messages of back-office.md section 8 for the platform actions, and ours where it is silent. */
export const medipayMessages = {
  cardTitle: 'Conta MediPay',
  accountProcessed: 'Conta processada com sucesso',
  approvedWithWarnings: 'Conta aprovada com ressalvas',
  approvedWithWarningsDescription:
    'Onboarding aprovado, mas houve erro na criação da conta MediPay. Verifique os logs.',
  documentsSent: 'Documentos enviados',
  documentsFailed: 'Não foi possível enviar os documentos',
  emailSent: 'Email enviado',
  onboardingFailed: 'Não foi possível enviar o email de onboarding',
  emailVerificationFailed: 'Não foi possível enviar o email de verificação',
  createFailed: 'Não foi possível criar a conta MediPay',
  notApproved: 'Esta ação só é permitida em um onboarding aprovado.',
  inProgress: 'A criação da conta MediPay está em andamento. Tente novamente em instantes.',
  noDocuments: 'Este onboarding não tem documentos para enviar.',
  pending: 'Criando a conta na plataforma MediPay...',
  retrying: 'A plataforma MediPay não respondeu; nova tentativa em breve.',
  done: 'Conta criada',
  existing: 'A plataforma já tinha uma conta para este documento; ela foi vinculada.',
  failed: 'Não foi possível criar a conta',
  none: 'Nenhuma conta criada ainda.',
  /** 'Enviar Onboard' again within the cooldown. */
  onboardingCooldown:
    'O link de ativação foi enviado há menos de 1 minuto. Aguarde um pouco antes de reenviá-lo.',
  /** The card, once the job e-mailed the link: when, and what 'Enviar Onboard' does now. */
  activationSent: (date: string) => `Link de ativação enviado ao solicitante em ${date}.`,
  activationExplained:
    "O link de ativação é enviado automaticamente por e-mail quando a conta é criada; 'Enviar Onboard' pede um link à MediPay e o envia de novo.",
  /** The account exists but the platform gave no link: the job audited why. */
  activationNotSent:
    "O link de ativação ainda não foi enviado ao solicitante. Use 'Enviar Onboard' para enviá-lo.",
} as const;

/**
 * The 'Voltar para Análise' dialog of an approved application: what the reopen leaves as it is
 * and what the applicant is told (review-decisions.service.ts sends that e-mail, template
 * 'reopened'). The account is not closed on the platform and no link is revoked: the portal has
 * no call for either; an account not created yet is not created while in analysis.
 */
export const reopenApprovedMessages = {
  accountStays:
    'A conta MediPay já aberta continua aberta: voltar para análise não a fecha na plataforma.',
  linkStays:
    'O link de ativação já enviado ao solicitante continua válido: esta ação não o cancela.',
  creationSuspended:
    'A conta MediPay ainda não foi criada: a criação fica suspensa até uma nova aprovação.',
  applicantTold: (standing: { account: boolean; linkSent: boolean }) =>
    `O solicitante receberá um e-mail avisando que o cadastro voltou para análise ${
      standing.account
        ? standing.linkSent
          ? 'e que a conta MediPay e o link de ativação continuam válidos.'
          : 'e que a conta MediPay continua aberta.'
        : 'e que a abertura da conta MediPay fica suspensa até a nova decisão.'
    }`,
} as const;
