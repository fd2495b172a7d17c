import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@medipay/db/client';
import { medipayAuditActions, medipayMessages } from '@medipay/shared/medipay-account';
import type { CreateAccountRequest } from '@medipay/shared/payment-platform';
import { phoneForSending } from '@medipay/shared/phone';
import { PaymentPlatformError, type PaymentPlatform } from '../../adapters/payment-platform/port';
import type { Clock } from '../../lib/clock';
import { findReviewRecord, type ReviewRecord } from '../admin-review/review-detail.repository';
import type { Outbox } from '../messaging/outbox.service';
import { queueActivationEmail, systemActor } from './medipay-account.activation';
import { medipayAudit } from './medipay-account.audit';
import {
  completeMedipayAccount,
  findMedipayAccountById,
  leaseMedipayAccount,
  recordMedipayFailure,
  releaseMedipayAccount,
  updateMedipayAccount,
  type MedipayAccountRow,
} from './medipay-account.repository';

/** Attempts of one account creation before it is given up (the job retries for about an hour). */
export const MEDIPAY_MAX_ATTEMPTS = 9;
/** How long one attempt may hold an account (the client's 3 tries of 5 s each, and margin). */
const LEASE_MS = 60_000;

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

/**
 * One attempt at creating an account (the job's work): leases the pending account, asks the
 * platform under the record's idempotency key for the account and then for its activation link,
 * and records the account or the failure. The account is recorded in one transaction with the
 * activation e-mail queued in the outbox (audited as the system): a crash leaves either both or
 * neither (the retry finds the same account under the same key), and a failed delivery stays in
 * the outbox to be retried. The link not coming while the platform is down is retried like the
 * account; refused, or still missing at the last attempt, the account is recorded without it and
 * 'Enviar Onboard' sends it.
 */
export function createAccountAttempt(deps: {
  db: Database;
  platform: PaymentPlatform;
  clock: Clock;
  outbox: Pick<Outbox, 'dispatch'>;
  log: FastifyBaseLogger;
}): (id: string) => Promise<AttemptOutcome> {
  const { db, platform, clock, outbox, log } = deps;
  const audit = medipayAudit(clock);

  /**
   * The account's activation link; a retryable failure before the last attempt is returned (the
   * attempt is then repeated), any other failure is null (the account is recorded without it).
   */
  async function activationLink(
    userId: string,
    attempts: number,
  ): Promise<string | PaymentPlatformError | { failed: PaymentPlatformError }> {
    try {
      return await platform.getOnboardingUrl(userId, {
        idempotencyKey: `medipay-onboarding:${userId}:activation`,
      });
    } catch (error) {
      if (!(error instanceof PaymentPlatformError)) throw error;
      if (error.retryable && attempts < MEDIPAY_MAX_ATTEMPTS) return error;
      return { failed: error };
    }
  }

  /**
   * The account and its activation e-mail, in one transaction. The application is locked first
   * (as the decisions do): sent back to analysis meanwhile, the account is recorded with its link
   * kept but not e-mailed (a new approval sends it).
   */
  async function recordAccount(
    row: MedipayAccountRow,
    actor: { id: string | null; email: string },
    result: { userId: string; existingAccount: boolean },
    link: string | { failed: PaymentPlatformError },
  ): Promise<void> {
    const outboxId = await db.transaction(async (tx) => {
      const record = await findReviewRecord(tx, row.flow, row.recordId, { lock: true });
      await completeMedipayAccount(tx, row, result, clock.now());
      await audit(tx, row, actor, {
        action: medipayAuditActions.accountCreated,
        observacoes: result.existingAccount
          ? `${result.userId} (conta já existente vinculada)`
          : result.userId,
      });
      if (typeof link !== 'string') {
        await audit(tx, row, systemActor, {
          action: medipayAuditActions.onboardingFailed,
          observacoes: link.failed.message,
          motivo: link.failed.detail,
        });
        return null;
      }
      if (record?.row.status !== 'APROVADO') {
        await updateMedipayAccount(tx, row.id, { onboardingUrl: link, updatedAt: clock.now() });
        return null;
      }
      const queued = await queueActivationEmail(tx, clock, {
        accountId: row.id,
        record,
        onboardingUrl: link,
        actor: systemActor,
        idempotencyKey: `medipay-activation:${row.id}`,
      });
      return queued?.outboxId ?? null;
    });
    if (typeof link !== 'string') {
      log.warn(
        { flow: row.flow, recordId: row.recordId, detail: link.failed.detail },
        'MediPay: conta criada sem link de ativação',
      );
    }
    log.info(
      { flow: row.flow, recordId: row.recordId, userId: result.userId },
      'MediPay: conta criada',
    );
    if (outboxId) await outbox.dispatch(outboxId);
  }

  async function attempt(id: string): Promise<AttemptOutcome> {
    const now = clock.now();
    const row = await leaseMedipayAccount(db, id, now, new Date(now.getTime() + LEASE_MS));
    if (!row) {
      const current = await findMedipayAccountById(db, id);
      return current?.state === 'pending' ? 'busy' : 'skipped';
    }
    const actor = { id: row.requestedById, email: row.requestedByEmail };
    let failure: PaymentPlatformError;
    let failedAction: string = medipayAuditActions.accountFailed;
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
          const link = await activationLink(result.userId, row.attempts + 1);
          if (link instanceof PaymentPlatformError) {
            failure = link;
            failedAction = medipayAuditActions.onboardingFailed;
          } else {
            await recordAccount(row, actor, result, link);
            return 'done';
          }
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
        await audit(
          tx,
          row,
          failedAction === medipayAuditActions.accountFailed ? actor : systemActor,
          {
            action: failedAction,
            observacoes: failure.message,
            motivo: failure.detail,
          },
        );
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

  return attempt;
}
