import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminActions,
  lookupCache,
  screeningHits,
  screeningListVersions,
  screeningRuns,
} from '@medipay/db/schema';
import { screeningAuditActions } from '@medipay/shared/screening';
import { submittedPf, submittedPj } from '../../../test/review-detail-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import { PEP_HEADER_CURRENT, sanctionsHeader } from './fictitious-lists';
import { ListFileError } from './list-types';
import { createScreening, type Screening } from './screening.service';

const clock = createTestClock(new Date('2026-11-27T12:00:00Z'));
let t: TestApp;
let screening: Screening;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { KYC_CHECKS: 'sandbox' } });
  screening = createScreening({ db: t.database.db, clock });
});
afterAll(async () => {
  await t.close();
});

/** A CGU CSV as published: quoted, ';', ISO-8859-1. */
function csv(header: readonly string[], rows: readonly (readonly string[])[]): Uint8Array {
  const line = (fields: readonly string[]) => fields.map((f) => `"${f}"`).join(';');
  return new Uint8Array(Buffer.from([header, ...rows].map(line).join('\r\n') + '\r\n', 'latin1'));
}

const pepRow = (name: string, description = 'Vereador', cpf = '***.111.222-**') => [
  cpf,
  name,
  'VER',
  description,
  '',
  'Câmara Municipal de Jaraguá',
  '01/01/2021',
  '',
  '',
];
const pepFile = (rows: (readonly string[])[]) => csv(PEP_HEADER_CURRENT, rows);

const hitsOf = (recordId: string) =>
  t.database.db
    .select()
    .from(screeningHits)
    .where(eq(screeningHits.recordId, recordId))
    .orderBy(screeningHits.foundAt);

describe('screening', () => {
  let anaCpfMask = '';
  const ana = () => pepRow('ANA BEATRIZ DE SOUZA', 'Vereador', anaCpfMask);
  let pfId: string;
  let pjId: string;

  it('screens an application at submission against every list in force', async () => {
    const { row } = await submittedPf(t, clock, async (_, applicant) => {
      // The CGU file shows the 4th to the 9th digits of the applicant's CPF.
      const cpf = applicant.cpf.replace(/\D/g, '');
      anaCpfMask = `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;
      await screening.importList('pep', pepFile([ana(), pepRow('CARLOS EDUARDO MONTEIRO')]), {
        fileName: 'pep.csv',
        importedBy: 'terminal:ops',
      });
    });
    pfId = row.id;
    await t.app.screeningWork.settled();
    const hits = await hitsOf(pfId);
    expect(hits).toMatchObject([
      { list: 'pep', subjectRole: 'titular', entryName: 'ANA BEATRIZ DE SOUZA', status: 'aberto' },
    ]);
    expect(hits[0]!.reasons).toEqual(
      expect.arrayContaining(['ANA = ANA', 'dígitos visíveis do CPF iguais']),
    );
    const runs = await t.database.db
      .select()
      .from(screeningRuns)
      .where(eq(screeningRuns.recordId, pfId));
    expect(runs).toMatchObject([{ list: 'pep', trigger: 'submissao', subjects: 1, hits: 1 }]);
    const [audit] = await t.database.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.action, screeningAuditActions.listImported));
    expect(audit).toMatchObject({ adminEmail: 'terminal:ops' });
  });

  it('refuses a malformed file whole and keeps the version in force', async () => {
    const bad = csv(PEP_HEADER_CURRENT, [['***.111.222-**', 'FULANO', 'VER']]);
    await expect(
      screening.importList('pep', bad, { fileName: 'bad.csv', importedBy: 'terminal:ops' }),
    ).rejects.toBeInstanceOf(ListFileError);
    const versions = await t.database.db
      .select()
      .from(screeningListVersions)
      .where(eq(screeningListVersions.list, 'pep'));
    expect(versions.map((v) => [v.version, v.inForce])).toEqual([[1, true]]);
  });

  it("screens a company by CNPJ, and its partners from the registry's answer", async () => {
    const { row, applicant } = await submittedPj(t, clock);
    pjId = row.id;
    await t.app.screeningWork.settled();
    await t.database.db
      .insert(lookupCache)
      .values({
        key: `cnpj:${applicant.cnpj}`,
        value: { nome: 'HOSPITAL', qsa: [{ nome: 'CARLOS EDUARDO MONTEIRO', qual: 'Sócio' }] },
        provider: 'brasilapi',
        expiresAt: new Date('2030-01-01'),
      })
      .onConflictDoUpdate({
        target: lookupCache.key,
        set: { value: { qsa: [{ nome: 'CARLOS EDUARDO MONTEIRO', qual: 'Sócio' }] } },
      });
    const header = sanctionsHeader('ceis', 'current');
    const sanction = header.map((column) =>
      /CPF OU CNPJ/.test(column)
        ? applicant.cnpj
        : /TIPO DE PESSOA/.test(column)
          ? 'J'
          : /CÓDIGO DA SANÇÃO/.test(column)
            ? '900'
            : /NOME DO SANCIONADO|RAZÃO SOCIAL/.test(column)
              ? 'EMPRESA COM OUTRO NOME LTDA'
              : /DATA FINAL/.test(column)
                ? ''
                : /DATA/.test(column)
                  ? '01/01/2025'
                  : 'x',
    );
    await screening.importList('ceis', csv(header, [sanction]), {
      fileName: 'ceis.csv',
      importedBy: 'terminal:ops',
    });
    // The PEP list changes too: the partner's entry is edited (another função).
    await screening.importList(
      'pep',
      pepFile([ana(), pepRow('CARLOS EDUARDO MONTEIRO', 'Prefeito')]),
      { fileName: 'pep-2.csv', importedBy: 'terminal:ops' },
    );
    const rescreened = await screening.rescreenAfterImports();
    expect(rescreened.map((run) => [run.list, run.changedEntries])).toEqual(
      expect.arrayContaining([
        ['ceis', 1],
        // First re-screening of the PEP list: every entry of the version in force.
        ['pep', 2],
      ]),
    );
    const hits = await hitsOf(pjId);
    expect(hits.map((hit) => [hit.list, hit.subjectRole, hit.entryName])).toEqual(
      expect.arrayContaining([
        ['ceis', 'empresa', 'EMPRESA COM OUTRO NOME LTDA'],
        ['pep', 'socio', 'CARLOS EDUARDO MONTEIRO'],
      ]),
    );
    const ceis = hits.find((hit) => hit.list === 'ceis')!;
    expect(ceis.reasons[0]).toBe('CNPJ igual');
  });

  it('after an import alerts on edited entries only, and keeps decisions on unchanged ones', async () => {
    const [anaHit] = await hitsOf(pfId);
    await t.database.db
      .update(screeningHits)
      .set({ status: 'descartado', decisionReason: 'Homônimo: outra data de nascimento' })
      .where(eq(screeningHits.id, anaHit!.id));
    const [partnerHit] = (await hitsOf(pjId)).filter((hit) => hit.list === 'pep');

    // v3: Ana unchanged, the partner edited again, a new entry added.
    await screening.importList(
      'pep',
      pepFile([
        ana(),
        pepRow('CARLOS EDUARDO MONTEIRO', 'Secretário Municipal'),
        pepRow('RENATA ALVES PRADO'),
      ]),
      { fileName: 'pep-3.csv', importedBy: 'terminal:ops' },
    );
    const [run] = await screening.rescreenAfterImports();
    expect(run).toMatchObject({ list: 'pep', version: 3, changedEntries: 2, removedEntries: 0 });

    const anaHits = await hitsOf(pfId);
    expect(anaHits.map((hit) => hit.status)).toEqual(['descartado']);
    const partner = (await hitsOf(pjId)).filter((hit) => hit.list === 'pep');
    expect(partner.map((hit) => hit.status)).toEqual(['retirado', 'aberto']);
    expect(partner[0]!.id).toBe(partnerHit!.id);
    expect(partner[1]!.entrySummary['Função']).toContain('Secretário Municipal');

    // v4: the partner leaves the list: the open hit is withdrawn.
    await screening.importList('pep', pepFile([ana()]), {
      fileName: 'pep-4.csv',
      importedBy: 'terminal:ops',
    });
    const [removal] = await screening.rescreenAfterImports();
    expect(removal).toMatchObject({ changedEntries: 0, removedEntries: 2 });
    const open = await t.database.db
      .select()
      .from(screeningHits)
      .where(and(eq(screeningHits.recordId, pjId), eq(screeningHits.status, 'aberto')));
    expect(open.map((hit) => hit.list)).toEqual(['ceis']);

    // Every screened application has its run row for the version, 'no hit' included.
    const runs = await t.database.db
      .select()
      .from(screeningRuns)
      .where(and(eq(screeningRuns.list, 'pep'), eq(screeningRuns.trigger, 'nova_versao')));
    expect(runs.filter((r) => r.recordId === pfId).map((r) => r.hits)).toEqual([1, 0, 0]);
  });
});
