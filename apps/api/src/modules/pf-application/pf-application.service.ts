import type { Database } from '@medipay/db/client';
import { errorCodes, genericMessages } from '@medipay/shared/api-error';
import { biometricDecisionAccepted } from '@medipay/shared/biometrics';
import { pfFileFields, type PfFileField } from '@medipay/shared/files';
import { validationMessages } from '@medipay/shared/messages';
import {
  pfApplicationErrorCodes as codes,
  pfApplicationMessages as messages,
  type PfApplicationState,
  type PfSavableStep,
  type PfSavedValues,
} from '@medipay/shared/pf-application';
import {
  pfApplicationSchema,
  pfStepFields,
  pfStepSchemas,
  pfSteps,
} from '@medipay/shared/pf-onboarding';
import { statusPageUrl } from '@medipay/shared/application-status';
import { generateProtocol, PROTOCOL_MAX_ATTEMPTS } from '@medipay/shared/protocol';
import { canTransition } from '@medipay/shared/status';
import { firstIncompleteStep } from '@medipay/shared/wizard';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ApplicantSessionRow } from '../applicant-session/applicant-session.repository';
import type { Biometrics } from '../biometrics/biometrics.service';
import type { DocumentRow } from '../documents/documents.repository';
import { toUploadedDocument } from '../documents/documents.service';
import { insertOutboxMessage } from '../messaging/outbox.repository';
import type { TemplateData } from '../messaging/templates';
import {
  cpfHeldByAnother,
  findPfRecordBySession,
  insertPfRecord,
  markPfSubmitted,
  pfConstraints,
  stepColumnNames,
  updatePfStep,
  type PfRecord,
  type StepColumns,
} from './pf-application.repository';
import { uniqueViolation } from '../../lib/database-errors';
import { findDocumentsByIds } from '../documents/documents.repository';
import { insertStatusHistory } from '../status-history/status-history.repository';

export type PfSubmission = { protocolo: string; email: string; outboxId: string | null };

export type PfApplications = {
  /** The session's application as the wizard resumes it. */
  state: (session: ApplicantSessionRow) => Promise<PfApplicationState>;
  /** Validates and saves one step (1-5); answers the new state. */
  saveStep: (
    session: ApplicantSessionRow,
    step: PfSavableStep,
    body: unknown,
  ) => Promise<PfApplicationState>;
  /**
   * Checks the whole stored application again and sends it to analysis. The confirmation
   * e-mail is queued in the same transaction; the caller dispatches `outboxId` after it.
   */
  submit: (session: ApplicantSessionRow) => Promise<PfSubmission>;
};

const fileFields = Object.keys(pfFileFields) as PfFileField[];

/** Form fields kept in a column of the same name (camelCase in Drizzle, snake_case in SQL). */
const scalarFields = [
  'nomeCompleto',
  'nacionalidade',
  'cpf',
  'estadoCivil',
  'email',
  'telefone',
  'cep',
  'logradouro',
  'numero',
  'complemento',
  'bairro',
  'cidade',
  'uf',
  'docProfissionalTipo',
  'docProfissionalNumero',
  'docProfissionalUf',
  'docProfissionalOrgaoEmissor',
  'docIdentidadeNome',
  'docIdentidadeNumero',
  'docIdentidadeOrgao',
  'docIdentidadeUf',
  'docIdentidadeValidade',
  'pepTipo',
  'pepNome',
  'pepCpf',
  'pepCargo',
  'pepOrgao',
] as const satisfies readonly (keyof PfRecord & keyof PfSavedValues)[];

const urlColumns = {
  comprovanteResidencia: 'comprovanteResidenciaUrl',
  docIdentidadeFrente: 'docIdentidadeFrenteUrl',
  docIdentidadeVerso: 'docIdentidadeVersoUrl',
  selfie: 'selfieUrl',
  selfieDoc: 'selfieDocUrl',
} as const satisfies Record<PfFileField, keyof PfRecord>;

/** The id of a document from its portal route (the `url` of `toUploadedDocument`). */
const documentIdOf = (url: string | null) =>
  url?.startsWith('/api/documents/') ? url.slice('/api/documents/'.length) : null;

const stepTitle = (step: number) => pfSteps.find((entry) => entry.id === step)?.title ?? '';

const stepLocked = () => new AppError(codes.stepLocked, messages.stepLocked, 409);
const alreadySubmitted = () => new AppError(codes.alreadySubmitted, messages.alreadySubmitted, 409);
const duplicateCpf = () => new AppError(codes.duplicateCpf, messages.duplicateCpf, 409);
const documentNotFound = () => new AppError(codes.documentNotFound, messages.documentNotFound, 400);
const incomplete = (step: number) =>
  new AppError(codes.incomplete, messages.incomplete(stepTitle(step)), 422, { step });

function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? genericMessages.validation;
}

/**
 * The stored values in the forms' shapes (stored forms: CPF digits, E.164, CEP digits): what the
 * wizard resumes with and what the back office's review shows.
 */
export function savedValues(
  record: PfRecord,
  documentsById: Map<string, DocumentRow>,
): PfSavedValues {
  const values: PfSavedValues = {};
  for (const field of scalarFields) {
    const value = record[field];
    if (value !== null) values[field] = value;
  }
  for (const field of fileFields) {
    const id = documentIdOf(record[urlColumns[field]]);
    const document = id ? documentsById.get(id) : undefined;
    if (document) values[field] = toUploadedDocument(document);
  }
  if (record.livenessPassed) values.livenessPassed = true;
  if (record.livenessConfidence !== null) values.livenessConfidence = record.livenessConfidence;
  if (record.biometriaDecisao !== null) values.biometricDecision = record.biometriaDecisao;
  if (record.consentimentoLgpd) values.consentimentoLgpd = true;
  if (record.consentimentoKyc) values.consentimentoKyc = true;
  return values;
}

export function createPfApplications(deps: {
  db: Database;
  biometrics: Biometrics;
  clock: Clock;
  /** The portal's public origin, for the confirmation's status page link. */
  publicUrl: string;
}): PfApplications {
  const { db, biometrics, clock } = deps;

  /** The documents the record's `*_url` columns point to, by id. */
  async function storedDocuments(record: PfRecord, known: DocumentRow[] = []) {
    const byId = new Map(known.map((row) => [row.id, row]));
    const missing = fileFields
      .map((field) => documentIdOf(record[urlColumns[field]]))
      .filter((id): id is string => id !== null && !byId.has(id));
    for (const row of await findDocumentsByIds(db, missing)) byId.set(row.id, row);
    return byId;
  }

  function toState(record: PfRecord, documentsById: Map<string, DocumentRow>): PfApplicationState {
    return {
      currentStep: Math.min(Math.max(record.currentStep, 1), 6),
      status: record.status,
      protocolo: record.protocolo,
      values: savedValues(record, documentsById),
    };
  }

  /** The uploaded documents of the step's file fields, each of this session and that field. */
  async function ownDocuments(
    session: ApplicantSessionRow,
    values: Record<string, unknown>,
  ): Promise<Map<PfFileField, DocumentRow>> {
    const wanted = fileFields
      .filter((field) => field in values)
      .map((field) => ({ field, id: (values[field] as { id: string }).id }));
    const found = new Map(
      (
        await findDocumentsByIds(
          db,
          wanted.map((entry) => entry.id),
        )
      ).map((row) => [row.id, row]),
    );
    const result = new Map<PfFileField, DocumentRow>();
    for (const { field, id } of wanted) {
      const document = found.get(id);
      if (!document || document.sessionId !== session.id || document.field !== field)
        throw documentNotFound();
      result.set(field, document);
    }
    return result;
  }

  /** The columns a valid step writes, after the checks only the server can make. */
  async function stepColumns<Step extends PfSavableStep>(
    session: ApplicantSessionRow,
    step: Step,
    values: Record<string, unknown>,
  ) {
    const uploaded = await ownDocuments(session, values);
    const columns: Record<string, unknown> = {};
    for (const column of stepColumnNames[step]) {
      const document = column.endsWith('Url')
        ? uploaded.get(column.slice(0, -'Url'.length) as PfFileField)
        : undefined;
      columns[column] = document ? toUploadedDocument(document).url : (values[column] ?? null);
    }
    if (step === 1) {
      if (values.email !== session.verifiedEmail)
        throw new AppError(codes.emailNotVerified, messages.emailNotVerified, 400);
      if (values.telefone !== session.verifiedPhone)
        throw new AppError(codes.phoneNotVerified, messages.phoneNotVerified, 400);
      columns.emailVerificado = true;
      columns.telefoneVerificado = true;
    }
    if (step === 4) {
      const check = await biometrics.latest(session);
      const selfie = uploaded.get('selfie');
      const selfieDoc = uploaded.get('selfieDoc');
      // Aprovado and em revisão go on (a reviewer compares the photos of the latter); reprovado
      // is tried again.
      if (
        !check ||
        !biometricDecisionAccepted(check.decision) ||
        check.selfieId !== selfie?.id ||
        check.selfieDocId !== selfieDoc?.id
      ) {
        throw new AppError(codes.livenessNotPassed, validationMessages.livenessScreen, 400);
      }
      columns.livenessPassed = true;
      columns.livenessConfidence = check.confidence;
      columns.biometriaDecisao = check.decision;
    }
    return { columns: columns as StepColumns<Step>, uploaded: [...uploaded.values()] };
  }

  return {
    state: async (session) => {
      const record = await findPfRecordBySession(db, session.id);
      if (!record) return { currentStep: 1, status: null, protocolo: null, values: {} };
      return toState(record, await storedDocuments(record));
    },

    saveStep: async (session, step, body) => {
      // The values first, then the record's state: the save itself is one guarded UPDATE.
      const parsed = pfStepSchemas[step].safeParse(body);
      if (!parsed.success)
        throw new AppError(errorCodes.validation, firstMessage(parsed.error), 400);
      const { columns, uploaded } = await stepColumns(
        session,
        step,
        parsed.data as Record<string, unknown>,
      );
      const now = clock.now();
      const save = () => updatePfStep(db, step, { sessionId: session.id, now, columns });

      let saved = await save();
      if (!saved) {
        const record = await findPfRecordBySession(db, session.id);
        if (record && !canTransition('PF', record.status, 'EM_ANALISE', 'applicant'))
          throw alreadySubmitted();
        if (record || step !== 1) throw stepLocked();
        saved = await db.transaction(async (tx) => {
          const created = await insertPfRecord(tx, {
            ...columns,
            sessionId: session.id,
            currentStep: step + 1,
            createdAt: now,
            updatedAt: now,
          });
          if (created) {
            await insertStatusHistory(tx, {
              flow: 'PF',
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
        if (!saved) throw stepLocked();
      }
      return toState(saved, await storedDocuments(saved, uploaded));
    },

    submit: async (session) => {
      const record = await findPfRecordBySession(db, session.id);
      if (!record) throw incomplete(1);
      if (!canTransition('PF', record.status, 'EM_ANALISE', 'applicant')) throw alreadySubmitted();

      const documentsById = await storedDocuments(record);
      const values = savedValues(record, documentsById);
      const parsed = pfApplicationSchema.safeParse({
        ...values,
        consentimentoLgpd: true,
        consentimentoKyc: true,
      });
      const failing: number[] = [];
      if (!parsed.success) {
        const step = firstIncompleteStep(pfStepFields, parsed.error.issues);
        if (step !== null) failing.push(step);
      }
      const contactsVerified =
        record.emailVerificado &&
        record.telefoneVerificado &&
        record.email !== null &&
        record.email === session.verifiedEmail &&
        record.telefone === session.verifiedPhone;
      if (!contactsVerified) failing.push(1);
      const check = await biometrics.latest(session);
      const livenessHolds =
        record.livenessPassed &&
        check !== null &&
        biometricDecisionAccepted(check.decision) &&
        record.biometriaDecisao === check.decision &&
        check.selfieId === documentIdOf(record.selfieUrl) &&
        check.selfieDocId === documentIdOf(record.selfieDocUrl);
      if (!livenessHolds) failing.push(4);
      if (failing.length > 0) throw incomplete(Math.min(...failing));

      const cpf = record.cpf!;
      const email = record.email!;
      if (await cpfHeldByAnother(db, cpf, record.id)) throw duplicateCpf();

      const now = clock.now();
      const { submitted, outboxId } = await db.transaction(async (tx) => {
        let submitted: PfRecord | null = null;
        for (let attempt = 0; attempt < PROTOCOL_MAX_ATTEMPTS && !submitted; attempt += 1) {
          const protocolo = generateProtocol('PF', now);
          try {
            // A savepoint per attempt: a unique violation aborts only the attempt.
            submitted = await tx.transaction(async (attemptTx) => {
              const row = await markPfSubmitted(attemptTx, {
                id: record.id,
                fromStatus: record.status,
                toStatus: 'EM_ANALISE',
                protocolo,
                now,
              });
              if (!row) throw alreadySubmitted();
              return row;
            });
          } catch (error) {
            const constraint = uniqueViolation(error);
            if (constraint === pfConstraints.protocolo) continue;
            if (constraint === pfConstraints.activeCpf) throw duplicateCpf();
            throw error;
          }
        }
        if (!submitted) {
          // Every protocol tried was taken (decision 006): nothing changed; the applicant retries.
          throw new AppError(errorCodes.unavailable, messages.submitFailed, 503);
        }
        await insertStatusHistory(tx, {
          flow: 'PF',
          recordId: record.id,
          fromStatus: record.status,
          toStatus: submitted.status,
          actorType: 'applicant',
          createdAt: now,
        });
        const outboxId = await insertOutboxMessage(tx, {
          channel: 'email',
          template: 'pf-confirmation',
          recipient: email,
          data: {
            nome: submitted.nomeCompleto ?? '',
            protocolo: submitted.protocolo!,
            statusUrl: statusPageUrl(deps.publicUrl, submitted.protocolo!),
          } satisfies TemplateData['pf-confirmation'],
          idempotencyKey: `pf-confirmation:${record.id}`,
        });
        return { submitted, outboxId };
      });
      return { protocolo: submitted.protocolo!, email, outboxId };
    },
  };
}
