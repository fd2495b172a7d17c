/**
 * The columns both applications (onboarding_pf, onboarding_pj) have, in the three runs where the
 * tables have them, so that each table keeps its column order: the record and its progress first,
 * then the contacts and address (after the flow's step 1 columns), and last the consents, the
 * back office's decision and the timestamps. Each call makes new column builders: a builder
 * belongs to one table.
 */
import { boolean, integer, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applicantSessions } from './applicants';

/** The record, its session (one application per session), progress, status and protocol. */
export const applicationRecordColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  sessionId: text('session_id')
    .notNull()
    .unique()
    .references(() => applicantSessions.id),
  /** The step the wizard resumes at: 1-5 while filling, 6 once step 5 was saved. */
  currentStep: integer('current_step').notNull().default(1),
  status: text('status').notNull().default('INICIADO'),
  protocolo: text('protocolo').unique(),
});

/** Step 1's contacts, their verification, and step 2's address (its proof is the flow's). */
export const applicationContactColumns = () => ({
  /** Lower-cased. */
  email: text('email'),
  /** E.164 (`+5511987654321`). */
  telefone: text('telefone'),
  /** Set by the server only, when the e-mail equals the one a code verified for the session. */
  emailVerificado: boolean('email_verificado').notNull().default(false),
  telefoneVerificado: boolean('telefone_verificado').notNull().default(false),
  /** 8 digits. */
  cep: text('cep'),
  logradouro: text('logradouro'),
  numero: text('numero'),
  complemento: text('complemento'),
  bairro: text('bairro'),
  cidade: text('cidade'),
  uf: text('uf'),
});

/** The consents of the submission, the back office's decision, the MediPay account, the times. */
export const applicationDecisionColumns = () => ({
  consentimentoLgpd: boolean('consentimento_lgpd').notNull().default(false),
  consentimentoKyc: boolean('consentimento_kyc').notNull().default(false),
  /** The back office's decision: who (the admin's e-mail, from the server's session) and when. */
  analisadoPor: text('analisado_por'),
  analisadoPorId: uuid('analisado_por_id'),
  analisadoEm: timestamp('analisado_em', { withTimezone: true }),
  /** The requirements of the last 'Em Exigência', and the reason of a denial. */
  exigencias: text('exigencias'),
  motivoNegacao: text('motivo_negacao'),
  /** The MediPay payment platform's user id, once the account was created (medipay_accounts). */
  medipayUserId: text('medipay_user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  /**
   * The identity disagreements found when the application was sent (identity-comparison.ts's
   * flag codes: a document of another person, data the applicant changed...), for the rules that
   * route applications; null before the submission.
   */
  identidadeDivergencias: jsonb('identidade_divergencias').$type<string[]>(),
});
