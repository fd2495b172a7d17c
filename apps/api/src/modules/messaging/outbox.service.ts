import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@medipay/db/client';
import type { OutboxDeliverer } from './outbox.delivery';
import { findPendingOutboxIds } from './outbox.repository';

/**
 * What the outbox needs of the job queue (jobs/job-queue.ts provides it): the outbox owns this
 * port, so that it does not import the queue, which imports the modules whose work it runs.
 */
export type DeliveryQueue = {
  /** Asks for a message to be delivered; call it after the transaction that queued it committed. */
  enqueueDelivery: (outboxId: string) => Promise<void>;
};

export type Outbox = {
  /**
   * Hands a queued message to the delivery job. Call it after the transaction that queued the
   * message committed; if it fails, the sweeper finds the message later, so nothing is lost.
   */
  dispatch: (outboxId: string) => Promise<void>;
  /** Delivers every pending message now, in this process (tests and scripts). */
  drain: () => Promise<number>;
  deliverer: OutboxDeliverer;
};

export function createOutbox(deps: {
  db: Database;
  deliverer: OutboxDeliverer;
  queue: () => DeliveryQueue | undefined;
  log: FastifyBaseLogger;
}): Outbox {
  return {
    deliverer: deps.deliverer,
    dispatch: async (outboxId) => {
      const queue = deps.queue();
      if (!queue) return;
      try {
        await queue.enqueueDelivery(outboxId);
      } catch (error) {
        deps.log.error({ err: error, outboxId }, 'could not enqueue a message; the sweeper will');
      }
    },
    drain: async () => {
      let sent = 0;
      for (const id of await findPendingOutboxIds(deps.db)) {
        try {
          if ((await deps.deliverer.deliver(id)) === 'sent') sent += 1;
        } catch {
          // Recorded on the message; a later drain or the job retries it.
        }
      }
      return sent;
    },
  };
}
