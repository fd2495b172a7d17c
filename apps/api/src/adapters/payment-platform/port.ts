import {
  paymentPlatformMessages,
  type CreateAccountRequest,
  type CreateAccountResponse,
  type PlatformDocument,
} from '@medipay/shared/payment-platform';

/**
 * The MediPay payment platform, as the back office uses it. Every call takes the caller's
 * idempotency key (e.g. `account:<recordId>`), sent unchanged on every attempt, so a call repeated
 * after a timeout or a crash never acts twice.
 */
export type PaymentPlatform = {
  createAccount: (
    input: CreateAccountRequest,
    options: { idempotencyKey: string },
  ) => Promise<CreateAccountResponse>;
  uploadDocuments: (
    userId: string,
    documents: PlatformDocument[],
    options: { idempotencyKey: string },
  ) => Promise<{ received: number }>;
  getOnboardingUrl: (userId: string, options: { idempotencyKey: string }) => Promise<string>;
  sendEmailVerification: (
    userId: string,
    email: string,
    options: { idempotencyKey: string },
  ) => Promise<void>;
};

export type PaymentPlatformErrorCode =
  'ALREADY_REGISTERED' | 'UNAUTHORIZED' | 'NOT_FOUND' | 'INVALID' | 'UNAVAILABLE';

const userMessages: Record<PaymentPlatformErrorCode, string> = {
  ALREADY_REGISTERED: paymentPlatformMessages.alreadyRegistered,
  UNAUTHORIZED: paymentPlatformMessages.notConfigured,
  NOT_FOUND: paymentPlatformMessages.userIdMissing,
  INVALID: paymentPlatformMessages.invalid,
  UNAVAILABLE: paymentPlatformMessages.unavailable,
};

/**
 * A failed platform call. `message` is the Portuguese text for the admin; `detail` says what
 * happened, for the logs; `retryable` is true when the same call may succeed later (the platform
 * did not answer, or answered 429/5xx) and false when repeating it would fail the same way.
 */
export class PaymentPlatformError extends Error {
  readonly retryable: boolean;

  constructor(
    readonly code: PaymentPlatformErrorCode,
    readonly detail: string,
    readonly status?: number,
    /** Replaces the code's message when the portal, not the platform, refused the call. */
    message?: string,
  ) {
    super(message ?? userMessages[code]);
    this.name = 'PaymentPlatformError';
    this.retryable = code === 'UNAVAILABLE';
  }
}
