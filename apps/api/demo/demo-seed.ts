/**
 * Fills an empty database with the demonstration dataset (demo-dataset.ts), so that a person can
 * try the back office: PF and PJ applications in every status, with the columns the wizards fill,
 * documents stored as real files (with thumbnails, as an upload stores them), the automatic
 * checks' results, the status history and the back office's audit rows, and a few abandoned
 * applicant sessions. Dates are relative to the clock: some applications were started today.
 *
 * It never seeds twice and never touches a database that already has applications: it then
 * answers null and changes nothing.
 */
import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import {
  adminActions,
  adminUsers,
  applicantSessions,
  documents,
  onboardingPf,
  onboardingPj,
  statusHistory,
  verificationResults,
} from '@medipay/db/schema';
import { generateSessionId } from '@medipay/shared/session-id';
import type { DocumentStorage } from '../src/adapters/storage/port';
import { systemClock, type Clock } from '../src/lib/clock';
import { checkFile, newStorageKey } from '../src/modules/documents/intake';
import type { Executor } from '../src/modules/messaging/outbox.repository';
import { demoDataset } from './demo-dataset';
import { DAY, MINUTE, type Plan, type PlannedDocument, type Reviewer } from './demo-plan';
import { planPf } from './demo-plan-pf';
import { planPj } from './demo-plan-pj';

export * from './demo-dataset';

export type DemoSeedResult = { pf: number; pj: number; abandoned: number };

/**
 * Who decided the demonstration applications when no admin account exists yet: the e-mail of
 * the master administrator the server creates on its first start (first-admin.ts).
 */
export const DEMO_REVIEWER_EMAIL = 'admin@medipay.local';

async function hasApplications(executor: Executor): Promise<boolean> {
  const [pf] = await executor.select({ id: onboardingPf.id }).from(onboardingPf).limit(1);
  if (pf) return true;
  const [pj] = await executor.select({ id: onboardingPj.id }).from(onboardingPj).limit(1);
  return pj !== undefined;
}

/**
 * The first active admin account (a master before a mini admin) decides the applications;
 * without one, the default e-mail.
 */
async function findReviewer(db: Database): Promise<Reviewer> {
  const [first] = await db
    .select({ id: adminUsers.id, email: adminUsers.email })
    .from(adminUsers)
    .where(eq(adminUsers.active, true))
    .orderBy(
      desc(eq(adminUsers.role, 'admin_master')),
      asc(adminUsers.createdAt),
      asc(adminUsers.id),
    )
    .limit(1);
  return first ?? { id: null, email: DEMO_REVIEWER_EMAIL };
}

/** Renders, checks and stores one planned document as an upload does; answers its row. */
async function storeDocument(
  storage: DocumentStorage,
  planned: PlannedDocument,
  storedKeys: string[],
): Promise<typeof documents.$inferInsert> {
  const checked = await checkFile(planned.kind, await planned.render());
  const storageKey = newStorageKey(planned.uploadedAt);
  await storage.put(storageKey, checked.data, checked.mimeType);
  storedKeys.push(storageKey);
  const thumbnailKey = checked.thumbnail ? `${storageKey}.thumb` : null;
  if (checked.thumbnail && thumbnailKey) {
    await storage.put(thumbnailKey, checked.thumbnail, 'image/webp');
    storedKeys.push(thumbnailKey);
  }
  return {
    id: planned.id,
    flow: planned.flow,
    sessionId: planned.sessionId,
    field: planned.field,
    storageKey,
    thumbnailKey,
    sha256: checked.sha256,
    originalSha256: checked.originalSha256,
    size: checked.data.length,
    mimeType: checked.mimeType,
    originalName: planned.originalName,
    uploadedBy: 'applicant',
    createdAt: planned.uploadedAt,
  };
}

/** Maps with at most `limit` calls running at once (image rendering is CPU work). */
async function mapLimited<T, R>(items: T[], limit: number, run: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await run(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

class AlreadySeeded extends Error {}

export async function seedDemo(deps: {
  db: Database;
  storage: DocumentStorage;
  clock?: Clock;
}): Promise<DemoSeedResult | null> {
  const { db, storage } = deps;
  const now = (deps.clock ?? systemClock).now();
  if (await hasApplications(db)) return null;

  const reviewer = await findReviewer(db);
  const plan: Plan = {
    sessions: [],
    pf: [],
    pj: [],
    documents: [],
    checks: [],
    history: [],
    audit: [],
  };
  demoDataset.pf.forEach((entry, index) => planPf(plan, entry, index, now, reviewer));
  demoDataset.pj.forEach((entry, index) =>
    planPj(plan, entry, demoDataset.pf.length + index, now, reviewer),
  );
  for (const [index, abandoned] of demoDataset.abandonedSessions.entries()) {
    const lastSeenAt = new Date(now.getTime() - abandoned.idleDays * DAY - index * 17 * MINUTE);
    plan.sessions.push({
      id: generateSessionId(abandoned.flow),
      flow: abandoned.flow,
      createdAt: new Date(lastSeenAt.getTime() - 3 * MINUTE),
      lastSeenAt,
    });
  }

  // The files first (they take the time), then every row in one transaction: a failure leaves
  // no row behind, and the files it stored are removed.
  const storedKeys: string[] = [];
  try {
    const documentRows = await mapLimited(plan.documents, 4, (planned) =>
      storeDocument(storage, planned, storedKeys),
    );
    await db.transaction(async (tx) => {
      if (await hasApplications(tx)) throw new AlreadySeeded();
      await tx.insert(applicantSessions).values(plan.sessions);
      await tx.insert(documents).values(documentRows);
      await tx.insert(verificationResults).values(plan.checks);
      await tx.insert(onboardingPf).values(plan.pf);
      await tx.insert(onboardingPj).values(plan.pj);
      await tx.insert(statusHistory).values(plan.history);
      await tx.insert(adminActions).values(plan.audit);
    });
  } catch (error) {
    await Promise.all(storedKeys.map((key) => storage.delete(key).catch(() => {})));
    if (error instanceof AlreadySeeded) return null;
    throw error;
  }
  return {
    pf: plan.pf.length,
    pj: plan.pj.length,
    abandoned: demoDataset.abandonedSessions.length,
  };
}
