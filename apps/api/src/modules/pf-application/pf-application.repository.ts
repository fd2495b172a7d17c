import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import { onboardingPf } from '@medipay/db/schema';
import type { PfSavableStep } from '@medipay/shared/pf-application';
import type { Executor } from '../messaging/outbox.repository';

export type PfRecord = typeof onboardingPf.$inferSelect;
/** The columns a step save writes. */
export type PfColumns = Partial<
  Omit<typeof onboardingPf.$inferInsert, 'id' | 'sessionId' | 'currentStep' | 'status'>
>;

/** Statuses in which an application holds its CPF: no second one may reach them. */
export const cpfHoldingStatuses = ['EM_ANALISE', 'EM_EXIGENCIA', 'APROVADO'] as const;

/** Unique indexes whose violation the service turns into an answer. */
export const pfConstraints = {
  session: 'onboarding_pf_session_id_unique',
  protocolo: 'onboarding_pf_protocolo_unique',
  activeCpf: 'onboarding_pf_cpf_active_idx',
} as const;

/** The columns each step writes (`*_url` for its documents). */
export const stepColumnNames = {
  1: [
    'nomeCompleto',
    'nacionalidade',
    'cpf',
    'estadoCivil',
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
    'comprovanteResidenciaUrl',
  ],
  3: [
    'docProfissionalTipo',
    'docProfissionalNumero',
    'docProfissionalUf',
    'docProfissionalOrgaoEmissor',
    'docIdentidadeFrenteUrl',
    'docIdentidadeVersoUrl',
    'docIdentidadeNome',
    'docIdentidadeNumero',
    'docIdentidadeOrgao',
    'docIdentidadeUf',
    'docIdentidadeValidade',
  ],
  4: ['selfieUrl', 'selfieDocUrl', 'livenessPassed', 'livenessConfidence', 'biometriaDecisao'],
  5: ['pepTipo', 'pepNome', 'pepCpf', 'pepCargo', 'pepOrgao'],
} as const satisfies Record<PfSavableStep, readonly (keyof PfRecord)[]>;

export type StepColumns<Step extends PfSavableStep> = {
  [Column in (typeof stepColumnNames)[Step][number]]: PfRecord[Column];
};

/**
 * Statements of the step saves, built once per database: building a query of this table's 42
 * columns costs more than running it (`npm run bench -- step-save`).
 */
function prepareStatements(db: Database) {
  const updateStep = (step: PfSavableStep) => {
    const set: Record<string, unknown> = {};
    for (const column of stepColumnNames[step]) set[column] = sql.placeholder(column);
    if (step === 3) {
      // The biometric check compared the selfie with the identity document's photo: another
      // document means another check.
      const frontChanged = sql`${onboardingPf.docIdentidadeFrenteUrl} is distinct from ${sql.placeholder('docIdentidadeFrenteUrl')}`;
      set.livenessPassed = sql`case when ${frontChanged} then false else ${onboardingPf.livenessPassed} end`;
      set.livenessConfidence = sql`case when ${frontChanged} then null else ${onboardingPf.livenessConfidence} end`;
      set.biometriaDecisao = sql`case when ${frontChanged} then null else ${onboardingPf.biometriaDecisao} end`;
    }
    set.currentStep = sql`greatest(${onboardingPf.currentStep}, ${step + 1})`;
    set.updatedAt = sql.placeholder('now');
    return db
      .update(onboardingPf)
      .set(set as PfColumns)
      .where(
        and(
          eq(onboardingPf.sessionId, sql.placeholder('sessionId')),
          eq(onboardingPf.status, 'INICIADO'),
          sql`${onboardingPf.currentStep} >= ${step}`,
        ),
      )
      .returning()
      .prepare(`pf_save_step_${step}`);
  };
  return {
    findBySession: db
      .select()
      .from(onboardingPf)
      .where(eq(onboardingPf.sessionId, sql.placeholder('sessionId')))
      .prepare('pf_find_by_session'),
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

export async function findPfRecordBySession(
  db: Database,
  sessionId: string,
): Promise<PfRecord | null> {
  const [row] = await statements(db).findBySession.execute({ sessionId });
  return row ?? null;
}

/** Creates the session's record with the step-1 columns; null when it already exists. */
export async function insertPfRecord(
  executor: Executor,
  row: PfColumns & { sessionId: string; currentStep: number; createdAt: Date; updatedAt: Date },
): Promise<PfRecord | null> {
  const [inserted] = await executor
    .insert(onboardingPf)
    .values({ ...row, status: 'INICIADO' })
    .onConflictDoNothing({ target: onboardingPf.sessionId })
    .returning();
  return inserted ?? null;
}

/**
 * Writes a step's columns and moves current_step to at least the next step, only while the
 * record is still being filled (INICIADO) and the step is open (`current_step >= step`). Null
 * when there is no such record (the caller finds out why).
 */
export async function updatePfStep<Step extends PfSavableStep>(
  db: Database,
  step: Step,
  input: { sessionId: string; now: Date; columns: StepColumns<Step> },
): Promise<PfRecord | null> {
  const [row] = await statements(db).updateStep[step].execute({
    ...input.columns,
    sessionId: input.sessionId,
    now: input.now,
  });
  return row ?? null;
}

/** Whether another application holds the CPF (in analysis, in requirements or approved). */
export async function cpfHeldByAnother(
  executor: Executor,
  cpf: string,
  recordId: string,
): Promise<boolean> {
  const rows = await executor
    .select({ id: onboardingPf.id })
    .from(onboardingPf)
    .where(
      and(
        eq(onboardingPf.cpf, cpf),
        inArray(onboardingPf.status, [...cpfHoldingStatuses]),
        ne(onboardingPf.id, recordId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The submission's write: protocol, status, consents and time, only if the record is still in
 * `fromStatus`. Null when it is not (a concurrent submission won).
 */
export async function markPfSubmitted(
  executor: Executor,
  input: { id: string; fromStatus: string; toStatus: string; protocolo: string; now: Date },
): Promise<PfRecord | null> {
  const [row] = await executor
    .update(onboardingPf)
    .set({
      protocolo: input.protocolo,
      status: input.toStatus,
      consentimentoLgpd: true,
      consentimentoKyc: true,
      submittedAt: input.now,
      updatedAt: input.now,
    })
    .where(and(eq(onboardingPf.id, input.id), eq(onboardingPf.status, input.fromStatus)))
    .returning();
  return row ?? null;
}
