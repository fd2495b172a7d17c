import { z } from 'zod';

/** The one wire format of every API error. `message` is Portuguese and safe to show. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** Set on a 429 that says when to try again. */
  retryAfterSeconds: z.number().int().optional(),
});

export type ApiError = z.infer<typeof apiErrorSchema>;

export const errorCodes = {
  validation: 'VALIDATION_ERROR',
  notFound: 'NOT_FOUND',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  rateLimited: 'RATE_LIMITED',
  conflict: 'CONFLICT',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  badRequest: 'BAD_REQUEST',
  internal: 'INTERNAL_ERROR',
  unavailable: 'SERVICE_UNAVAILABLE',
  badGateway: 'BAD_GATEWAY',
  sessionRequired: 'SESSION_REQUIRED',
  invalidCode: 'INVALID_CODE',
  /** A one-time code refused after its last allowed try: only a new code can be checked. */
  codeBlocked: 'CODE_BLOCKED',
  resendTooSoon: 'RESEND_TOO_SOON',
  /** A single-use link that was already used (410). */
  linkUsed: 'LINK_USED',
  /** An admin session that still owes its second factor (or its enrolment) reached another route. */
  secondFactorRequired: 'SECOND_FACTOR_REQUIRED',
} as const;

export const genericMessages = {
  internal: 'Não foi possível concluir a operação. Tente novamente em alguns instantes.',
  notFound: 'Recurso não encontrado.',
  validation: 'Dados inválidos.',
  payloadTooLarge: 'A requisição excede o tamanho máximo permitido.',
  unsupportedMediaType: 'Formato de requisição não suportado.',
  rateLimited: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
  badRequest: 'Requisição inválida.',
  unavailable: 'Serviço temporariamente indisponível.',
} as const;
