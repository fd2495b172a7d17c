import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActions, applicantSessions, onboardingPf, onboardingPj } from '@medipay/db/schema';
import { adminAuditActions, type AdminRole } from '@medipay/shared/admin';
import { backOfficeDashboardSchema } from '@medipay/shared/back-office';
import { adminSession } from '../../../test/admin';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** The dashboard through the real app: the admin guard, the schemas and the audit actor. */
let t: TestApp;
const DAY_MS = 24 * 60 * 60 * 1000;

async function session(flow: 'PF' | 'PJ', daysIdle: number) {
  const id = `${flow === 'PF' ? 'sess_' : 'pj_'}${randomBytes(18).toString('base64url')}`;
  const at = new Date(Date.now() - daysIdle * DAY_MS);
  await t.database.db.insert(applicantSessions).values({ id, flow, createdAt: at, lastSeenAt: at });
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const status of ['EM_ANALISE', 'APROVADO', 'APROVADO', 'NEGADO']) {
    await t.database.db.insert(onboardingPf).values({ sessionId: await session('PF', 0), status });
  }
  await t.database.db
    .insert(onboardingPj)
    .values({ sessionId: await session('PJ', 0), status: 'ENVIADO_PARA_ANALISE' });
  // Two sessions that never saved step 1: one idle for two days (abandoned), one fresh.
  await session('PF', 2);
  await session('PJ', 0);
});
afterAll(async () => {
  await t.close();
});

describe('the dashboard', () => {
  it.each<AdminRole>(['admin_master', 'admin_mini'])(
    'answers the counters to an %s, without caching',
    async (role) => {
      const { headers } = await adminSession(t, role);
      const response = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = backOfficeDashboardSchema.strict().parse(response.json());
      expect(body.pf).toMatchObject({
        total: 4,
        pending: 1,
        approved: 2,
        denied: 1,
        createdToday: 4,
        // 2 of the 4 requests (the spec's rate); 2 of the 3 decided.
        approvalRate: 50,
        decidedApprovalRate: 66.7,
      });
      // No decision yet: 0 of 1 request, and no decided-only rate.
      expect(body.pj).toMatchObject({
        total: 1,
        pending: 1,
        approvalRate: 0,
        decidedApprovalRate: null,
      });
      expect(body.abandonedSessions).toBe(1);
    },
  );

  it('purges the abandoned sessions as the logged-in admin, audited with their e-mail', async () => {
    const { headers, row } = await adminSession(t, 'admin_mini');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/abandoned-sessions/purge',
      headers,
      remoteAddress: '10.1.2.3',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ removed: 1 });
    const audit = await t.database.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.action, adminAuditActions.abandonedPurged));
    expect(audit).toEqual([
      expect.objectContaining({ adminUserId: row.id, adminEmail: row.email, ip: '10.1.2.3' }),
    ]);
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers });
    expect(backOfficeDashboardSchema.parse(after.json()).abandonedSessions).toBe(0);
  });

  it('refuses a purge from another origin', async () => {
    const { cookie } = await adminSession(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/abandoned-sessions/purge',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
  });
});
