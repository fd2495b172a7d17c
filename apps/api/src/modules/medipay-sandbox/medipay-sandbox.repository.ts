import type { Database } from '@medipay/db/client';
import { medipaySandboxAccounts, medipaySandboxRequests } from '@medipay/db/schema';
import { and, asc, eq, sql } from 'drizzle-orm';

export type SandboxAccount = typeof medipaySandboxAccounts.$inferSelect;
export type StoredResponse = { status: number; body: unknown };
type RequestKey = { idempotencyKey: string; method: string; path: string };

/** The sandbox's tables: its accounts and the answers kept for idempotent replays. */
export function createSandboxRepository(db: Database) {
  const requestMatches = (key: RequestKey) =>
    and(
      eq(medipaySandboxRequests.idempotencyKey, key.idempotencyKey),
      eq(medipaySandboxRequests.method, key.method),
      eq(medipaySandboxRequests.path, key.path),
    );

  return {
    findResponse: async (key: RequestKey): Promise<StoredResponse | undefined> => {
      const [row] = await db.select().from(medipaySandboxRequests).where(requestMatches(key));
      return row && { status: row.responseStatus, body: row.responseBody };
    },

    /** Keeps an answer; when a concurrent request with the same key got there first, returns its answer. */
    storeResponse: async (key: RequestKey, response: StoredResponse): Promise<StoredResponse> => {
      const inserted = await db
        .insert(medipaySandboxRequests)
        .values({ ...key, responseStatus: response.status, responseBody: response.body ?? {} })
        .onConflictDoNothing()
        .returning({ id: medipaySandboxRequests.id });
      if (inserted.length > 0) return response;
      const [row] = await db.select().from(medipaySandboxRequests).where(requestMatches(key));
      return row ? { status: row.responseStatus, body: row.responseBody } : response;
    },

    findByDocument: async (document: string): Promise<SandboxAccount | undefined> => {
      const [row] = await db
        .select()
        .from(medipaySandboxAccounts)
        .where(eq(medipaySandboxAccounts.document, document));
      return row;
    },

    findByUserId: async (userId: string): Promise<SandboxAccount | undefined> => {
      const [row] = await db
        .select()
        .from(medipaySandboxAccounts)
        .where(eq(medipaySandboxAccounts.userId, userId));
      return row;
    },

    /** Inserts unless the document already has an account (then undefined). */
    insertAccount: async (
      account: typeof medipaySandboxAccounts.$inferInsert,
    ): Promise<SandboxAccount | undefined> => {
      const [row] = await db
        .insert(medipaySandboxAccounts)
        .values(account)
        .onConflictDoNothing({ target: medipaySandboxAccounts.document })
        .returning();
      return row;
    },

    addDocuments: async (userId: string, count: number) => {
      await db
        .update(medipaySandboxAccounts)
        .set({ documentsReceived: sql`${medipaySandboxAccounts.documentsReceived} + ${count}` })
        .where(eq(medipaySandboxAccounts.userId, userId));
    },

    setOnboardingUrl: async (userId: string, url: string) => {
      await db
        .update(medipaySandboxAccounts)
        .set({ onboardingUrl: url })
        .where(eq(medipaySandboxAccounts.userId, userId));
    },

    markVerificationSent: async (userId: string, email: string) => {
      await db
        .update(medipaySandboxAccounts)
        .set({ verificationEmail: email, verificationSentAt: new Date() })
        .where(eq(medipaySandboxAccounts.userId, userId));
    },

    list: () =>
      db
        .select()
        .from(medipaySandboxAccounts)
        .orderBy(asc(medipaySandboxAccounts.createdAt), asc(medipaySandboxAccounts.userId)),
  };
}

export type SandboxRepository = ReturnType<typeof createSandboxRepository>;
