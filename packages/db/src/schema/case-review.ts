/** Case management in the back office: the reviewers' decisions on each document. */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { adminUsers } from './admin';

/**
 * A reviewer's decision on one document version ('Aceitar', 'Recusar documento'), append-only:
 * the newest row of a document is its standing. Keyed by the document row, so a corrected
 * version starts undecided while the refusal of the earlier one stays on record.
 */
export const documentReviews = pgTable(
  'document_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    flow: text('flow').$type<'PF' | 'PJ'>().notNull(),
    recordId: uuid('record_id').notNull(),
    documentId: uuid('document_id').notNull(),
    /** The application's file field (`docIdentidadeFrente`, `contratoSocial`...). */
    field: text('field').notNull(),
    decision: text('decision').$type<'aceito' | 'recusado'>().notNull(),
    /** A refusal's reason code (documentRefusalReasons), and the text of 'outro'. */
    motivo: text('motivo'),
    motivoTexto: text('motivo_texto'),
    adminUserId: uuid('admin_user_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    adminEmail: text('admin_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('document_reviews_record_idx').on(table.flow, table.recordId, table.createdAt),
    check('document_reviews_decision', sql`${table.decision} in ('aceito', 'recusado')`),
  ],
);
