import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@medipay/db/client';
import { errorCodes } from '@medipay/shared/api-error';
import { pfFileFields, pjFileFields } from '@medipay/shared/files';
import {
  medipayAuditActions,
  medipayMessages,
  type MedipayAccount,
  type MedipayAction,
} from '@medipay/shared/medipay-account';
import {
  paymentPlatformMessages,
  type CreateAccountRequest,
  type PlatformDocument,
} from '@medipay/shared/payment-platform';
import { phoneForSending } from '@medipay/shared/phone';
import type { Flow } from '@medipay/shared/status';
import { PaymentPlatformError, type PaymentPlatform } from '../../adapters/payment-platform/port';
import type { DocumentStorage } from '../../adapters/storage/port';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { recordAdminAction } from '../admin-audit/admin-audit.repository';
import type { AuthenticatedAdmin } from '../admin-auth/admin-request';
import { findReviewRecord, type ReviewRecord } from '../admin-review/review-detail.repository';
import { findDocumentsByIds } from '../documents/documents.repository';
import { insertOutboxMessage, type Executor } from '../messaging/outbox.repository';
import type { Outbox } from '../messaging/outbox.service';
import type { TemplateData } from '../messaging/templates';
import {
  completeMedipayAccount,
  findMedipayAccount,
  findMedipayAccountById,
  findPendingMedipayAccountIds,
  findStrandedMedipayAccountIds,
  leaseMedipayAccount,
  queueMedipayAccount,
  recordMedipayFailure,
  releaseMedipayAccount,
  updateMedipayAccount,
  type MedipayAccountRow,
} from './medipay-account.repository';

/** Attempts of one account creation before it is given up (the job retries for about an hour). */
export const MEDIPAY_MAX_ATTEMPTS = 9;
/** How long one attempt may hold an account (the client's 3 tries of 5 s each, and margin). */
const LEASE_MS = 60_000;
/** A pending account never tried this long after its approval has lost its job. */
const NEVER_TRIED_MS = 60_000;
/** Longer than any wait between two tries of the job. */
const RETRY_WINDOW_MS = 2 * 60 * 60 * 1000;

/** Where an account creation attempt ended. */
export type AttemptOutcome =
  /** The account exists (now or already). */
  | 'done'
  /** The platform did not answer; the job tries again later. */
  | 'retry'
  /** Given up: the platform refused, or every attempt failed. */
  | 'failed'
  /** Someone else is calling the platform for it right now. */
  | 'busy'
  /** Nothing to do: no such account, or it is not pending. */
  | 'skipped';

/** Who acts on which application; the admin is the server's session record. */
export type MedipayContext = {
  flow: Flow;
  recordId: string;
  admin: AuthenticatedAdmin;
  ip: string;
};

export type MedipayAccounts = {
  /** In the approval's transaction: asks for the account; the id to dispatch after commit. */
  queue: (
    tx: Executor,
    input: { flow: Flow; recordId: string; admin: AuthenticatedAdmin },
    now: Date,
  ) => Promise<{ id: string; queued: boolean }>;
  /** After the approval committed: hands the account to the job (the sweeper covers a failure). */
  dispatch: (id: string) => Promise<void>;
  /** One creation attempt (the job's work). */
  run: (id: string) => Promise<AttemptOutcome>;
  /** Runs every pending account once, in this process (tests and scripts). */
  drain: () => Promise<void>;
  /** Pending accounts whose job was lost. */
  strandedIds: (now: Date) => Promise<string[]>;
  /** 'Criar conta MediPay': the account now, or the platform's error. */
  createNow: (context: MedipayContext) => Promise<void>;
  /** 'Enviar Documentos' (creates the account first when there is none). */
  sendDocuments: (context: MedipayContext) => Promise<void>;
  /** 'Enviar Onboard': the platform's onboarding link, kept and e-mailed to the applicant. */
  sendOnboarding: (context: MedipayContext) => Promise<void>;
  /** 'Confirmar Email': the platform e-mails the applicant a verification. */
  confirmEmail: (context: MedipayContext) => Promise<void>;
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The account as the back office shows it. */
export function toMedipayAccount(row: MedipayAccountRow): MedipayAccount {
  return {
    state: row.state,
    userId: row.userId,
    existingAccount: row.existingAccount,
    attempts: row.attempts,
    error: row.state === 'done' ? null : row.errorMessage,
    errorCode: row.state === 'done' ? null : (row.errorCode as MedipayAccount['errorCode'] | null),
    requestedAt: row.requestedAt.toISOString(),
    completedAt: iso(row.completedAt),
    onboardingUrl: row.onboardingUrl,
    documentsSentAt: iso(row.documentsSentAt),
    documentsSent: row.documentsSent,
    onboardingSentAt: iso(row.onboardingSentAt),
    emailVerificationSentAt: iso(row.emailVerificationSentAt),
  };
}

/**
 * The platform actions offered on an application: only once approved; the PF detail has the
 * spec's three, and both flows may create the account by hand when none exists or it failed.
 */
export function medipayActionsFor(
  flow: Flow,
  status: string,
  row: MedipayAccountRow | null,
): MedipayAction[] {
  if (status !== 'APROVADO') return [];
  const actions: MedipayAction[] = [];
  if (!row || row.state === 'failed') actions.push('create-account');
  if (flow === 'PF') actions.push('send-documents', 'send-onboarding', 'confirm-email');
  return actions;
}

const conflict = (message: string) => new AppError(errorCodes.conflict, message, 409);
const notFound = () => new AppError(errorCodes.notFound, 'Onboarding não encontrado', 404);

/** The account's owner as the platform registers them, or the reason it cannot. */
function accountRequest(record: ReviewRecord): CreateAccountRequest | string {
  const { row } = record;
  const document = record.flow === 'PF' ? record.row.cpf : record.row.cnpj;
  const name = record.flow === 'PF' ? record.row.nomeCompleto : record.row.razaoSocial;
  const phone = row.telefone ? phoneForSending(row.telefone) : null;
  const missing = [
    !document && (record.flow === 'PF' ? 'CPF' : 'CNPJ'),
    !name && (record.flow === 'PF' ? 'nome' : 'razão social'),
    !row.email && 'e-mail',
    !phone && 'telefone',
  ].filter(Boolean);
  if (missing.length > 0 || !document || !name || !row.email || !phone) {
    return `dados ausentes no cadastro: ${missing.join(', ')}`;
  }
  return {
    kind: record.flow,
    document,
    name,
    email: row.email,
    phone,
    externalId: `${record.flow}:${row.id}`,
  };
}

const fileFieldsOf: Record<Flow, readonly string[]> = {
  PF: Object.keys(pfFileFields),
  PJ: Object.keys(pjFileFields),
};

/** The ids of the record's current documents (the `*_url` columns name `/api/documents/<id>`). */
function currentDocumentIds(record: ReviewRecord): string[] {
  const columns = record.row as unknown as Record<string, string | null>;
  return fileFieldsOf[record.flow]
    .map((field) => columns[`${field}Url`])
    .filter((url): url is string => typeof url === 'string' && url.startsWith('/api/documents/'))
    .map((url) => url.slice('/api/documents/'.length));
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * The applicant's account on the MediPay payment platform (back-office.md section 7; ARCHITECTURE
 * departures 6 and 14). Approval queues the creation; a job makes it, with one idempotency key per
 * record so that retries after an outage or a crash never open a second account; the approved-state
 * actions call the platform on the admin's request. Every outcome is audited.
 */
export function createMedipayAccounts(deps: {
  db: Database;
  platform: PaymentPlatform;
  storage: DocumentStorage;
  clock: Clock;
  outbox: Pick<Outbox, 'dispatch'>;
  /** Hands an account to the job queue; undefined when jobs are off (tests drain by hand). */
  enqueue: () => ((id: string) => Promise<void>) | undefined;
  log: FastifyBaseLogger;
}): MedipayAccounts {
  const { db, platform, storage, clock, outbox, log } = deps;

  const audit = (
    executor: Executor,
    row: { flow: Flow; recordId: string },
    actor: { id: string | null; email: string },
    entry: { action: string; observacoes?: string | null; motivo?: string | null; ip?: string },
  ) =>
    recordAdminAction(executor, {
      onboardingId: row.recordId,
      onboardingType: row.flow,
      adminUserId: actor.id,
      adminEmail: actor.email,
      action: entry.action,
      observacoes: entry.observacoes ?? null,
      motivo: entry.motivo ?? null,
      ip: entry.ip ?? null,
      createdAt: clock.now(),
    });

  async function attempt(id: string): Promise<AttemptOutcome> {
    const now = clock.now();
    const row = await leaseMedipayAccount(db, id, now, new Date(now.getTime() + LEASE_MS));
    if (!row) {
      const current = await findMedipayAccountById(db, id);
      return current?.state === 'pending' ? 'busy' : 'skipped';
    }
    const actor = { id: row.requestedById, email: row.requestedByEmail };
    let failure: PaymentPlatformError;
    try {
      const record = await findReviewRecord(db, row.flow, row.recordId);
      if (!record) {
        failure = new PaymentPlatformError('INVALID', 'the application no longer exists');
      } else if (record.row.status !== 'APROVADO') {
        // Sent back to analysis before the job ran: a new approval queues it again.
        failure = new PaymentPlatformError(
          'INVALID',
          `the application is ${record.row.status}`,
          undefined,
          medipayMessages.notApproved,
        );
      } else {
        const request = accountRequest(record);
        if (typeof request === 'string') {
          failure = new PaymentPlatformError('INVALID', request);
        } else {
          const result = await platform.createAccount(request, {
            idempotencyKey: `medipay-account:${row.flow}:${row.recordId}`,
          });
          await db.transaction(async (tx) => {
            await completeMedipayAccount(tx, row, result, clock.now());
            await audit(tx, row, actor, {
              action: medipayAuditActions.accountCreated,
              observacoes: result.existingAccount
                ? `${result.userId} (conta já existente vinculada)`
                : result.userId,
            });
          });
          log.info(
            { flow: row.flow, recordId: row.recordId, userId: result.userId },
            'MediPay: conta criada',
          );
          return 'done';
        }
      }
    } catch (error) {
      if (!(error instanceof PaymentPlatformError)) {
        await releaseMedipayAccount(db, id).catch(() => {});
        throw error;
      }
      failure = error;
    }

    const attempts = row.attempts + 1;
    const giveUp = !failure.retryable || attempts >= MEDIPAY_MAX_ATTEMPTS;
    await db.transaction(async (tx) => {
      await recordMedipayFailure(
        tx,
        id,
        {
          state: giveUp ? 'failed' : 'pending',
          code: failure.code,
          message: failure.message,
          detail: failure.detail,
        },
        clock.now(),
      );
      // Audited when the trouble starts and when it is given up, not at every retry.
      if (row.errorCode === null || giveUp) {
        await audit(tx, row, actor, {
          action: medipayAuditActions.accountFailed,
          observacoes: failure.message,
          motivo: failure.detail,
        });
      }
    });
    log.warn(
      {
        flow: row.flow,
        recordId: row.recordId,
        code: failure.code,
        detail: failure.detail,
        attempts,
      },
      giveUp ? 'MediPay: criação de conta falhou' : 'MediPay: criação de conta será repetida',
    );
    return giveUp ? 'failed' : 'retry';
  }

  /** The approved record of the context, or 404 / 409. */
  async function approvedRecord(context: MedipayContext): Promise<ReviewRecord> {
    const record = await findReviewRecord(db, context.flow, context.recordId);
    if (!record) throw notFound();
    if (record.row.status !== 'APROVADO') throw conflict(medipayMessages.notApproved);
    return record;
  }

  const adminOf = (context: MedipayContext) => ({
    id: context.admin.user.id,
    email: context.admin.user.email,
  });

  /** A refused action: audited under `action` when it failed, then the admin's message. */
  async function refuse(
    context: MedipayContext,
    action: string,
    error: AppError,
    detail?: string,
  ): Promise<never> {
    await audit(db, context, adminOf(context), {
      action,
      observacoes: error.message,
      motivo: detail ?? null,
      ip: context.ip,
    }).catch((auditError: unknown) =>
      log.error({ err: auditError }, 'could not audit a failed MediPay action'),
    );
    throw error;
  }

  const platformError = (error: PaymentPlatformError) =>
    new AppError(errorCodes.badGateway, error.message, 502);

  /** The account of an approved record: existing, or created now on the admin's behalf. */
  async function ensureAccount(context: MedipayContext): Promise<MedipayAccountRow> {
    let row = await findMedipayAccount(db, context.flow, context.recordId);
    if (row?.state === 'done') return row;
    if (!row || row.state === 'failed') {
      ({ row } = await queueMedipayAccount(
        db,
        {
          flow: context.flow,
          recordId: context.recordId,
          requestedById: context.admin.user.id,
          requestedByEmail: context.admin.user.email,
        },
        clock.now(),
      ));
    }
    const outcome = await attempt(row.id);
    const after = await findMedipayAccountById(db, row.id);
    if (outcome === 'done' || after?.state === 'done') return after as MedipayAccountRow;
    if (outcome === 'busy') throw conflict(medipayMessages.inProgress);
    throw new AppError(
      errorCodes.badGateway,
      after?.errorMessage ?? medipayMessages.createFailed,
      502,
    );
  }

  async function accountWithUserId(
    context: MedipayContext,
    failedAction: string,
  ): Promise<MedipayAccountRow & { userId: string }> {
    const row = await findMedipayAccount(db, context.flow, context.recordId);
    if (row?.state !== 'done' || !row.userId) {
      return refuse(context, failedAction, conflict(paymentPlatformMessages.userIdMissing));
    }
    return row as MedipayAccountRow & { userId: string };
  }

  async function platformDocuments(record: ReviewRecord): Promise<PlatformDocument[]> {
    const rows = await findDocumentsByIds(db, currentDocumentIds(record));
    const documents: PlatformDocument[] = [];
    for (const row of rows) {
      const stream = await storage.get(row.storageKey);
      if (!stream) {
        log.error({ documentId: row.id }, 'a stored document is missing; not sent to MediPay');
        continue;
      }
      documents.push({
        type: row.field,
        fileName: row.originalName,
        contentType: row.mimeType,
        contentBase64: (await readAll(stream)).toString('base64'),
      });
    }
    return documents;
  }

  return {
    queue: async (tx, input, now) => {
      const { row, queued } = await queueMedipayAccount(
        tx,
        {
          flow: input.flow,
          recordId: input.recordId,
          requestedById: input.admin.user.id,
          requestedByEmail: input.admin.user.email,
        },
        now,
      );
      return { id: row.id, queued };
    },

    dispatch: async (id) => {
      const enqueue = deps.enqueue();
      if (!enqueue) return;
      try {
        await enqueue(id);
      } catch (error) {
        log.error({ err: error, id }, 'could not enqueue a MediPay account; the sweeper will');
      }
    },

    run: attempt,

    drain: async () => {
      for (const id of await findPendingMedipayAccountIds(db)) await attempt(id);
    },

    strandedIds: (now) =>
      findStrandedMedipayAccountIds(db, now, {
        neverTriedMs: NEVER_TRIED_MS,
        retryWindowMs: RETRY_WINDOW_MS,
      }),

    createNow: async (context) => {
      await approvedRecord(context);
      await ensureAccount(context);
    },

    sendDocuments: async (context) => {
      const failed = medipayAuditActions.documentsFailed;
      const record = await approvedRecord(context);
      let account: MedipayAccountRow;
      try {
        account = await ensureAccount(context);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 502) {
          return refuse(context, failed, error, 'a conta MediPay não pôde ser criada');
        }
        throw error;
      }
      const documents = await platformDocuments(record);
      if (documents.length === 0) {
        return refuse(context, failed, conflict(medipayMessages.noDocuments));
      }
      const ids = currentDocumentIds(record).sort().join(',');
      const digest = createHash('sha256').update(ids).digest('hex').slice(0, 32);
      try {
        const { received } = await platform.uploadDocuments(account.userId ?? '', documents, {
          idempotencyKey: `medipay-documents:${context.recordId}:${digest}`,
        });
        await db.transaction(async (tx) => {
          const now = clock.now();
          await updateMedipayAccount(tx, account.id, {
            documentsSentAt: now,
            documentsSent: received,
            updatedAt: now,
          });
          await audit(tx, context, adminOf(context), {
            action: medipayAuditActions.documentsSent,
            observacoes: `${received} documento(s) enviados`,
            ip: context.ip,
          });
        });
      } catch (error) {
        if (!(error instanceof PaymentPlatformError)) throw error;
        log.warn({ recordId: context.recordId, detail: error.detail }, 'MediPay: upload falhou');
        return refuse(context, failed, platformError(error), error.detail);
      }
    },

    sendOnboarding: async (context) => {
      const failed = medipayAuditActions.onboardingFailed;
      const record = await approvedRecord(context);
      const account = await accountWithUserId(context, failed);
      const email = record.row.email;
      if (!email) return refuse(context, failed, conflict(paymentPlatformMessages.emailMissing));
      const operation = randomUUID();
      let onboardingUrl: string;
      try {
        onboardingUrl = await platform.getOnboardingUrl(account.userId, {
          idempotencyKey: `medipay-onboarding:${context.recordId}:${operation}`,
        });
      } catch (error) {
        if (!(error instanceof PaymentPlatformError)) throw error;
        log.warn(
          { recordId: context.recordId, detail: error.detail },
          'MediPay: onboarding falhou',
        );
        return refuse(context, failed, platformError(error), error.detail);
      }
      const outboxId = await db.transaction(async (tx) => {
        const now = clock.now();
        await updateMedipayAccount(tx, account.id, {
          onboardingUrl,
          onboardingSentAt: now,
          updatedAt: now,
        });
        await audit(tx, context, adminOf(context), {
          action: medipayAuditActions.onboardingSent,
          observacoes: onboardingUrl,
          ip: context.ip,
        });
        const data: TemplateData['medipay-onboarding'] = {
          nome: (record.flow === 'PF' ? record.row.nomeCompleto : record.row.razaoSocial) ?? '',
          onboardingUrl,
        };
        return insertOutboxMessage(tx, {
          channel: 'email',
          template: 'medipay-onboarding',
          recipient: email,
          data,
          idempotencyKey: `medipay-onboarding:${account.id}:${operation}`,
        });
      });
      if (outboxId) await outbox.dispatch(outboxId);
    },

    confirmEmail: async (context) => {
      const failed = medipayAuditActions.emailVerificationFailed;
      const record = await approvedRecord(context);
      const account = await accountWithUserId(context, failed);
      const email = record.row.email;
      if (!email) return refuse(context, failed, conflict(paymentPlatformMessages.emailMissing));
      try {
        await platform.sendEmailVerification(account.userId, email, {
          idempotencyKey: `medipay-email-verification:${context.recordId}:${randomUUID()}`,
        });
      } catch (error) {
        if (!(error instanceof PaymentPlatformError)) throw error;
        log.warn(
          { recordId: context.recordId, detail: error.detail },
          'MediPay: verificação de e-mail falhou',
        );
        return refuse(context, failed, platformError(error), error.detail);
      }
      await db.transaction(async (tx) => {
        const now = clock.now();
        await updateMedipayAccount(tx, account.id, {
          emailVerificationSentAt: now,
          updatedAt: now,
        });
        await audit(tx, context, adminOf(context), {
          action: medipayAuditActions.emailVerificationSent,
          observacoes: email,
          ip: context.ip,
        });
      });
    },
  };
}
