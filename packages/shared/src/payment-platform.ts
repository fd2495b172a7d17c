/**
 * The MediPay payment-platform API, version 1: the wire format shared by the portal's HTTP client
 * and the built-in sandbox. JSON bodies; `Authorization: Bearer <MEDIPAY_API_KEY>`; every POST
 * carries an `Idempotency-Key` header, and a repeated POST with the same key answers the stored
 * response without acting twice.
 */
import { z } from 'zod';
import { isValidCnpj, isValidCpf } from './tax-id';

export const paymentPlatformVersion = 'v1';

/** The paths of the API (userId is encoded). */
export const paymentPlatformPaths = {
  accounts: '/v1/accounts',
  documents: (userId: string) => `/v1/accounts/${encodeURIComponent(userId)}/documents`,
  onboardingLink: (userId: string) => `/v1/accounts/${encodeURIComponent(userId)}/onboarding-link`,
  emailVerification: (userId: string) =>
    `/v1/accounts/${encodeURIComponent(userId)}/email-verification`,
} as const;

export const idempotencyKeyHeader = 'idempotency-key';

/** An idempotency key: printable ASCII, 1 to 255 characters (e.g. `account:<recordId>`). */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, 'Idempotency-Key must be 1-255 printable ASCII characters');

export const paymentAccountKindSchema = z.enum(['PF', 'PJ']);
export type PaymentAccountKind = z.infer<typeof paymentAccountKindSchema>;

/** An international phone number: `+` then 8 to 15 digits (E.164). */
export const e164PhoneSchema = z
  .string()
  .regex(/^\+[1-9]\d{7,14}$/, 'phone must be in E.164 format (e.g. +5511987654321)');

/** POST /v1/accounts. `document`: a CPF of 11 digits (PF) or a CNPJ of 14 characters (PJ). */
export const createAccountRequestSchema = z
  .object({
    kind: paymentAccountKindSchema,
    document: z.string(),
    name: z.string().trim().min(1, 'name is required').max(200),
    email: z.email('email must be a valid e-mail address'),
    phone: e164PhoneSchema,
    externalId: z.string().trim().min(1, 'externalId is required').max(100),
  })
  .superRefine((value, context) => {
    const valid =
      value.kind === 'PF'
        ? /^\d{11}$/.test(value.document) && isValidCpf(value.document)
        : /^[0-9A-Z]{12}\d{2}$/.test(value.document) && isValidCnpj(value.document);
    if (!valid) {
      context.addIssue({
        code: 'custom',
        path: ['document'],
        message:
          value.kind === 'PF'
            ? 'document must be a valid CPF of 11 digits'
            : 'document must be a valid CNPJ of 14 characters',
      });
    }
  });
export type CreateAccountRequest = z.infer<typeof createAccountRequestSchema>;

/** 201 for a new account; 200 with existingAccount when this document+externalId already has one. */
export const createAccountResponseSchema = z.object({
  userId: z.string().min(1),
  existingAccount: z.boolean(),
});
export type CreateAccountResponse = z.infer<typeof createAccountResponseSchema>;

export const platformDocumentSchema = z.object({
  type: z.string().trim().min(1, 'type is required').max(60),
  fileName: z.string().trim().min(1, 'fileName is required').max(255),
  contentType: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/, 'contentType must be a MIME type'),
  contentBase64: z.base64('contentBase64 must be base64').min(1, 'contentBase64 is required'),
});
export type PlatformDocument = z.infer<typeof platformDocumentSchema>;

/** POST /v1/accounts/:userId/documents. */
export const uploadDocumentsRequestSchema = z.object({
  documents: z.array(platformDocumentSchema).min(1, 'at least one document is required').max(30),
});
export type UploadDocumentsRequest = z.infer<typeof uploadDocumentsRequestSchema>;

export const uploadDocumentsResponseSchema = z.object({ received: z.number().int().min(0) });
export type UploadDocumentsResponse = z.infer<typeof uploadDocumentsResponseSchema>;

/** POST /v1/accounts/:userId/onboarding-link with an empty object. */
export const onboardingLinkRequestSchema = z.object({}).strict();
export const onboardingLinkResponseSchema = z.object({ url: z.url() });
export type OnboardingLinkResponse = z.infer<typeof onboardingLinkResponseSchema>;

/** POST /v1/accounts/:userId/email-verification; answered 202 {}. */
export const emailVerificationRequestSchema = z.object({
  email: z.email('email must be a valid e-mail address'),
});
export type EmailVerificationRequest = z.infer<typeof emailVerificationRequestSchema>;
export const emailVerificationResponseSchema = z.object({});

/** The error codes of the platform's error body. */
export const platformErrorCodes = {
  unauthorized: 'UNAUTHORIZED',
  accountNotFound: 'ACCOUNT_NOT_FOUND',
  invalidRequest: 'INVALID_REQUEST',
  documentAlreadyRegistered: 'DOCUMENT_ALREADY_REGISTERED',
  unavailable: 'SERVICE_UNAVAILABLE',
} as const;

/** Every error answer: a code and, when useful, a message (English, for the logs). */
export const platformErrorBodySchema = z.object({
  code: z.string(),
  message: z.string().optional(),
});
export type PlatformErrorBody = z.infer<typeof platformErrorBodySchema>;

/** Messages for the admin (back-office.md section 8, plus ours). */
export const paymentPlatformMessages = {
  alreadyRegistered: 'Erro ao processar conta existente. Tente novamente.',
  notConfigured:
    'Integração com a MediPay não configurada ou não autorizada. Verifique MEDIPAY_API_URL e MEDIPAY_API_KEY.',
  unavailable: 'A plataforma MediPay não respondeu. A operação será tentada novamente.',
  userIdMissing: 'ID do usuário MediPay não encontrado. Crie a conta primeiro.',
  emailMissing: 'Email não encontrado',
  invalid: 'A plataforma MediPay recusou os dados enviados. Verifique o cadastro.',
  sandboxBadge: 'Sandbox',
} as const;

/** A parse error's problems on one line, e.g. `document: document must be a valid CPF...`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ` : '') + issue.message)
    .join('; ');
}
