import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import { documents } from '@medipay/db/schema';

export type DocumentRow = typeof documents.$inferSelect;

export async function insertDocument(
  db: Database,
  row: typeof documents.$inferInsert,
): Promise<DocumentRow> {
  const [inserted] = await db.insert(documents).values(row).returning();
  return inserted!;
}

export async function findDocument(db: Database, id: string): Promise<DocumentRow | null> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row ?? null;
}

/** The newest version of a session's document field. */
export async function findLatestDocument(
  db: Database,
  sessionId: string,
  field: string,
): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.sessionId, sessionId), eq(documents.field, field)))
    .orderBy(desc(documents.createdAt))
    .limit(1);
  return row ?? null;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Documents by id, in one query; ids that are not UUIDs are left out (they match nothing). */
export async function findDocumentsByIds(db: Database, ids: string[]): Promise<DocumentRow[]> {
  const valid = [...new Set(ids)].filter((id) => uuidPattern.test(id));
  if (valid.length === 0) return [];
  return db.select().from(documents).where(inArray(documents.id, valid));
}
