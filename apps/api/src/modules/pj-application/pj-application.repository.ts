import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import { onboardingPj } from '@medipay/db/schema';
import type { PjSavableStep } from '@medipay/shared/pj-application';
import type { Executor } from '../messaging/outbox.repository';

export type PjRecord = typeof onboardingPj.$inferSelect;
/** The columns a step save writes. */
export type PjColumns = Partial<
  Omit<typeof onboardingPj.$inferInsert, 'id' | 'sessionId' | 'currentStep' | 'status'>
>;

/**
 * Statuses in which an application holds its CNPJ: no second one may reach them (the same list
 * as the partial unique index `onboarding_pj_cnpj_active_idx`).
 */
export const cnpjHoldingStatuses = [
  'ENVIADO_PARA_ANALISE',
  'EM_ANALISE',
  'EM_EXIGENCIA',
  'APROVADO',
] as const;

/** Unique indexes whose violation the service turns into an answer. */
export const pjConstraints = {
  session: 'onboarding_pj_session_id_unique',
  protocolo: 'onboarding_pj_protocolo_unique',
  activeCnpj: 'onboarding_pj_cnpj_active_idx',
} as const;

/** The columns each step writes (`*_url` for its documents). */
export const stepColumnNames = {
  1: [
    'razaoSocial',
    'nomeFantasia',
    'cnpj',
    'inscricaoEstadual',
    'inscricaoMunicipal',
    'tipoEmpresa',
    'areaAtuacao',
    'email',
    'telefone',
    'emailVerificado',
    'telefoneVerificado',
  ],
  2: [
    'cep',
    'logradouro',
    'numero',
    'complemento',
    'bairro',
    'cidade',
    'uf',
    'comprovanteEnderecoUrl',
  ],
  3: [
    'responsavelNome',
    'responsavelCpf',
    'responsavelRg',
    'responsavelCargo',
    'responsavelDocFrenteUrl',
    'responsavelDocVersoUrl',
  ],
  4: ['contratoSocialUrl', 'cartaoCnpjUrl', 'alvaraFuncionamentoUrl', 'cnes', 'cnesDocumentoUrl'],
  5: ['banco', 'agencia', 'conta', 'tipoConta', 'faturamentoMensal', 'numeroFuncionarios'],
} as const satisfies Record<PjSavableStep, readonly (keyof PjRecord)[]>;

export type StepColumns<Step extends PjSavableStep> = {
  [Column in (typeof stepColumnNames)[Step][number]]: PjRecord[Column];
};

/** Statements of the step saves, built once per database (as the PF ones). */
function prepareStatements(db: Database) {
  const updateStep = (step: PjSavableStep) => {
    const set: Record<string, unknown> = {};
    for (const column of stepColumnNames[step]) set[column] = sql.placeholder(column);
    set.currentStep = sql`greatest(${onboardingPj.currentStep}, ${step + 1})`;
    set.updatedAt = sql.placeholder('now');
    return db
      .update(onboardingPj)
      .set(set as PjColumns)
      .where(
        and(
          eq(onboardingPj.sessionId, sql.placeholder('sessionId')),
          eq(onboardingPj.status, 'INICIADO'),
          sql`${onboardingPj.currentStep} >= ${step}`,
        ),
      )
      .returning()
      .prepare(`pj_save_step_${step}`);
  };
  return {
    findBySession: db
      .select()
      .from(onboardingPj)
      .where(eq(onboardingPj.sessionId, sql.placeholder('sessionId')))
      .prepare('pj_find_by_session'),
    updateStep: {
      1: updateStep(1),
      2: updateStep(2),
      3: updateStep(3),
      4: updateStep(4),
      5: updateStep(5),
    },
  };
}

const preparedByDatabase = new WeakMap<Database, ReturnType<typeof prepareStatements>>();
function statements(db: Database) {
  let prepared = preparedByDatabase.get(db);
  if (!prepared) {
    prepared = prepareStatements(db);
    preparedByDatabase.set(db, prepared);
  }
  return prepared;
}

export async function findPjRecordBySession(
  db: Database,
  sessionId: string,
): Promise<PjRecord | null> {
  const [row] = await statements(db).findBySession.execute({ sessionId });
  return row ?? null;
}

/** Creates the session's record with the step-1 columns; null when it already exists. */
export async function insertPjRecord(
  executor: Executor,
  row: PjColumns & { sessionId: string; currentStep: number; createdAt: Date; updatedAt: Date },
): Promise<PjRecord | null> {
  const [inserted] = await executor
    .insert(onboardingPj)
    .values({ ...row, status: 'INICIADO' })
    .onConflictDoNothing({ target: onboardingPj.sessionId })
    .returning();
  return inserted ?? null;
}

/**
 * Writes a step's columns and moves current_step to at least the next step, only while the
 * record is still being filled (INICIADO) and the step is open (`current_step >= step`). Null
 * when there is no such record (the caller finds out why).
 */
export async function updatePjStep<Step extends PjSavableStep>(
  db: Database,
  step: Step,
  input: { sessionId: string; now: Date; columns: StepColumns<Step> },
): Promise<PjRecord | null> {
  const [row] = await statements(db).updateStep[step].execute({
    ...input.columns,
    sessionId: input.sessionId,
    now: input.now,
  });
  return row ?? null;
}

/** Whether another application holds the CNPJ (sent, in analysis, in requirements or approved). */
export async function cnpjHeldByAnother(
  executor: Executor,
  cnpj: string,
  recordId: string,
): Promise<boolean> {
  const rows = await executor
    .select({ id: onboardingPj.id })
    .from(onboardingPj)
    .where(
      and(
        eq(onboardingPj.cnpj, cnpj),
        inArray(onboardingPj.status, [...cnpjHoldingStatuses]),
        ne(onboardingPj.id, recordId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The submission's write: protocol, status, consents and time, only if the record is still in
 * `fromStatus`. Null when it is not (a concurrent submission won).
 */
export async function markPjSubmitted(
  executor: Executor,
  input: { id: string; fromStatus: string; toStatus: string; protocolo: string; now: Date },
): Promise<PjRecord | null> {
  const [row] = await executor
    .update(onboardingPj)
    .set({
      protocolo: input.protocolo,
      status: input.toStatus,
      consentimentoLgpd: true,
      consentimentoKyc: true,
      submittedAt: input.now,
      updatedAt: input.now,
    })
    .where(and(eq(onboardingPj.id, input.id), eq(onboardingPj.status, input.fromStatus)))
    .returning();
  return row ?? null;
}
