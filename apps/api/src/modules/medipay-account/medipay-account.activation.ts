import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { medipayAccounts } from '@medipay/db/schema';
import { medipayAuditActions } from '@medipay/shared/medipay-account';
import type { Clock } from '../../lib/clock';
import { SYSTEM_ACTOR_EMAIL } from '../admin-dashboard/admin-dashboard.service';
import type { ReviewRecord } from '../admin-review/review-detail.repository';
import { insertOutboxMessage, type Executor } from '../messaging/outbox.repository';
import type { TemplateData } from '../messaging/templates';
import { medipayAudit } from './medipay-account.audit';

/** The actor of what the portal does by itself (the job's e-mail), in admin_actions. */
export const systemActor = { id: null, email: SYSTEM_ACTOR_EMAIL };

/**
 * E-mails the applicant the account's activation link, in the caller's transaction: the link and
 * the time are kept on the account, the send is audited, and the message is queued in the outbox
 * (delivered and retried by its job; hand the id to `outbox.dispatch` after the commit). The
 * words are the flow's: a person, or a company at its own e-mail.
 *
 * `notBefore`: the send only happens when the link was not e-mailed after that instant (the
 * resend's cooldown, checked in the same statement, so two concurrent resends send once);
 * null when refused.
 */
export async function queueActivationEmail(
  tx: Executor,
  clock: Clock,
  input: {
    accountId: string;
    record: ReviewRecord;
    onboardingUrl: string;
    actor: { id: string | null; email: string };
    ip?: string;
    idempotencyKey: string;
    notBefore?: Date;
  },
): Promise<{ outboxId: string | null } | null> {
  const { record, onboardingUrl } = input;
  const now = clock.now();
  const [updated] = await tx
    .update(medipayAccounts)
    .set({ onboardingUrl, onboardingSentAt: now, updatedAt: now })
    .where(
      and(
        eq(medipayAccounts.id, input.accountId),
        input.notBefore
          ? or(
              isNull(medipayAccounts.onboardingSentAt),
              lte(medipayAccounts.onboardingSentAt, input.notBefore),
            )
          : undefined,
      ),
    )
    .returning({ id: medipayAccounts.id });
  if (!updated) return null;
  await medipayAudit(clock)(tx, { flow: record.flow, recordId: record.row.id }, input.actor, {
    action: medipayAuditActions.onboardingSent,
    observacoes: onboardingUrl,
    ip: input.ip,
  });
  const recipient = record.row.email;
  if (!recipient) return { outboxId: null };
  const data: TemplateData['medipay-onboarding'] = {
    nome: (record.flow === 'PF' ? record.row.nomeCompleto : record.row.razaoSocial) ?? '',
    onboardingUrl,
    flow: record.flow,
  };
  const outboxId = await insertOutboxMessage(tx, {
    channel: 'email',
    template: 'medipay-onboarding',
    recipient,
    data,
    idempotencyKey: input.idempotencyKey,
  });
  return { outboxId };
}
