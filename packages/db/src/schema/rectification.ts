/**
 * The applicant's ways back to a submitted application: the rectification link of an
 * 'Em Exigência', what was done on that page, and the codes of the status page.
 */
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { oneTimeCodeColumns } from './one-time-code-columns';

/** A refused document a rectification link asks for, with the reviewer's reason. */
export type RequestedDocument = { field: string; motivo: string; motivoTexto: string | null };

/**
 * The link an applicant in 'Em Exigência' follows to correct documents (sent by e-mail). Only a
 * SHA-256 of the token is kept; a new link (a resend) does not revoke the earlier ones, which
 * expire on their own or once the record leaves EM_EXIGENCIA.
 */
export const rectificationLinks = pgTable(
  'rectification_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    flow: text('flow').$type<'PF' | 'PJ'>().notNull(),
    recordId: uuid('record_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * The documents the reviewer refused, each with its reason: the page asks for exactly
     * these. Null for a link of free-text requirements, where any document may be replaced.
     */
    documentos: jsonb('documentos').$type<RequestedDocument[]>(),
  },
  (table) => [index('rectification_links_record_idx').on(table.flow, table.recordId)],
);

/**
 * What an applicant did on the rectification page (the spec's log-client-interaction):
 * PAGE_ACCESS when the page opened, DOCUMENT_UPDATE per replaced document with the earlier and the
 * new document's portal route, JUSTIFICATION_SENT with the text. Written by the server only.
 */
export const clientInteractions = pgTable(
  'client_interactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    onboardingType: text('onboarding_type').$type<'PF' | 'PJ'>().notNull(),
    onboardingId: uuid('onboarding_id').notNull(),
    sessionId: text('session_id').notNull(),
    actionType: text('action_type')
      .$type<'PAGE_ACCESS' | 'DOCUMENT_UPDATE' | 'JUSTIFICATION_SENT'>()
      .notNull(),
    description: text('description').notNull(),
    /** The file field (e.g. `docIdentidadeFrente`) of a DOCUMENT_UPDATE. */
    documentType: text('document_type'),
    oldDocumentUrl: text('old_document_url'),
    newDocumentUrl: text('new_document_url'),
    justification: text('justification'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('client_interactions_onboarding_idx').on(
      table.onboardingType,
      table.onboardingId,
      table.createdAt,
    ),
  ],
);

/**
 * A one-time code e-mailed to an application's address so that whoever holds its protocol can
 * follow it on the status page. Only a keyed hash is kept; tries are counted before comparing.
 */
export const statusAccessCodes = pgTable(
  'status_access_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    onboardingType: text('onboarding_type').$type<'PF' | 'PJ'>().notNull(),
    onboardingId: uuid('onboarding_id').notNull(),
    destination: text('destination').notNull(),
    ...oneTimeCodeColumns(),
  },
  (table) => [
    index('status_access_codes_onboarding_idx').on(
      table.onboardingType,
      table.onboardingId,
      table.createdAt,
    ),
  ],
);
