import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@medipay/db/client';
import type { Flow } from '@medipay/shared/status';
import type { PaymentPlatform } from '../../adapters/payment-platform/port';
import type { DocumentStorage } from '../../adapters/storage/port';
import type { Clock } from '../../lib/clock';
import type { AuthenticatedAdmin } from '../admin-auth/admin-request';
import type { Executor } from '../messaging/outbox.repository';
import type { Outbox } from '../messaging/outbox.service';
import { createMedipayActions, type MedipayActions } from './medipay-account.actions';
import { createAccountAttempt, type AttemptOutcome } from './medipay-account.creation';
import {
  findPendingMedipayAccountIds,
  findStrandedMedipayAccountIds,
  queueMedipayAccount,
} from './medipay-account.repository';

/** A pending account never tried this long after its approval has lost its job. */
const NEVER_TRIED_MS = 60_000;
/** Longer than any wait between two tries of the job. */
const RETRY_WINDOW_MS = 2 * 60 * 60 * 1000;

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
  const attempt = createAccountAttempt({ db, platform, clock, log });

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

    ...createMedipayActions({ db, platform, storage, clock, outbox, attempt, log }),
  };
}
