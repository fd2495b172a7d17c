/** The uploaded files, one row per version, and the automatic checks' results. */
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applicantSessions } from './applicants';

/**
 * Every file an applicant or an administrator sent, one row per version: a new upload for a
 * field adds a row, and no row or stored file is ever overwritten or deleted by an upload.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    flow: text('flow').$type<'PF' | 'PJ'>().notNull(),
    /** The application's session: applications are keyed by session_id. */
    sessionId: text('session_id')
      .notNull()
      .references(() => applicantSessions.id),
    field: text('field').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    thumbnailKey: text('thumbnail_key'),
    /** The stored file's hash: the re-encoded image or the rebuilt PDF, never the bytes sent. */
    sha256: text('sha256').notNull(),
    /** The hash of the bytes the applicant sent (null on rows stored before it was kept). */
    originalSha256: text('original_sha256'),
    size: integer('size').notNull(),
    mimeType: text('mime_type').notNull(),
    originalName: text('original_name').notNull(),
    uploadedBy: text('uploaded_by').$type<'applicant' | 'admin'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('documents_session_field_idx').on(table.sessionId, table.field, table.createdAt),
  ],
);

/** Results of the automatic checks: document data extraction, face match, liveness. */
export const verificationResults = pgTable(
  'verification_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: text('session_id')
      .notNull()
      .references(() => applicantSessions.id),
    documentId: uuid('document_id').references(() => documents.id),
    check: text('check').$type<'extraction' | 'face_match' | 'liveness'>().notNull(),
    status: text('status').$type<'pending' | 'done' | 'failed'>().notNull().default('pending'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('verification_results_document_idx').on(table.documentId, table.check),
    index('verification_results_session_idx').on(table.sessionId, table.check, table.createdAt),
  ],
);
