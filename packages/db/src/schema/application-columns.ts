/**
 * The columns both applications (onboarding_pf, onboarding_pj) have, in the three runs where the
 * tables have them, so that each table keeps its column order: the record and its progress first,
 * then the contacts and address (after the flow's step 1 columns), and last the consents, the
 * back office's decision and the timestamps. Each call makes new column builders: a builder
 * belongs to one table.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
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
  /**
   * When the back office owes a decision: the end of the second business day after the
   * submission, the corrections or a reopening (business-days.ts); it matters while the status
   * awaits analysis.
   */
  prazoAnalise: timestamp('prazo_analise', { withTimezone: true }),
  /** The administrator who holds the case ('Assumir análise'), and since when. */
  analistaId: uuid('analista_id'),
  analistaEmail: text('analista_email'),
  analistaDesde: timestamp('analista_desde', { withTimezone: true }),
  /**
   * Four-eyes: the first of the two approvals a sensitive case needs (who, when, the required
   * note); cleared by its withdrawal or by any other decision.
   */
  primeiraAprovacaoPorId: uuid('primeira_aprovacao_por_id'),
  primeiraAprovacaoPor: text('primeira_aprovacao_por'),
  primeiraAprovacaoEm: timestamp('primeira_aprovacao_em', { withTimezone: true }),
  primeiraAprovacaoNota: text('primeira_aprovacao_nota'),
  /**
   * The random identifier the applicant's browser keeps for this site alone (first-party
   * storage, never shared with anyone): applications filled on one device are linked.
   */
  dispositivoId: text('dispositivo_id'),
});

/**
 * The indexes of case management and of linked applications, the same in both tables: the
 * reviewers' queue by due time (only the statuses awaiting analysis, `pending`), who holds which
 * case, and the attributes that link applications (the device; the telephone, which the search
 * indexes do not cover).
 */
export const caseIndexes = (
  name: string,
  table: {
    id: AnyPgColumn;
    status: AnyPgColumn;
    prazoAnalise: AnyPgColumn;
    analistaId: AnyPgColumn;
    dispositivoId: AnyPgColumn;
    telefone: AnyPgColumn;
  },
  pending: readonly string[],
) => [
  index(`${name}_prazo_idx`)
    .on(table.prazoAnalise, table.id)
    .where(sql`${table.status} in (${sql.raw(pending.map((status) => `'${status}'`).join(', '))})`),
  index(`${name}_analista_idx`)
    .on(table.analistaId)
    .where(sql`${table.analistaId} is not null`),
  index(`${name}_dispositivo_idx`)
    .on(table.dispositivoId)
    .where(sql`${table.dispositivoId} is not null`),
  index(`${name}_telefone_idx`)
    .on(table.telefone)
    .where(sql`${table.telefone} is not null`),
];
