import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@medipay/db/client';
import { errorCodes } from '@medipay/shared/api-error';
import { pfFileFields, pjFileFields } from '@medipay/shared/files';
import {
  medipayAuditActions,
  medipayMessages,
  ONBOARDING_RESEND_COOLDOWN_SECONDS,
} from '@medipay/shared/medipay-account';
import { paymentPlatformMessages, type PlatformDocument } from '@medipay/shared/payment-platform';
import type { Flow } from '@medipay/shared/status';
import { PaymentPlatformError, type PaymentPlatform } from '../../adapters/payment-platform/port';
import type { DocumentStorage } from '../../adapters/storage/port';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuthenticatedAdmin } from '../admin-auth/admin-request';
import { findReviewRecord, type ReviewRecord } from '../admin-review/review-detail.repository';
import { isPdfAsSent } from '../documents/document-http';
import { findDocumentsByIds } from '../documents/documents.repository';
import type { Outbox } from '../messaging/outbox.service';
import { queueActivationEmail } from './medipay-account.activation';
import { medipayAudit } from './medipay-account.audit';
import type { AttemptOutcome } from './medipay-account.creation';
import {
  findMedipayAccount,
  findMedipayAccountById,
  queueMedipayAccount,
  updateMedipayAccount,
  type MedipayAccountRow,
} from './medipay-account.repository';

/** Who acts on which application; the admin is the server's session record. */
export type MedipayContext = {
  flow: Flow;
  recordId: string;
  admin: AuthenticatedAdmin;
  ip: string;
};

/** What an admin asks of the platform for an approved application (the detail's buttons). */
export type MedipayActions = {
  /** 'Criar conta MediPay': the account now, or the platform's error. */
  createNow: (context: MedipayContext) => Promise<void>;
  /** 'Enviar Documentos' (creates the account first when there is none). */
  sendDocuments: (context: MedipayContext) => Promise<void>;
  /**
   * 'Enviar Onboard': a resend. The job e-mails the activation link once the account exists;
   * this asks the platform for the link again, keeps it and e-mails it, at most once a minute.
   */
  sendOnboarding: (context: MedipayContext) => Promise<void>;
  /** 'Confirmar Email': the platform e-mails the applicant a verification. */
  confirmEmail: (context: MedipayContext) => Promise<void>;
};

const conflict = (message: string) => new AppError(errorCodes.conflict, message, 409);
const cooldown = () =>
  new AppError(errorCodes.rateLimited, medipayMessages.onboardingCooldown, 429);
const notFound = () => new AppError(errorCodes.notFound, 'Onboarding não encontrado', 404);

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
 * The approved-state actions: each calls the platform on the admin's request, audits the outcome
 * (a refusal too), and answers the admin with the platform's error when it failed.
 */
export function createMedipayActions(deps: {
  db: Database;
  platform: PaymentPlatform;
  storage: DocumentStorage;
  clock: Clock;
  outbox: Pick<Outbox, 'dispatch'>;
  /** One creation attempt, for the actions that need the account first. */
  attempt: (id: string) => Promise<AttemptOutcome>;
  log: FastifyBaseLogger;
}): MedipayActions {
  const { db, platform, storage, clock, outbox, attempt, log } = deps;
  const audit = medipayAudit(clock);

  /** The approved record of the context, or 404 / 409. */
  async function approvedRecord(context: MedipayContext): Promise<ReviewRecord> {
    const record = await findReviewRecord(db, context.flow, context.recordId);
    if (!record) throw notFound();
    if (record.row.status !== 'APROVADO') throw conflict(medipayMessages.notApproved);
    return record;
  }

  /** A resend is allowed when the link was last e-mailed at or before this instant. */
  const resendAllowedAfter = () =>
    new Date(clock.now().getTime() - ONBOARDING_RESEND_COOLDOWN_SECONDS * 1000);

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
      if (isPdfAsSent(row)) {
        log.error(
          { documentId: row.id },
          'a PDF stored as sent is not rebuilt; not sent to MediPay',
        );
        continue;
      }
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
      // A resend at most once a minute per application (checked again as it is recorded).
      const notBefore = resendAllowedAfter();
      if (account.onboardingSentAt && account.onboardingSentAt > notBefore) throw cooldown();
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
      const sent = await db.transaction((tx) =>
        queueActivationEmail(tx, clock, {
          accountId: account.id,
          record,
          onboardingUrl,
          actor: adminOf(context),
          ip: context.ip,
          idempotencyKey: `medipay-onboarding:${account.id}:${operation}`,
          notBefore: resendAllowedAfter(),
        }),
      );
      // Another resend got in while the platform answered this one.
      if (!sent) throw cooldown();
      const { outboxId } = sent;
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
