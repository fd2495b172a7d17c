/**
 * Drizzle schema of the portal. Tables join this file with the features that need them;
 * every change is followed by `npm run generate --workspace packages/db`.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Key/value facts about this installation (e.g. when the schema was first created). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An applicant's session, created by the server for one flow (PF `sess_...`, PJ `pj_...`).
 * The verified contacts are the exact destinations a one-time code was checked for; the
 * application's `email_verificado` / `telefone_verificado` hold only while they still match.
 */
export const applicantSessions = pgTable(
  'applicant_sessions',
  {
    id: text('id').primaryKey(),
    flow: text('flow').$type<'PF' | 'PJ'>().notNull(),
    verifiedEmail: text('verified_email'),
    verifiedPhone: text('verified_phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('applicant_sessions_last_seen_at_idx').on(table.lastSeenAt)],
);

/**
 * A single-use link (10 minutes) that lets a phone take the selfie step of an application, and
 * nothing else. Redeeming it never opens the session: it gives the phone a credential of its own
 * (the medipay_handoff cookie, 30 minutes, ended once the phone's check passed) that only the
 * phone's selfie-step routes accept. Only SHA-256 hashes of the token and the credential are kept.
 */
export const sessionHandoffs = pgTable('session_handoffs', {
  id: uuid('id').primaryKey().defaultRandom(),
  sessionId: text('session_id')
    .notNull()
    .references(() => applicantSessions.id),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  /** The phone's credential, set when the link is redeemed. */
  credentialHash: text('credential_hash').unique(),
  credentialExpiresAt: timestamp('credential_expires_at', { withTimezone: true }),
  /** When the phone's biometric check passed: the credential ends. */
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

/** A one-time code sent to an e-mail or phone of a session. Only a keyed hash is kept. */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: text('session_id')
      .notNull()
      .references(() => applicantSessions.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'email' | 'phone'>().notNull(),
    destination: text('destination').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Tries so far; a try is counted before the code is compared, so parallel guesses cannot exceed the limit. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the code was used, failed too often or expired: it can never verify again. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedReason: text('closed_reason').$type<
      'verified' | 'expired' | 'too_many_attempts' | 'replaced'
    >(),
  },
  (table) => [
    index('otp_challenges_session_channel_idx').on(table.sessionId, table.channel, table.createdAt),
    index('otp_challenges_destination_idx').on(table.destination, table.createdAt),
  ],
);

/**
 * Every message the product sends (e-mail, SMS, WhatsApp), written in the transaction of the
 * change that causes it and delivered by a job with retries. `idempotency_key` makes a second
 * write of the same message a no-op; `sent_at` set means it is never delivered again.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').$type<'email' | 'sms' | 'whatsapp'>().notNull(),
    template: text('template').notNull(),
    recipient: text('recipient').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** `expired`: a one-time code that could no longer be used, closed without being sent. */
    status: text('status')
      .$type<'pending' | 'sent' | 'failed' | 'expired'>()
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** A delivery in progress holds the message until then; a crashed delivery frees it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('outbox_status_created_at_idx').on(table.status, table.createdAt)],
);

/** Answers of the public lookups (CEP, CNPJ), kept until `expires_at`; `value` null means not found. */
export const lookupCache = pgTable(
  'lookup_cache',
  {
    key: text('key').primaryKey(),
    value: jsonb('value').$type<Record<string, unknown> | null>(),
    provider: text('provider').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('lookup_cache_expires_at_idx').on(table.expiresAt)],
);

/**
 * Every file an applicant or an administrator sent, one row per version: a new upload for a
 * field adds a row, and no row or stored file is ever overwritten or deleted by an upload.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    flow: text('flow').$type<'PF' | 'PJ'>().notNull(),
    /** The application's session: applications are keyed by session_id. */
    sessionId: text('session_id')
      .notNull()
      .references(() => applicantSessions.id),
    field: text('field').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    thumbnailKey: text('thumbnail_key'),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    mimeType: text('mime_type').notNull(),
    originalName: text('original_name').notNull(),
    uploadedBy: text('uploaded_by').$type<'applicant' | 'admin'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('documents_session_field_idx').on(table.sessionId, table.field, table.createdAt),
  ],
);

/** Results of the automatic checks: document data extraction, face match, liveness. */
export const verificationResults = pgTable(
  'verification_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: text('session_id')
      .notNull()
      .references(() => applicantSessions.id),
    documentId: uuid('document_id').references(() => documents.id),
    check: text('check').$type<'extraction' | 'face_match' | 'liveness'>().notNull(),
    status: text('status').$type<'pending' | 'done' | 'failed'>().notNull().default('pending'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('verification_results_document_idx').on(table.documentId, table.check),
    index('verification_results_session_idx').on(table.sessionId, table.check, table.createdAt),
  ],
);

/**
 * The individual (PF) application, one per applicant session, with the spec's snake_case
 * columns. Steps fill the columns one by one (hence nullable); the `*_url` columns hold the
 * portal's own document route (`/api/documents/<id>`), never a public link.
 */
export const onboardingPf = pgTable(
  'onboarding_pf',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: text('session_id')
      .notNull()
      .unique()
      .references(() => applicantSessions.id),
    /** The step the wizard resumes at: 1-5 while filling, 6 once step 5 was saved. */
    currentStep: integer('current_step').notNull().default(1),
    status: text('status').notNull().default('INICIADO'),
    protocolo: text('protocolo').unique(),
    nomeCompleto: text('nome_completo'),
    nacionalidade: text('nacionalidade'),
    /** 11 digits. */
    cpf: text('cpf'),
    estadoCivil: text('estado_civil'),
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
    comprovanteResidenciaUrl: text('comprovante_residencia_url'),
    docProfissionalTipo: text('doc_profissional_tipo'),
    docProfissionalNumero: text('doc_profissional_numero'),
    docProfissionalUf: text('doc_profissional_uf'),
    docProfissionalOrgaoEmissor: text('doc_profissional_orgao_emissor'),
    docIdentidadeFrenteUrl: text('doc_identidade_frente_url'),
    docIdentidadeVersoUrl: text('doc_identidade_verso_url'),
    /** Read from the identity document by the extraction, then confirmed or typed by the applicant. */
    docIdentidadeNome: text('doc_identidade_nome'),
    docIdentidadeNumero: text('doc_identidade_numero'),
    docIdentidadeOrgao: text('doc_identidade_orgao'),
    docIdentidadeUf: text('doc_identidade_uf'),
    docIdentidadeValidade: text('doc_identidade_validade'),
    selfieUrl: text('selfie_url'),
    selfieDocUrl: text('selfie_doc_url'),
    /** Set by the server from its own biometric check of the stored selfie photos. */
    livenessPassed: boolean('liveness_passed').notNull().default(false),
    livenessConfidence: doublePrecision('liveness_confidence'),
    /**
     * The decision of the biometric check the saved step 4 rests on: `aprovado`, or `em_revisao`
     * (the face match was uncertain: a reviewer compares the photos). Null until step 4 is saved,
     * and again once a compared document changes.
     */
    biometriaDecisao: text('biometria_decisao').$type<'aprovado' | 'em_revisao' | 'reprovado'>(),
    pepTipo: text('pep_tipo'),
    pepNome: text('pep_nome'),
    /** 11 digits. */
    pepCpf: text('pep_cpf'),
    pepCargo: text('pep_cargo'),
    pepOrgao: text('pep_orgao'),
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
  },
  (table) => [
    /**
     * At most one application per CPF in analysis, in requirements or approved: the duplicate
     * rule holds under concurrent submissions (the second one gets a unique violation), and the
     * duplicate lookup at submit uses it.
     */
    uniqueIndex('onboarding_pf_cpf_active_idx')
      .on(table.cpf)
      .where(sql`${table.status} in ('EM_ANALISE', 'EM_EXIGENCIA', 'APROVADO')`),
    /** The back office's 'Em revisão biométrica' filter, in the list's order. */
    index('onboarding_pf_biometria_revisao_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.biometriaDecisao} = 'em_revisao'`),
    check('onboarding_pf_cpf_digits', sql`${table.cpf} ~ '^[0-9]{11}$'`),
    check('onboarding_pf_current_step_range', sql`${table.currentStep} between 1 and 6`),
    check(
      'onboarding_pf_biometria_decisao',
      sql`${table.biometriaDecisao} in ('aprovado', 'em_revisao', 'reprovado')`,
    ),
  ],
);

/**
 * The company (PJ) application, one per applicant session, with the spec's snake_case columns.
 * Steps fill the columns one by one (hence nullable); the `*_url` columns hold the portal's own
 * document route (`/api/documents/<id>`), never a public link.
 */
export const onboardingPj = pgTable(
  'onboarding_pj',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: text('session_id')
      .notNull()
      .unique()
      .references(() => applicantSessions.id),
    /** The step the wizard resumes at: 1-5 while filling, 6 once step 5 was saved. */
    currentStep: integer('current_step').notNull().default(1),
    status: text('status').notNull().default('INICIADO'),
    protocolo: text('protocolo').unique(),
    razaoSocial: text('razao_social'),
    nomeFantasia: text('nome_fantasia'),
    /** 14 characters, upper case: 12 of 0-9/A-Z and 2 check digits (alphanumeric CNPJ). */
    cnpj: text('cnpj'),
    inscricaoEstadual: text('inscricao_estadual'),
    inscricaoMunicipal: text('inscricao_municipal'),
    tipoEmpresa: text('tipo_empresa'),
    areaAtuacao: text('area_atuacao'),
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
    comprovanteEnderecoUrl: text('comprovante_endereco_url'),
    responsavelNome: text('responsavel_nome'),
    /** 11 digits. */
    responsavelCpf: text('responsavel_cpf'),
    responsavelRg: text('responsavel_rg'),
    responsavelCargo: text('responsavel_cargo'),
    responsavelDocFrenteUrl: text('responsavel_doc_frente_url'),
    responsavelDocVersoUrl: text('responsavel_doc_verso_url'),
    contratoSocialUrl: text('contrato_social_url'),
    cartaoCnpjUrl: text('cartao_cnpj_url'),
    alvaraFuncionamentoUrl: text('alvara_funcionamento_url'),
    /** Up to 7 digits; optional. */
    cnes: text('cnes'),
    cnesDocumentoUrl: text('cnes_documento_url'),
    banco: text('banco'),
    agencia: text('agencia'),
    conta: text('conta'),
    tipoConta: text('tipo_conta'),
    faturamentoMensal: text('faturamento_mensal'),
    numeroFuncionarios: text('numero_funcionarios'),
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
  },
  (table) => [
    /**
     * At most one application per CNPJ sent to analysis, in analysis, in requirements or
     * approved: the duplicate rule holds under concurrent submissions (the second one gets a
     * unique violation), and the duplicate lookup at submit uses it.
     */
    uniqueIndex('onboarding_pj_cnpj_active_idx')
      .on(table.cnpj)
      .where(
        sql`${table.status} in ('ENVIADO_PARA_ANALISE', 'EM_ANALISE', 'EM_EXIGENCIA', 'APROVADO')`,
      ),
    check('onboarding_pj_cnpj_format', sql`${table.cnpj} ~ '^[0-9A-Z]{12}[0-9]{2}$'`),
    check('onboarding_pj_current_step_range', sql`${table.currentStep} between 1 and 6`),
  ],
);

/**
 * Every status change of an application (PF or PJ): who moved it from what to what, and why.
 * `from_status` is null when the record was created. An applicant's `actor_id` stays null (the
 * record already names its session, whose id is a credential); an admin's is the admin user.
 */
export const statusHistory = pgTable(
  'status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    flow: text('flow').$type<'PF' | 'PJ'>().notNull(),
    recordId: uuid('record_id').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorType: text('actor_type').$type<'applicant' | 'admin' | 'system'>().notNull(),
    actorId: text('actor_id'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('status_history_record_idx').on(table.flow, table.recordId, table.createdAt)],
);

/**
 * A back-office account. The password is kept only as an argon2id hash; `username` and `email`
 * are stored lower-cased (login accepts either). A deactivated account cannot log in.
 */
export const adminUsers = pgTable(
  'admin_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    username: text('username').notNull().unique(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<'admin_master' | 'admin_mini'>().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (table) => [
    check('admin_users_role', sql`${table.role} in ('admin_master', 'admin_mini')`),
    check('admin_users_email_lower', sql`${table.email} = lower(${table.email})`),
    check('admin_users_username_lower', sql`${table.username} = lower(${table.username})`),
  ],
);

/** A back-office login: only a SHA-256 of the cookie's token is kept; 4 h from login, absolute. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminUserId: uuid('admin_user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('admin_sessions_user_idx').on(table.adminUserId),
    index('admin_sessions_expires_at_idx').on(table.expiresAt),
  ],
);

/**
 * The login throttle's memory: one row per login attempt that went on to the password check,
 * reserved before the check under a lock on its keys, so that parallel attempts never get past
 * the limit. `account_key` is `user:<id>` for an existing account (its e-mail and username count
 * together) and `credential:<typed, lower-cased>` otherwise. A successful login deletes its row;
 * rows older than the window no longer count.
 */
export const adminLoginAttempts = pgTable(
  'admin_login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountKey: text('account_key').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('admin_login_attempts_account_idx').on(table.accountKey, table.createdAt),
    index('admin_login_attempts_ip_idx').on(table.ip, table.createdAt),
  ],
);

/**
 * The request limits every process shares (per IP, per session): one fixed-window counter per
 * key, e.g. `ip:sessionCreations:203.0.113.7` or `cnpj-session:<session id>`. A single
 * `INSERT ... ON CONFLICT DO UPDATE` counts a hit and starts a new window once `expires_at` has
 * passed, so parallel hits on any process never lose a count. Rows past `expires_at` are deleted
 * by a periodic sweep (lib/shared-counter.ts).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_expires_at_idx').on(table.expiresAt)],
);

/**
 * The audit trail of the back office (the spec's admin_actions): every login success and
 * failure, every decision on an application, every account change and cleanup. `admin_email`
 * is the server's own record of who acted (for a failed login: the credential tried, lower-cased).
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    onboardingId: uuid('onboarding_id'),
    onboardingType: text('onboarding_type').$type<'PF' | 'PJ'>(),
    adminUserId: uuid('admin_user_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    adminEmail: text('admin_email').notNull(),
    action: text('action').notNull(),
    observacoes: text('observacoes'),
    motivo: text('motivo'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('admin_actions_onboarding_idx').on(table.onboardingId, table.createdAt),
    index('admin_actions_action_email_idx').on(table.action, table.adminEmail, table.createdAt),
    index('admin_actions_action_ip_idx').on(table.action, table.ip, table.createdAt),
    index('admin_actions_created_at_idx').on(table.createdAt),
  ],
);

/**
 * The link an applicant in 'Em Exigência' follows to correct documents (sent by e-mail). Only a
 * SHA-256 of the token is kept; a new link (a resend) does not revoke the earlier ones, which
 * expire on their own or once the record leaves EM_EXIGENCIA.
 */
export const rectificationLinks = pgTable(
  'rectification_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    flow: text('flow').$type<'PF' | 'PJ'>().notNull(),
    recordId: uuid('record_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('rectification_links_record_idx').on(table.flow, table.recordId)],
);

/**
 * What an applicant did on the rectification page (the spec's log-client-interaction):
 * PAGE_ACCESS when the page opened, DOCUMENT_UPDATE per replaced document with the earlier and the
 * new document's portal route, JUSTIFICATION_SENT with the text. Written by the server only.
 */
export const clientInteractions = pgTable(
  'client_interactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    onboardingType: text('onboarding_type').$type<'PF' | 'PJ'>().notNull(),
    onboardingId: uuid('onboarding_id').notNull(),
    sessionId: text('session_id').notNull(),
    actionType: text('action_type')
      .$type<'PAGE_ACCESS' | 'DOCUMENT_UPDATE' | 'JUSTIFICATION_SENT'>()
      .notNull(),
    description: text('description').notNull(),
    /** The file field (e.g. `docIdentidadeFrente`) of a DOCUMENT_UPDATE. */
    documentType: text('document_type'),
    oldDocumentUrl: text('old_document_url'),
    newDocumentUrl: text('new_document_url'),
    justification: text('justification'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('client_interactions_onboarding_idx').on(
      table.onboardingType,
      table.onboardingId,
      table.createdAt,
    ),
  ],
);

/**
 * A one-time code e-mailed to an application's address so that whoever holds its protocol can
 * follow it on the status page. Only a keyed hash is kept; tries are counted before comparing.
 */
export const statusAccessCodes = pgTable(
  'status_access_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    onboardingType: text('onboarding_type').$type<'PF' | 'PJ'>().notNull(),
    onboardingId: uuid('onboarding_id').notNull(),
    destination: text('destination').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedReason: text('closed_reason').$type<
      'verified' | 'expired' | 'too_many_attempts' | 'replaced'
    >(),
  },
  (table) => [
    index('status_access_codes_onboarding_idx').on(
      table.onboardingType,
      table.onboardingId,
      table.createdAt,
    ),
  ],
);

/**
 * The payment-platform account of an approved application, one row per record: approval queues
 * it (state pending) in its own transaction, a job creates it on the platform with the idempotency
 * key `medipay-account:<flow>:<record id>` (so retries after an outage or a crash never open a
 * second account), and the back office's platform actions are recorded on it. `lease_until` keeps
 * two workers (the job and an admin's action) from calling the platform for it at once.
 */
export const medipayAccounts = pgTable(
  'medipay_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    flow: text('flow').$type<'PF' | 'PJ'>().notNull(),
    recordId: uuid('record_id').notNull(),
    state: text('state').$type<'pending' | 'done' | 'failed'>().notNull().default('pending'),
    userId: text('user_id'),
    existingAccount: boolean('existing_account'),
    attempts: integer('attempts').notNull().default(0),
    /** The last failure: the adapter's code, the admin's message, the detail for the logs. */
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    errorDetail: text('error_detail'),
    /** Who approved: the audit rows of the creation are theirs. */
    requestedById: uuid('requested_by_id').references(() => adminUsers.id, {
      onDelete: 'set null',
    }),
    requestedByEmail: text('requested_by_email').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    onboardingUrl: text('onboarding_url'),
    documentsSentAt: timestamp('documents_sent_at', { withTimezone: true }),
    documentsSent: integer('documents_sent'),
    onboardingSentAt: timestamp('onboarding_sent_at', { withTimezone: true }),
    emailVerificationSentAt: timestamp('email_verification_sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('medipay_accounts_record_idx').on(table.flow, table.recordId),
    index('medipay_accounts_pending_idx')
      .on(table.updatedAt)
      .where(sql`${table.state} = 'pending'`),
  ],
);

/**
 * The built-in MediPay sandbox (ARCHITECTURE departure 14): the accounts it has opened, one per
 * document, each tied to the portal record (`external_id`) that asked for it.
 */
export const medipaySandboxAccounts = pgTable(
  'medipay_sandbox_accounts',
  {
    userId: text('user_id').primaryKey(),
    kind: text('kind').$type<'PF' | 'PJ'>().notNull(),
    document: text('document').notNull(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    documentsReceived: integer('documents_received').notNull().default(0),
    onboardingUrl: text('onboarding_url'),
    verificationEmail: text('verification_email'),
    verificationSentAt: timestamp('verification_sent_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('medipay_sandbox_accounts_document_idx').on(table.document)],
);

/**
 * The sandbox's idempotency store: the answer given to each successful POST, replayed when the
 * same Idempotency-Key comes again for the same method and path.
 */
export const medipaySandboxRequests = pgTable(
  'medipay_sandbox_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('medipay_sandbox_requests_key_idx').on(
      table.idempotencyKey,
      table.method,
      table.path,
    ),
  ],
);
