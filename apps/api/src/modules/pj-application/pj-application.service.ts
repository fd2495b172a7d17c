import type { Database } from '@medipay/db/client';
import { errorCodes, genericMessages } from '@medipay/shared/api-error';
import { pjFileFields, type PjFileField } from '@medipay/shared/files';
import {
  pjApplicationErrorCodes as codes,
  pjApplicationMessages as messages,
  type PjApplicationState,
  type PjSavableStep,
  type PjSavedValues,
} from '@medipay/shared/pj-application';
import {
  pjApplicationSchema,
  pjStepFields,
  pjStepSchemas,
  pjSteps,
} from '@medipay/shared/pj-onboarding';
import { statusPageUrl } from '@medipay/shared/application-status';
import { generateProtocol, PROTOCOL_MAX_ATTEMPTS } from '@medipay/shared/protocol';
import { canTransition } from '@medipay/shared/status';
import { firstIncompleteStep } from '@medipay/shared/wizard';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ApplicantSessionRow } from '../applicant-session/applicant-session.repository';
import type { DocumentRow } from '../documents/documents.repository';
import { toUploadedDocument } from '../documents/documents.service';
import { insertOutboxMessage } from '../messaging/outbox.repository';
import type { TemplateData } from '../messaging/templates';
import {
  cnpjHeldByAnother,
  findPjRecordBySession,
  insertPjRecord,
  markPjSubmitted,
  pjConstraints,
  stepColumnNames,
  updatePjStep,
  type PjRecord,
  type StepColumns,
} from './pj-application.repository';
import { uniqueViolation } from '../../lib/database-errors';
import { findDocumentsByIds } from '../documents/documents.repository';
import { insertStatusHistory } from '../status-history/status-history.repository';

export type PjSubmission = { protocolo: string; email: string; outboxId: string | null };

export type PjApplications = {
  /** The session's application as the wizard resumes it. */
  state: (session: ApplicantSessionRow) => Promise<PjApplicationState>;
  /** Validates and saves one step (1-5); answers the new state. */
  saveStep: (
    session: ApplicantSessionRow,
    step: PjSavableStep,
    body: unknown,
  ) => Promise<PjApplicationState>;
  /**
   * Checks the whole stored application again and sends it to analysis. The confirmation
   * e-mail is queued in the same transaction; the caller dispatches `outboxId` after it.
   */
  submit: (session: ApplicantSessionRow) => Promise<PjSubmission>;
};

/** The status a submitted company application takes (the PJ status machine). */
const SUBMITTED_STATUS = 'ENVIADO_PARA_ANALISE';

const fileFields = Object.keys(pjFileFields) as PjFileField[];

/** Form fields kept in a column of the same name (camelCase in Drizzle, snake_case in SQL). */
const scalarFields = [
  'razaoSocial',
  'nomeFantasia',
  'cnpj',
  'inscricaoEstadual',
  'inscricaoMunicipal',
  'tipoEmpresa',
  'areaAtuacao',
  'email',
  'telefone',
  'cep',
  'logradouro',
  'numero',
  'complemento',
  'bairro',
  'cidade',
  'uf',
  'responsavelNome',
  'responsavelCpf',
  'responsavelRg',
  'responsavelCargo',
  'cnes',
  'banco',
  'agencia',
  'conta',
  'tipoConta',
  'faturamentoMensal',
  'numeroFuncionarios',
] as const satisfies readonly (keyof PjRecord & keyof PjSavedValues)[];

const urlColumns = {
  comprovanteEndereco: 'comprovanteEnderecoUrl',
  responsavelDocFrente: 'responsavelDocFrenteUrl',
  responsavelDocVerso: 'responsavelDocVersoUrl',
  contratoSocial: 'contratoSocialUrl',
  cartaoCnpj: 'cartaoCnpjUrl',
  alvaraFuncionamento: 'alvaraFuncionamentoUrl',
  cnesDocumento: 'cnesDocumentoUrl',
} as const satisfies Record<PjFileField, keyof PjRecord>;

/** The id of a document from its portal route (the `url` of `toUploadedDocument`). */
const documentIdOf = (url: string | null) =>
  url?.startsWith('/api/documents/') ? url.slice('/api/documents/'.length) : null;

const stepTitle = (step: number) => pjSteps.find((entry) => entry.id === step)?.title ?? '';

const stepLocked = () => new AppError(codes.stepLocked, messages.stepLocked, 409);
const alreadySubmitted = () => new AppError(codes.alreadySubmitted, messages.alreadySubmitted, 409);
const duplicateCnpj = () => new AppError(codes.duplicateCnpj, messages.duplicateCnpj, 409);
const documentNotFound = () => new AppError(codes.documentNotFound, messages.documentNotFound, 400);
const incomplete = (step: number) =>
  new AppError(codes.incomplete, messages.incomplete(stepTitle(step)), 422, { step });

function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? genericMessages.validation;
}

/**
 * The stored values in the forms' shapes (stored forms: CNPJ upper case, E.164, CEP digits): what
 * the wizard resumes with and what the back office's review shows.
 */
export function savedValues(
  record: PjRecord,
  documentsById: Map<string, DocumentRow>,
): PjSavedValues {
  const values: PjSavedValues = {};
  for (const field of scalarFields) {
    const value = record[field];
    if (value !== null) values[field] = value;
  }
  for (const field of fileFields) {
    const id = documentIdOf(record[urlColumns[field]]);
    const document = id ? documentsById.get(id) : undefined;
    if (document) values[field] = toUploadedDocument(document);
  }
  if (record.consentimentoLgpd) values.consentimentoLgpd = true;
  if (record.consentimentoKyc) values.consentimentoKyc = true;
  return values;
}

export function createPjApplications(deps: {
  db: Database;
  clock: Clock;
  /** The portal's public origin, for the confirmation's status page link. */
  publicUrl: string;
}): PjApplications {
  const { db, clock } = deps;

  /** The documents the record's `*_url` columns point to, by id. */
  async function storedDocuments(record: PjRecord, known: DocumentRow[] = []) {
    const byId = new Map(known.map((row) => [row.id, row]));
    const missing = fileFields
      .map((field) => documentIdOf(record[urlColumns[field]]))
      .filter((id): id is string => id !== null && !byId.has(id));
    for (const row of await findDocumentsByIds(db, missing)) byId.set(row.id, row);
    return byId;
  }

  function toState(record: PjRecord, documentsById: Map<string, DocumentRow>): PjApplicationState {
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
  ): Promise<Map<PjFileField, DocumentRow>> {
    const wanted = fileFields
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
    const result = new Map<PjFileField, DocumentRow>();
    for (const { field, id } of wanted) {
      const document = found.get(id);
      if (!document || document.sessionId !== session.id || document.field !== field)
        throw documentNotFound();
      result.set(field, document);
    }
    return result;
  }

  /** The columns a valid step writes, after the checks only the server can make. */
  async function stepColumns<Step extends PjSavableStep>(
    session: ApplicantSessionRow,
    step: Step,
    values: Record<string, unknown>,
  ) {
    const uploaded = await ownDocuments(session, values);
    const columns: Record<string, unknown> = {};
    for (const column of stepColumnNames[step]) {
      const document = column.endsWith('Url')
        ? uploaded.get(column.slice(0, -'Url'.length) as PjFileField)
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
    return { columns: columns as StepColumns<Step>, uploaded: [...uploaded.values()] };
  }

  return {
    state: async (session) => {
      const record = await findPjRecordBySession(db, session.id);
      if (!record) return { currentStep: 1, status: null, protocolo: null, values: {} };
      return toState(record, await storedDocuments(record));
    },

    saveStep: async (session, step, body) => {
      // The values first, then the record's state: the save itself is one guarded UPDATE.
      const parsed = pjStepSchemas[step].safeParse(body);
      if (!parsed.success)
        throw new AppError(errorCodes.validation, firstMessage(parsed.error), 400);
      const { columns, uploaded } = await stepColumns(
        session,
        step,
        parsed.data as Record<string, unknown>,
      );
      const now = clock.now();
      const save = () => updatePjStep(db, step, { sessionId: session.id, now, columns });

      let saved = await save();
      if (!saved) {
        const record = await findPjRecordBySession(db, session.id);
        if (record && !canTransition('PJ', record.status, SUBMITTED_STATUS, 'applicant'))
          throw alreadySubmitted();
        if (record || step !== 1) throw stepLocked();
        saved = await db.transaction(async (tx) => {
          const created = await insertPjRecord(tx, {
            ...columns,
            sessionId: session.id,
            currentStep: step + 1,
            createdAt: now,
            updatedAt: now,
          });
          if (created) {
            await insertStatusHistory(tx, {
              flow: 'PJ',
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
      const record = await findPjRecordBySession(db, session.id);
      if (!record) throw incomplete(1);
      if (!canTransition('PJ', record.status, SUBMITTED_STATUS, 'applicant'))
        throw alreadySubmitted();

      const documentsById = await storedDocuments(record);
      const values = savedValues(record, documentsById);
      const parsed = pjApplicationSchema.safeParse({
        ...values,
        consentimentoLgpd: true,
        consentimentoKyc: true,
      });
      const failing: number[] = [];
      if (!parsed.success) {
        const step = firstIncompleteStep(pjStepFields, parsed.error.issues);
        if (step !== null) failing.push(step);
      }
      const contactsVerified =
        record.emailVerificado &&
        record.telefoneVerificado &&
        record.email !== null &&
        record.email === session.verifiedEmail &&
        record.telefone === session.verifiedPhone;
      if (!contactsVerified) failing.push(1);
      if (failing.length > 0) throw incomplete(Math.min(...failing));

      const cnpj = record.cnpj!;
      const email = record.email!;
      if (await cnpjHeldByAnother(db, cnpj, record.id)) throw duplicateCnpj();

      const now = clock.now();
      const { submitted, outboxId } = await db.transaction(async (tx) => {
        let submitted: PjRecord | null = null;
        for (let attempt = 0; attempt < PROTOCOL_MAX_ATTEMPTS && !submitted; attempt += 1) {
          const protocolo = generateProtocol('PJ', now);
          try {
            // A savepoint per attempt: a unique violation aborts only the attempt.
            submitted = await tx.transaction(async (attemptTx) => {
              const row = await markPjSubmitted(attemptTx, {
                id: record.id,
                fromStatus: record.status,
                toStatus: SUBMITTED_STATUS,
                protocolo,
                now,
              });
              if (!row) throw alreadySubmitted();
              return row;
            });
          } catch (error) {
            const constraint = uniqueViolation(error);
            if (constraint === pjConstraints.protocolo) continue;
            if (constraint === pjConstraints.activeCnpj) throw duplicateCnpj();
            throw error;
          }
        }
        if (!submitted) {
          // Every protocol tried was taken (decision 006): nothing changed; the applicant retries.
          throw new AppError(errorCodes.unavailable, messages.submitFailed, 503);
        }
        await insertStatusHistory(tx, {
          flow: 'PJ',
          recordId: record.id,
          fromStatus: record.status,
          toStatus: submitted.status,
          actorType: 'applicant',
          createdAt: now,
        });
        const outboxId = await insertOutboxMessage(tx, {
          channel: 'email',
          template: 'pj-confirmation',
          recipient: email,
          data: {
            razaoSocial: submitted.razaoSocial ?? '',
            protocolo: submitted.protocolo!,
            statusUrl: statusPageUrl(deps.publicUrl, submitted.protocolo!),
          } satisfies TemplateData['pj-confirmation'],
          idempotencyKey: `pj-confirmation:${record.id}`,
        });
        return { submitted, outboxId };
      });
      return { protocolo: submitted.protocolo!, email, outboxId };
    },
  };
}
