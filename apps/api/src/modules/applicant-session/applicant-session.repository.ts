import { eq } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import { applicantSessions } from '@medipay/db/schema';
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

export async function findApplicantSession(
  db: Database,
  id: string,
): Promise<ApplicantSessionRow | null> {
  const [row] = await db.select().from(applicantSessions).where(eq(applicantSessions.id, id));
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
