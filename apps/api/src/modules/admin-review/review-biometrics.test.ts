import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationDetailSchema, applicationListSchema } from '@medipay/shared/admin-review';
import { adminSession } from '../../../test/admin';
import { pfClient, type PfApplicant } from '../../../test/flow-applicant';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import { faceMatchThresholds } from '../kyc/face-match';

/**
 * A biometric check em revisão, from the wizard to the reviewer, through the real app (KYC
 * sandbox: the selfie's file name chooses the outcome).
 */
const clock = createTestClock(new Date('2026-11-22T12:00:00Z'));
let t: TestApp;
let pf: ReturnType<typeof pfClient>;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { KYC_CHECKS: 'sandbox' } });
  pf = pfClient(t);
});
afterAll(async () => {
  await t.close();
});

async function submitted(biometrics: 'aprovado' | 'em_revisao'): Promise<PfApplicant> {
  const applicant = await pf.applicant();
  await pf.fillSteps(applicant, 5, { biometrics });
  clock.advance(1000);
  const response = await pf.submit(applicant);
  expect(response.statusCode, response.body).toBe(201);
  return applicant;
}

describe('applications em revisão biométrica in the back office', () => {
  it('are listed by the biometrics filter, and their detail shows the decision, the similarities and the three photos', async () => {
    const review = await submitted('em_revisao');
    await submitted('aprovado');
    const { headers } = await adminSession(t, 'admin_mini', { clock });

    const all = await t.app.inject({ method: 'GET', url: '/api/admin/applications/pf', headers });
    expect(applicationListSchema.parse(all.json()).filtered).toBe(2);

    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/applications/pf?biometria=em_revisao',
      headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const list = applicationListSchema.parse(listed.json());
    expect(list.filtered).toBe(1);
    expect(list.items.map((item) => item.document)).toEqual([review.cpf.replace(/\D/g, '')]);

    // The PJ list has no biometric check to filter by.
    const pj = await t.app.inject({
      method: 'GET',
      url: '/api/admin/applications/pj?biometria=em_revisao',
      headers,
    });
    expect(pj.statusCode).toBe(400);

    const read = await t.app.inject({
      method: 'GET',
      url: `/api/admin/applications/pf/${list.items[0]!.id}`,
      headers,
    });
    expect(read.statusCode, read.body).toBe(200);
    const detail = applicationDetailSchema.parse(read.json());
    if (detail.flow !== 'PF') throw new Error('expected a PF detail');
    expect(detail.status).toBe('EM_ANALISE');
    expect(detail.checks.biometricDecision).toBe('em_revisao');
    expect(detail.checks.liveness).toMatchObject({ passed: true });
    const { selfieDoc, documentPhoto } = detail.checks.faceMatch!;
    expect(selfieDoc).toBeGreaterThanOrEqual(faceMatchThresholds.selfies.reject);
    expect(selfieDoc).toBeLessThan(faceMatchThresholds.selfies.approve);
    expect(documentPhoto).toBeGreaterThanOrEqual(faceMatchThresholds.document.reject);
    expect(documentPhoto).toBeLessThan(faceMatchThresholds.document.approve);
    // The decisions stay the admin's usual ones.
    expect(detail.allowedActions).toEqual(
      expect.arrayContaining(['approve', 'request-changes', 'deny']),
    );

    // The three photos compared, each opened by the admin through the authorised route.
    for (const field of ['selfie', 'selfieDoc', 'docIdentidadeFrente']) {
      const current = detail.documents.find((document) => document.field === field)?.current;
      expect(current, field).toBeTruthy();
      const file = await t.app.inject({ method: 'GET', url: current!.url, headers });
      expect(file.statusCode, field).toBe(200);
      expect(file.headers['content-type']).toMatch(/^image\//);
    }
  });
});
