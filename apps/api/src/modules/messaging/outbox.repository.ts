import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import { otpChallenges, outbox, statusAccessCodes } from '@medipay/db/schema';

/** The database, or a transaction on it: a message is queued in the transaction of its cause. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export type OutboxMessage = typeof outbox.$inferSelect;

export type NewOutboxMessage = {
  channel: OutboxMessage['channel'];
  template: string;
  recipient: string;
  data: Record<string, unknown>;
  idempotencyKey: string;
};

/** Queues a message; a second message with the same idempotency key is ignored (null). */
export async function insertOutboxMessage(
  executor: Executor,
  message: NewOutboxMessage,
): Promise<string | null> {
  const rows = await executor
    .insert(outbox)
    .values(message)
    .onConflictDoNothing({ target: outbox.idempotencyKey })
    .returning({ id: outbox.id });
  return rows[0]?.id ?? null;
}

/**
 * Takes a pending message for one delivery attempt, or null when it is sent, failed for good or
 * held by another attempt. The hold ends at `lockedUntil`, so a crashed attempt frees it.
 */
export async function claimOutboxMessage(
  db: Database,
  id: string,
  now: Date,
  holdMs: number,
): Promise<OutboxMessage | null> {
  const rows = await db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      lastAttemptAt: now,
      lockedUntil: new Date(now.getTime() + holdMs),
    })
    .where(
      and(
        eq(outbox.id, id),
        eq(outbox.status, 'pending'),
        or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, now)),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

export async function markOutboxSent(
  db: Database,
  id: string,
  now: Date,
  providerMessageId: string,
) {
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null, providerMessageId })
    .where(eq(outbox.id, id));
}

export async function markOutboxAttemptFailed(
  db: Database,
  id: string,
  error: string,
  final: boolean,
) {
  await db
    .update(outbox)
    .set({
      status: final ? 'failed' : 'pending',
      lastError: error.slice(0, 1000),
      lockedUntil: null,
    })
    .where(eq(outbox.id, id));
}

/**
 * Closes a message that must not be delivered any more (its one-time code expired, was replaced
 * or was used): final, never retried, with the reason kept for whoever looks at the outbox.
 */
export async function markOutboxExpired(db: Database, id: string, reason: string) {
  await db
    .update(outbox)
    .set({ status: 'expired', lastError: reason.slice(0, 1000), lockedUntil: null })
    .where(eq(outbox.id, id));
}

/** The state of the one-time code a message carries, as its table keeps it. */
export type MessageCode = {
  expiresAt: Date;
  closedReason: 'verified' | 'expired' | 'too_many_attempts' | 'replaced' | null;
};

/**
 * The templates that carry a one-time code, and the table of their codes. A code message is
 * queued with the idempotency key `<prefix><code id>` (verification.service.ts,
 * application-status.service.ts), which names its code's row: messages queued before any other
 * link existed are found the same way.
 */
const codeMessageSources = {
  'otp-code': { prefix: 'otp:', table: otpChallenges },
  'status-code': { prefix: 'status-code:', table: statusAccessCodes },
} as const;

export function carriesOneTimeCode(template: string): template is keyof typeof codeMessageSources {
  return Object.hasOwn(codeMessageSources, template);
}

/**
 * The code a code message carries: its expiry and why it was closed, if it was; null when no
 * row of that code exists any more (its session was purged) or the key names none.
 */
export async function findMessageCode(
  db: Database,
  message: Pick<OutboxMessage, 'template' | 'idempotencyKey'>,
): Promise<MessageCode | null> {
  if (!carriesOneTimeCode(message.template)) return null;
  const { prefix, table } = codeMessageSources[message.template];
  const id = message.idempotencyKey.startsWith(prefix)
    ? message.idempotencyKey.slice(prefix.length)
    : '';
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [row] = await db
    .select({ expiresAt: table.expiresAt, closedReason: table.closedReason })
    .from(table)
    .where(eq(table.id, id));
  return row ?? null;
}

/**
 * Pending messages whose delivery job may be missing: never attempted for a minute (the process
 * stopped between the commit and the enqueue), or not attempted for longer than the last retry.
 */
export async function findStrandedOutboxIds(
  db: Database,
  now: Date,
  retryWindowMs: number,
): Promise<string[]> {
  const neverTriedBefore = new Date(now.getTime() - 60_000);
  const lastTriedBefore = new Date(now.getTime() - retryWindowMs);
  const rows = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'pending'),
        or(
          and(isNull(outbox.lastAttemptAt), lt(outbox.createdAt, neverTriedBefore)),
          lt(outbox.lastAttemptAt, lastTriedBefore),
        ),
      ),
    )
    .limit(500);
  return rows.map((row) => row.id);
}

/** Removes one-time codes from messages older than their validity: they are useless by then. */
export async function redactExpiredCodes(db: Database, olderThan: Date): Promise<void> {
  await db
    .update(outbox)
    .set({ data: sql`${outbox.data} - 'code'` })
    .where(
      and(
        eq(outbox.template, 'otp-code'),
        lt(outbox.createdAt, olderThan),
        sql`${outbox.data} ? 'code'`,
      ),
    );
}

export async function listRecentOutboxMessages(
  db: Database,
  limit: number,
): Promise<OutboxMessage[]> {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
}

export async function findPendingOutboxIds(db: Database): Promise<string[]> {
  const rows = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(eq(outbox.status, 'pending'))
    .orderBy(outbox.createdAt);
  return rows.map((row) => row.id);
}
