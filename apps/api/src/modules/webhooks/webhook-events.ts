import type { Flow } from '@medipay/shared/status';
import { transitions, type Actor } from '@medipay/shared/status';
import type { WebhookEventType } from '@medipay/shared/webhooks';
import type { Executor } from '../messaging/outbox.repository';
import { queueWebhookEvent } from './webhooks.repository';

/** The event of each kind of transition of the status machine. */
const eventOfAction: Record<string, WebhookEventType> = {
  submit: 'application.submitted',
  approve: 'application.approved',
  'request-changes': 'application.in_requirements',
  deny: 'application.denied',
  reopen: 'application.reopened',
  rectify: 'application.rectified',
};

/** The webhook event of a status change, or null for a change the machine does not name. */
export function statusChangeEvent(
  flow: Flow,
  fromStatus: string | null,
  toStatus: string,
  actor: Actor,
): WebhookEventType | null {
  const transition = transitions[flow].find(
    (candidate) =>
      candidate.to === toStatus &&
      candidate.actor === actor &&
      (fromStatus === null || (candidate.from as readonly string[]).includes(fromStatus)),
  );
  return transition ? (eventOfAction[transition.action] ?? null) : null;
}

type Change = {
  flow: Flow;
  recordId: string;
  fromStatus: string | null;
  toStatus: string;
  actor: Actor;
  at: Date;
};

/** Queues the webhook event of a status change, in the change's transaction. */
export async function queueStatusChangeEvent(executor: Executor, change: Change): Promise<void> {
  const type = statusChangeEvent(change.flow, change.fromStatus, change.toStatus, change.actor);
  if (!type) return;
  await queueApplicationEvent(executor, type, change);
}

/** Queues an application's event (its ids and statuses only: no personal data). */
export async function queueApplicationEvent(
  executor: Executor,
  type: WebhookEventType,
  change: Change,
): Promise<void> {
  await queueWebhookEvent(
    executor,
    {
      type,
      timestamp: change.at.toISOString(),
      data: {
        flow: change.flow,
        applicationId: change.recordId,
        fromStatus: change.fromStatus,
        toStatus: change.toStatus,
        actor: change.actor,
      },
    },
    change.at,
  );
}
