/** The two applications (PF and PJ) and the history of their statuses. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  applicationContactColumns,
  applicationDecisionColumns,
  applicationRecordColumns,
  caseIndexes,
} from './application-columns';

/**
 * The individual (PF) application, one per applicant session, with the spec's snake_case
 * columns. Steps fill the columns one by one (hence nullable); the `*_url` columns hold the
 * portal's own document route (`/api/documents/<id>`), never a public link.
 */
export const onboardingPf = pgTable(
  'onboarding_pf',
  {
    ...applicationRecordColumns(),
    nomeCompleto: text('nome_completo'),
    nacionalidade: text('nacionalidade'),
    /** 11 digits. */
    cpf: text('cpf'),
    estadoCivil: text('estado_civil'),
    ...applicationContactColumns(),
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
    /**
     * The applicant confirmed, when saving step 3, that the identity document is theirs although
     * its name or CPF differs from step 1's (identity-comparison.ts, documentOwnerMismatch).
     */
    docIdentidadeDivergenciaConfirmada: boolean('doc_identidade_divergencia_confirmada')
      .notNull()
      .default(false),
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
    ...applicationDecisionColumns(),
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
    ...caseIndexes('onboarding_pf', table, ['EM_ANALISE']),
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
    ...applicationRecordColumns(),
    razaoSocial: text('razao_social'),
    nomeFantasia: text('nome_fantasia'),
    /** 14 characters, upper case: 12 of 0-9/A-Z and 2 check digits (alphanumeric CNPJ). */
    cnpj: text('cnpj'),
    inscricaoEstadual: text('inscricao_estadual'),
    inscricaoMunicipal: text('inscricao_municipal'),
    tipoEmpresa: text('tipo_empresa'),
    areaAtuacao: text('area_atuacao'),
    ...applicationContactColumns(),
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
    ...applicationDecisionColumns(),
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
    ...caseIndexes('onboarding_pj', table, ['ENVIADO_PARA_ANALISE', 'EM_ANALISE']),
    /** Linked applications: the representative's CPF (as another company's, or a PF's CPF). */
    index('onboarding_pj_responsavel_cpf_idx')
      .on(table.responsavelCpf)
      .where(sql`${table.responsavelCpf} is not null`),
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
  (table) => [
    index('status_history_record_idx').on(table.flow, table.recordId, table.createdAt),
    /** The dashboard's median time to a decision reads the last 30 days of decisions. */
    index('status_history_decisions_idx')
      .on(table.createdAt)
      .where(
        sql`${table.actorType} = 'admin' and ${table.toStatus} in ('APROVADO', 'EM_EXIGENCIA', 'NEGADO')`,
      ),
  ],
);
