import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActions, adminSessions, onboardingPf, otpChallenges } from '@medipay/db/schema';
import { defaultRetentionPeriods } from '@medipay/shared/retention';
import { adminSession } from '../../../test/admin';
import { pfClient } from '../../../test/flow-applicant';
import { submittedPf } from '../../../test/review-detail-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import { enforceRetention, RETENTION_AUDIT_ACTION, retentionSummary } from './retention';

const clock = createTestClock(new Date());
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { KYC_CHECKS: 'sandbox' } });
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const run = () =>
  enforceRetention({
    db: t.database.db,
    storage: { delete: async () => {} },
    clock,
    log: t.app.log,
    periods: defaultRetentionPeriods,
  });
const application = async (id: string) =>
  (await t.database.db.select().from(onboardingPf).where(eq(onboardingPf.id, id)))[0];

describe('the retention job, on a clock moved forward', () => {
  it('erases each kind of record once its period is over, and audits every run with its counts', async () => {
    const master = await adminSession(t, 'admin_master', { clock });
    // Started and left after step 1.
    const pf = pfClient(t);
    const left = await pf.applicant();
    expect((await pf.fillSteps(left, 1)) !== undefined).toBe(true);
    const [started] = await t.database.db
      .select()
      .from(onboardingPf)
      .where(eq(onboardingPf.email, left.email));
    expect(started).toMatchObject({ status: 'INICIADO' });
    // Denied, and approved.
    const denied = await submittedPf(t, clock);
    const deny = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/pf/${denied.row.id}/deny`,
      headers: master.headers,
      payload: { expectedStatus: 'EM_ANALISE', motivo: 'Documentos de outra pessoa.' },
    });
    expect(deny.statusCode, deny.body).toBe(200);
    const approved = await submittedPf(t, clock);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/pf/${approved.row.id}/approve`,
      headers: master.headers,
      payload: { expectedStatus: 'EM_ANALISE' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const codes = await t.database.db.select().from(otpChallenges);
    expect(codes.length).toBeGreaterThan(0);

    // Nothing is due on the first day.
    expect(await run()).toEqual({ abandoned: 0, denied: 0, codes: 0, frames: 0, accessLogs: 0 });

    // 91 days on: the application left half-way and the codes go; the decided ones stay.
    clock.advance(91 * DAY_MS);
    const first = await run();
    expect(first).toMatchObject({ abandoned: 1, denied: 0, frames: 0, accessLogs: 0 });
    // (The erased application took its own codes with it.)
    expect(first.codes).toBeGreaterThan(0);
    expect(await application(started!.id)).toBeUndefined();
    expect(await application(denied.row.id)).toMatchObject({ status: 'NEGADO' });
    expect(await t.database.db.select().from(otpChallenges)).toEqual([]);

    // Five years on: the denied application and the back office's old sessions go; the
    // customer's application stays.
    clock.advance(5 * 365 * DAY_MS);
    const second = await run();
    expect(second).toMatchObject({ abandoned: 0, denied: 1, codes: 0 });
    expect(second.accessLogs).toBeGreaterThan(0);
    expect(await application(denied.row.id)).toBeUndefined();
    expect(await application(approved.row.id)).toMatchObject({ status: 'APROVADO' });
    expect(
      await t.database.db
        .select()
        .from(adminSessions)
        .where(eq(adminSessions.adminUserId, master.row.id)),
    ).toEqual([]);

    const audits = await t.database.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.action, RETENTION_AUDIT_ACTION));
    expect(audits.map((audit) => audit.observacoes)).toEqual([
      retentionSummary({ abandoned: 0, denied: 0, codes: 0, frames: 0, accessLogs: 0 }),
      retentionSummary(first),
      retentionSummary(second),
    ]);
  });
});
