import { z } from 'zod';
import { emailField, otpCodeSchema, phoneField } from './fields';

export const flowSchema = z.enum(['PF', 'PJ']);

/**
 * How long an applicant session opens the application (the cookie's token, ARCHITECTURE.md
 * departure 3): it ends after a day without a request, so that a draft left for the night is
 * still there the next morning, and a week after it started whatever the activity, like the
 * abandoned sessions the back office purges (decision 009). 'Sair' ends it at once. After the
 * submission the same limits hold, for the status page only; later, the protocol and an e-mailed
 * code open that page (decision 012).
 */
export const APPLICANT_SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
export const APPLICANT_SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;

/** What the browser may know of its applicant session: never the id (an HttpOnly cookie). */
export const applicantSessionSchema = z.object({
  flow: flowSchema,
  /** The e-mail and phone confirmed by a one-time code, exactly as confirmed (null once sent). */
  verifiedEmail: z.string().nullable(),
  verifiedPhone: z.string().nullable(),
  /**
   * The application was submitted: the session opens its status page only (the wizard goes to
   * the success page, and every route of the application answers 403 `alreadySubmitted`).
   */
  submitted: z.boolean().optional(),
});
export type ApplicantSession = z.infer<typeof applicantSessionSchema>;

export const verificationChannelSchema = z.enum(['email', 'phone']);
export type VerificationChannel = z.infer<typeof verificationChannelSchema>;

/** Send a code: the destination is checked with the same rules as the form field. */
export const sendCodeRequestSchema = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('email'), destination: emailField }),
  z.object({ channel: z.literal('phone'), destination: phoneField }),
]);
export type SendCodeRequest = z.input<typeof sendCodeRequestSchema>;

export const sendCodeResponseSchema = z.object({
  channel: verificationChannelSchema,
  destination: z.string(),
  /** Seconds until another code may be sent. */
  resendInSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type SendCodeResponse = z.infer<typeof sendCodeResponseSchema>;

export const verifyCodeRequestSchema = z.object({
  channel: verificationChannelSchema,
  code: otpCodeSchema,
});

export const verifyCodeResponseSchema = z.object({
  channel: verificationChannelSchema,
  destination: z.string(),
  session: applicantSessionSchema,
});
export type VerifyCodeResponse = z.infer<typeof verifyCodeResponseSchema>;

/** Messages of the verification API (the toasts' descriptions of applicant-portal.md section 8). */
export const verificationMessages = {
  invalidCode: 'O código informado está incorreto ou expirado.',
  // Not in the spec (decision 007): the code took its 5 wrong tries and is refused from then on.
  codeBlockedTitle: 'Código bloqueado',
  codeBlocked:
    'Este código foi bloqueado depois de 5 tentativas erradas. Peça um novo código para continuar.',
  sessionRequired: 'Sua sessão de cadastro expirou. Recarregue a página para começar de novo.',
  /** 403 of the application's routes once it was submitted (its status page still opens). */
  submitted:
    'Este cadastro já foi enviado para análise. Acompanhe a situação na página Acompanhar status.',
  resendTooSoon: (seconds: number) => `Aguarde ${seconds}s para pedir um novo código.`,
  tooManyCodes: 'Limite de envios atingido. Tente novamente mais tarde.',
} as const;

/**
 * A link (shown as a QR code) that lets a phone take the selfie step of this application: once,
 * within `expiresInSeconds`.
 */
export const handoffResponseSchema = z.object({
  url: z.string(),
  expiresInSeconds: z.number().int(),
  /**
   * The link's address is this computer's own (PUBLIC_URL unset or localhost): a phone that
   * opens it reaches itself, so the page says so instead of showing a QR code that cannot work.
   */
  loopback: z.boolean(),
});
export type HandoffResponse = z.infer<typeof handoffResponseSchema>;
