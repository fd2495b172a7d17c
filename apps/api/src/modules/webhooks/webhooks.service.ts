import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import type { Database } from '@medipay/db/client';
import { errorCodes } from '@medipay/shared/api-error';
import {
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_ROTATION_GRACE_MS,
  webhookMessages,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@medipay/shared/webhooks';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { SecretBox } from '../../lib/secret-box';
import { recordAdminAction } from '../admin-audit/admin-audit.repository';
import type { AdminActor } from '../admin-auth/admin-accounts.service';
import {
  claimDueWebhookDeliveries,
  countWebhookDeliveries,
  findWebhookEndpoint,
  insertWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  recordWebhookAttempt,
  updateWebhookEndpoint,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './webhooks.repository';

export const webhookAuditActions = {
  created: 'WEBHOOK_CADASTRADO',
  rotated: 'WEBHOOK_SEGREDO_ROTACIONADO',
  deactivated: 'WEBHOOK_DESATIVADO',
} as const;

/** How long one attempt may take, and hold its delivery against other processes. */
const ATTEMPT_TIMEOUT_MS = 10_000;
const HOLD_MS = 60_000;
const BATCH = 20;
/** The start of an answer's body kept with the delivery, for the operator to read. */
const RESPONSE_EXCERPT = 500;

/** A new signing secret, in the `whsec_` + base64 form the Standard Webhooks libraries take. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Webhooks = {
  list: () => Promise<WebhookEndpoint[]>;
  /** Registers an endpoint; its secret is answered this once. */
  create: (
    input: { url: string; description: string; events: string[] },
    actor: AdminActor,
  ) => Promise<{ endpoint: WebhookEndpoint; secret: string }>;
  /** A new secret (answered once); the old one keeps signing for WEBHOOK_ROTATION_GRACE_MS. */
  rotate: (id: string, actor: AdminActor) => Promise<{ secret: string }>;
  /** Stops queueing events for the endpoint; what is queued is still delivered. */
  deactivate: (id: string, actor: AdminActor) => Promise<WebhookEndpoint>;
  deliveries: (id: string) => Promise<WebhookDelivery[]>;
  /** Sends the deliveries due now (the job calls it); how many were delivered. */
  deliverDue: () => Promise<number>;
};

export function createWebhooks(deps: {
  db: Database;
  clock: Clock;
  box: SecretBox;
  /** NODE_ENV=production: only https:// endpoints. */
  production: boolean;
  log: FastifyBaseLogger;
}): Webhooks {
  const { db, clock, box, log } = deps;

  const notFound = () => new AppError(errorCodes.notFound, webhookMessages.notFound, 404);
  const endpointOf = async (id: string) => {
    const row = uuidPattern.test(id) ? await findWebhookEndpoint(db, id) : null;
    if (!row) throw notFound();
    return row;
  };

  const view = (
    row: WebhookEndpointRow,
    counts: Map<string, number> = new Map(),
  ): WebhookEndpoint => {
    const graceOver =
      row.previousSecretExpiresAt === null ||
      row.previousSecretExpiresAt.getTime() <= clock.now().getTime();
    return {
      id: row.id,
      url: row.url,
      description: row.description,
      events: row.events as WebhookEndpoint['events'],
      active: row.active,
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy,
      previousSecretUntil: graceOver ? null : row.previousSecretExpiresAt!.toISOString(),
      deliveries: {
        pending: counts.get(`${row.id}:pending`) ?? 0,
        failed: counts.get(`${row.id}:failed`) ?? 0,
        delivered: counts.get(`${row.id}:delivered`) ?? 0,
      },
    };
  };

  /** The `webhook-signature` header: the current secret's, and the previous one's in its grace. */
  const signatureOf = (
    endpoint: WebhookEndpointRow,
    id: string,
    at: Date,
    body: string,
  ): string => {
    const secrets = [box.open(endpoint.secretSealed)];
    if (
      endpoint.previousSecretSealed &&
      endpoint.previousSecretExpiresAt &&
      endpoint.previousSecretExpiresAt.getTime() > at.getTime()
    ) {
      secrets.push(box.open(endpoint.previousSecretSealed));
    }
    return secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(' ');
  };

  /** One attempt: true when the endpoint answered 2xx. Never throws. */
  const attempt = async (delivery: WebhookDeliveryRow): Promise<boolean> => {
    const at = clock.now();
    const endpoint = await findWebhookEndpoint(db, delivery.endpointId);
    let status: number | null = null;
    let response: string | null = null;
    if (endpoint) {
      const body = JSON.stringify(delivery.payload);
      const id = `msg_${delivery.id}`;
      try {
        // Inside the try: a secret sealed under another SECRET fails this attempt, recorded.
        const signature = signatureOf(endpoint, id, at, body);
        const answer = await fetch(endpoint.url, {
          method: 'POST',
          redirect: 'manual',
          signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
          headers: {
            'content-type': 'application/json',
            'user-agent': 'MediPay-Webhooks/1',
            'webhook-id': id,
            'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
            'webhook-signature': signature,
          },
          body,
        });
        status = answer.status;
        response = (await answer.text().catch(() => '')).slice(0, RESPONSE_EXCERPT);
      } catch (error) {
        response = `Sem resposta: ${error instanceof Error ? error.message : String(error)}`.slice(
          0,
          RESPONSE_EXCERPT,
        );
      }
    } else {
      response = 'Endpoint removido';
    }
    const delivered = status !== null && status >= 200 && status < 300;
    const delay = WEBHOOK_RETRY_DELAYS_MS[delivery.attempts];
    await recordWebhookAttempt(db, delivery.id, {
      at,
      delivered,
      status,
      response,
      nextAttemptAt:
        delivered || delay === undefined || !endpoint ? null : new Date(at.getTime() + delay),
    });
    if (!delivered) {
      log.warn(
        {
          deliveryId: delivery.id,
          endpointId: delivery.endpointId,
          status,
          attempt: delivery.attempts + 1,
        },
        'webhook delivery failed',
      );
    }
    return delivered;
  };

  const audit = (actor: AdminActor, action: string, note: string) =>
    recordAdminAction(db, {
      adminUserId: actor.id,
      adminEmail: actor.email,
      action,
      observacoes: note,
      ip: actor.ip ?? null,
      createdAt: clock.now(),
    });

  return {
    list: async () => {
      const [rows, counts] = await Promise.all([
        listWebhookEndpoints(db),
        countWebhookDeliveries(db),
      ]);
      const byKey = new Map(counts.map((c) => [`${c.endpointId}:${c.status}`, c.deliveries]));
      return rows.map((row) => view(row, byKey));
    },

    create: async (input, actor) => {
      if (deps.production && new URL(input.url).protocol !== 'https:') {
        throw new AppError(errorCodes.validation, webhookMessages.urlHttpsRequired, 400);
      }
      const secret = newSecret();
      const row = await db.transaction(async (tx) => {
        const inserted = await insertWebhookEndpoint(tx, {
          url: input.url,
          description: input.description,
          events: input.events,
          secretSealed: box.seal(secret),
          createdAt: clock.now(),
          createdBy: actor.email,
        });
        await recordAdminAction(tx, {
          adminUserId: actor.id,
          adminEmail: actor.email,
          action: webhookAuditActions.created,
          observacoes: `Webhook ${inserted.url} (${input.events.join(', ')})`,
          ip: actor.ip ?? null,
          createdAt: clock.now(),
        });
        return inserted;
      });
      return { endpoint: view(row), secret };
    },

    rotate: async (id, actor) => {
      const row = await endpointOf(id);
      if (!row.active) throw new AppError(errorCodes.conflict, webhookMessages.inactive, 409);
      const secret = newSecret();
      await updateWebhookEndpoint(db, row.id, {
        secretSealed: box.seal(secret),
        previousSecretSealed: row.secretSealed,
        previousSecretExpiresAt: new Date(clock.now().getTime() + WEBHOOK_ROTATION_GRACE_MS),
      });
      await audit(actor, webhookAuditActions.rotated, `Webhook ${row.url}`);
      return { secret };
    },

    deactivate: async (id, actor) => {
      const row = await endpointOf(id);
      if (!row.active) return view(row);
      const updated = await updateWebhookEndpoint(db, row.id, { active: false });
      await audit(actor, webhookAuditActions.deactivated, `Webhook ${row.url}`);
      return view(updated);
    },

    deliveries: async (id) => {
      const row = await endpointOf(id);
      return (await listWebhookDeliveries(db, row.id, 50)).map((delivery) => ({
        id: `msg_${delivery.id}`,
        eventType: delivery.eventType,
        status: delivery.status,
        attempts: delivery.attempts,
        createdAt: delivery.createdAt.toISOString(),
        lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
        nextAttemptAt: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
        lastStatus: delivery.lastStatus,
        lastResponse: delivery.lastResponse,
      }));
    },

    deliverDue: async () => {
      let delivered = 0;
      for (;;) {
        const now = clock.now();
        const batch = await claimDueWebhookDeliveries(
          db,
          now,
          new Date(now.getTime() + HOLD_MS),
          BATCH,
        );
        for (const delivery of batch) {
          if (await attempt(delivery)) delivered += 1;
        }
        if (batch.length < BATCH) return delivered;
      }
    },
  };
}
