/**
 * The MediPay payment-platform account of an approved application, as the back office sees it
 * (back-office.md sections 2 and 7; ARCHITECTURE departures 6 and 14). The portal talks to the
 * platform server to server; no browser ever holds a platform credential. Routes (behind the
 * admin session guard; POSTs need a same-origin `Origin`; each answers the updated
 * applicationDetail, or an API error whose message is shown as is):
 *
 *   POST /api/admin/applications/:flow/:id/medipay/account             create the account now
 *   POST /api/admin/applications/pf/:id/medipay/documents              'Enviar Documentos'
 *   POST /api/admin/applications/pf/:id/medipay/onboarding             'Enviar Onboard'
 *   POST /api/admin/applications/pf/:id/medipay/email-verification     'Confirmar Email'
 *
 * Approval queues the account creation as a job; the detail's `medipay` says where it stands.
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
  /** The platform's onboarding link, once 'Enviar Onboard' asked for it. */
  onboardingUrl: z.string().nullable(),
  documentsSentAt: z.string().nullable(),
  documentsSent: z.number().int().nullable(),
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
} as const;
