import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import { applicantSessions, onboardingPf, sessionHandoffs } from '@medipay/db/schema';
import type { Flow } from '@medipay/shared/status';
import type { Executor } from '../messaging/outbox.repository';

export type ApplicantSessionRow = typeof applicantSessions.$inferSelect;

export async function insertApplicantSession(
  db: Database,
  row: { id: string; flow: Flow; tokenHash: string; now: Date },
) {
  const [inserted] = await db
    .insert(applicantSessions)
    .values({
      id: row.id,
      flow: row.flow,
      tokenHash: row.tokenHash,
      createdAt: row.now,
      lastSeenAt: row.now,
    })
    .returning();
  return inserted!;
}

/** Read by every applicant request: the statements are built once per database. */
const findSessionStatements = new WeakMap<Database, ReturnType<typeof prepareFindSession>>();
const prepareFindSession = (db: Database) =>
  db
    .select()
    .from(applicantSessions)
    .where(eq(applicantSessions.id, sql.placeholder('id')))
    .prepare('find_applicant_session');
const findByTokenStatements = new WeakMap<Database, ReturnType<typeof prepareFindByToken>>();
const prepareFindByToken = (db: Database) =>
  db
    .select()
    .from(applicantSessions)
    .where(eq(applicantSessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('find_applicant_session_by_token');

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

/** The session a cookie's token opens (by the token's hash), or null. */
export async function findApplicantSessionByToken(
  db: Database,
  tokenHash: string,
): Promise<ApplicantSessionRow | null> {
  let statement = findByTokenStatements.get(db);
  if (!statement) {
    statement = prepareFindByToken(db);
    findByTokenStatements.set(db, statement);
  }
  const [row] = await statement.execute({ tokenHash });
  return row ?? null;
}

/**
 * Gives a session a new token, if its token is still `fromHash` (of two rotations at once, one
 * wins: the other's cookie is never set), and with `submittedAt` marks its application submitted
 * (whatever the token). The row as it is now.
 */
export async function rotateApplicantSessionToken(
  executor: Executor,
  id: string,
  change: { fromHash: string; toHash: string; submittedAt?: Date },
): Promise<ApplicantSessionRow | null> {
  const { fromHash, toHash, submittedAt } = change;
  const [row] = await executor
    .update(applicantSessions)
    .set({
      tokenHash: sql`case when ${applicantSessions.tokenHash} = ${fromHash} then ${toHash} else ${applicantSessions.tokenHash} end`,
      ...(submittedAt && {
        submittedAt: sql`coalesce(${applicantSessions.submittedAt}, ${submittedAt.toISOString()}::timestamptz)`,
      }),
    })
    .where(eq(applicantSessions.id, id))
    .returning();
  return row ?? null;
}

export async function touchApplicantSession(db: Database, id: string, now: Date) {
  await db.update(applicantSessions).set({ lastSeenAt: now }).where(eq(applicantSessions.id, id));
}

/** Ends a session ('Sair'): its cookie no longer opens it. */
export async function endApplicantSession(db: Database, id: string, now: Date) {
  await db
    .update(applicantSessions)
    .set({ endedAt: now })
    .where(and(eq(applicantSessions.id, id), isNull(applicantSessions.endedAt)));
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

export type HandoffRow = typeof sessionHandoffs.$inferSelect;

/** A new link of a session; the session's earlier links that were never opened stop working. */
export async function insertHandoff(
  db: Database,
  row: { sessionId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
) {
  await db.transaction(async (tx) => {
    await tx
      .update(sessionHandoffs)
      .set({ expiresAt: row.createdAt })
      .where(
        and(
          eq(sessionHandoffs.sessionId, row.sessionId),
          isNull(sessionHandoffs.usedAt),
          gt(sessionHandoffs.expiresAt, row.createdAt),
        ),
      );
    await tx.insert(sessionHandoffs).values(row);
  });
}

/**
 * Marks a live, unused link used and gives it the phone's credential, in one statement (of two
 * phones opening the same link, one wins); its session id, or null.
 */
export async function redeemHandoff(
  db: Database,
  tokenHash: string,
  credential: { hash: string; expiresAt: Date },
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .update(sessionHandoffs)
    .set({
      usedAt: now,
      credentialHash: credential.hash,
      credentialExpiresAt: credential.expiresAt,
    })
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

/** The redeemed link of a live phone credential (not expired, not completed), or null. */
export async function findLiveHandoffByCredential(
  db: Database,
  credentialHash: string,
  now: Date,
): Promise<HandoffRow | null> {
  const [row] = await db
    .select()
    .from(sessionHandoffs)
    .where(
      and(
        eq(sessionHandoffs.credentialHash, credentialHash),
        isNotNull(sessionHandoffs.usedAt),
        gt(sessionHandoffs.credentialExpiresAt, now),
        isNull(sessionHandoffs.completedAt),
      ),
    );
  return row ?? null;
}

/** Ends a phone credential: its biometric check passed. */
export async function completeHandoff(db: Database, id: string, now: Date) {
  await db
    .update(sessionHandoffs)
    .set({ completedAt: now })
    .where(and(eq(sessionHandoffs.id, id), isNull(sessionHandoffs.completedAt)));
}

/** The newest link of a session, or null. */
export async function findLatestHandoff(
  db: Database,
  sessionId: string,
): Promise<HandoffRow | null> {
  const [row] = await db
    .select()
    .from(sessionHandoffs)
    .where(eq(sessionHandoffs.sessionId, sessionId))
    .orderBy(desc(sessionHandoffs.createdAt))
    .limit(1);
  return row ?? null;
}

/** What the phone's hint is made from: the name and CPF the applicant saved, if any. */
export async function findHintSource(
  db: Database,
  sessionId: string,
): Promise<{ nomeCompleto: string | null; cpf: string | null } | null> {
  const [row] = await db
    .select({ nomeCompleto: onboardingPf.nomeCompleto, cpf: onboardingPf.cpf })
    .from(onboardingPf)
    .where(eq(onboardingPf.sessionId, sessionId));
  return row ?? null;
}
