import type { Flow } from '@medipay/shared/status';
import type { Clock } from '../../lib/clock';
import { recordAdminAction } from '../admin-audit/admin-audit.repository';
import type { Executor } from '../messaging/outbox.repository';

/** Records what happened to an application's MediPay account in admin_actions, dated by `clock`. */
export function medipayAudit(clock: Clock) {
  return (
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
}
