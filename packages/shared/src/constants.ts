/**
 * Business constants of both specs (section 9), each defined once. Pure values: the landing page
 * imports from here, so this module must stay free of zod and of anything heavy.
 */

/** Steps of each onboarding wizard; progress displays are capped at this number. */
export const WIZARD_STEP_COUNT = 6;

/** One-time codes. */
export const OTP_LENGTH = 6;
export const OTP_TTL_MS = 5 * 60 * 1000;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
/** Wrong tries allowed per code; the next wrong try invalidates it. */
export const OTP_MAX_ATTEMPTS = 5;

/** Uploads. */
export const MAX_UPLOAD_MB = 10;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
/**
 * Largest image accepted, in megapixels (width × height, read from the header before decoding):
 * a 64 MP phone photo (9248 × 6936) passes, a small file that decodes to a huge image does not.
 */
export const MAX_UPLOAD_MEGAPIXELS = 70;
export const MAX_UPLOAD_PIXELS = MAX_UPLOAD_MEGAPIXELS * 1_000_000;
/**
 * Pages of an uploaded PDF: each is redrawn as an image before it is kept (decision 021). A
 * contrato social with its amendments fits; a book does not.
 */
export const MAX_PDF_PAGES = 50;

/** Camera capture. */
export const photoCapture = {
  jpegQuality: 0.8,
  idealWidth: 640,
  idealHeight: 480,
  /** After this long without a 'playing' event the preview is treated as active anyway. */
  forcedActiveTimeoutMs: 1000,
  retryDelayMs: 500,
} as const;

/** Lengths of the Brazilian identifiers, without mask. */
export const CPF_LENGTH = 11;
export const CNPJ_LENGTH = 14;
export const CEP_LENGTH = 8;
export const CNES_MAX_LENGTH = 7;
export const UF_LENGTH = 2;
/** Mobile number without country code: DDD (2) + 9 digits. */
export const PHONE_LENGTH = 11;
export const PHONE_COUNTRY_CODE = '55';

/** The analysis promised on the success pages and in the e-mails. */
export const ANALYSIS_BUSINESS_DAYS = 2;

/** The PEP declaration covers offices held in this many past years. */
export const PEP_LOOKBACK_YEARS = 5;

/** Admin sessions last this long from login, whatever the activity. */
export const ADMIN_SESSION_TTL_MS = 4 * 60 * 60 * 1000;

/** Interface timings. */
export const ANCHOR_SCROLL_DELAY_MS = 100;
export const COPIED_FEEDBACK_MS = 2000;
/** The rectification page returns home this long after a successful save. */
export const RECTIFICATION_REDIRECT_MS = 3000;
