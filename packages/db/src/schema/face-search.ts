/**
 * One-to-many face search ('Cadastros relacionados'): the face descriptor of every selfie the
 * real face check described, and a short binary code of it that a sequential scan compares
 * (docs/decisions/024-face-search.md). Kept for fraud prevention (LGPD art. 11, II, g) as long
 * as the application is kept and 5 years after it is closed (Lei 9.613/98 art. 10); deleting the
 * selfie's document or its session deletes both rows.
 */
import {
  bigint,
  bit,
  customType,
  index,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { applicantSessions } from './applicants';
import { documents } from './documents';

/** Raw bytes: node-postgres reads a Buffer, PGlite a Uint8Array; both are written as given. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** One selfie's descriptor, exact: the search re-ranks its shortlist on these. */
export const faceDescriptors = pgTable(
  'face_descriptors',
  {
    /** A number rather than the document's uuid: it keys the narrow codes table below. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    sessionId: text('session_id')
      .notNull()
      .references(() => applicantSessions.id, { onDelete: 'cascade' }),
    /** The selfie (documents.field 'selfie') the descriptor was computed from. */
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** The engine's 128 numbers as float32, little-endian (512 bytes). */
    descriptor: bytea('descriptor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A document belongs to one session: one descriptor per selfie file.
    uniqueIndex('face_descriptors_document_idx').on(table.documentId),
    index('face_descriptors_session_idx').on(table.sessionId),
  ],
);

/**
 * The codes alone, apart from the descriptors, so that the scan of every row reads about
 * 110 bytes per face instead of 600 (apps/api/src/modules/face-search/face-code.ts).
 */
export const faceCodes = pgTable('face_codes', {
  id: bigint('id', { mode: 'number' })
    .primaryKey()
    .references(() => faceDescriptors.id, { onDelete: 'cascade' }),
  /** The unit-length descriptor's distance from the population mean. */
  norm: real('norm').notNull(),
  /** The signs of its projections on 512 fixed hyperplanes through the mean. */
  code: bit('code', { dimensions: 512 }).notNull(),
});
