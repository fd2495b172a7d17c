import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@medipay/db/client';
import type { Flow } from '@medipay/shared/status';
import type { PaymentPlatform } from '../../adapters/payment-platform/port';
import type { DocumentStorage } from '../../adapters/storage/port';
import type { Clock } from '../../lib/clock';
import type { AuthenticatedAdmin } from '../admin-auth/admin-request';
import type { ReviewRecord } from '../admin-review/review-detail.repository';
import type { Executor } from '../messaging/outbox.repository';
import type { Outbox } from '../messaging/outbox.service';
import { createMedipayActions, type MedipayActions } from './medipay-account.actions';
import { queueActivationEmail, systemActor } from './medipay-account.activation';
import { createAccountAttempt, type AttemptOutcome } from './medipay-account.creation';
import {
  findMedipayAccount,
  findPendingMedipayAccountIds,
  findStrandedMedipayAccountIds,
  queueMedipayAccount,
} from './medipay-account.repository';

/** A pending account never tried this long after its approval has lost its job. */
const NEVER_TRIED_MS = 60_000;
/** Longer than any wait between two tries of the job. */
const RETRY_WINDOW_MS = 2 * 60 * 60 * 1000;

export type MedipayAccounts = {
  /**
   * In the approval's transaction: asks for the account; the id to dispatch after commit. An
   * approval again (after 'Voltar para Análise') of an application whose account exists e-mails
   * its kept activation link again: the approval e-mail says the link comes next.
   */
  queue: (
    tx: Executor,
    input: { record: ReviewRecord; admin: AuthenticatedAdmin },
    now: Date,
  ) => Promise<{ id: string; queued: boolean; outboxId: string | null }>;
  /**
   * What a reopened approval leaves standing (in the reopen's transaction): whether the account
   * exists on the platform and whether its activation link was e-mailed. Neither is undone.
   */
  standing: (
    tx: Executor,
    flow: Flow,
    recordId: string,
  ) => Promise<{ account: boolean; linkSent: boolean }>;
  /** After the approval committed: hands the account to the job (the sweeper covers a failure). */
  dispatch: (id: string) => Promise<void>;
  /** One creation attempt (the job's work). */
  run: (id: string) => Promise<AttemptOutcome>;
  /** Runs every pending account once, in this process (tests and scripts). */
  drain: () => Promise<void>;
  /** Pending accounts whose job was lost. */
  strandedIds: (now: Date) => Promise<string[]>;
} & MedipayActions;

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
  const attempt = createAccountAttempt({ db, platform, clock, outbox, log });

  return {
    queue: async (tx, { record, admin }, now) => {
      const { row, queued } = await queueMedipayAccount(
        tx,
        {
          flow: record.flow,
          recordId: record.row.id,
          requestedById: admin.user.id,
          requestedByEmail: admin.user.email,
        },
        now,
      );
      let outboxId: string | null = null;
      if (row.state === 'done' && row.onboardingUrl) {
        const sent = await queueActivationEmail(tx, clock, {
          accountId: row.id,
          record,
          onboardingUrl: row.onboardingUrl,
          actor: systemActor,
          idempotencyKey: `medipay-activation:${row.id}:${randomUUID()}`,
        });
        outboxId = sent?.outboxId ?? null;
      }
      return { id: row.id, queued, outboxId };
    },

    standing: async (tx, flow, recordId) => {
      const row = await findMedipayAccount(tx, flow, recordId);
      const account = row?.state === 'done';
      return { account, linkSent: account && row.onboardingSentAt !== null };
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

    ...createMedipayActions({ db, platform, storage, clock, outbox, attempt, log }),
  };
}
