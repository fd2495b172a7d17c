import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Database } from '@medipay/db/client';
import {
  flowOfReview,
  RECTIFICATION_LINK_TTL_MS,
  reviewActionTargets,
  reviewAuditActions,
  reviewMessages,
  type ApplicationDetail,
  type decisionBaseSchema,
  type denyDecisionSchema,
  type requestChangesDecisionSchema,
  type ReviewAction,
  type ReviewFlow,
} from '@medipay/shared/admin-review';
import { errorCodes } from '@medipay/shared/api-error';
import { statusPageUrl } from '@medipay/shared/application-status';
import { paths } from '@medipay/shared/routes';
import type { Flow } from '@medipay/shared/status';
import type { RequestedDocument } from '@medipay/db/schema';
import {
  caseAuditActions,
  caseMessages,
  firstApprovalNoteSchema,
  reviewDeadline,
  type ApproveInput,
} from '@medipay/shared/case-review';
import { AppError } from '../../lib/app-error';
import {
  findDocumentReviews,
  noFirstApproval,
  updateCase,
} from '../case-review/case-review.repository';
import { assertMayDecide, currentDocuments } from '../case-review/case-review.service';
import { secondApprovalReasons } from '../case-review/second-approval';
import type { LinkedApplicationsService } from '../linked-applications/linked-applications.service';
import type { Clock } from '../../lib/clock';
import { recordAdminAction } from '../admin-audit/admin-audit.repository';
import type { AuthenticatedAdmin } from '../admin-auth/admin-request';
import { insertOutboxMessage, type Executor } from '../messaging/outbox.repository';
import type { Outbox } from '../messaging/outbox.service';
import type { TemplateData } from '../messaging/templates';
import type { MedipayAccounts } from '../medipay-account/medipay-account.service';
import { insertStatusHistory } from '../status-history/status-history.repository';
import { insertRectificationLink } from './rectification-links.repository';
import {
  findReviewRecord,
  updateReviewRecord,
  type DecisionColumns,
  type ReviewRecord,
} from './review-detail.repository';
import { reviewActionAllowed, reviewNotFound, type ReviewDetail } from './review-detail.service';

export type DecisionBase = z.infer<typeof decisionBaseSchema>;
export type ApproveDecision = ApproveInput;
export type RequestChangesDecision = z.infer<typeof requestChangesDecisionSchema>;
export type DenyDecision = z.infer<typeof denyDecisionSchema>;

/** Who decides on what: the admin is the server's own session record, never the request body. */
export type DecisionContext = {
  flow: ReviewFlow;
  id: string;
  admin: AuthenticatedAdmin;
  ip: string;
};

export type ReviewDecisions = {
  /** APROVADO; asks for the MediPay account and e-mails the applicant how to activate it. */
  approve: (context: DecisionContext, body: ApproveDecision) => Promise<ApplicationDetail>;
  /** EM_EXIGENCIA; e-mails the applicant the requirements and a new rectification link. */
  requestChanges: (
    context: DecisionContext,
    body: RequestChangesDecision,
  ) => Promise<ApplicationDetail>;
  /** NEGADO; e-mails the applicant the reason. */
  deny: (context: DecisionContext, body: DenyDecision) => Promise<ApplicationDetail>;
  /**
   * Back to EM_ANALISE ('Voltar para Análise'): an ordinary audited transition. From APROVADO the
   * applicant is e-mailed that the application is in analysis again, and what stays as it was
   * (the MediPay account and its activation link are not undone).
   */
  reopen: (context: DecisionContext, body: DecisionBase) => Promise<ApplicationDetail>;
  /** Only in EM_EXIGENCIA: a new link and the requirements e-mail again; the status stays. */
  resendRequirements: (context: DecisionContext, body: DecisionBase) => Promise<void>;
};

type DecisionInput = DecisionBase & {
  exigencias?: string;
  motivo?: string;
  /** The approval's note (required on the first of a four-eyes case). */
  nota?: string;
  notaInterna?: string;
};

/** The audit note of a reopened approval: the applicant was e-mailed (review-decisions). */
export const reopenNotice = 'Solicitante avisado por e-mail do retorno para análise';

const conflict = () => new AppError(errorCodes.conflict, reviewMessages.conflict, 409);
const notAllowed = () => new AppError(errorCodes.conflict, reviewMessages.notAllowed, 409);

/** The name an e-mail greets: the full name (PF) or the legal name (PJ). */
const nameOf = (record: ReviewRecord) =>
  (record.flow === 'PF' ? record.row.nomeCompleto : record.row.razaoSocial) ?? '';

export function createReviewDecisions(deps: {
  db: Database;
  clock: Clock;
  detail: ReviewDetail;
  outbox: Pick<Outbox, 'dispatch'>;
  /** Approval asks for the applicant's MediPay account (a job creates it). */
  accounts: Pick<MedipayAccounts, 'queue' | 'dispatch' | 'standing'>;
  /** The applications linked to the one decided (a four-eyes trigger). */
  links: Pick<LinkedApplicationsService, 'of'>;
  /** The portal's public origin, for the rectification link and the status page. */
  publicUrl: string;
}): ReviewDecisions {
  const { db, clock, detail, outbox, accounts, links, publicUrl } = deps;

  /** The refused current documents, for the rectification link to ask for (null: none). */
  async function requestedDocuments(
    tx: Executor,
    record: ReviewRecord,
  ): Promise<RequestedDocument[] | null> {
    const current = currentDocuments(record);
    const reviews = await findDocumentReviews(tx, record.flow, record.row.id, [
      ...current.values(),
    ]);
    const refused = [...current]
      .map(([field, id]) => ({ field, review: reviews.get(id) }))
      .filter(({ review }) => review?.decision === 'recusado')
      .map(({ field, review }) => ({
        field,
        motivo: review?.motivo ?? 'outro',
        motivoTexto: review?.motivoTexto ?? null,
      }));
    return refused.length > 0 ? refused : null;
  }

  /** Queues the e-mail of a decision, in its transaction; the outbox id, or null for none. */
  async function queueEmail(
    tx: Executor,
    action: ReviewAction,
    record: ReviewRecord,
    input: DecisionInput,
    now: Date,
  ): Promise<string | null> {
    const recipient = record.row.email;
    if (!recipient) return null;
    const flow: Flow = record.flow;
    if (action === 'request-changes' || action === 'resend-requirements') {
      const { token, link } = await insertRectificationLink(tx, {
        flow,
        recordId: record.row.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + RECTIFICATION_LINK_TTL_MS),
        documentos: await requestedDocuments(tx, record),
      });
      const data: TemplateData['requirements'] = {
        nome: nameOf(record),
        exigencias: input.exigencias ?? record.row.exigencias ?? '',
        rectificationUrl: `${publicUrl}${paths.rectification}?token=${token}`,
      };
      return insertOutboxMessage(tx, {
        channel: 'email',
        template: 'requirements',
        recipient,
        data,
        idempotencyKey: `requirements:${link.id}`,
      });
    }
    if (action === 'approve') {
      // Every approval is news: the one before it, if any, was undone by a 'Voltar para Análise'
      // that the applicant was told of.
      const protocolo = record.row.protocolo ?? '';
      const data: TemplateData['approval'] = {
        flow,
        nome: nameOf(record),
        protocolo,
        ...(protocolo ? { statusUrl: statusPageUrl(publicUrl, protocolo) } : {}),
      };
      return insertOutboxMessage(tx, {
        channel: 'email',
        template: 'approval',
        recipient,
        data,
        idempotencyKey: `approval:${flow}:${record.row.id}:${randomUUID()}`,
      });
    }
    if (action === 'reopen' && record.row.status === 'APROVADO') {
      const protocolo = record.row.protocolo ?? '';
      const data: TemplateData['reopened'] = {
        flow,
        nome: nameOf(record),
        protocolo,
        ...(await accounts.standing(tx, flow, record.row.id)),
        ...(protocolo ? { statusUrl: statusPageUrl(publicUrl, protocolo) } : {}),
      };
      return insertOutboxMessage(tx, {
        channel: 'email',
        template: 'reopened',
        recipient,
        data,
        idempotencyKey: `reopened:${flow}:${record.row.id}:${randomUUID()}`,
      });
    }
    if (action === 'deny') {
      const data: TemplateData['denial'] = { nome: nameOf(record), motivo: input.motivo ?? '' };
      return insertOutboxMessage(tx, {
        channel: 'email',
        template: 'denial',
        recipient,
        data,
        idempotencyKey: `denial:${record.row.id}:${randomUUID()}`,
      });
    }
    return null;
  }

  /**
   * One decision, in one transaction: the record's row is locked first, so that of two
   * concurrent decisions the second waits and then finds the status moved (409 conflict).
   * The status, its history, the audit row and the e-mail commit together or not at all.
   */
  async function decide(
    action: ReviewAction,
    context: DecisionContext,
    input: DecisionInput,
  ): Promise<void> {
    const flow = flowOfReview(context.flow);
    const { user } = context.admin;
    const { outboxId, accountId, activationId } = await db.transaction(async (tx) => {
      const record = await findReviewRecord(tx, flow, context.id, { lock: true });
      if (!record) throw reviewNotFound();
      const { row } = record;
      if (row.status !== input.expectedStatus) throw conflict();
      if (!reviewActionAllowed(flow, row.status, action)) throw notAllowed();
      assertMayDecide(record, context.admin);

      const now = clock.now();
      if (action === 'approve') {
        // Four-eyes (decision 023): a sensitive case is approved by two different admins.
        const linked = (await links.of(tx, record)).items.length > 0;
        const reasons = await secondApprovalReasons(tx, record, linked);
        if (reasons.length > 0 && !row.primeiraAprovacaoEm) {
          const nota = firstApprovalNoteSchema.safeParse(input.nota ?? '');
          if (!nota.success) {
            throw new AppError(errorCodes.validation, caseMessages.firstApprovalNoteRequired, 400);
          }
          await updateCase(tx, flow, row.id, {
            primeiraAprovacaoPorId: user.id,
            primeiraAprovacaoPor: user.email,
            primeiraAprovacaoEm: now,
            primeiraAprovacaoNota: nota.data,
            updatedAt: now,
          });
          await recordAdminAction(tx, {
            onboardingId: row.id,
            onboardingType: flow,
            adminUserId: user.id,
            adminEmail: user.email,
            action: caseAuditActions.firstApproval,
            observacoes: nota.data,
            ip: context.ip,
            createdAt: now,
          });
          return { outboxId: null, accountId: null, activationId: null };
        }
        if (reasons.length > 0 && row.primeiraAprovacaoPorId === user.id) {
          throw new AppError(errorCodes.conflict, caseMessages.sameAdmin, 409);
        }
      }
      const reason =
        action === 'request-changes' ? input.exigencias : action === 'deny' ? input.motivo : null;
      if (action !== 'resend-requirements') {
        const columns: DecisionColumns = {
          status: reviewActionTargets[action],
          analisadoPor: user.email,
          analisadoPorId: user.id,
          analisadoEm: now,
          updatedAt: now,
        };
        if (action === 'request-changes') columns.exigencias = input.exigencias;
        if (action === 'deny') columns.motivoNegacao = input.motivo;
        await updateReviewRecord(tx, flow, row.id, columns);
        // Any decision ends a first approval (the second approval included); a reopened case is
        // due again two business days on.
        await updateCase(tx, flow, row.id, {
          ...noFirstApproval,
          ...(action === 'reopen' ? { prazoAnalise: reviewDeadline(now) } : {}),
        });
        await insertStatusHistory(tx, {
          flow,
          recordId: row.id,
          fromStatus: row.status,
          toStatus: columns.status,
          actorType: 'admin',
          actorId: user.id,
          reason: reason ?? null,
          createdAt: now,
        });
      }
      await recordAdminAction(tx, {
        onboardingId: row.id,
        onboardingType: flow,
        adminUserId: user.id,
        adminEmail: user.email,
        action: reviewAuditActions[action],
        observacoes:
          action === 'request-changes'
            ? (input.exigencias ?? null)
            : action === 'reopen' && row.status === 'APROVADO' && row.email
              ? reopenNotice
              : null,
        motivo: action === 'deny' ? (input.motivo ?? null) : null,
        notaInterna: input.notaInterna ?? (action === 'approve' ? (input.nota ?? null) : null),
        ip: context.ip,
        createdAt: now,
      });
      const account =
        action === 'approve'
          ? await accounts.queue(tx, { record, admin: context.admin }, now)
          : null;
      return {
        outboxId: await queueEmail(tx, action, record, input, now),
        accountId: account?.queued ? account.id : null,
        activationId: account?.outboxId ?? null,
      };
    });
    // After the commit; a failed hand-off leaves the message or the account for the sweeper.
    if (outboxId) await outbox.dispatch(outboxId);
    if (activationId) await outbox.dispatch(activationId);
    if (accountId) await accounts.dispatch(accountId);
  }

  const decideAndShow = async (
    action: ReviewAction,
    context: DecisionContext,
    input: DecisionInput,
  ) => {
    await decide(action, context, input);
    return detail.get(context.flow, context.id, context.admin.user.id);
  };

  return {
    approve: (context, body) => decideAndShow('approve', context, body),
    requestChanges: (context, body) => decideAndShow('request-changes', context, body),
    deny: (context, body) => decideAndShow('deny', context, body),
    reopen: (context, body) => decideAndShow('reopen', context, body),
    resendRequirements: (context, body) => decide('resend-requirements', context, body),
  };
}
