/**
 * Signed webhooks (admin_master only), under /api/admin:
 *
 *   GET  /webhooks                       -> webhookEndpointList
 *   POST /webhooks                       createWebhookEndpoint -> webhookEndpointCreated (secret once)
 *   POST /webhooks/:id/rotate            -> webhookSecret (the new secret, once)
 *   POST /webhooks/:id/deactivate        -> webhookEndpoint
 *   GET  /webhooks/:id/deliveries        -> webhookDeliveryList (the latest 50)
 *
 * Each event is POSTed as JSON, signed the Standard Webhooks way (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of
 * `id.timestamp.body` under the endpoint's secret), so that a receiver verifies it with the
 * `standardwebhooks` library. The body holds ids and statuses, never an applicant's personal data.
 */
import { z } from 'zod';

export const webhookEventTypes = [
  'application.submitted',
  'application.approved',
  'application.in_requirements',
  'application.denied',
  'application.reopened',
  'application.rectified',
  'application.account_created',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const webhookEventLabels: Record<WebhookEventType, string> = {
  'application.submitted': 'Cadastro enviado para análise',
  'application.approved': 'Cadastro aprovado',
  'application.in_requirements': 'Cadastro em exigência',
  'application.denied': 'Cadastro negado',
  'application.reopened': 'Decisão revertida (cadastro reaberto)',
  'application.rectified': 'Documentos corrigidos pelo solicitante',
  'application.account_created': 'Conta MediPay criada',
};

/** What every event's body holds. */
export type WebhookPayload = {
  type: WebhookEventType;
  /** ISO 8601: when the change happened. */
  timestamp: string;
  data: {
    flow: 'PF' | 'PJ';
    applicationId: string;
    fromStatus: string | null;
    toStatus: string;
    actor: 'applicant' | 'admin' | 'system';
  };
};

/** The waits between the attempts of one delivery: ten attempts over a day (24 h 42 min). */
export const WEBHOOK_RETRY_DELAYS_MS = [
  30_000,
  2 * 60_000,
  10 * 60_000,
  30 * 60_000,
  60 * 60_000,
  2 * 60 * 60_000,
  4 * 60 * 60_000,
  8 * 60 * 60_000,
  9 * 60 * 60_000,
] as const;
/** How long the previous secret keeps signing after a rotation. */
export const WEBHOOK_ROTATION_GRACE_MS = 24 * 60 * 60_000;

export const webhookMessages = {
  urlInvalid: 'Informe uma URL http:// ou https:// válida',
  urlHttpsRequired: 'Em produção, a URL do webhook precisa usar https://',
  eventsRequired: 'Selecione pelo menos um evento',
  descriptionTooLong: 'A descrição deve ter no máximo 200 caracteres',
  notFound: 'Webhook não encontrado.',
  inactive: 'Este webhook está desativado.',
  created: 'Webhook cadastrado',
  rotated: 'Novo segredo gerado',
  deactivated: 'Webhook desativado',
  secretOnce: 'Copie o segredo agora: ele não será mostrado de novo.',
} as const;

export const createWebhookEndpointSchema = z.object({
  url: z
    .string({ error: webhookMessages.urlInvalid })
    .trim()
    .max(2000, webhookMessages.urlInvalid)
    .pipe(z.url({ protocol: /^https?$/, error: webhookMessages.urlInvalid })),
  description: z.string().trim().max(200, webhookMessages.descriptionTooLong).default(''),
  events: z
    .array(z.enum(webhookEventTypes), { error: webhookMessages.eventsRequired })
    .min(1, webhookMessages.eventsRequired)
    .transform((events) => [...new Set(events)]),
});
export type CreateWebhookEndpoint = z.input<typeof createWebhookEndpointSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  active: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string(),
  /** Until when the secret before the last rotation still signs (ISO 8601), or null. */
  previousSecretUntil: z.string().nullable(),
  deliveries: z.object({ pending: z.number(), failed: z.number(), delivered: z.number() }),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });

export const webhookSecretSchema = z.object({ secret: z.string() });

export const webhookEndpointCreatedSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string(),
});

export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  lastStatus: z.number().nullable(),
  lastResponse: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
