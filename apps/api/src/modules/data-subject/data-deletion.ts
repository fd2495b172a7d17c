import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@medipay/db/client';
import { medipayAccounts } from '@medipay/db/schema';
import { dataSubjectMessages, type DeletionOutcome } from '@medipay/shared/data-subject';
import type { DocumentStorage } from '../../adapters/storage/port';
import type { Clock } from '../../lib/clock';
import { recordAdminAction } from '../admin-audit/admin-audit.repository';
import type { StatusApplication } from '../application-status/application-status.service';
import { eraseApplication } from './erase-application';

/** The audit row of a deletion request answered with the retention rule (the data is kept). */
export const DELETION_KEPT_AUDIT_ACTION = 'PEDIDO_ELIMINACAO_MANTIDO';

const requester = 'titular dos dados (página de status)';

/**
 * 'Excluir meus dados' (LGPD art. 18, VI). An application that never became an account (never
 * approved, or approved and reopened before any account) is erased at once (erase-application.ts),
 * its files after the commit. An approved customer's data is kept for the legal period: the
 * request is answered with the rule and recorded in the application's audit trail.
 */
export async function requestDeletion(
  deps: {
    db: Database;
    storage: Pick<DocumentStorage, 'delete'>;
    clock: Clock;
    log: FastifyBaseLogger;
  },
  application: StatusApplication,
): Promise<DeletionOutcome> {
  const { db, clock } = deps;
  const [account] = await db
    .select({ id: medipayAccounts.id })
    .from(medipayAccounts)
    .where(
      and(
        eq(medipayAccounts.flow, application.flow),
        eq(medipayAccounts.recordId, application.id),
        eq(medipayAccounts.state, 'done'),
      ),
    );
  if (application.status === 'APROVADO' || account) {
    await recordAdminAction(db, {
      onboardingId: application.id,
      onboardingType: application.flow,
      adminUserId: null,
      adminEmail: requester,
      action: DELETION_KEPT_AUDIT_ACTION,
      observacoes:
        'Pedido de eliminação do titular: dados mantidos pelo prazo legal (cliente MediPay; Circular BCB nº 3.978/2020)',
      createdAt: clock.now(),
    });
    return { outcome: 'kept', message: dataSubjectMessages.kept };
  }
  const { storageKeys } = await db.transaction((tx) =>
    eraseApplication(tx, application, {
      actor: requester,
      reason: `Cadastro ${application.flow} eliminado a pedido do titular (LGPD art. 18, VI); situação: ${application.status}`,
      at: clock.now(),
    }),
  );
  for (const key of storageKeys) {
    // A file left behind has no row naming it: the orphan-file sweep removes it later.
    await deps.storage
      .delete(key)
      .catch((error: unknown) =>
        deps.log.warn({ err: error }, 'an erased document file could not be deleted now'),
      );
  }
  return { outcome: 'erased', message: dataSubjectMessages.erased };
}
