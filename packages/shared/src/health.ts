import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
});

export const readinessResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
});

export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;

/** Integrations reported by GET /api/debug/secrets: only whether each is configured. */
export const integrationNames = [
  'database',
  'smtp',
  'sms',
  'viacep',
  'brasilapi',
  'receitaws',
  's3',
  'medipay',
  'adminCredentials',
  'secret',
] as const;

export const secretsStatusSchema = z.object({
  integrations: z.record(z.enum(integrationNames), z.boolean()),
});

export type SecretsStatus = z.infer<typeof secretsStatusSchema>;
