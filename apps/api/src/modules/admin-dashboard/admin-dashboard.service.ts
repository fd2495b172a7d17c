import type { DocumentStorage } from '../../adapters/storage/port';
import type { FastifyBaseLogger } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import { adminActions } from '@medipay/db/schema';
import {
  ABANDONED_SESSION_IDLE_MS,
  ABANDONED_SESSION_PURGE_AFTER_MS,
  adminAuditActions,
  type ApplicationCounters,
  type PurgeResult,
} from '@medipay/shared/admin';
import { DECISION_WINDOW_DAYS, type BackOfficeDashboard } from '@medipay/shared/back-office';
import { startOfSaoPauloDay } from '@medipay/shared/dates';
import type { Clock } from '../../lib/clock';
import { recordAdminAction } from '../admin-audit/admin-audit.repository';
import { startOfNextSaoPauloDay } from '../admin-review/review-list.search';
import { RETENTION_AUDIT_ACTION } from '../data-subject/retention';
import { createScreeningReview } from '../screening/screening-review.service';
import {
  countAbandonedSessions,
  countDeadlines,
  countPfApplications,
  countPjApplications,
  decisionTimes,
  deleteAbandonedSessions,
  type ApplicationCounts,
} from './admin-dashboard.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the purge needs of the document storage: removing an object by key. */
export type StoredFileRemover = Pick<DocumentStorage, 'delete'>;

/** Who purges: an administrator (from the server's session record) or the daily job. */
export type PurgeActor = { id: string; email: string; ip?: string | null } | 'system';

/** The audit trail's `admin_email` of what the daily job does. */
export const SYSTEM_ACTOR_EMAIL = 'sistema';

/** Sessions deleted per transaction: a purge of millions never holds one giant transaction. */
export const PURGE_BATCH_SIZE = 500;

/** Stored files deleted at the same time after each batch. */
const FILE_DELETE_CONCURRENCY = 8;

export type AdminDashboard = {
  /**
   * The counters of both flows, the number of abandoned applicant sessions, the screening
   * alerts (undecided hits on approved customers, lists out of date) and the case queues (due
   * today, overdue, the median time to a decision).
   */
  getDashboard: () => Promise<BackOfficeDashboard>;
  /** The administrator's purge: sessions idle for ABANDONED_SESSION_IDLE_MS. */
  purgeAbandonedSessions: (admin: {
    id: string;
    email: string;
    ip?: string | null;
  }) => Promise<PurgeResult>;
  /** The daily job's purge: sessions idle for ABANDONED_SESSION_PURGE_AFTER_MS; the number removed. */
  purgeExpiredSessions: () => Promise<number>;
};

/** The spec's approval rate: approved over total, as a whole percent; 0 when there are none. */
/** The audit row of the last retention run, or null. */
async function lastRetentionRun(db: Database) {
  const [row] = await db
    .select({ createdAt: adminActions.createdAt, observacoes: adminActions.observacoes })
    .from(adminActions)
    .where(eq(adminActions.action, RETENTION_AUDIT_ACTION))
    .orderBy(desc(adminActions.createdAt))
    .limit(1);
  return row ?? null;
}

export function approvalRate(approved: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((approved * 100) / total);
}

/** Approved over decided (approved + denied), in percent with one decimal; null before any decision. */
export function decidedApprovalRate(approved: number, denied: number): number | null {
  const decided = approved + denied;
  if (decided <= 0) return null;
  return Math.round((approved * 1000) / decided) / 10;
}

/** The audit text of a purge: '12 sessões abandonadas removidas'. */
export function purgeObservation(removed: number): string {
  return removed === 1
    ? '1 sessão abandonada removida'
    : `${removed} sessões abandonadas removidas`;
}

function toCounters(counts: ApplicationCounts): ApplicationCounters {
  return {
    ...counts,
    approvalRate: approvalRate(counts.approved, counts.total),
    decidedApprovalRate: decidedApprovalRate(counts.approved, counts.denied),
  };
}

export function createAdminDashboard(deps: {
  db: Database;
  storage: StoredFileRemover;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Sessions per transaction (tests make it small). */
  batchSize?: number;
}): AdminDashboard {
  const { db, storage, clock, log } = deps;
  const batchSize = deps.batchSize ?? PURGE_BATCH_SIZE;
  const screening = createScreeningReview({ db, clock });

  /** Deletes files one group at a time; a failure is logged and the others still go. */
  const deleteFiles = async (keys: string[]) => {
    for (let start = 0; start < keys.length; start += FILE_DELETE_CONCURRENCY) {
      await Promise.all(
        keys.slice(start, start + FILE_DELETE_CONCURRENCY).map(async (key) => {
          try {
            await storage.delete(key);
          } catch (error) {
            log.error({ err: error, key }, 'could not delete a stored file of a purged session');
          }
        }),
      );
    }
  };

  /**
   * Purges in batches, one transaction each; the files of a batch go after its commit. The audit
   * row is written in the transaction of the last batch, with the total. If a batch fails, what
   * the earlier batches removed is still audited (best effort) before the error is passed on.
   */
  const purge = async (actor: PurgeActor, idleMs: number): Promise<number> => {
    const idleSince = new Date(clock.now().getTime() - idleMs);
    const auditRow = (removed: number, interrupted: boolean) => ({
      adminUserId: actor === 'system' ? null : actor.id,
      adminEmail: actor === 'system' ? SYSTEM_ACTOR_EMAIL : actor.email,
      action: adminAuditActions.abandonedPurged,
      observacoes: interrupted
        ? `${purgeObservation(removed)} (limpeza interrompida por erro)`
        : purgeObservation(removed),
      ip: actor === 'system' ? null : (actor.ip ?? null),
      createdAt: clock.now(),
    });

    let removed = 0;
    for (;;) {
      let batch;
      try {
        batch = await db.transaction(async (tx) => {
          const result = await deleteAbandonedSessions(tx, idleSince, batchSize);
          if (result.selected < batchSize) {
            await recordAdminAction(tx, auditRow(removed + result.removed, false));
          }
          return result;
        });
      } catch (error) {
        if (removed > 0) {
          await recordAdminAction(db, auditRow(removed, true)).catch((auditError: unknown) =>
            log.error({ err: auditError }, 'could not audit an interrupted purge'),
          );
        }
        throw error;
      }
      removed += batch.removed;
      await deleteFiles(batch.storageKeys);
      if (batch.selected < batchSize) return removed;
    }
  };

  return {
    getDashboard: async () => {
      const now = clock.now();
      const today = startOfSaoPauloDay(now);
      const tomorrow = startOfNextSaoPauloDay(now);
      const [
        pf,
        pj,
        abandonedSessions,
        screeningAlerts,
        pfDeadlines,
        pjDeadlines,
        decided,
        retention,
      ] = await Promise.all([
        countPfApplications(db, today),
        countPjApplications(db, today),
        countAbandonedSessions(db, new Date(now.getTime() - ABANDONED_SESSION_IDLE_MS)),
        screening.dashboard(),
        countDeadlines(db, 'pf', now, tomorrow),
        countDeadlines(db, 'pj', now, tomorrow),
        decisionTimes(db, new Date(now.getTime() - DECISION_WINDOW_DAYS * DAY_MS), now),
        lastRetentionRun(db),
      ]);
      return {
        pf: toCounters(pf),
        pj: toCounters(pj),
        abandonedSessions,
        screening: screeningAlerts,
        cases: {
          pf: pfDeadlines,
          pj: pjDeadlines,
          medianDecisionMs: decided.medianMs,
          decisions: decided.decisions,
        },
        retention: retention && {
          lastRunAt: retention.createdAt.toISOString(),
          summary: retention.observacoes ?? '',
        },
      };
    },
    purgeAbandonedSessions: async (admin) => ({
      removed: await purge(admin, ABANDONED_SESSION_IDLE_MS),
    }),
    purgeExpiredSessions: () => purge('system', ABANDONED_SESSION_PURGE_AFTER_MS),
  };
}
