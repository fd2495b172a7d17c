import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '@medipay/db/client';
import { OTP_TTL_MS } from '@medipay/shared/constants';
import type { Clock } from '../lib/clock';
import { deleteExpiredAdminSessions } from '../modules/admin-auth/admin-sessions.repository';
import type { Extraction } from '../modules/kyc/extraction.service';
import type { MedipayAccounts } from '../modules/medipay-account/medipay-account.service';
import type { OutboxDeliverer } from '../modules/messaging/outbox.delivery';
import { findStrandedOutboxIds, redactExpiredCodes } from '../modules/messaging/outbox.repository';

export const OUTBOX_QUEUE = 'outbox-delivery';
export const EXTRACTION_QUEUE = 'document-extraction';
export const MEDIPAY_ACCOUNT_QUEUE = 'medipay-account';

/** pg-boss waits 10 s, 20 s, 40 s ... (with jitter) between tries: 8 retries span about an hour. */
const outboxQueueOptions = {
  name: OUTBOX_QUEUE,
  retryLimit: 8,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 300,
};
/** Longest time between two tries of one message; past it a pending message has lost its job. */
const RETRY_WINDOW_MS = 2 * 60 * 60 * 1000;
/**
 * The same waits for an account creation (the platform may be down for a while); `short` keeps
 * one waiting job per account, so a sweep cannot queue it twice.
 */
const medipayAccountQueueOptions = {
  name: MEDIPAY_ACCOUNT_QUEUE,
  policy: 'short' as const,
  retryLimit: 8,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 120,
};
const SWEEP_INTERVAL_MS = 60_000;

export type JobQueue = {
  /** Asks for a message to be delivered; call it after the transaction that queued it committed. */
  enqueueDelivery: (outboxId: string) => Promise<void>;
  /** Asks for an approved applicant's MediPay account to be created. */
  enqueueMedipayAccount: (accountId: string) => Promise<void>;
  /** Asks for the data of an identity document to be read. */
  enqueueExtraction: (resultId: string) => Promise<void>;
  /**
   * Re-enqueues stranded messages and account creations, redacts expired one-time codes, deletes
   * expired admin sessions.
   */
  sweep: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Background work on pg-boss, in the same database (its own schema), through the database
 * handle's connection: on PGlite the same single connection, on PostgreSQL the same pool.
 */
export async function startJobQueue(deps: {
  database: DatabaseHandle;
  deliverer: OutboxDeliverer;
  extraction: Extraction;
  medipayAccounts: Pick<MedipayAccounts, 'run' | 'strandedIds'>;
  clock: Clock;
  log: FastifyBaseLogger;
}): Promise<JobQueue> {
  const { database, deliverer, extraction, medipayAccounts, clock, log } = deps;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schedule: false,
    supervise: true,
    migrate: true,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  await boss.createQueue(OUTBOX_QUEUE, outboxQueueOptions);
  await boss.work<{ id: string }>(OUTBOX_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await deliverer.deliver(job.data.id);
  });

  await boss.createQueue(EXTRACTION_QUEUE, {
    name: EXTRACTION_QUEUE,
    retryLimit: 2,
    retryDelay: 5,
    expireInSeconds: 120,
  });
  await boss.work<{ id: string }>(
    EXTRACTION_QUEUE,
    { pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (job) await extraction.run(job.data.id);
    },
  );

  await boss.createQueue(MEDIPAY_ACCOUNT_QUEUE, medipayAccountQueueOptions);
  await boss.work<{ id: string }>(
    MEDIPAY_ACCOUNT_QUEUE,
    { pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (!job) return;
      const outcome = await medipayAccounts.run(job.data.id);
      // pg-boss tries again later (with backoff) when the job fails.
      if (outcome === 'retry' || outcome === 'busy') {
        throw new Error(`MediPay account ${job.data.id}: ${outcome}`);
      }
    },
  );
  const enqueueMedipayAccount = async (accountId: string) => {
    await boss.send(MEDIPAY_ACCOUNT_QUEUE, { id: accountId }, { singletonKey: accountId });
  };

  const enqueueDelivery = async (outboxId: string) => {
    await boss.send(OUTBOX_QUEUE, { id: outboxId });
  };

  const sweep = async () => {
    const now = clock.now();
    for (const id of await findStrandedOutboxIds(database.db, now, RETRY_WINDOW_MS)) {
      await enqueueDelivery(id);
    }
    for (const id of await medipayAccounts.strandedIds(now)) {
      await enqueueMedipayAccount(id);
    }
    await redactExpiredCodes(database.db, new Date(now.getTime() - OTP_TTL_MS));
    await deleteExpiredAdminSessions(database.db, now);
  };

  let sweeping: Promise<void> | undefined;
  const timer = setInterval(() => {
    sweeping ??= sweep()
      .catch((error) => log.error({ err: error }, 'outbox sweep failed'))
      .finally(() => {
        sweeping = undefined;
      });
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  await sweep();

  return {
    enqueueDelivery,
    enqueueMedipayAccount,
    enqueueExtraction: async (resultId) => {
      await boss.send(EXTRACTION_QUEUE, { id: resultId });
    },
    sweep,
    stop: async () => {
      clearInterval(timer);
      await sweeping;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
