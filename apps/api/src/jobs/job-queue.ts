import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '@medipay/db/client';
import { OTP_TTL_MS } from '@medipay/shared/constants';
import type { DocumentStorage } from '../adapters/storage/port';
import type { Clock } from '../lib/clock';
import type { Webhooks } from '../modules/webhooks/webhooks.service';
import { deleteExpiredAdminSessions } from '../modules/admin-auth/admin-sessions.repository';
import type { Extraction } from '../modules/kyc/extraction.service';
import type { MedipayAccounts } from '../modules/medipay-account/medipay-account.service';
import type { OutboxDeliverer } from '../modules/messaging/outbox.delivery';
import { findStrandedOutboxIds, redactExpiredCodes } from '../modules/messaging/outbox.repository';
import { sharedPdfWorkers, type PdfWorkers } from '../modules/documents/pdf-workers';
import type { Screening } from '../modules/screening/screening.service';
import { LEGACY_PDFS_INTERVAL_MS, rebuildLegacyPdfs } from './legacy-pdfs.job';
import { ORPHAN_FILES_INTERVAL_MS, sweepOrphanFiles } from './orphan-files.job';

export const OUTBOX_QUEUE = 'outbox-delivery';
export const EXTRACTION_QUEUE = 'document-extraction';
export const MEDIPAY_ACCOUNT_QUEUE = 'medipay-account';
export const ORPHAN_FILES_QUEUE = 'orphan-files';
export const LEGACY_PDFS_QUEUE = 'legacy-pdfs';
export const SCREENING_QUEUE = 'screening';

/** pg-boss waits 10 s, 20 s, 40 s ... (with jitter) between tries: 8 retries span about an hour. */
const outboxQueueOptions = {
  name: OUTBOX_QUEUE,
  retryLimit: 8,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 300,
};
const extractionQueueOptions = {
  name: EXTRACTION_QUEUE,
  retryLimit: 2,
  retryDelay: 5,
  expireInSeconds: 120,
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
/** How often each process looks for webhook deliveries due (the first attempt's delay at most). */
export const WEBHOOK_INTERVAL_MS = 5_000;
/** How long `stop` waits for the jobs in progress (server.ts's hand-over budget counts on it). */
export const STOP_TIMEOUT_MS = 10_000;
/**
 * The orphan-file sweep and the rebuild of legacy PDFs are asked for at start-up and then this
 * often by every process; pg-boss keeps one job per period (`singletonSeconds`, in the
 * database), so each runs once per period across all processes, and `singleton` keeps two runs
 * from overlapping.
 */
const ORPHAN_FILES_REQUEST_INTERVAL_MS = 10 * 60_000;
const orphanFilesQueueOptions = {
  name: ORPHAN_FILES_QUEUE,
  policy: 'singleton' as const,
  retryLimit: 2,
  retryDelay: 300,
  expireInSeconds: 60 * 60,
};
/**
 * The rebuild of PDFs stored as sent (legacy-pdfs.job.ts), asked for as the orphan sweep is. A
 * run stops taking documents after LEGACY_PDFS_RUN_BUDGET_MS (45 min), within this expiry, so
 * that pg-boss never gives the run to another process while it still works; a run stopped by
 * the process stopping fails, and another process tries again after `retryDelay`.
 */
const legacyPdfsQueueOptions = {
  name: LEGACY_PDFS_QUEUE,
  policy: 'singleton' as const,
  retryLimit: 2,
  retryDelay: 300,
  expireInSeconds: 60 * 60,
};

/**
 * The re-screening after a list import, and the screening of applications left unscreened (the
 * screening at submission failed), asked for at start-up and every 10 minutes by every process:
 * one run per period across them (`singletonSeconds`), never two at once (`singleton`). A run
 * stopped with its process fails and is tried again; what it finished stays (it is resumable).
 */
const SCREENING_REQUEST_INTERVAL_MS = 10 * 60_000;
const screeningQueueOptions = {
  name: SCREENING_QUEUE,
  policy: 'singleton' as const,
  retryLimit: 2,
  retryDelay: 60,
  expireInSeconds: 60 * 60,
};

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
  /**
   * Stops taking jobs and waits for the jobs in progress to finish, up to `timeoutMs` (10 s by
   * default); a job still running then is failed, so that another process runs it again (a retry).
   * A process killed outright (kill -9) leaves its job active: pg-boss's maintenance, in every
   * process, fails it once its queue's `expireInSeconds` passed, and another process retries it.
   */
  stop: (options?: { timeoutMs?: number }) => Promise<void>;
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
  screening: Pick<Screening, 'rescreenAfterImports' | 'screenUnscreened'>;
  /** The signed webhooks: their due deliveries are sent every WEBHOOK_INTERVAL_MS. */
  webhooks: Pick<Webhooks, 'deliverDue'>;
  /** The document store, swept for files that no row names; its legacy PDFs rebuilt. */
  storage: Pick<DocumentStorage, 'list' | 'delete' | 'get' | 'put'>;
  /** The workers that rebuild the legacy PDFs (default: the process's, shared with uploads). */
  pdfWorkers?: Pick<PdfWorkers, 'disarm'>;
  clock: Clock;
  log: FastifyBaseLogger;
}): Promise<JobQueue> {
  const { database, deliverer, extraction, medipayAccounts, screening, storage, clock, log } = deps;
  const { webhooks } = deps;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schedule: false,
    supervise: true,
    migrate: true,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  // pg-boss creates (or upgrades) its schema when it starts, and a table per queue: processes
  // starting together on a new database collide there (`create schema if not exists` fails
  // against a creation at the same moment; two creations of one queue deadlock), so this waits
  // for the migration lock, as migrations do. Workers start after, outside the lock.
  await database.withMigrationLock(async () => {
    await boss.start();
    await boss.createQueue(OUTBOX_QUEUE, outboxQueueOptions);
    await boss.createQueue(EXTRACTION_QUEUE, extractionQueueOptions);
    await boss.createQueue(MEDIPAY_ACCOUNT_QUEUE, medipayAccountQueueOptions);
    await boss.createQueue(ORPHAN_FILES_QUEUE, orphanFilesQueueOptions);
    await boss.createQueue(LEGACY_PDFS_QUEUE, legacyPdfsQueueOptions);
    await boss.createQueue(SCREENING_QUEUE, screeningQueueOptions);
  });
  await boss.work<{ id: string }>(OUTBOX_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await deliverer.deliver(job.data.id);
  });

  await boss.work<{ id: string }>(
    EXTRACTION_QUEUE,
    { pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (job) await extraction.run(job.data.id);
    },
  );

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

  await boss.work(ORPHAN_FILES_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const report = await sweepOrphanFiles({ db: database.db, storage, clock, log });
    log.info(report, 'orphan stored files swept');
  });
  const requestOrphanSweep = async () => {
    await boss.send(
      ORPHAN_FILES_QUEUE,
      {},
      { singletonKey: ORPHAN_FILES_QUEUE, singletonSeconds: ORPHAN_FILES_INTERVAL_MS / 1000 },
    );
  };

  // Aborted by `stop`: the run ends between two documents and fails, so another process goes on.
  const stopping = new AbortController();
  await boss.work(LEGACY_PDFS_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const report = await rebuildLegacyPdfs({
      db: database.db,
      storage,
      pdfWorkers: deps.pdfWorkers ?? sharedPdfWorkers(),
      clock,
      log,
      signal: stopping.signal,
    });
    log.info(report, 'legacy stored PDFs rebuilt');
    if (stopping.signal.aborted && report.unfinished) {
      throw new Error('the rebuild of legacy PDFs stopped with the process');
    }
  });
  await boss.work(SCREENING_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const rescreened = await screening.rescreenAfterImports({ signal: stopping.signal });
    const unscreened = await screening.screenUnscreened({ signal: stopping.signal });
    if (rescreened.length > 0 || unscreened > 0) {
      log.info({ rescreened, unscreened }, 'applications screened against the lists');
    }
    if (stopping.signal.aborted) throw new Error('the screening stopped with the process');
  });
  const requestScreening = async () => {
    await boss.send(
      SCREENING_QUEUE,
      {},
      { singletonKey: SCREENING_QUEUE, singletonSeconds: SCREENING_REQUEST_INTERVAL_MS / 1000 },
    );
  };

  const requestLegacyPdfRebuild = async () => {
    await boss.send(
      LEGACY_PDFS_QUEUE,
      {},
      { singletonKey: LEGACY_PDFS_QUEUE, singletonSeconds: LEGACY_PDFS_INTERVAL_MS / 1000 },
    );
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
  await requestOrphanSweep();
  await requestLegacyPdfRebuild();
  await requestScreening();
  const orphanTimer = setInterval(() => {
    requestOrphanSweep().catch((error) =>
      log.error({ err: error }, 'could not ask for the orphan-file sweep'),
    );
    requestLegacyPdfRebuild().catch((error) =>
      log.error({ err: error }, 'could not ask for the rebuild of legacy PDFs'),
    );
    requestScreening().catch((error) =>
      log.error({ err: error }, 'could not ask for the screening job'),
    );
  }, ORPHAN_FILES_REQUEST_INTERVAL_MS);
  orphanTimer.unref();

  // Every process sends what is due; a delivery is held by the one that took it.
  let delivering: Promise<unknown> | undefined;
  const webhookTimer = setInterval(() => {
    delivering ??= webhooks
      .deliverDue()
      .catch((error) => log.error({ err: error }, 'webhook deliveries failed'))
      .finally(() => {
        delivering = undefined;
      });
  }, WEBHOOK_INTERVAL_MS);
  webhookTimer.unref();

  return {
    enqueueDelivery,
    enqueueMedipayAccount,
    enqueueExtraction: async (resultId) => {
      await boss.send(EXTRACTION_QUEUE, { id: resultId });
    },
    sweep,
    stop: async ({ timeoutMs = STOP_TIMEOUT_MS } = {}) => {
      clearInterval(timer);
      clearInterval(orphanTimer);
      clearInterval(webhookTimer);
      await delivering;
      stopping.abort();
      await sweeping;
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}
