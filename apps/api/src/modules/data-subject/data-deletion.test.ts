import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActions, documents, onboardingPf } from '@medipay/db/schema';
import { dataSubjectMessages } from '@medipay/shared/data-subject';
import { adminSession } from '../../../test/admin';
import { submittedPf } from '../../../test/review-detail-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import { DELETION_KEPT_AUDIT_ACTION } from './data-deletion';
import { ERASURE_AUDIT_ACTION } from './erase-application';

const clock = createTestClock(new Date());
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { KYC_CHECKS: 'sandbox' } });
});
afterAll(async () => {
  await t.close();
});

/** The rows of every table of the schema that, read as text, contain `needle`. */
async function rowsHolding(needle: string): Promise<{ table: string; row: string }[]> {
  const { rows } = await t.database.executeSql(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
  );
  const holding: { table: string; row: string }[] = [];
  for (const { table_name: table } of rows as { table_name: string }[]) {
    const found = await t.database.executeSql(
      `select t::text as row from "${table}" t where t::text ilike $1`,
      [`%${needle}%`],
    );
    for (const { row } of found.rows as { row: string }[]) holding.push({ table, row });
  }
  return holding;
}

let ip = 0;
const deletion = (cookie: string | undefined, url = '/api/status/mine/deletion?flow=PF') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: cookie ? { cookie } : {},
    remoteAddress: `10.88.0.${(ip += 1)}`,
  });

describe("'Excluir meus dados'", () => {
  it('erases an application that never became an account: no CPF, name or e-mail left in any table or in the document store', async () => {
    const master = await adminSession(t, 'admin_master');
    const { applicant, row } = await submittedPf(t, clock);
    const other = await submittedPf(t, clock);
    // The back office worked on it: an audit row with a requirement, a status change, an e-mail.
    const requested = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/pf/${row.id}/request-changes`,
      headers: master.headers,
      payload: {
        expectedStatus: 'EM_ANALISE',
        exigencias: `Reenvie o RG de ${row.nomeCompleto} legível.`,
        notaInterna: `Conferir ${applicant.email}`,
      },
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const needles = [row.cpf!, applicant.email, row.nomeCompleto!];
    for (const needle of needles) expect(await rowsHolding(needle)).not.toEqual([]);
    const stored = await t.database.db
      .select({ key: documents.storageKey })
      .from(documents)
      .where(eq(documents.sessionId, row.sessionId));
    expect(stored.length).toBeGreaterThan(0);
    const fileOf = (key: string) => join(t.env.DATA_DIR, 'documents', key);
    for (const { key } of stored) expect(existsSync(fileOf(key)), key).toBe(true);

    const response = await deletion(applicant.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ outcome: 'erased', message: dataSubjectMessages.erased });

    expect(await rowsHolding(row.cpf!)).toEqual([]);
    expect(await rowsHolding(applicant.email)).toEqual([]);
    // The test applicants share a name: what still holds it is the other one's.
    for (const left of await rowsHolding(row.nomeCompleto!)) {
      expect(
        left.row.includes(other.row.cpf!) || left.row.includes(other.applicant.email),
        `${left.table}: ${left.row}`,
      ).toBe(true);
    }
    for (const { key } of stored) expect(existsSync(fileOf(key)), key).toBe(false);
    // A tombstone: the record id and why, nothing of the person.
    const [tombstone] = await t.database.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.action, ERASURE_AUDIT_ACTION));
    expect(tombstone).toMatchObject({ onboardingId: row.id, onboardingType: 'PF' });
    expect(tombstone!.observacoes).toContain('eliminado a pedido do titular');
    // The other applicant's application is untouched; the erased one opens no more.
    const [kept] = await t.database.db
      .select()
      .from(onboardingPf)
      .where(eq(onboardingPf.id, other.row.id));
    expect(kept).toMatchObject({ cpf: other.row.cpf, status: 'EM_ANALISE' });
    expect((await deletion(applicant.cookie)).statusCode).toBe(404);
  });

  it("keeps an approved customer's data for the legal period, answering why, and records the request", async () => {
    const master = await adminSession(t, 'admin_master');
    const { applicant, row } = await submittedPf(t, clock);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/pf/${row.id}/approve`,
      headers: master.headers,
      payload: { expectedStatus: 'EM_ANALISE' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const response = await deletion(applicant.cookie);
    expect(response.json()).toEqual({ outcome: 'kept', message: dataSubjectMessages.kept });
    const [still] = await t.database.db
      .select()
      .from(onboardingPf)
      .where(eq(onboardingPf.id, row.id));
    expect(still).toMatchObject({ cpf: row.cpf, status: 'APROVADO' });
    const recorded = await t.database.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.action, DELETION_KEPT_AUDIT_ACTION));
    expect(recorded.map((entry) => entry.onboardingId)).toContain(row.id);
  });

  it('needs the page access: no session or status cookie, nothing erased', async () => {
    expect((await deletion(undefined)).statusCode).toBe(404);
    const refused = await deletion(undefined, '/api/status/deletion');
    expect(refused.statusCode).toBe(401);
  });
});
