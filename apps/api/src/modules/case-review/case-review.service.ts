import type { Database } from '@medipay/db/client';
import {
  reviewMessages,
  type ApplicationDetail,
  type ReviewFlow,
} from '@medipay/shared/admin-review';
import { errorCodes } from '@medipay/shared/api-error';
import { deadlineStatus } from '@medipay/shared/business-days';
import {
  caseAuditActions,
  caseMessages,
  refusalReasonText,
  type AssignCase,
  type DocumentReviewInput,
  type ReviewCase,
  type SecondApprovalReason,
} from '@medipay/shared/case-review';
import { fileFieldLabels } from '@medipay/shared/files';
import { flowOfReview } from '@medipay/shared/admin-review';
import type { Flow } from '@medipay/shared/status';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { recordAdminAction } from '../admin-audit/admin-audit.repository';
import type { AuthenticatedAdmin } from '../admin-auth/admin-request';
import { findReviewRecord, type ReviewRecord } from '../admin-review/review-detail.repository';
import type { ReviewDetail } from '../admin-review/review-detail.service';
import type { Executor } from '../messaging/outbox.repository';
import { insertDocumentReview, noFirstApproval, updateCase } from './case-review.repository';
import { labelledReasons } from './second-approval';

/** The statuses in which the back office owes a decision (the due time runs). */
const awaitingAnalysis: Record<Flow, readonly string[]> = {
  PF: ['EM_ANALISE'],
  PJ: ['ENVIADO_PARA_ANALISE', 'EM_ANALISE'],
};

export const awaitsAnalysis = (flow: Flow, status: string) =>
  awaitingAnalysis[flow].includes(status);

/** The statuses in which a reviewer decides documents (the ones 'Aprovar' starts from). */
const documentsOpen: Record<Flow, readonly string[]> = {
  PF: ['INICIADO', 'EM_ANALISE'],
  PJ: ['INICIADO', 'ENVIADO_PARA_ANALISE', 'EM_ANALISE'],
};

const conflict = (message: string) => new AppError(errorCodes.conflict, message, 409);
const notFound = () => new AppError(errorCodes.notFound, reviewMessages.notFound, 404);

/**
 * Whether `admin` may decide on the record: nobody holds it, or `admin` does. Deciding a case
 * another admin holds needs the explicit, audited take-over first. A decision does not take a
 * free case: holding is what 'Assumir análise' says, never a side effect.
 */
export function assertMayDecide(record: ReviewRecord, admin: AuthenticatedAdmin): void {
  const holder = record.row.analistaId;
  if (holder && holder !== admin.user.id) throw conflict(caseMessages.heldByOther);
}

export function caseOf(
  record: ReviewRecord,
  viewerId: string | null,
  reasons: readonly SecondApprovalReason[],
  now: Date,
): ReviewCase {
  const { row, flow } = record;
  const due = awaitsAnalysis(flow, row.status) ? row.prazoAnalise : null;
  return {
    prazo: due ? due.toISOString() : null,
    prazoStatus: due ? deadlineStatus(due, now) : null,
    analista:
      row.analistaEmail && row.analistaDesde
        ? { id: row.analistaId, email: row.analistaEmail, desde: row.analistaDesde.toISOString() }
        : null,
    heldByMe: Boolean(viewerId && row.analistaId === viewerId),
    secondApprovalReasons: labelledReasons(reasons),
    primeiraAprovacao:
      row.primeiraAprovacaoPor && row.primeiraAprovacaoEm
        ? {
            adminId: row.primeiraAprovacaoPorId,
            adminEmail: row.primeiraAprovacaoPor,
            em: row.primeiraAprovacaoEm.toISOString(),
            nota: row.primeiraAprovacaoNota ?? '',
          }
        : null,
  };
}

export type CaseContext = {
  flow: ReviewFlow;
  id: string;
  admin: AuthenticatedAdmin;
  ip: string;
};

export type CaseReview = {
  /** 'Assumir análise', or the take-over of another admin's case. */
  assign: (context: CaseContext, input: AssignCase) => Promise<ApplicationDetail>;
  /** 'Liberar análise': only the holder. */
  release: (context: CaseContext, input: { expectedStatus: string }) => Promise<ApplicationDetail>;
  /** Withdraws the first approval of a four-eyes case: only the admin who gave it. */
  withdrawApproval: (
    context: CaseContext,
    input: { expectedStatus: string },
  ) => Promise<ApplicationDetail>;
  /** 'Aceitar documento' / 'Recusar documento' on a current document of the record. */
  reviewDocument: (
    context: CaseContext & { documentId: string },
    input: DocumentReviewInput,
  ) => Promise<ApplicationDetail>;
};

const documentIdOf = (url: string | null) =>
  url?.startsWith('/api/documents/') ? url.slice('/api/documents/'.length) : null;

/** The record's current documents: file field -> document id. */
export function currentDocuments(record: ReviewRecord): Map<string, string> {
  const current = new Map<string, string>();
  for (const [column, value] of Object.entries(record.row)) {
    if (!column.endsWith('Url') || typeof value !== 'string') continue;
    const id = documentIdOf(value);
    if (id) current.set(column.slice(0, -'Url'.length), id);
  }
  return current;
}

export function createCaseReview(deps: {
  db: Database;
  clock: Clock;
  detail: ReviewDetail;
}): CaseReview {
  const { db, clock, detail } = deps;

  /** One change of a case in one transaction, on the locked record; answers the new detail. */
  async function change(
    context: CaseContext,
    apply: (tx: Executor, record: ReviewRecord, now: Date) => Promise<void>,
  ): Promise<ApplicationDetail> {
    const flow = flowOfReview(context.flow);
    await db.transaction(async (tx) => {
      const record = await findReviewRecord(tx, flow, context.id, { lock: true });
      if (!record) throw notFound();
      await apply(tx, record, clock.now());
    });
    return detail.get(context.flow, context.id, context.admin.user.id);
  }

  const audit = (
    tx: Executor,
    context: CaseContext,
    record: ReviewRecord,
    action: string,
    now: Date,
    notes: { observacoes?: string | null; motivo?: string | null } = {},
  ) =>
    recordAdminAction(tx, {
      onboardingId: record.row.id,
      onboardingType: record.flow,
      adminUserId: context.admin.user.id,
      adminEmail: context.admin.user.email,
      action,
      observacoes: notes.observacoes ?? null,
      motivo: notes.motivo ?? null,
      ip: context.ip,
      createdAt: now,
    });

  return {
    assign: (context, input) =>
      change(context, async (tx, record, now) => {
        const { user } = context.admin;
        const holder = record.row.analistaId;
        if (holder !== input.expectedHolderId) throw conflict(caseMessages.holderChanged);
        if (holder === user.id) return;
        if (holder && !input.takeOver) throw conflict(caseMessages.heldByOther);
        await updateCase(tx, record.flow, record.row.id, {
          analistaId: user.id,
          analistaEmail: user.email,
          analistaDesde: now,
        });
        await audit(
          tx,
          context,
          record,
          holder ? caseAuditActions.takeOver : caseAuditActions.assign,
          now,
          holder
            ? { observacoes: `Análise assumida no lugar de ${record.row.analistaEmail ?? ''}` }
            : {},
        );
      }),

    release: (context, input) =>
      change(context, async (tx, record, now) => {
        if (record.row.status !== input.expectedStatus) throw conflict(reviewMessages.conflict);
        if (record.row.analistaId !== context.admin.user.id)
          throw conflict(caseMessages.holderChanged);
        await updateCase(tx, record.flow, record.row.id, {
          analistaId: null,
          analistaEmail: null,
          analistaDesde: null,
        });
        await audit(tx, context, record, caseAuditActions.release, now);
      }),

    withdrawApproval: (context, input) =>
      change(context, async (tx, record, now) => {
        if (record.row.status !== input.expectedStatus) throw conflict(reviewMessages.conflict);
        if (!record.row.primeiraAprovacaoEm) throw conflict(caseMessages.noFirstApproval);
        if (record.row.primeiraAprovacaoPorId !== context.admin.user.id) {
          throw conflict(caseMessages.onlyFirstApprover);
        }
        await updateCase(tx, record.flow, record.row.id, { ...noFirstApproval, updatedAt: now });
        await audit(tx, context, record, caseAuditActions.withdrawApproval, now, {
          observacoes: record.row.primeiraAprovacaoNota,
        });
      }),

    reviewDocument: (context, input) =>
      change(context, async (tx, record, now) => {
        assertMayDecide(record, context.admin);
        if (!documentsOpen[record.flow].includes(record.row.status)) {
          throw conflict(caseMessages.documentReviewClosed);
        }
        const field = [...currentDocuments(record)].find(
          ([, id]) => id === context.documentId,
        )?.[0];
        if (!field) throw conflict(caseMessages.documentNotCurrent);
        const refused = input.decision === 'recusado';
        const motivo = refused ? (input.motivo ?? null) : null;
        const motivoTexto = refused && motivo === 'outro' ? (input.motivoTexto ?? null) : null;
        await insertDocumentReview(tx, {
          flow: record.flow,
          recordId: record.row.id,
          documentId: context.documentId,
          field,
          decision: input.decision,
          motivo,
          motivoTexto,
          adminUserId: context.admin.user.id,
          adminEmail: context.admin.user.email,
          createdAt: now,
        });
        const label = (fileFieldLabels as Record<string, string>)[field] ?? field;
        await audit(
          tx,
          context,
          record,
          refused ? caseAuditActions.refuseDocument : caseAuditActions.acceptDocument,
          now,
          refused
            ? { observacoes: label, motivo: refusalReasonText(motivo ?? '', motivoTexto) }
            : { observacoes: label },
        );
      }),
  };
}
