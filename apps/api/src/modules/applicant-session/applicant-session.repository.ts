import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import { applicantSessions, sessionHandoffs } from '@medipay/db/schema';
import type { Flow } from '@medipay/shared/status';
import type { Executor } from '../messaging/outbox.repository';

export type ApplicantSessionRow = typeof applicantSessions.$inferSelect;

export async function insertApplicantSession(db: Database, id: string, flow: Flow, now: Date) {
  const [row] = await db
    .insert(applicantSessions)
    .values({ id, flow, createdAt: now, lastSeenAt: now })
    .returning();
  return row!;
}

/** Read by every applicant request: the statement is built once per database. */
const findSessionStatements = new WeakMap<Database, ReturnType<typeof prepareFindSession>>();
const prepareFindSession = (db: Database) =>
  db
    .select()
    .from(applicantSessions)
    .where(eq(applicantSessions.id, sql.placeholder('id')))
    .prepare('find_applicant_session');

export async function findApplicantSession(
  db: Database,
  id: string,
): Promise<ApplicantSessionRow | null> {
  let statement = findSessionStatements.get(db);
  if (!statement) {
    statement = prepareFindSession(db);
    findSessionStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id });
  return row ?? null;
}

export async function touchApplicantSession(db: Database, id: string, now: Date) {
  await db.update(applicantSessions).set({ lastSeenAt: now }).where(eq(applicantSessions.id, id));
}

export async function setVerifiedContact(
  executor: Executor,
  id: string,
  channel: 'email' | 'phone',
  destination: string,
) {
  const [row] = await executor
    .update(applicantSessions)
    .set(channel === 'email' ? { verifiedEmail: destination } : { verifiedPhone: destination })
    .where(eq(applicantSessions.id, id))
    .returning();
  return row!;
}

export async function insertHandoff(
  db: Database,
  row: { sessionId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
) {
  await db.insert(sessionHandoffs).values(row);
}

/** Marks a live, unused handoff used, in one statement; its session id, or null. */
export async function redeemHandoff(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .update(sessionHandoffs)
    .set({ usedAt: now })
    .where(
      and(
        eq(sessionHandoffs.tokenHash, tokenHash),
        isNull(sessionHandoffs.usedAt),
        gt(sessionHandoffs.expiresAt, now),
      ),
    )
    .returning({ sessionId: sessionHandoffs.sessionId });
  return row?.sessionId ?? null;
}
