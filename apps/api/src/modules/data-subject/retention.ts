import { and, eq, isNull, lt, notExists } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@medipay/db/client';
import {
  adminActions,
  adminLoginAttempts,
  adminSessions,
  applicantSessions,
  livenessSignatures,
  medipayAccounts,
  onboardingPf,
  onboardingPj,
  otpChallenges,
  statusAccessCodes,
} from '@medipay/db/schema';
import type { RetentionPeriods } from '@medipay/shared/retention';
import type { Flow } from '@medipay/shared/status';
import type { DocumentStorage } from '../../adapters/storage/port';
import type { Clock } from '../../lib/clock';
import { eraseApplication } from './erase-application';

const DAY_MS = 24 * 60 * 60 * 1000;

export type RetentionCounts = {
  abandoned: number;
  denied: number;
  codes: number;
  frames: number;
  accessLogs: number;
};

export const RETENTION_AUDIT_ACTION = 'RETENCAO_APLICADA';

/** The audit text of a run, also shown on the dashboard. */
export function retentionSummary(counts: RetentionCounts): string {
  return (
    `Eliminados: ${counts.abandoned} cadastro(s) não concluído(s), ${counts.denied} cadastro(s) ` +
    `negado(s), ${counts.codes} código(s) de verificação, ${counts.frames} registro(s) de prova ` +
    `de vida e ${counts.accessLogs} registro(s) de acesso ao painel`
  );
}

const before = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/**
 * Deletes what outlived its period and audits the run (one row, with the counts). Applications
 * go one by one through eraseApplication (their own transaction; files deleted after it), so a
 * failure leaves the others erased and the next day's run takes it again.
 */
export async function enforceRetention(deps: {
  db: Database;
  storage: Pick<DocumentStorage, 'delete'>;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
  periods: RetentionPeriods;
}): Promise<RetentionCounts> {
  const { db, clock, periods } = deps;
  const now = clock.now();

  const erase = async (flow: Flow, id: string, reason: string) => {
    const { storageKeys } = await db.transaction((tx) =>
      eraseApplication(tx, { flow, id }, { actor: 'sistema (retenção)', reason, at: now }),
    );
    for (const key of storageKeys) {
      await deps.storage
        .delete(key)
        .catch((error: unknown) =>
          deps.log.warn({ err: error }, 'an expired document file could not be deleted now'),
        );
    }
  };

  let abandoned = 0;
  let denied = 0;
  for (const [flow, table] of [
    ['PF', onboardingPf],
    ['PJ', onboardingPj],
  ] as const) {
    const left = await db
      .select({ id: table.id })
      .from(table)
      .innerJoin(applicantSessions, eq(applicantSessions.id, table.sessionId))
      .where(
        and(
          eq(table.status, 'INICIADO'),
          lt(applicantSessions.lastSeenAt, before(now, periods.abandonedDays)),
        ),
      );
    for (const { id } of left) {
      await erase(
        flow,
        id,
        `Retenção: cadastro ${flow} não concluído, sem acesso há mais de ${periods.abandonedDays} dias`,
      );
      abandoned += 1;
    }
    const deniedRows = await db
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          eq(table.status, 'NEGADO'),
          isNull(table.medipayUserId),
          lt(table.updatedAt, before(now, periods.deniedDays)),
          notExists(
            db
              .select({ id: medipayAccounts.id })
              .from(medipayAccounts)
              .where(and(eq(medipayAccounts.flow, flow), eq(medipayAccounts.recordId, table.id))),
          ),
        ),
      );
    for (const { id } of deniedRows) {
      await erase(
        flow,
        id,
        `Retenção: cadastro ${flow} negado há mais de ${periods.deniedDays} dias, sem conta`,
      );
      denied += 1;
    }
  }

  const codesBefore = before(now, periods.codesDays);
  const otp = await db
    .delete(otpChallenges)
    .where(lt(otpChallenges.createdAt, codesBefore))
    .returning({ id: otpChallenges.id });
  const statusCodes = await db
    .delete(statusAccessCodes)
    .where(lt(statusAccessCodes.createdAt, codesBefore))
    .returning({ id: statusAccessCodes.id });
  const frames = await db
    .delete(livenessSignatures)
    .where(lt(livenessSignatures.createdAt, before(now, periods.framesDays)))
    .returning({ id: livenessSignatures.challengeId });
  const logsBefore = before(now, periods.accessLogsDays);
  const sessions = await db
    .delete(adminSessions)
    .where(lt(adminSessions.expiresAt, logsBefore))
    .returning({ id: adminSessions.id });
  const attempts = await db
    .delete(adminLoginAttempts)
    .where(lt(adminLoginAttempts.createdAt, logsBefore))
    .returning({ id: adminLoginAttempts.id });

  const counts: RetentionCounts = {
    abandoned,
    denied,
    codes: otp.length + statusCodes.length,
    frames: frames.length,
    accessLogs: sessions.length + attempts.length,
  };
  await db.insert(adminActions).values({
    adminEmail: 'sistema (retenção)',
    action: RETENTION_AUDIT_ACTION,
    observacoes: retentionSummary(counts),
    createdAt: now,
  });
  return counts;
}
