/** Field schemas shared by the step schemas of both flows. */
import { z } from 'zod';
import { CEP_LENGTH, CNPJ_LENGTH, CPF_LENGTH, MAX_UPLOAD_BYTES, OTP_LENGTH } from './constants';
import { isCalendarDate } from './dates';
import { fileRules, type FileKind } from './files';
import { validationMessages as m } from './messages';
import { ufValues } from './options';
import { isValidMobilePhone, nationalPhoneDigits } from './phone';
import {
  cnpjCharacters,
  isValidCnpj,
  isValidCpf,
  normalizeCnpj,
  normalizeCpf,
  onlyDigits,
} from './tax-id';
import { isLatinCompanyName, isLatinPersonName, normaliseNameText } from './names';
import { cleanLine, cleanMultiline, hasInvisible } from './text';
// Sets zod's Portuguese messages for the rules that have none of their own.
import './zod-messages';

/** Longest free text accepted in a single-line field. */
export const TEXT_MAX = 200;
/** Longest text accepted in a text area (exigências, motivo, justificativa). */
export const LONG_TEXT_MAX = 5000;

/**
 * Free text as typed, cleaned before any rule applies: controls (NUL included) and invisible
 * characters (zero-width, bidirectional controls, BOM) are removed, line breaks become spaces
 * (text.ts), the ends are trimmed. A value of only invisible characters is empty.
 */
function lineText(message?: string) {
  return z
    .string(message === undefined ? undefined : { error: message })
    .overwrite(cleanLine)
    .trim();
}

/** The same for a text area: line breaks (as `\n`) and tabs stay. */
function multilineText(message?: string) {
  return z
    .string(message === undefined ? undefined : { error: message })
    .overwrite(cleanMultiline)
    .trim();
}

/** A trimmed text with a message for when it is empty. */
export function requiredText(message: string, max = TEXT_MAX) {
  return lineText(message).min(1, message).max(max, m.tooLong(max));
}

/** A trimmed optional text; empty becomes undefined. */
export function optionalText(max = TEXT_MAX) {
  return lineText()
    .max(max, m.tooLong(max))
    .optional()
    .transform((value) => value || undefined);
}

/** An optional date typed as `dd/mm/aaaa` (masks.ts `maskDate`); empty becomes undefined. */
export function optionalDate(message: string) {
  return optionalText(10).refine((value) => value === undefined || isCalendarDate(value), {
    error: message,
  });
}

/** A trimmed text of at least `min` characters. */
export function minText(min: number, message: string, max = TEXT_MAX) {
  return lineText(message).min(min, message).max(max, m.tooLong(max));
}

/**
 * A name, in the Latin alphabet (names.ts). An invisible character (zero-width, bidirectional
 * control) is refused rather than removed, unless nothing visible is left (then the field's
 * "required" message speaks); then the text is cleaned like any line, its spaces made
 * plain and its accents composed (NFC), and it may hold only Latin letters and the separators of
 * names (a person) or also digits and punctuation (a company).
 */
function nameText(kind: 'person' | 'company', message?: string) {
  const [allowed, scriptMessage] =
    kind === 'person' ? [isLatinPersonName, m.nameLatin] : [isLatinCompanyName, m.companyNameLatin];
  return z
    .string(message === undefined ? undefined : { error: message })
    .refine((value) => !hasInvisible(value) || cleanLine(value).trim() === '', {
      error: scriptMessage,
      abort: true,
    })
    .overwrite((value) => normaliseNameText(cleanLine(value)))
    .trim()
    .refine(allowed, { error: scriptMessage, abort: true });
}

/** A person's name of at least `min` characters, in Latin letters. */
export function personName(min: number, message: string, max = TEXT_MAX) {
  return nameText('person', message).min(min, message).max(max, m.tooLong(max));
}

/** An optional person's name (a PEP's relative); empty becomes undefined. */
export function optionalPersonName(max = TEXT_MAX) {
  return nameText('person')
    .max(max, m.tooLong(max))
    .optional()
    .transform((value) => value || undefined);
}

/** A company name of at least `min` characters: Latin letters, digits and punctuation. */
export function companyName(min: number, message: string, max = TEXT_MAX) {
  return nameText('company', message).min(min, message).max(max, m.tooLong(max));
}

/** A text area's text, non-blank (exigências, motivo). */
export function requiredLongText(message: string, max = LONG_TEXT_MAX) {
  return multilineText(message).min(1, message).max(max, m.tooLong(max));
}

/** A text area's optional text; empty becomes undefined (justificativa). */
export function optionalLongText(max = LONG_TEXT_MAX) {
  return multilineText()
    .max(max, m.tooLong(max))
    .optional()
    .transform((value) => value || undefined);
}

/** One value of a list, with the list's 'Selecione ...' message for anything else. */
export function choice<const Values extends readonly [string, ...string[]]>(
  values: Values,
  message: string,
) {
  return z.enum(values, { error: message });
}

/** CPF, masked or not; stored as 11 digits. */
export const cpfField = z
  .string({ error: m.cpfLength })
  .refine((value) => onlyDigits(value).length === CPF_LENGTH, { error: m.cpfLength, abort: true })
  .refine(isValidCpf, { error: m.cpfInvalid })
  .transform(normalizeCpf);

/** CNPJ, numeric or alphanumeric, masked or not; stored as 14 upper-case characters. */
export const cnpjField = z
  .string({ error: m.cnpjLength })
  .refine((value) => cnpjCharacters(value).length === CNPJ_LENGTH, {
    error: m.cnpjLength,
    abort: true,
  })
  .refine(isValidCnpj, { error: m.cnpjInvalid })
  .transform(normalizeCnpj);

/** E-mail, trimmed and lower-cased. */
export const emailField = z
  .string({ error: m.email })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: m.email }).max(254, m.email));

/** A Brazilian mobile in any of the product's masks; stored as E.164 (`+5511987654321`). */
export const phoneField = z
  .string({ error: m.telefone })
  .refine(isValidMobilePhone, { error: m.telefone })
  .transform((value) => `+55${nationalPhoneDigits(value)}`);

/** The e-mail and mobile both flows verify by one-time codes. */
export const contactShape = { email: emailField, telefone: phoneField };

/** CEP, masked or not; stored as 8 digits. */
export const cepField = z
  .string({ error: m.cep })
  .refine((value) => /^\s*\d{5}-?\d{3}\s*$/.test(value), { error: m.cep })
  .transform((value) => onlyDigits(value).slice(0, CEP_LENGTH));

/** State code: required, one of the 27, upper-cased. */
export const ufField = z
  .string({ error: m.uf })
  .trim()
  .toUpperCase()
  .min(2, m.uf)
  .pipe(z.enum(ufValues, { error: m.ufUnknown }));

/** A document already uploaded for a field, as the upload answered it. */
export function uploadedFile(kind: FileKind) {
  const rule = fileRules[kind];
  return z.object(
    {
      id: z.string().min(1),
      name: z.string().max(255),
      size: z.number().int().positive(m.fileEmpty).max(MAX_UPLOAD_BYTES, m.fileTooLarge),
      type: z.enum(rule.mimeTypes as [string, ...string[]], { error: rule.typeMessage }),
    },
    { error: m.fileRequired },
  );
}

export type UploadedFile = z.infer<ReturnType<typeof uploadedFile>>;

/** A checkbox that must be ticked. */
export function mustAccept(message: string) {
  return z.literal(true, { error: message });
}

/** The two consents that close both wizards. */
export const consentShape = {
  consentimentoLgpd: mustAccept(m.consentimentoLgpd),
  consentimentoKyc: mustAccept(m.consentimentoKyc),
};

/** A one-time code as typed: exactly 6 digits. */
export const otpCodeSchema = z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), m.otpCode);
