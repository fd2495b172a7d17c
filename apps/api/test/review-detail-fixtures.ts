/**
 * Test fixtures of the review: applications submitted through the applicant API (PF on an app
 * started with KYC_CHECKS=sandbox), an admin as the guard would set it, and the review services
 * on the test app's database with an outbox and an account queue whose hand-offs are recorded.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { medipayAccounts, onboardingPf, onboardingPj, outbox } from '@medipay/db/schema';
import type { Clock } from '../src/lib/clock';
import { createTestAdmin } from './admin';
import { pfClient, pjClient } from './flow-applicant';
import type { TestApp } from './test-app';
import type { AuthenticatedAdmin } from '../src/modules/admin-auth/admin-request';
import { createReviewDecisions } from '../src/modules/admin-review/review-decisions.service';
import { createLinkedApplications } from '../src/modules/linked-applications/linked-applications.service';
import { createReviewDetail } from '../src/modules/admin-review/review-detail.service';

/** An admin as the session guard sets `request.admin`. */
export async function testAdmin(t: TestApp): Promise<AuthenticatedAdmin> {
  const { row } = await createTestAdmin(t, { role: 'admin_mini' });
  return {
    sessionId: 'sessao-de-teste',
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    stage: 'complete',
    user: { id: row.id, email: row.email, username: row.username, name: row.name, role: row.role },
  };
}

/**
 * The review services on the test app's database. `dispatched` lists the outbox ids handed to
 * delivery, each checked to be committed already when it was handed over.
 */
export function reviewServices(t: TestApp, clock: Clock) {
  const dispatched: string[] = [];
  const accountsDispatched: string[] = [];
  const links = createLinkedApplications({ db: t.database.db, faces: null });
  const detail = createReviewDetail({ db: t.database.db, clock, links });
  const decisions = createReviewDecisions({
    db: t.database.db,
    clock,
    detail,
    links,
    publicUrl: t.env.PUBLIC_URL,
    outbox: {
      dispatch: async (outboxId) => {
        const rows = await t.database.db.select().from(outbox).where(eq(outbox.id, outboxId));
        expect(rows).toHaveLength(1);
        dispatched.push(outboxId);
      },
    },
    accounts: {
      queue: t.app.medipayAccounts.queue,
      standing: t.app.medipayAccounts.standing,
      dispatch: async (accountId) => {
        const rows = await t.database.db
          .select()
          .from(medipayAccounts)
          .where(eq(medipayAccounts.id, accountId));
        expect(rows).toHaveLength(1);
        accountsDispatched.push(accountId);
      },
    },
  });
  return { detail, decisions, dispatched, accountsDispatched };
}

type PfClient = ReturnType<typeof pfClient>;

/**
 * A PF application sent to analysis (EM_ANALISE) through the applicant API; `beforeSubmit`
 * runs once every step is saved (to replace a document, say).
 */
export async function submittedPf(
  t: TestApp,
  clock: { advance: (ms: number) => void },
  beforeSubmit?: (
    pf: PfClient,
    applicant: Awaited<ReturnType<PfClient['applicant']>>,
  ) => Promise<void>,
) {
  const pf = pfClient(t);
  const applicant = await pf.applicant();
  const saved = await pf.fillSteps(applicant);
  clock.advance(1000);
  await beforeSubmit?.(pf, applicant);
  const response = await pf.submit(applicant);
  expect(response.statusCode, response.body).toBe(201);
  clock.advance(1000);
  const [row] = await t.database.db
    .select()
    .from(onboardingPf)
    .where(eq(onboardingPf.email, applicant.email));
  return { pf, applicant, saved, row: row! };
}

/** A PJ application sent to analysis (ENVIADO_PARA_ANALISE) through the applicant API. */
export async function submittedPj(t: TestApp, clock: { advance: (ms: number) => void }) {
  const pj = pjClient(t);
  const applicant = await pj.applicant();
  const saved = await pj.fillSteps(applicant);
  clock.advance(1000);
  const response = await pj.submit(applicant);
  expect(response.statusCode, response.body).toBe(201);
  clock.advance(1000);
  const [row] = await t.database.db
    .select()
    .from(onboardingPj)
    .where(eq(onboardingPj.email, applicant.email));
  return { pj, applicant, saved, row: row! };
}
