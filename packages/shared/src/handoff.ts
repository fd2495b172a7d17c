/**
 * 'Continuar no celular': the contract between the desktop, which asks for a link
 * (applicant-session.ts `handoffResponseSchema`), the phone that opens it, and the API.
 */
import { z } from 'zod';
import { biometricCheckSchema } from './biometrics';
import { uploadedDocumentSchema } from './documents';

/**
 * The phone's side of 'Continuar no celular'. Opening the link never touches the phone's own
 * session cookies: it sets this HttpOnly cookie, sent only to HANDOFF_API_PATH, which the
 * selfie step's routes there accept, and every other route ignores.
 */
export const HANDOFF_COOKIE = 'medipay_handoff';
/** The phone's API (under /api): the hint, the two photos, the liveness challenge, the check. */
export const HANDOFF_API_PATH = '/handoff';

/**
 * Whose application the phone continues, told only by parts that cannot identify anyone: the
 * first name, the middle six digits of the CPF, the first letters of the e-mail.
 */
export const handoffHintSchema = z.object({
  firstName: z.string().nullable(),
  /** '***.456.789-**' */
  cpf: z.string().nullable(),
  /** 'a***@e***.com' */
  email: z.string().nullable(),
});
export type HandoffHint = z.infer<typeof handoffHintSchema>;

/** GET /api/handoff: what the phone page shows before the selfie step. */
export const phoneHandoffSchema = z.object({
  hint: handoffHintSchema,
  /** Until the phone's credential ends. */
  expiresInSeconds: z.number().int(),
});
export type PhoneHandoff = z.infer<typeof phoneHandoffSchema>;

/**
 * The newest link of the desktop's application: waiting (not opened yet), opened (the phone is
 * on the selfie step), done (the phone's check passed), expired (neither, in time), none.
 */
export const handoffStateSchema = z.enum(['none', 'waiting', 'opened', 'done', 'expired']);
export type HandoffState = z.infer<typeof handoffStateSchema>;

/** GET /api/applicant/PF/handoff: the desktop follows the phone; `done` brings the result. */
export const handoffProgressSchema = z.object({
  state: handoffStateSchema,
  result: z
    .object({
      check: biometricCheckSchema,
      selfie: uploadedDocumentSchema,
      selfieDoc: uploadedDocumentSchema,
    })
    .nullable(),
});
export type HandoffProgress = z.infer<typeof handoffProgressSchema>;

export const handoffMessages = {
  /** The phone's credential is missing, spent or expired (401 of the phone's API). */
  expired:
    'O acesso por este celular expirou ou já foi concluído. Gere um novo QR code no computador.',
  /** A photo field the phone may not send. */
  unknownField: 'Este celular só pode enviar a selfie e a selfie com documento.',
} as const;

const firstLetter = (text: string) => [...text][0] ?? '';

/** '123.456.789-09' (or its digits) -> '***.456.789-**'; null when it is not 11 digits. */
export function handoffHintCpf(cpf: string | null | undefined): string | null {
  const digits = (cpf ?? '').replace(/\D/g, '');
  if (digits.length !== 11) return null;
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
}

/** 'ana.souza@exemplo.com.br' -> 'a***@e***.com.br'; null when it is not an address. */
export function handoffHintEmail(email: string | null | undefined): string | null {
  const [local, domain, ...rest] = (email ?? '').trim().toLowerCase().split('@');
  if (!local || !domain || rest.length > 0) return null;
  const [host, ...suffix] = domain.split('.');
  if (!host || suffix.length === 0) return null;
  return `${firstLetter(local)}***@${firstLetter(host)}***.${suffix.join('.')}`;
}

/** 'Ana Beatriz Souza' -> 'Ana'. */
export function handoffHintFirstName(name: string | null | undefined): string | null {
  const [first] = (name ?? '').trim().split(/\s+/);
  return first ? first.slice(0, 40) : null;
}
