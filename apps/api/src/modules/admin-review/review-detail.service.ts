import type { Database } from '@medipay/db/client';
import {
  flowOfReview,
  reviewActionTargets,
  reviewActionValues,
  reviewMessages,
  type ApplicationDetail,
  type ReviewAction,
  type ReviewChecks,
  type ReviewDocument,
  type ReviewFlow,
} from '@medipay/shared/admin-review';
import { errorCodes } from '@medipay/shared/api-error';
import { pfFileFields, pjFileFields } from '@medipay/shared/files';
import { canTransition, type Flow } from '@medipay/shared/status';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { findDocumentReviews } from '../case-review/case-review.repository';
import { caseOf } from '../case-review/case-review.service';
import { secondApprovalReasons } from '../case-review/second-approval';
import type { LinkedApplicationsService } from '../linked-applications/linked-applications.service';
import { decisionOf, type CheckRecord } from '../biometrics/biometrics.records';
import { findDocumentsByIds, type DocumentRow } from '../documents/documents.repository';
import { toUploadedDocument } from '../documents/documents.service';
import {
  pfIdentity,
  pjIdentity,
  readIdentityDocument,
  type DocumentReading,
} from '../kyc/identity-comparison';
import { findMedipayAccount } from '../medipay-account/medipay-account.repository';
import { medipayActionsFor, toMedipayAccount } from '../medipay-account/medipay-account.view';
import type { PfRecord } from '../application/flow-definition';
import { pfSavedValues } from '../application/flows/pf';
import { pjSavedValues } from '../application/flows/pj';
import {
  findAudit,
  findHistory,
  findInteractions,
  findLatestFaceMatch,
  findReviewRecord,
  findSessionDocuments,
  type ReviewRecord,
} from './review-detail.repository';

export type ReviewDetail = {
  /**
   * The whole application as the back office reviews it, seen by the admin `viewerId` (whether
   * they hold the case); 404 for an unknown or malformed id.
   */
  get: (flow: ReviewFlow, id: string, viewerId?: string | null) => Promise<ApplicationDetail>;
};

export const reviewNotFound = () => new AppError(errorCodes.notFound, reviewMessages.notFound, 404);

/** Whether the status machine lets an admin take the action on a record in `status`. */
export function reviewActionAllowed(flow: Flow, status: string, action: ReviewAction): boolean {
  if (action === 'resend-requirements') return status === 'EM_EXIGENCIA';
  return canTransition(flow, status, reviewActionTargets[action], 'admin');
}

/** What an admin may do with a record in `status`, in the contract's order. */
export function allowedReviewActions(flow: Flow, status: string): ReviewAction[] {
  return reviewActionValues.filter((action) => reviewActionAllowed(flow, status, action));
}

const fileFieldsOf: Record<Flow, readonly string[]> = {
  PF: Object.keys(pfFileFields),
  PJ: Object.keys(pjFileFields),
};

/** The column holding a file field's document route: `selfie` -> `selfieUrl`. */
const urlOf = (record: ReviewRecord, field: string): string | null =>
  (record.row as unknown as Record<string, string | null>)[`${field}Url`] ?? null;

/** The id of a document from its portal route (the `url` of `toUploadedDocument`). */
const documentIdOf = (url: string | null) =>
  url?.startsWith('/api/documents/') ? url.slice('/api/documents/'.length) : null;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function createReviewDetail(deps: {
  db: Database;
  clock: Clock;
  /** The applications linked to this one (one of the four-eyes triggers). */
  links: Pick<LinkedApplicationsService, 'of'>;
}): ReviewDetail {
  const { db, clock, links } = deps;

  /** Every version of each file field; the current one is what the record's `*_url` names. */
  async function reviewDocuments(record: ReviewRecord) {
    const fields = fileFieldsOf[record.flow];
    const versions = await findSessionDocuments(db, record.row.sessionId, fields);
    const byId = new Map(versions.map((row) => [row.id, row]));
    const missing = fields
      .map((field) => documentIdOf(urlOf(record, field)))
      .filter((id): id is string => id !== null && !byId.has(id));
    for (const row of await findDocumentsByIds(db, missing)) byId.set(row.id, row);

    const currentIds = fields
      .map((field) => documentIdOf(urlOf(record, field)))
      .filter((id): id is string => id !== null);
    const reviews = await findDocumentReviews(db, record.flow, record.row.id, currentIds);
    const documents: ReviewDocument[] = fields.map((field) => {
      const currentId = documentIdOf(urlOf(record, field));
      const current = currentId ? byId.get(currentId) : undefined;
      const review = current ? reviews.get(current.id) : undefined;
      return {
        review: review
          ? {
              decision: review.decision,
              motivo: review.motivo,
              motivoTexto: review.motivoTexto,
              adminEmail: review.adminEmail,
              createdAt: review.createdAt.toISOString(),
            }
          : null,
        field,
        current: current ? toUploadedDocument(current) : null,
        versions: versions
          .filter((row) => row.field === field)
          .map((row) => ({
            ...toUploadedDocument(row),
            createdAt: row.createdAt.toISOString(),
            uploadedBy: row.uploadedBy,
          })),
      };
    });
    return { documents, byId };
  }

  /** What the automatic checks found for the record's current documents. */
  async function reviewChecks(
    row: PfRecord,
    byId: Map<string, DocumentRow>,
    reading: DocumentReading | null,
  ): Promise<ReviewChecks> {
    const selfieId = documentIdOf(row.selfieUrl);
    const faceCheck =
      selfieId && byId.has(selfieId)
        ? await findLatestFaceMatch(db, row.sessionId, selfieId)
        : null;
    const faceRecord = faceCheck?.result as CheckRecord | null | undefined;
    const similarities = faceRecord?.faceMatch;

    return {
      extraction: reading
        ? {
            field: reading.side === 0 ? 'docIdentidadeFrente' : 'docIdentidadeVerso',
            kind: reading.kind,
            fields: reading.fields,
          }
        : null,
      faceMatch: similarities
        ? {
            selfieDoc: similarities.selfieToSelfieDoc,
            documentPhoto: similarities.selfieToDocument,
          }
        : null,
      // Never checked: not passed and no score (the step was not saved, or its document changed).
      liveness:
        row.livenessPassed || row.livenessConfidence !== null
          ? { passed: row.livenessPassed, confidence: row.livenessConfidence }
          : null,
      biometricDecision: row.biometriaDecisao ?? (faceRecord ? decisionOf(faceRecord) : null),
      sandbox: faceRecord?.sandbox === true,
    };
  }

  async function detailOf(
    record: ReviewRecord,
    viewerId: string | null,
  ): Promise<ApplicationDetail> {
    const { row, flow } = record;
    const [{ documents, byId }, history, audit, account, interactions, linked] = await Promise.all([
      reviewDocuments(record),
      findHistory(db, flow, row.id),
      findAudit(db, flow, row.id),
      findMedipayAccount(db, flow, row.id),
      findInteractions(db, flow, row.id),
      links.of(db, record),
    ]);
    const reasons = await secondApprovalReasons(db, record, linked.items.length > 0);
    const base = {
      id: row.id,
      protocolo: row.protocolo,
      status: row.status,
      currentStep: row.currentStep,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      submittedAt: iso(row.submittedAt),
      analisadoPor: row.analisadoPor,
      analisadoEm: iso(row.analisadoEm),
      exigencias: row.exigencias,
      motivoNegacao: row.motivoNegacao,
      emailVerificado: row.emailVerificado,
      telefoneVerificado: row.telefoneVerificado,
      documents,
      history: history.map((entry) => ({
        ...entry,
        actorEmail: entry.actorType === 'admin' ? entry.actorEmail : null,
        createdAt: entry.createdAt.toISOString(),
      })),
      audit: audit.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
      allowedActions: allowedReviewActions(flow, row.status),
      medipay: account ? toMedipayAccount(account) : null,
      medipayActions: medipayActionsFor(flow, row.status, account),
      interactions: interactions.map((entry) => ({
        ...entry,
        createdAt: entry.createdAt.toISOString(),
      })),
      case: caseOf(record, viewerId, reasons, clock.now()),
    };
    const current = new Set(byId.keys());
    if (record.flow === 'PF') {
      const reading = await readIdentityDocument(
        db,
        [record.row.docIdentidadeFrenteUrl, record.row.docIdentidadeVersoUrl],
        current,
      );
      return {
        flow: 'PF',
        ...base,
        values: pfSavedValues(record.row, byId),
        checks: await reviewChecks(record.row, byId, reading),
        identity: pfIdentity(record.row, reading),
      };
    }
    return {
      flow: 'PJ',
      ...base,
      values: pjSavedValues(record.row, byId),
      identity: await pjIdentity(db, record.row, current),
    };
  }

  return {
    get: async (reviewFlow, id, viewerId = null) => {
      const record = await findReviewRecord(db, flowOfReview(reviewFlow), id);
      if (!record) throw reviewNotFound();
      return detailOf(record, viewerId);
    },
  };
}
