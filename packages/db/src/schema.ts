/**
 * Drizzle schema of the portal. Tables join this file with the features that need them;
 * every change is followed by `npm run generate --workspace packages/db`.
 */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Key/value facts about this installation (e.g. when the schema was first created). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
