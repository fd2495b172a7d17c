/**
 * PEP and sanctions screening: the official lists as imported (one version in force per list),
 * every screening of an application ('no hit' included), and the hits a reviewer decides.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export type ScreeningList = 'pep' | 'ceis' | 'cnep' | 'unsc';

/**
 * One import of a list file. Versions are numbered per list; exactly one is in force. The
 * entries of the version in force and of the last re-screened one are kept (the re-screening job
 * compares them); older versions keep only this row.
 */
export const screeningListVersions = pgTable(
  'screening_list_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    list: text('list').$type<ScreeningList>().notNull(),
    version: integer('version').notNull(),
    fileName: text('file_name').notNull(),
    /** sha256 (hex) of the file's bytes as imported. */
    fileSha256: text('file_sha256').notNull(),
    rowCount: integer('row_count').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who imported it: the operator's shell user or an admin's e-mail. */
    importedBy: text('imported_by').notNull(),
    inForce: boolean('in_force').notNull().default(false),
    /** Set by the re-screening job once every open or approved application was screened. */
    rescreenedAt: timestamp('rescreened_at', { withTimezone: true }),
    /** Counts of the re-screening: entries added, edited, removed; applications screened; hits. */
    rescreenStats: jsonb('rescreen_stats').$type<Record<string, number>>(),
  },
  (table) => [
    uniqueIndex('screening_list_versions_list_version_idx').on(table.list, table.version),
    uniqueIndex('screening_list_versions_in_force_idx')
      .on(table.list)
      .where(sql`${table.inForce}`),
    check('screening_list_versions_list', sql`${table.list} in ('pep', 'ceis', 'cnep', 'unsc')`),
  ],
);

/** The entries of a version as parsed (the parser's normalised entry, without its hash). */
export const screeningEntries = pgTable(
  'screening_entries',
  {
    versionId: uuid('version_id')
      .notNull()
      .references(() => screeningListVersions.id, { onDelete: 'cascade' }),
    entryId: text('entry_id').notNull(),
    contentHash: text('content_hash').notNull(),
    /** The listed name as published (the first of the entry's names). */
    name: text('name').notNull(),
    entry: jsonb('entry').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.versionId, table.entryId] })],
);

/**
 * One screening of one application against one list version: when, why, how many subjects
 * (applicant, PEP relative, company, representative, partners) and how many hits, 0 included.
 */
export const screeningRuns = pgTable(
  'screening_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    flow: text('flow').$type<'PF' | 'PJ'>().notNull(),
    recordId: uuid('record_id').notNull(),
    list: text('list').$type<ScreeningList>().notNull(),
    versionId: uuid('version_id').notNull(),
    trigger: text('trigger').$type<'submissao' | 'nova_versao'>().notNull(),
    subjects: integer('subjects').notNull(),
    hits: integer('hits').notNull(),
    screenedAt: timestamp('screened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('screening_runs_record_idx').on(table.flow, table.recordId, table.screenedAt),
    index('screening_runs_version_idx').on(table.versionId),
  ],
);

/**
 * A list entry that matched an application, once per (application, list, entry, entry content
 * hash): the reviewer's decision on it stays with that content, so an unchanged entry never
 * alerts again and an edited one (a new hash) is a new hit. `status`: aberto (to decide),
 * confirmado, descartado, or retirado (the entry left the list or changed before a decision).
 */
export const screeningHits = pgTable(
  'screening_hits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    flow: text('flow').$type<'PF' | 'PJ'>().notNull(),
    recordId: uuid('record_id').notNull(),
    list: text('list').$type<ScreeningList>().notNull(),
    entryId: text('entry_id').notNull(),
    contentHash: text('content_hash').notNull(),
    /** The version the hit was found in. */
    versionId: uuid('version_id').notNull(),
    /** titular, relacionado_pep, empresa, representante, socio. */
    subjectRole: text('subject_role').notNull(),
    subjectName: text('subject_name').notNull(),
    entryName: text('entry_name').notNull(),
    /** What the reviewer needs of the entry: função and órgão, sanction, UN reference. */
    entrySummary: jsonb('entry_summary').$type<Record<string, string | null>>().notNull(),
    score: doublePrecision('score').notNull(),
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    status: text('status')
      .$type<'aberto' | 'confirmado' | 'descartado' | 'retirado'>()
      .notNull()
      .default('aberto'),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
    decidedByEmail: text('decided_by_email'),
    decisionReason: text('decision_reason'),
  },
  (table) => [
    uniqueIndex('screening_hits_entry_idx').on(
      table.flow,
      table.recordId,
      table.list,
      table.entryId,
      table.contentHash,
    ),
    index('screening_hits_open_idx')
      .on(table.flow, table.recordId)
      .where(sql`${table.status} = 'aberto'`),
    check(
      'screening_hits_status',
      sql`${table.status} in ('aberto', 'confirmado', 'descartado', 'retirado')`,
    ),
  ],
);
