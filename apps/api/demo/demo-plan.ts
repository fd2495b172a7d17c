/**
 * The plan of the demonstration seed (demo-seed.ts): the rows and files of every application,
 * built by demo-plan-pf.ts and demo-plan-pj.ts before anything is written, and what both flows'
 * plans share: when things happened, the decisions after a submission, the status history and
 * audit rows, and the documents of a session.
 */
import { randomUUID } from 'node:crypto';
import type {
  adminActions,
  applicantSessions,
  onboardingPf,
  onboardingPj,
  statusHistory,
  verificationResults,
} from '@medipay/db/schema';
import { reviewAuditActions } from '@medipay/shared/admin-review';
import { reviewDeadline } from '@medipay/shared/case-review';
import { saoPauloDayKey, startOfSaoPauloDay } from '@medipay/shared/dates';
import {
  pfFileFields,
  pjFileFields,
  type FileKind,
  type PfFileField,
  type PjFileField,
} from '@medipay/shared/files';
import { PF_PROTOCOL_PREFIX } from '@medipay/shared/protocol';
import type { Flow, Status } from '@medipay/shared/status';
import type { DemoIdentity, DemoPf, DemoPj } from './demo-dataset';

export const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export type Reviewer = { id: string | null; email: string };

export type PlannedDocument = {
  id: string;
  flow: Flow;
  sessionId: string;
  field: PfFileField | PjFileField;
  kind: FileKind;
  originalName: string;
  uploadedAt: Date;
  render: () => Promise<Buffer>;
};

export type Plan = {
  sessions: (typeof applicantSessions.$inferInsert)[];
  pf: (typeof onboardingPf.$inferInsert)[];
  pj: (typeof onboardingPj.$inferInsert)[];
  documents: PlannedDocument[];
  /** Verification results that name a document inserted with the plan. */
  checks: (typeof verificationResults.$inferInsert)[];
  history: (typeof statusHistory.$inferInsert)[];
  audit: (typeof adminActions.$inferInsert)[];
};

/**
 * When each thing happened to one application: the wizard's saves a few minutes apart from its
 * start, then the back office's decisions in the time between the submission and now. An
 * application of today starts after midnight in São Paulo, whatever the hour of the seed.
 */
export function schedule(now: Date, daysAgo: number, slot: number) {
  const end = now.getTime();
  const today = startOfSaoPauloDay(now).getTime();
  const back = (1 + (slot % 4)) * HOUR + slot * 7 * MINUTE;
  const start =
    daysAgo === 0
      ? Math.max(end - back, today + ((end - today) * ((slot % 5) + 1)) / 12)
      : end - daysAgo * DAY - back;
  const gap = Math.min(4 * MINUTE, (end - start) / 20);
  /** The save of step `step` (1-5); step 6 is the submission. */
  const step = (n: number) => new Date(start + (n - 1) * gap);
  const submitted = start + 5 * gap;
  return {
    started: new Date(start),
    step,
    /** A little before a moment: an upload before the save that uses it. */
    before: (date: Date) => new Date(date.getTime() - Math.min(30 * 1000, gap / 3)),
    /** `hours` after the submission, or that share of the time since, whichever is sooner. */
    afterSubmission: (hours: number, share: number) =>
      new Date(submitted + Math.min(hours * HOUR, (end - submitted) * share)),
  };
}

export const halfway = (from: Date, to: Date) => new Date((from.getTime() + to.getTime()) / 2);

export const protocolOf = (flow: Flow, submittedAt: Date, suffix: string) =>
  `${flow === 'PF' ? PF_PROTOCOL_PREFIX : 'PJ'}-${saoPauloDayKey(submittedAt)}-${suffix}`;

/** The portal's route of a document, as the uploads answer it (toUploadedDocument). */
const documentUrl = (id: string) => `/api/documents/${id}`;
export const documentIdOf = (url: string) => url.slice('/api/documents/'.length);

/** The data drawn on an identity document: a CIN's number is its holder's CPF. */
export const identityData = (identity: DemoIdentity, nome: string, cpf: string) => ({
  kind: identity.kind,
  nome: nome.toUpperCase(),
  numero: identity.kind === 'CIN' ? cpf : identity.numero,
  orgao: identity.orgao,
  uf: identity.uf,
  validade: identity.validade,
});

/**
 * The story of a submitted application after the submission: an earlier requirement answered
 * with a new document (when the dataset says so), then the current status.
 */
export function decisions(
  entry: DemoPf | DemoPj,
  submittedStatus: Status,
  when: ReturnType<typeof schedule>,
) {
  const events: {
    from: Status;
    to: Status;
    actor: 'admin' | 'applicant';
    reason: string | null;
    at: Date;
  }[] = [];
  let from = submittedStatus;
  if (entry.rectification) {
    events.push({
      from,
      to: 'EM_EXIGENCIA',
      actor: 'admin',
      reason: entry.rectification.exigencias,
      at: when.afterSubmission(20, 0.3),
    });
    events.push({
      from: 'EM_EXIGENCIA',
      to: 'EM_ANALISE',
      actor: 'applicant',
      reason: null,
      at: when.afterSubmission(40, 0.5),
    });
    from = 'EM_ANALISE';
  }
  if (entry.status !== submittedStatus) {
    events.push({
      from,
      to: entry.status,
      actor: 'admin',
      reason:
        entry.status === 'EM_EXIGENCIA'
          ? (entry.exigencias ?? null)
          : (entry.motivoNegacao ?? null),
      at: when.afterSubmission(entry.rectification ? 60 : 26, entry.rectification ? 0.75 : 0.55),
    });
  }
  return events;
}

const auditActionOf: Partial<Record<Status, string>> = {
  APROVADO: reviewAuditActions.approve,
  EM_EXIGENCIA: reviewAuditActions['request-changes'],
  NEGADO: reviewAuditActions.deny,
  REJEITADO: 'REJEITADO',
};

export function planHistory(
  plan: Plan,
  input: {
    flow: Flow;
    recordId: string;
    started: Date;
    submittedStatus: Status;
    submittedAt: Date | null;
    events: ReturnType<typeof decisions>;
    reviewer: Reviewer;
  },
) {
  const { flow, recordId, reviewer } = input;
  plan.history.push({
    flow,
    recordId,
    fromStatus: null,
    toStatus: 'INICIADO',
    actorType: 'applicant',
    createdAt: input.started,
  });
  if (!input.submittedAt) return;
  plan.history.push({
    flow,
    recordId,
    fromStatus: 'INICIADO',
    toStatus: input.submittedStatus,
    actorType: 'applicant',
    createdAt: input.submittedAt,
  });
  for (const event of input.events) {
    plan.history.push({
      flow,
      recordId,
      fromStatus: event.from,
      toStatus: event.to,
      actorType: event.actor,
      actorId: event.actor === 'admin' ? reviewer.id : null,
      reason: event.reason,
      createdAt: event.at,
    });
    if (event.actor !== 'admin') continue;
    plan.audit.push({
      onboardingId: recordId,
      onboardingType: flow,
      adminUserId: reviewer.id,
      adminEmail: reviewer.email,
      action: auditActionOf[event.to] ?? event.to,
      observacoes: event.to === 'EM_EXIGENCIA' ? event.reason : null,
      motivo: event.to === 'NEGADO' || event.to === 'REJEITADO' ? event.reason : null,
      createdAt: event.at,
    });
  }
}

/** Adds a document to the plan; answers its route, for the record's `*_url` column. */
function addDocument(plan: Plan, document: Omit<PlannedDocument, 'id' | 'kind'>): string {
  const kind: FileKind =
    document.flow === 'PF'
      ? pfFileFields[document.field as PfFileField]
      : pjFileFields[document.field as PjFileField];
  const id = randomUUID();
  plan.documents.push({ ...document, id, kind });
  return documentUrl(id);
}

/**
 * Adds the documents of one application's session. A field an earlier requirement asked to
 * replace gets two versions: the first one (`replaced` true when rendering) and the one sent in
 * answer, a few minutes before the applicant's correction, which the record then names.
 */
export function documentsOf<Field extends PfFileField | PjFileField>(
  plan: Plan,
  input: {
    flow: Flow;
    sessionId: string;
    rectification: { field: Field } | undefined;
    rectifiedAt: Date | undefined;
  },
) {
  const { flow, sessionId, rectification, rectifiedAt } = input;
  return (
    field: Field,
    originalName: string,
    uploadedAt: Date,
    render: (at: Date, replaced: boolean) => Promise<Buffer>,
  ): string => {
    const replaced = rectification?.field === field && rectifiedAt !== undefined;
    let url = addDocument(plan, {
      flow,
      sessionId,
      field,
      originalName,
      uploadedAt,
      render: () => render(uploadedAt, replaced),
    });
    if (replaced) {
      const again = new Date(rectifiedAt.getTime() - 5 * MINUTE);
      url = addDocument(plan, {
        flow,
        sessionId,
        field,
        originalName: originalName.replace(/(\.\w+)$/, '-novo$1'),
        uploadedAt: again,
        render: () => render(again, false),
      });
    }
    return url;
  };
}

/** Who decided the application last, and when, for the record's columns (none before that). */
export function reviewColumns(
  events: ReturnType<typeof decisions>,
  reviewer: Reviewer,
  submittedAt: Date,
) {
  const decision = events.findLast((event) => event.actor === 'admin');
  // Due two business days after the application last entered analysis (the submission, the
  // corrections or a reopening): what the lists show while it awaits a decision.
  const prazoAnalise = reviewDeadline(events.at(-1)?.at ?? submittedAt);
  return decision
    ? {
        analisadoPor: reviewer.email,
        analisadoPorId: reviewer.id,
        analisadoEm: decision.at,
        prazoAnalise,
      }
    : { prazoAnalise };
}
