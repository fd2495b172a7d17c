import { z } from 'zod';

/** The local-trial view of the outbox (`GET /api/dev/outbox`, not served in production). */
export const devOutboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms', 'whatsapp']),
  template: z.string(),
  recipient: z.string(),
  status: z.enum(['pending', 'sent', 'failed', 'expired']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  subject: z.string().nullable(),
  text: z.string(),
});

export const devOutboxResponseSchema = z.object({ messages: z.array(devOutboxMessageSchema) });
export type DevOutboxMessage = z.infer<typeof devOutboxMessageSchema>;
