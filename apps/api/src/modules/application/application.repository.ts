import { and, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '@medipay/db/client';
import { reviewDeadline } from '@medipay/shared/case-review';
import type { Flow } from '@medipay/shared/status';
import type { Executor } from '../messaging/outbox.repository';
import type { FlowDefinition, FlowRecord, FlowTable, SavableStep } from './flow-definition';

/** The columns a step save writes, by name. */
export type StepColumns = Record<string, unknown>;

/**
 * The flow's table as a query of either flow sees it: the columns used here exist with the same
 * types in both tables, and each query answers the flow's own records.
 */
const tableOf = <F extends Flow>(definition: FlowDefinition<F>): FlowTable<Flow> =>
  definition.table;

/** The column of the flow's tax id (CPF, CNPJ). */
export function taxIdColumn<F extends Flow>(definition: FlowDefinition<F>): PgColumn {
  const columns: Record<string, PgColumn> = getTableColumns(tableOf(definition));
  return columns[definition.taxId.field as string]!;
}

/**
 * Statements of the step saves, built once per database and flow: building a query of the PF
 * table's 42 columns costs more than running it (`npm run bench -- step-save`).
 */
function prepareStatements<F extends Flow>(db: Database, definition: FlowDefinition<F>) {
  const table = tableOf(definition);
  const prefix = definition.flow.toLowerCase();
  const updateStep = (step: SavableStep) => {
    const set: Record<string, unknown> = {};
    for (const column of definition.stepColumns[step])
      set[column as string] = sql.placeholder(column as string);
    Object.assign(set, definition.stepSaveExpressions?.(step));
    set.currentStep = sql`greatest(${table.currentStep}, ${step + 1})`;
    set.updatedAt = sql.placeholder('now');
    return db
      .update(table)
      .set(set)
      .where(
        and(
          eq(table.sessionId, sql.placeholder('sessionId')),
          eq(table.status, 'INICIADO'),
          sql`${table.currentStep} >= ${step}`,
        ),
      )
      .returning()
      .prepare(`${prefix}_save_step_${step}`);
  };
  return {
    findBySession: db
      .select()
      .from(table)
      .where(eq(table.sessionId, sql.placeholder('sessionId')))
      .prepare(`${prefix}_find_by_session`),
    updateStep: {
      1: updateStep(1),
      2: updateStep(2),
      3: updateStep(3),
      4: updateStep(4),
      5: updateStep(5),
    },
  };
}

const preparedByDatabase = new WeakMap<
  Database,
  Partial<Record<Flow, ReturnType<typeof prepareStatements>>>
>();
function statements<F extends Flow>(db: Database, definition: FlowDefinition<F>) {
  let byFlow = preparedByDatabase.get(db);
  if (!byFlow) {
    byFlow = {};
    preparedByDatabase.set(db, byFlow);
  }
  return (byFlow[definition.flow] ??= prepareStatements(db, definition));
}

export async function findRecordBySession<F extends Flow>(
  db: Database,
  definition: FlowDefinition<F>,
  sessionId: string,
): Promise<FlowRecord<F> | null> {
  const [row] = await statements(db, definition).findBySession.execute({ sessionId });
  return (row as FlowRecord<F> | undefined) ?? null;
}

/** Creates the session's record with the step-1 columns; null when it already exists. */
export async function insertRecord<F extends Flow>(
  executor: Executor,
  definition: FlowDefinition<F>,
  row: StepColumns & {
    sessionId: string;
    currentStep: number;
    createdAt: Date;
    updatedAt: Date;
    dispositivoId: string | null;
  },
): Promise<FlowRecord<F> | null> {
  const table = tableOf(definition);
  const [inserted] = await executor
    .insert(table)
    .values({ ...row, status: 'INICIADO' })
    .onConflictDoNothing({ target: table.sessionId })
    .returning();
  return (inserted as FlowRecord<F> | undefined) ?? null;
}

/**
 * Writes a step's columns and moves current_step to at least the next step, only while the
 * record is still being filled (INICIADO) and the step is open (`current_step >= step`). Null
 * when there is no such record (the caller finds out why).
 */
export async function updateStep<F extends Flow>(
  db: Database,
  definition: FlowDefinition<F>,
  step: SavableStep,
  input: { sessionId: string; now: Date; columns: StepColumns },
): Promise<FlowRecord<F> | null> {
  const [row] = await statements(db, definition).updateStep[step].execute({
    ...input.columns,
    sessionId: input.sessionId,
    now: input.now,
  });
  return (row as FlowRecord<F> | undefined) ?? null;
}

/** Whether another application holds the tax id (CPF, CNPJ) in one of the holding statuses. */
export async function taxIdHeldByAnother<F extends Flow>(
  executor: Executor,
  definition: FlowDefinition<F>,
  taxId: string,
  recordId: string,
): Promise<boolean> {
  const table = tableOf(definition);
  const rows = await executor
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(taxIdColumn(definition), taxId),
        inArray(table.status, [...definition.taxId.holdingStatuses]),
        ne(table.id, recordId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The submission's write: protocol, status, consents and time, only if the record is still in
 * `fromStatus`. Null when it is not (a concurrent submission won).
 */
export async function markSubmitted<F extends Flow>(
  executor: Executor,
  definition: FlowDefinition<F>,
  input: {
    id: string;
    fromStatus: string;
    toStatus: string;
    protocolo: string;
    now: Date;
    /** The identity disagreements of the application as sent (identity-comparison.ts). */
    identidadeDivergencias: string[];
  },
): Promise<FlowRecord<F> | null> {
  const table = tableOf(definition);
  const [row] = await executor
    .update(table)
    .set({
      identidadeDivergencias: input.identidadeDivergencias,
      protocolo: input.protocolo,
      status: input.toStatus,
      consentimentoLgpd: true,
      consentimentoKyc: true,
      submittedAt: input.now,
      // The back office owes a decision within two business days (case management).
      prazoAnalise: reviewDeadline(input.now),
      updatedAt: input.now,
    })
    .where(and(eq(table.id, input.id), eq(table.status, input.fromStatus)))
    .returning();
  return (row as FlowRecord<F> | undefined) ?? null;
}
