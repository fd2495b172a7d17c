/**
 * Queries and expectations of the application tests of both flows (src/modules/application):
 * an applicant's stored row, a record's history and confirmation e-mails, an applicant ready to
 * submit, and the API's refusals.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type onboardingPf, type onboardingPj, outbox, statusHistory } from '@medipay/db/schema';
import type { Flow } from '@medipay/shared/status';
import type { Applicant, FlowClient } from './flow-applicant';
import type { TestApp } from './test-app';

type Answer = Awaited<ReturnType<FlowClient['saveStep']>>;

/** The answer is a refusal of that status, with the API error's code and Portuguese message. */
export function expectError(response: Answer, status: number, code: string, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ code, message });
}

/** A refused submit names the step (and its title) the applicant has to review. */
export function expectIncomplete(response: Answer, step: number, title: string) {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json()).toEqual({
    code: 'APPLICATION_INCOMPLETE',
    message: `Revise a etapa "${title}" antes de enviar.`,
    step,
  });
}

/** The stored row of an applicant, found through its e-mail. */
export async function storedRow<Table extends typeof onboardingPf | typeof onboardingPj>(
  t: TestApp,
  table: Table,
  applicant: Pick<Applicant, 'email'>,
) {
  const flowTable: typeof onboardingPf | typeof onboardingPj = table;
  const [row] = await t.database.db
    .select()
    .from(flowTable)
    .where(eq(flowTable.email, applicant.email));
  return row as Table['$inferSelect'] | undefined;
}

/** A record's status changes, oldest first. */
export function historyOf(t: TestApp, recordId: string) {
  return t.database.db
    .select()
    .from(statusHistory)
    .where(eq(statusHistory.recordId, recordId))
    .orderBy(statusHistory.createdAt);
}

/** The confirmation e-mails queued for a record's submission. */
export function confirmationsFor(t: TestApp, flow: Flow, recordId: string) {
  return t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.idempotencyKey, `${flow.toLowerCase()}-confirmation:${recordId}`));
}

/** A complete application, ready to submit a second after its last save. */
export async function readyApplicant(
  client: FlowClient,
  clock: { advance: (ms: number) => void },
  options: Parameters<FlowClient['applicant']>[0] & { biometrics?: 'aprovado' | 'em_revisao' } = {},
) {
  const { biometrics, ...identity } = options;
  const applicant = await client.applicant(identity);
  await client.fillSteps(applicant, 5, biometrics ? { biometrics } : {});
  // The submission happens later than the saves (the history is ordered by time).
  clock.advance(1000);
  return applicant;
}
