import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminActions,
  screeningHits,
  screeningListVersions,
  screeningRuns,
  type ScreeningList,
} from '@medipay/db/schema';
import { dashboardSchema } from '@medipay/shared/admin';
import { applicationListSchema, reviewMessages } from '@medipay/shared/admin-review';
import {
  applicationScreeningSchema,
  screeningAuditActions,
  screeningListsSchema,
} from '@medipay/shared/screening';
import { adminSession, sameOrigin } from '../../../test/admin';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import { insertPf, insertPj } from '../admin-review/review-list.fixtures';
import { screeningReviewMessages } from './screening-review.service';

/**
 * The back office's screening on the real app (its guarded `/api/admin` scope, its error
 * handler) and a real database: list versions, runs and hits are written straight into the
 * tables, as the importer and the matcher would.
 */
const now = new Date('2026-11-22T12:00:00Z');
const clock = createTestClock(now);
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

let t: TestApp;
let session: Awaited<ReturnType<typeof adminSession>>;
const ids = { approved: '', analysing: '', plain: '', company: '' };
const versions: Partial<Record<ScreeningList, string>> = {};
const hits = { approvedPep: '', top: '', second: '', dismissed: '', concurrent: '' };

async function insertVersion(
  list: ScreeningList,
  version: number,
  importedAt: Date,
  inForce: boolean,
): Promise<string> {
  const [row] = await t.database.db
    .insert(screeningListVersions)
    .values({
      list,
      version,
      fileName: `${list}-v${version}.csv`,
      fileSha256: 'a'.repeat(64),
      rowCount: 1000 + version,
      importedAt,
      importedBy: 'operador',
      inForce,
    })
    .returning({ id: screeningListVersions.id });
  return row!.id;
}

async function insertHit(
  values: Partial<typeof screeningHits.$inferInsert> & { recordId: string; list: ScreeningList },
): Promise<string> {
  const [row] = await t.database.db
    .insert(screeningHits)
    .values({
      flow: 'PF',
      entryId: randomUUID(),
      contentHash: 'h1',
      versionId: versions[values.list]!,
      subjectRole: 'titular',
      subjectName: 'Elisa Martins Rocha',
      entryName: 'ELISA MARTINS ROCHA',
      entrySummary: { Função: 'Secretária', Órgão: 'Ministério da Saúde' },
      score: 0.9,
      reasons: ['Nome: 3 de 3 palavras iguais', 'CPF: 6 dígitos centrais iguais'],
      foundAt: daysAgo(1),
      ...values,
    })
    .returning({ id: screeningHits.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  session = await adminSession(t, 'admin_mini');
  const db = t.database.db;
  // PEP current (10 days, rhythm 45), CEIS 8 days old (rhythm 7: out of date), CNEP with an
  // older version, the UN list never imported.
  versions.pep = await insertVersion('pep', 2, daysAgo(10), true);
  await insertVersion('pep', 1, daysAgo(50), false);
  versions.ceis = await insertVersion('ceis', 1, daysAgo(8), true);
  versions.cnep = await insertVersion('cnep', 3, daysAgo(1), true);
  versions.unsc = await insertVersion('unsc', 1, daysAgo(400), false);

  ids.approved = await insertPf(db, {
    nomeCompleto: 'Elisa Martins Rocha',
    status: 'APROVADO',
    currentStep: 6,
    createdAt: daysAgo(30),
  });
  ids.analysing = await insertPf(db, {
    nomeCompleto: 'Bruno Carvalho Lima',
    status: 'EM_ANALISE',
    currentStep: 6,
    createdAt: daysAgo(3),
  });
  ids.plain = await insertPf(db, {
    nomeCompleto: 'Carla Dias Nogueira',
    status: 'EM_ANALISE',
    currentStep: 6,
    createdAt: daysAgo(2),
  });
  ids.company = await insertPj(db, {
    razaoSocial: 'Hospital Exemplo Ltda',
    status: 'ENVIADO_PARA_ANALISE',
    currentStep: 6,
    createdAt: daysAgo(2),
  });

  hits.approvedPep = await insertHit({ recordId: ids.approved, list: 'pep', score: 0.93 });
  // The analysing one: an open hit of a lower score than a decided one, which comes after it.
  hits.dismissed = await insertHit({
    recordId: ids.analysing,
    list: 'unsc',
    score: 0.99,
    status: 'descartado',
    subjectName: 'Bruno Carvalho Lima',
    entryName: 'BRUNO CARVALHO',
    decidedAt: daysAgo(1),
    decidedByEmail: 'outra@medipay.test',
    decisionReason: 'Data de nascimento diferente.',
  });
  hits.second = await insertHit({
    recordId: ids.analysing,
    list: 'pep',
    score: 0.81,
    subjectRole: 'relacionado_pep',
    subjectName: 'Marcos Carvalho Lima',
    entryName: 'MARCOS CARVALHO LIMA',
  });
  hits.top = await insertHit({
    recordId: ids.analysing,
    list: 'cnep',
    score: 0.95,
    subjectName: 'Bruno Carvalho Lima',
    entryName: 'BRUNO CARVALHO LIMA',
    entrySummary: { Sanção: 'Multa - Lei Anticorrupção' },
  });
  hits.concurrent = await insertHit({
    recordId: ids.analysing,
    list: 'ceis',
    score: 0.85,
    subjectName: 'Bruno Carvalho Lima',
    entryName: 'BRUNO C LIMA',
  });
  await db.insert(screeningRuns).values([
    {
      flow: 'PF',
      recordId: ids.analysing,
      list: 'pep',
      versionId: versions.pep,
      trigger: 'submissao',
      subjects: 2,
      hits: 1,
      screenedAt: daysAgo(3),
    },
    {
      flow: 'PF',
      recordId: ids.analysing,
      list: 'pep',
      versionId: versions.pep,
      trigger: 'nova_versao',
      subjects: 2,
      hits: 1,
      screenedAt: daysAgo(2),
    },
    {
      flow: 'PF',
      recordId: ids.analysing,
      list: 'cnep',
      versionId: versions.cnep,
      trigger: 'nova_versao',
      subjects: 1,
      hits: 1,
      screenedAt: daysAgo(1),
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = session.headers) =>
  t.app.inject({ method: 'GET', url, headers });
const decide = (
  recordId: string,
  hitId: string,
  payload: object,
  headers: Record<string, string> = session.headers,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/applications/pf/${recordId}/screening/hits/${hitId}/decision`,
    headers,
    payload,
  });

describe('GET /api/admin/screening/lists', () => {
  it('answers the four lists with the version in force and whether each is out of date', async () => {
    const response = await get('/api/admin/screening/lists');
    expect(response.statusCode, response.body).toBe(200);
    const { lists } = screeningListsSchema.parse(response.json());
    expect(lists.map(({ list, stale }) => [list, stale])).toEqual([
      ['pep', false],
      ['ceis', true],
      ['cnep', false],
      ['unsc', true],
    ]);
    expect(lists[0]).toMatchObject({
      label: 'PEP (CGU)',
      maxAgeDays: 45,
      current: {
        version: 2,
        fileName: 'pep-v2.csv',
        rowCount: 1002,
        importedAt: daysAgo(10).toISOString(),
        importedBy: 'operador',
        rescreenedAt: null,
      },
    });
    expect(lists[3]!.current).toBeNull();
  });

  it('needs an admin session (401)', async () => {
    const response = await get('/api/admin/screening/lists', {});
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/admin/applications/:flow/:id/screening', () => {
  it('answers the hits, undecided first then by score, and the last screening per list', async () => {
    const response = await get(`/api/admin/applications/pf/${ids.analysing}/screening`);
    expect(response.statusCode, response.body).toBe(200);
    const screening = applicationScreeningSchema.parse(response.json());
    expect(screening.hits.map((hit) => hit.id)).toEqual([
      hits.top,
      hits.concurrent,
      hits.second,
      hits.dismissed,
    ]);
    expect(screening.hits[0]).toMatchObject({
      list: 'cnep',
      version: 3,
      entryName: 'BRUNO CARVALHO LIMA',
      entrySummary: { Sanção: 'Multa - Lei Anticorrupção' },
      subjectRole: 'titular',
      score: 0.95,
      reasons: ['Nome: 3 de 3 palavras iguais', 'CPF: 6 dígitos centrais iguais'],
      status: 'aberto',
      decidedAt: null,
    });
    expect(screening.hits[3]).toMatchObject({
      status: 'descartado',
      decidedByEmail: 'outra@medipay.test',
      decisionReason: 'Data de nascimento diferente.',
    });
    expect(screening.lastScreenedAt).toEqual({
      pep: daysAgo(2).toISOString(),
      ceis: null,
      cnep: daysAgo(1).toISOString(),
      unsc: null,
    });
  });

  it('answers an application without hits, and 404 for an unknown or malformed id', async () => {
    const empty = await get(`/api/admin/applications/pj/${ids.company}/screening`);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({ hits: [] });
    for (const url of [
      `/api/admin/applications/pf/${randomUUID()}/screening`,
      `/api/admin/applications/pf/nao-e-um-id/screening`,
      // A PF id asked for as a PJ.
      `/api/admin/applications/pj/${ids.analysing}/screening`,
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: reviewMessages.notFound });
    }
  });
});

describe('POST .../screening/hits/:hitId/decision', () => {
  it('confirms a hit once, by the admin of the session, audited with the reason', async () => {
    const motivo = 'Mesmo CPF e mesma função no Ministério da Saúde.';
    const response = await decide(ids.analysing, hits.top, { decision: 'confirmado', motivo });
    expect(response.statusCode, response.body).toBe(200);
    const screening = applicationScreeningSchema.parse(response.json());
    // Decided, it goes after the open ones.
    expect(screening.hits.map((hit) => hit.id)).toEqual([
      hits.concurrent,
      hits.second,
      hits.dismissed,
      hits.top,
    ]);
    expect(screening.hits[3]).toMatchObject({
      status: 'confirmado',
      decidedAt: now.toISOString(),
      decidedByEmail: session.user.email,
      decisionReason: motivo,
    });
    const [stored] = await t.database.db
      .select()
      .from(screeningHits)
      .where(eq(screeningHits.id, hits.top));
    expect(stored).toMatchObject({ decidedBy: session.user.id, status: 'confirmado' });
    const audit = await t.database.db
      .select()
      .from(adminActions)
      .where(
        and(
          eq(adminActions.onboardingId, ids.analysing),
          eq(adminActions.action, screeningAuditActions.confirmed),
        ),
      );
    expect(audit).toEqual([
      expect.objectContaining({
        onboardingType: 'PF',
        adminUserId: session.user.id,
        adminEmail: session.user.email,
        motivo,
        observacoes: expect.stringContaining(
          'CNEP: BRUNO CARVALHO LIMA (Titular: Bruno Carvalho Lima; semelhança 95%)',
        ),
      }),
    ]);

    // A second decision on it is refused, and changes nothing.
    const again = await decide(ids.analysing, hits.top, {
      decision: 'descartado',
      motivo: 'Outro.',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'CONFLICT',
      message: screeningReviewMessages.alreadyDecided,
    });
  });

  it('dismisses a hit; of two reviewers deciding at once, one gets the 409', async () => {
    const dismissed = await decide(ids.analysing, hits.second, {
      decision: 'descartado',
      motivo: 'Homônimo: CPF diferente.',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(
      applicationScreeningSchema.parse(dismissed.json()).hits.find((hit) => hit.id === hits.second),
    ).toMatchObject({ status: 'descartado', decisionReason: 'Homônimo: CPF diferente.' });

    const answers = await Promise.all([
      decide(ids.analysing, hits.concurrent, { decision: 'confirmado', motivo: 'Primeiro.' }),
      decide(ids.analysing, hits.concurrent, { decision: 'descartado', motivo: 'Segundo.' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.database.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.onboardingId, ids.analysing));
    // The hit confirmed above, the one dismissed here, and the winner of the two at once.
    expect(rows).toHaveLength(3);
    const [winner] = await t.database.db
      .select()
      .from(screeningHits)
      .where(eq(screeningHits.id, hits.concurrent));
    expect(rows.filter((row) => row.motivo === winner!.decisionReason)).toHaveLength(1);
  });

  it('refuses a blank reason (400), a hit of another application (404) and no session (401)', async () => {
    const blank = await decide(ids.approved, hits.approvedPep, {
      decision: 'confirmado',
      motivo: '  ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: 'Informe o motivo da decisão' });

    const elsewhere = await decide(ids.plain, hits.approvedPep, {
      decision: 'descartado',
      motivo: 'Não é esta pessoa.',
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({ message: screeningReviewMessages.hitNotFound });

    const anonymous = await decide(
      ids.approved,
      hits.approvedPep,
      { decision: 'descartado', motivo: 'Sem sessão.' },
      { origin: sameOrigin(t) },
    );
    expect(anonymous.statusCode).toBe(401);
    const [stored] = await t.database.db
      .select()
      .from(screeningHits)
      .where(eq(screeningHits.id, hits.approvedPep));
    expect(stored!.status).toBe('aberto');
  });
});

describe('the lists filter and the dashboard', () => {
  it('lists the applications with undecided hits (triagem=pendente), flagged, and exports them', async () => {
    const response = await get('/api/admin/applications/pf?triagem=pendente');
    expect(response.statusCode, response.body).toBe(200);
    const list = applicationListSchema.parse(response.json());
    expect(list.items.map((item) => [item.id, item.openScreeningHits])).toEqual([
      [ids.approved, true],
    ]);
    expect(list.filtered).toBe(1);
    const all = applicationListSchema.parse((await get('/api/admin/applications/pf')).json());
    expect(all.items.find((item) => item.id === ids.plain)?.openScreeningHits).toBe(false);

    const pj = applicationListSchema.parse(
      (await get('/api/admin/applications/pj?triagem=pendente')).json(),
    );
    expect(pj.items).toEqual([]);
    expect((await get('/api/admin/applications/pf?triagem=talvez')).statusCode).toBe(400);

    const csv = await get('/api/admin/applications/pf/export.csv?triagem=pendente');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Elisa Martins Rocha');
    expect(csv.body).not.toContain('Carla Dias Nogueira');
  });

  it('shows the undecided hits on approved customers and the lists out of date', async () => {
    const response = await get('/api/admin/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    const { screening } = dashboardSchema.parse(response.json());
    expect(screening).toMatchObject({
      openHits: 1,
      openHitsOnApproved: 1,
      latestOnApproved: [
        {
          hitId: hits.approvedPep,
          flow: 'PF',
          recordId: ids.approved,
          name: 'Elisa Martins Rocha',
          list: 'pep',
          entryName: 'ELISA MARTINS ROCHA',
          score: 0.93,
        },
      ],
    });
    expect(screening.staleLists.map((list) => list.list)).toEqual(['ceis', 'unsc']);
  });

  it("tells the lists out of date by the app's clock (last: the session expires)", async () => {
    // 36 days later the PEP list, imported 10 days ago, is past its 45 days.
    clock.advance(36 * 24 * 60 * 60 * 1000);
    try {
      const later = await adminSession(t, 'admin_mini');
      const response = await get('/api/admin/screening/lists', later.headers);
      const { lists } = screeningListsSchema.parse(response.json());
      expect(lists.map(({ list, stale }) => [list, stale])).toEqual([
        ['pep', true],
        ['ceis', true],
        ['cnep', true],
        ['unsc', true],
      ]);
    } finally {
      clock.set(now);
    }
  });
});
