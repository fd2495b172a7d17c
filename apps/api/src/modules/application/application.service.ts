import { getTableName } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import { errorCodes, genericMessages } from '@medipay/shared/api-error';
import { statusPageUrl } from '@medipay/shared/application-status';
import { generateProtocol, PROTOCOL_MAX_ATTEMPTS } from '@medipay/shared/protocol';
import { canTransition, submittedStatus, type Flow } from '@medipay/shared/status';
import { firstIncompleteStep } from '@medipay/shared/wizard';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/database-errors';
import type { ApplicantSessionRow } from '../applicant-session/applicant-session.repository';
import type { Biometrics } from '../biometrics/biometrics.service';
import { findDocumentsByIds, type DocumentRow } from '../documents/documents.repository';
import { toUploadedDocument } from '../documents/documents.service';
import { identityOf, type IdentityRecord } from '../kyc/identity-comparison';
import { insertOutboxMessage } from '../messaging/outbox.repository';
import { insertStatusHistory } from '../status-history/status-history.repository';
import {
  findRecordBySession,
  insertRecord,
  markSubmitted,
  taxIdColumn,
  taxIdHeldByAnother,
  updateStep,
} from './application.repository';
import { savedValues, storedDocumentId } from './application-values';
import type {
  FlowDefinition,
  FlowFileField,
  FlowRecord,
  FlowState,
  SavableStep,
} from './flow-definition';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type Submission = {
  protocolo: string;
  email: string;
  outboxId: string | null;
  /** The application's id (its screening follows the submission). */
  recordId: string;
};

export type Applications<F extends Flow = Flow> = {
  /** The session's application as the wizard resumes it. */
  state: (session: ApplicantSessionRow) => Promise<FlowState<F>>;
  /** Validates and saves one step (1-5); answers the new state. */
  saveStep: (
    session: ApplicantSessionRow,
    step: SavableStep,
    body: unknown,
    /** The browser's device identifier (case-review.ts), kept by the record it creates. */
    deviceId?: string | null,
  ) => Promise<FlowState<F>>;
  /**
   * Checks the whole stored application again and sends it to analysis. The confirmation
   * e-mail is queued in the same transaction, and `onSubmitted` runs in it (the session's new
   * token); the caller dispatches `outboxId` after it.
   */
  submit: (
    session: ApplicantSessionRow,
    onSubmitted?: (tx: Transaction, now: Date) => Promise<void>,
  ) => Promise<Submission>;
};

function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? genericMessages.validation;
}

/** One flow's application (PF or PJ), as its definition describes it. */
export function createApplications<F extends Flow>(
  definition: FlowDefinition<F>,
  deps: {
    db: Database;
    biometrics: Biometrics;
    clock: Clock;
    /** The portal's public origin, for the confirmation's status page link. */
    publicUrl: string;
  },
): Applications<F> {
  const { db, biometrics, clock } = deps;
  const { flow, errors } = definition;
  /** The status a submission sets (the flow's status machine). */
  const submitted = submittedStatus(flow);
  /** Unique indexes whose violation the submission turns into an answer (their schema names). */
  const table = getTableName(definition.table);
  const constraints = {
    protocolo: `${table}_protocolo_unique`,
    activeTaxId: `${table}_${taxIdColumn(definition).name}_active_idx`,
  };

  const stepTitle = (step: number) =>
    definition.steps.find((entry) => entry.id === step)?.title ?? '';
  const incomplete = (step: number) => errors.incomplete(step, stepTitle(step));

  /** The documents the record's `*_url` columns point to, by id. */
  async function storedDocuments(record: FlowRecord<F>, known: DocumentRow[] = []) {
    const byId = new Map(known.map((row) => [row.id, row]));
    const missing = definition.fileFields
      .map((field) => storedDocumentId(record, field))
      .filter((id): id is string => id !== null && !byId.has(id));
    for (const row of await findDocumentsByIds(db, missing)) byId.set(row.id, row);
    return byId;
  }

  function toState(record: FlowRecord<F>, documentsById: Map<string, DocumentRow>) {
    return {
      currentStep: Math.min(Math.max(record.currentStep, 1), 6),
      status: record.status,
      protocolo: record.protocolo,
      values: savedValues(definition, record, documentsById),
    } as FlowState<F>;
  }

  /** The uploaded documents of the step's file fields, each of this session and that field. */
  async function ownDocuments(session: ApplicantSessionRow, values: Record<string, unknown>) {
    const wanted = definition.fileFields
      .filter((field) => values[field] !== undefined)
      .map((field) => ({ field, id: (values[field] as { id: string }).id }));
    const found = new Map(
      (
        await findDocumentsByIds(
          db,
          wanted.map((entry) => entry.id),
        )
      ).map((row) => [row.id, row]),
    );
    const result = new Map<FlowFileField<F>, DocumentRow>();
    for (const { field, id } of wanted) {
      const document = found.get(id);
      if (!document || document.sessionId !== session.id || document.field !== field)
        throw errors.documentNotFound();
      result.set(field, document);
    }
    return result;
  }

  /** The columns a valid step writes, after the checks only the server can make. */
  async function stepColumns(
    session: ApplicantSessionRow,
    step: SavableStep,
    values: Record<string, unknown>,
  ) {
    const uploaded = await ownDocuments(session, values);
    const columns: Record<string, unknown> = {};
    for (const column of definition.stepColumns[step] as readonly string[]) {
      const document = column.endsWith('Url')
        ? uploaded.get(column.slice(0, -'Url'.length) as FlowFileField<F>)
        : undefined;
      columns[column] = document ? toUploadedDocument(document).url : (values[column] ?? null);
    }
    if (step === 1) {
      if (values.email !== session.verifiedEmail) throw errors.emailNotVerified();
      if (values.telefone !== session.verifiedPhone) throw errors.phoneNotVerified();
      columns.emailVerificado = true;
      columns.telefoneVerificado = true;
    }
    const record = () => findRecordBySession(db, definition, session.id);
    Object.assign(
      columns,
      await definition.checkStep?.({ step, session, values, record, uploaded, biometrics }),
    );
    return { columns, uploaded: [...uploaded.values()] };
  }

  /** The first step the stored application still needs; null when it may be submitted. */
  async function firstFailingStep(session: ApplicantSessionRow, record: FlowRecord<F>) {
    const values = savedValues(definition, record, await storedDocuments(record));
    const parsed = definition.applicationSchema.safeParse({
      ...values,
      consentimentoLgpd: true,
      consentimentoKyc: true,
    });
    const failing: number[] = [];
    if (!parsed.success) {
      const step = firstIncompleteStep(definition.stepFields, parsed.error.issues);
      if (step !== null) failing.push(step);
    }
    const contactsVerified =
      record.emailVerificado &&
      record.telefoneVerificado &&
      record.email !== null &&
      record.email === session.verifiedEmail &&
      record.telefone === session.verifiedPhone;
    if (!contactsVerified) failing.push(1);
    failing.push(...((await definition.checkSubmit?.({ record, session, biometrics })) ?? []));
    return failing.length > 0 ? Math.min(...failing) : null;
  }

  /** Sets protocol and status, with another protocol when one is taken; null when all were. */
  async function markWithProtocol(
    tx: Transaction,
    record: FlowRecord<F>,
    now: Date,
    identidadeDivergencias: string[],
  ) {
    for (let attempt = 0; attempt < PROTOCOL_MAX_ATTEMPTS; attempt += 1) {
      const protocolo = generateProtocol(flow, now);
      try {
        // A savepoint per attempt: a unique violation aborts only the attempt.
        return await tx.transaction(async (attemptTx) => {
          const row = await markSubmitted(attemptTx, definition, {
            id: record.id,
            fromStatus: record.status,
            toStatus: submitted,
            protocolo,
            now,
            identidadeDivergencias,
          });
          if (!row) throw errors.alreadySubmitted();
          return row;
        });
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === constraints.protocolo) continue;
        if (constraint === constraints.activeTaxId) throw definition.taxId.duplicate();
        throw error;
      }
    }
    return null;
  }

  return {
    state: async (session) => {
      const record = await findRecordBySession(db, definition, session.id);
      if (!record)
        return { currentStep: 1, status: null, protocolo: null, values: {} } as FlowState<F>;
      return toState(record, await storedDocuments(record));
    },

    saveStep: async (session, step, body, deviceId = null) => {
      // The values first, then the record's state: the save itself is one guarded UPDATE.
      const parsed = definition.stepSchemas[step].safeParse(body);
      if (!parsed.success)
        throw new AppError(errorCodes.validation, firstMessage(parsed.error), 400);
      const { columns, uploaded } = await stepColumns(
        session,
        step,
        parsed.data as Record<string, unknown>,
      );
      const now = clock.now();
      const save = () => updateStep(db, definition, step, { sessionId: session.id, now, columns });

      let saved = await save();
      if (!saved) {
        const record = await findRecordBySession(db, definition, session.id);
        if (record && !canTransition(flow, record.status, submitted, 'applicant'))
          throw errors.alreadySubmitted();
        if (record || step !== 1) throw errors.stepLocked();
        saved = await db.transaction(async (tx) => {
          const created = await insertRecord(tx, definition, {
            ...columns,
            dispositivoId: deviceId,
            sessionId: session.id,
            currentStep: step + 1,
            createdAt: now,
            updatedAt: now,
          });
          if (created) {
            await insertStatusHistory(tx, {
              flow,
              recordId: created.id,
              fromStatus: null,
              toStatus: created.status,
              actorType: 'applicant',
              createdAt: now,
            });
          }
          return created;
        });
        // A concurrent first save created it in the meantime.
        saved ??= await save();
        if (!saved) throw errors.stepLocked();
      }
      return toState(saved, await storedDocuments(saved, uploaded));
    },

    submit: async (session, onSubmitted) => {
      const record = await findRecordBySession(db, definition, session.id);
      if (!record) throw incomplete(1);
      if (!canTransition(flow, record.status, submitted, 'applicant'))
        throw errors.alreadySubmitted();
      const failing = await firstFailingStep(session, record);
      if (failing !== null) throw incomplete(failing);

      const taxId = record[definition.taxId.field] as string;
      const email = record.email!;
      if (await taxIdHeldByAnother(db, definition, taxId, record.id))
        throw definition.taxId.duplicate();

      // Kept with the application for the rules that route it (the reviewer's detail shows the
      // comparison as it stands).
      const identity = await identityOf(db, { flow, row: record } as IdentityRecord);
      const disagreements = identity.flags.map((flag) => flag.code);
      const now = clock.now();
      const { row, outboxId } = await db.transaction(async (tx) => {
        const row = await markWithProtocol(tx, record, now, disagreements);
        if (!row) throw errors.submitFailed();
        await insertStatusHistory(tx, {
          flow,
          recordId: record.id,
          fromStatus: record.status,
          toStatus: row.status,
          actorType: 'applicant',
          createdAt: now,
        });
        const template = `${flow.toLowerCase()}-confirmation`;
        const data = {
          ...definition.confirmationData(row),
          protocolo: row.protocolo!,
          statusUrl: statusPageUrl(deps.publicUrl, row.protocolo!),
        };
        const outboxId = await insertOutboxMessage(tx, {
          channel: 'email',
          template,
          recipient: email,
          data,
          idempotencyKey: `${template}:${record.id}`,
        });
        await onSubmitted?.(tx, now);
        return { row, outboxId };
      });
      return { protocolo: row.protocolo!, email, outboxId, recordId: record.id };
    },
  };
}
