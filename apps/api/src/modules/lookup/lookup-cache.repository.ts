import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import { lookupCache } from '@medipay/db/schema';
import type { Executor } from '../messaging/outbox.repository';

/**
 * The last answer stored for `key`, however old (the registry's record of a company as the
 * applicant's lookup found it), or null.
 */
export async function readStoredAnswer(executor: Executor, key: string) {
  const [row] = await executor
    .select({ value: lookupCache.value })
    .from(lookupCache)
    .where(eq(lookupCache.key, key));
  return row ?? null;
}

export async function readCache(db: Database, key: string, now: Date) {
  const [row] = await db
    .select({ value: lookupCache.value })
    .from(lookupCache)
    .where(and(eq(lookupCache.key, key), gt(lookupCache.expiresAt, now)));
  return row ?? null;
}

export async function writeCache(
  db: Database,
  entry: {
    key: string;
    value: Record<string, unknown> | null;
    provider: string;
    now: Date;
    ttlMs: number;
  },
) {
  const values = {
    key: entry.key,
    value: entry.value,
    provider: entry.provider,
    createdAt: entry.now,
    expiresAt: new Date(entry.now.getTime() + entry.ttlMs),
  };
  await db
    .insert(lookupCache)
    .values(values)
    .onConflictDoUpdate({ target: lookupCache.key, set: values });
}
