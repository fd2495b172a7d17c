import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '@medipay/db/schema';
import { applicationDetailSchema, applicationListSchema } from '@medipay/shared/admin-review';
import { maskCnpj } from '@medipay/shared/masks';
import { adminSession } from '../../../test/admin';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import { submittedPj } from '../../../test/review-detail-fixtures';

/** The review through the real app: the guard in front, the decision, its e-mail. */
const clock = createTestClock(new Date('2026-11-22T12:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

describe('the review API in the app', () => {
  it('lets an admin read an application and put it em exigência, mailing the applicant', async () => {
    const { row, applicant } = await submittedPj(t, clock);
    const { headers, row: admin } = await adminSession(t, 'admin_mini', { clock });
    const url = `/api/admin/applications/pj/${row.id}`;

    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const read = await t.app.inject({ method: 'GET', url, headers });
    expect(read.statusCode, read.body).toBe(200);
    const detail = applicationDetailSchema.parse(read.json());
    expect(detail).toMatchObject({ flow: 'PJ', status: 'ENVIADO_PARA_ANALISE' });
    expect(detail.allowedActions).toEqual(
      expect.arrayContaining(['approve', 'request-changes', 'deny']),
    );

    const decided = await t.app.inject({
      method: 'POST',
      url: `${url}/request-changes`,
      headers,
      payload: { expectedStatus: 'ENVIADO_PARA_ANALISE', exigencias: 'Envie o alvará vigente.' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(applicationDetailSchema.parse(decided.json())).toMatchObject({
      status: 'EM_EXIGENCIA',
      exigencias: 'Envie o alvará vigente.',
      analisadoPor: admin.email,
    });
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, applicant.email));
    expect(mails.map((mail) => mail.template)).toContain('requirements');

    // The same move again is stale: the record is no longer what the admin saw.
    const again = await t.app.inject({
      method: 'POST',
      url: `${url}/request-changes`,
      headers,
      payload: { expectedStatus: 'ENVIADO_PARA_ANALISE', exigencias: 'De novo.' },
    });
    expect(again.statusCode).toBe(409);

    // The list finds it by its CNPJ, masked as typed, and the export carries it.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/applications/pj?search=${encodeURIComponent(maskCnpj(row.cnpj!))}`,
      headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(applicationListSchema.parse(list.json()).items.map((item) => item.id)).toEqual([row.id]);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/applications/pj/export.csv?status=EM_EXIGENCIA',
      headers,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain(row.protocolo!);
  });
});
