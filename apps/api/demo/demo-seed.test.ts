import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminActions,
  applicantSessions,
  documents,
  onboardingPf,
  onboardingPj,
  statusHistory,
  verificationResults,
} from '@medipay/db/schema';
import { createTestDatabase, type TestDatabase } from '@medipay/db/testing/test-database';
import { ABANDONED_SESSION_IDLE_MS, dashboardSchema } from '@medipay/shared/admin';
import { applicationDetailSchema, applicationListSchema } from '@medipay/shared/admin-review';
import { saoPauloDayKey, startOfSaoPauloDay } from '@medipay/shared/dates';
import { pfFileFields, pjFileFields, type FileKind } from '@medipay/shared/files';
import { pfApplicationSchema, pfStepSchemas } from '@medipay/shared/pf-onboarding';
import { pjApplicationSchema } from '@medipay/shared/pj-onboarding';
import { pfProtocolPattern, pjProtocolPattern } from '@medipay/shared/protocol';
import { sessionIdPattern } from '@medipay/shared/session-id';
import { canTransition } from '@medipay/shared/status';
import { isValidCnpj, isValidCpf } from '@medipay/shared/tax-id';
import { createDocumentStorage } from '../src/adapters/storage';
import { createLocalStorage } from '../src/adapters/storage/local';
import type { DocumentStorage } from '../src/adapters/storage/port';
import { systemClock } from '../src/lib/clock';
import { readStream } from '../src/lib/streams';
import { adminSession } from '../test/admin';
import { createTestApp } from '../test/test-app';
import { createTestClock } from '../test/test-clock';
import { countAbandonedSessions } from '../src/modules/admin-dashboard/admin-dashboard.repository';
import { createAdminAccounts } from '../src/modules/admin-auth/admin-accounts.service';
import { defaultFirstAdmin } from '../src/modules/admin-auth/first-admin';
import type { CheckRecord } from '../src/modules/biometrics/biometrics.service';
import { createLinkedApplications } from '../src/modules/linked-applications/linked-applications.service';
import { createReviewDetail } from '../src/modules/admin-review/review-detail.service';
import type { DocumentRow } from '../src/modules/documents/documents.repository';
import { pfSavedValues } from '../src/modules/application/flows/pf';
import { pjSavedValues } from '../src/modules/application/flows/pj';
import { DEMO_REVIEWER_EMAIL, demoDataset, seedDemo, type DemoSeedResult } from './demo-seed';

/**
 * 03:02 UTC on 22 Nov 2026 is 00:02 in São Paulo: the applications of 'today' must still start
 * after midnight there.
 */
const now = new Date('2026-11-22T03:02:00.000Z');
const clock = createTestClock(now);

const root = mkdtempSync(join(tmpdir(), 'medipay-demo-seed-'));
let database: TestDatabase;
let storage: DocumentStorage;
let result: DemoSeedResult | null;

beforeAll(async () => {
  database = await createTestDatabase();
  storage = createLocalStorage(join(root, 'documents'));
  result = await seedDemo({ db: database.db, storage, clock });
});
afterAll(async () => {
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

const pfRecords = () =>
  database.db.select().from(onboardingPf).orderBy(asc(onboardingPf.createdAt));
const pjRecords = () =>
  database.db.select().from(onboardingPj).orderBy(asc(onboardingPj.createdAt));
const allDocuments = async () =>
  new Map((await database.db.select().from(documents)).map((row) => [row.id, row]));

const tally = (values: string[]) =>
  values.reduce<Record<string, number>>(
    (counts, value) => ({ ...counts, [value]: (counts[value] ?? 0) + 1 }),
    {},
  );

const documentIdOf = (url: string) => url.replace(/^\/api\/documents\//, '');

async function tableSizes(db: TestDatabase['db']) {
  const sizes: Record<string, number> = {};
  for (const [name, table] of Object.entries({
    applicantSessions,
    documents,
    onboardingPf,
    onboardingPj,
    statusHistory,
    adminActions,
    verificationResults,
  })) {
    const [row] = await db.select({ value: count() }).from(table);
    sizes[name] = row!.value;
  }
  return sizes;
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' }).filter((entry) =>
    statSync(join(directory, entry)).isFile(),
  );
}

describe('seedDemo', () => {
  it('creates the applications of the dataset, status by status, and the abandoned sessions', async () => {
    expect(result).toEqual({ pf: 8, pj: 6, abandoned: 3 });
    const pf = await pfRecords();
    const pj = await pjRecords();
    expect(tally(pf.map((row) => row.status))).toEqual(
      tally(demoDataset.pf.map((entry) => entry.status)),
    );
    expect(tally(pj.map((row) => row.status))).toEqual(
      tally(demoDataset.pj.map((entry) => entry.status)),
    );
    // The statuses the browser tests count on the dashboard.
    expect(tally(pf.map((row) => row.status))).toEqual({
      INICIADO: 1,
      EM_ANALISE: 2,
      EM_EXIGENCIA: 1,
      APROVADO: 2,
      NEGADO: 1,
      REJEITADO: 1,
    });
    expect(tally(pj.map((row) => row.status))).toEqual({
      ENVIADO_PARA_ANALISE: 2,
      EM_EXIGENCIA: 1,
      APROVADO: 2,
      NEGADO: 1,
    });
    expect(pf.map((row) => [row.nomeCompleto, row.currentStep])).toEqual(
      expect.arrayContaining(demoDataset.pf.map((entry) => [entry.nome, entry.currentStep])),
    );

    // Created today in São Paulo, even a couple of minutes after midnight.
    const today = startOfSaoPauloDay(now);
    const createdToday = (rows: { createdAt: Date }[]) =>
      rows.filter((row) => row.createdAt >= today).length;
    expect(createdToday(pf)).toBe(demoDataset.pf.filter((entry) => entry.daysAgo === 0).length);
    expect(createdToday(pf)).toBe(3);
    expect(createdToday(pj)).toBe(2);
    for (const row of [...pf, ...pj]) {
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(row.updatedAt.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
    }

    const sessions = await database.db.select().from(applicantSessions);
    expect(sessions).toHaveLength(8 + 6 + 3);
    for (const session of sessions) expect(session.id).toMatch(sessionIdPattern);
    expect(
      await countAbandonedSessions(
        database.db,
        new Date(now.getTime() - ABANDONED_SESSION_IDLE_MS),
      ),
    ).toBe(3);
    // Not yet old enough for the daily purge (7 days).
    const abandoned = sessions.filter(
      (session) =>
        !pf.some((row) => row.sessionId === session.id) &&
        !pj.some((row) => row.sessionId === session.id),
    );
    for (const session of abandoned) {
      const idle = now.getTime() - session.lastSeenAt.getTime();
      expect(idle).toBeGreaterThan(2 * 24 * 60 * 60 * 1000 - 1);
      expect(idle).toBeLessThan(3 * 24 * 60 * 60 * 1000);
    }
  });

  it('fills what the wizards fill, valid for the whole application schema', async () => {
    const byId = await allDocuments();
    const sessions = new Map(
      (await database.db.select().from(applicantSessions)).map((row) => [row.id, row]),
    );
    for (const row of await pfRecords()) {
      expect(isValidCpf(row.cpf!)).toBe(true);
      expect(row.emailVerificado && row.telefoneVerificado).toBe(true);
      expect(sessions.get(row.sessionId)).toMatchObject({
        flow: 'PF',
        verifiedEmail: row.email,
        verifiedPhone: row.telefone,
      });
      const values = pfSavedValues(row, byId);
      if (row.status === 'INICIADO') {
        // Steps 1 and 2 saved: step 3 onwards is empty.
        expect(row.currentStep).toBe(3);
        expect(pfStepSchemas[1].safeParse(values).success).toBe(true);
        expect(pfStepSchemas[2].safeParse(values).success).toBe(true);
        expect(row.docIdentidadeFrenteUrl).toBeNull();
        expect(row.selfieUrl).toBeNull();
        expect(row.livenessPassed).toBe(false);
        expect(row.protocolo).toBeNull();
        continue;
      }
      const parsed = pfApplicationSchema.safeParse(values);
      expect(parsed.error?.issues ?? []).toEqual([]);
      expect(row.livenessPassed).toBe(true);
      if (row.biometriaDecisao === 'em_revisao') expect(row.livenessConfidence).toBeLessThan(0.8);
      else expect(row.livenessConfidence).toBeGreaterThan(0.8);
      expect(row.consentimentoLgpd && row.consentimentoKyc).toBe(true);
      expect(row.submittedAt).not.toBeNull();
    }
    const pf = await pfRecords();
    // One application in analysis waits for a reviewer to compare the photos.
    expect(
      pf
        .filter((row) => row.biometriaDecisao === 'em_revisao')
        .map((row) => [row.nomeCompleto, row.status]),
    ).toEqual([['Carla Dias Nogueira', 'EM_ANALISE']]);
    expect(pf.filter((row) => row.biometriaDecisao === 'aprovado')).toHaveLength(6);
    expect(pf.filter((row) => row.pepTipo === 'PEP')).toHaveLength(1);
    expect(pf.filter((row) => row.pepTipo === 'NAO')).toHaveLength(6);
    expect(new Set(pf.map((row) => row.cidade)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(pf.map((row) => row.cpf)).size).toBe(pf.length);

    const pj = await pjRecords();
    for (const row of pj) {
      expect(isValidCnpj(row.cnpj!)).toBe(true);
      expect(isValidCpf(row.responsavelCpf!)).toBe(true);
      expect(row.emailVerificado && row.telefoneVerificado).toBe(true);
      expect(sessions.get(row.sessionId)?.flow).toBe('PJ');
      const parsed = pjApplicationSchema.safeParse(pjSavedValues(row, byId));
      expect(parsed.error?.issues ?? []).toEqual([]);
      expect(row.banco && row.agencia && row.conta && row.tipoConta).toBeTruthy();
      expect(Boolean(row.cnes)).toBe(Boolean(row.cnesDocumentoUrl));
    }
    expect(pj.filter((row) => row.cnes).length).toBeGreaterThan(0);
    expect(pj.filter((row) => !row.cnes).length).toBeGreaterThan(0);
    expect(new Set(pj.map((row) => row.cnpj)).size).toBe(pj.length);
  });

  it('stores every document as an upload does: the file, its hash, a thumbnail for images', async () => {
    const byId = await allDocuments();
    const check = async (
      flow: 'PF' | 'PJ',
      sessionId: string,
      field: string,
      kind: FileKind,
      url: string,
    ) => {
      expect(url).toMatch(/^\/api\/documents\/[0-9a-f-]{36}$/);
      const row = byId.get(documentIdOf(url))!;
      expect(row).toMatchObject({ flow, sessionId, field, uploadedBy: 'applicant' });
      expect(row.storageKey).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
      const data = await readStream((await storage.get(row.storageKey))!);
      expect(data.length).toBe(row.size);
      expect(createHash('sha256').update(data).digest('hex')).toBe(row.sha256);
      if (kind === 'pdf') expect(row.mimeType).toBe('application/pdf');
      if (kind === 'image') expect(row.mimeType).toMatch(/^image\//);
      if (row.mimeType === 'application/pdf') {
        expect(data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(row.thumbnailKey).toBeNull();
      } else {
        expect(row.thumbnailKey).toBe(`${row.storageKey}.thumb`);
        const thumbnail = await readStream((await storage.get(row.thumbnailKey!))!);
        expect((await sharp(thumbnail).metadata()).format).toBe('webp');
      }
      return row;
    };

    let referenced = 0;
    for (const row of await pfRecords()) {
      const urls = {
        comprovanteResidencia: row.comprovanteResidenciaUrl,
        docIdentidadeFrente: row.docIdentidadeFrenteUrl,
        docIdentidadeVerso: row.docIdentidadeVersoUrl,
        selfie: row.selfieUrl,
        selfieDoc: row.selfieDocUrl,
      };
      const expected = row.currentStep >= 4 ? 5 : 1;
      expect(Object.values(urls).filter(Boolean)).toHaveLength(expected);
      for (const [field, url] of Object.entries(urls)) {
        if (!url) continue;
        await check(
          'PF',
          row.sessionId,
          field,
          pfFileFields[field as keyof typeof pfFileFields],
          url,
        );
        referenced += 1;
      }
      if (row.docIdentidadeFrenteUrl) {
        const front = byId.get(documentIdOf(row.docIdentidadeFrenteUrl))!;
        expect(front.mimeType).toBe('image/jpeg');
        expect(
          (await sharp(await readStream((await storage.get(front.storageKey))!)).metadata()).width,
        ).toBe(1000);
      }
    }
    for (const row of await pjRecords()) {
      const urls = {
        comprovanteEndereco: row.comprovanteEnderecoUrl,
        responsavelDocFrente: row.responsavelDocFrenteUrl,
        responsavelDocVerso: row.responsavelDocVersoUrl,
        contratoSocial: row.contratoSocialUrl,
        cartaoCnpj: row.cartaoCnpjUrl,
        alvaraFuncionamento: row.alvaraFuncionamentoUrl,
        cnesDocumento: row.cnesDocumentoUrl,
      };
      expect(Object.values(urls).filter(Boolean)).toHaveLength(row.cnes ? 7 : 6);
      for (const [field, url] of Object.entries(urls)) {
        if (!url) continue;
        await check(
          'PJ',
          row.sessionId,
          field,
          pjFileFields[field as keyof typeof pjFileFields],
          url,
        );
        referenced += 1;
      }
    }
    // The earlier versions a requirement replaced are kept too (one per rectified application).
    const rectified = [...demoDataset.pf, ...demoDataset.pj].filter((entry) => entry.rectification);
    expect(byId.size).toBe(referenced + rectified.length);
    // Every stored file belongs to a row: the file and, for an image, its thumbnail.
    const rows = [...byId.values()];
    expect(
      filesUnder(join(root, 'documents')).filter((path) => !path.startsWith('.incoming')),
    ).toHaveLength(rows.length + rows.filter((row) => row.thumbnailKey).length);
  });

  it('gives protocols in the formats of the submissions, unique', async () => {
    const pf = await pfRecords();
    const pj = await pjRecords();
    for (const row of pf.filter((record) => record.status !== 'INICIADO')) {
      expect(row.protocolo).toMatch(pfProtocolPattern);
      expect(row.protocolo!.split('-')[1]).toBe(saoPauloDayKey(row.submittedAt!));
    }
    for (const row of pj) {
      expect(row.protocolo).toMatch(pjProtocolPattern);
      expect(row.protocolo!.split('-')[1]).toBe(saoPauloDayKey(row.submittedAt!));
    }
    const protocols = [...pf, ...pj].map((row) => row.protocolo).filter(Boolean);
    expect(protocols).toHaveLength(13);
    expect(new Set(protocols).size).toBe(13);
  });

  it('records the decisions (who, when, why) and a history that tells the story', async () => {
    const history = await database.db
      .select()
      .from(statusHistory)
      .orderBy(asc(statusHistory.createdAt));
    const audit = await database.db.select().from(adminActions);
    const undecided = ['INICIADO', 'EM_ANALISE', 'ENVIADO_PARA_ANALISE'];
    const records = [
      ...(await pfRecords()).map((row) => ({ flow: 'PF' as const, row })),
      ...(await pjRecords()).map((row) => ({ flow: 'PJ' as const, row })),
    ];
    for (const { flow, row } of records) {
      const story = history.filter((entry) => entry.recordId === row.id);
      expect(story[0]).toMatchObject({
        fromStatus: null,
        toStatus: 'INICIADO',
        actorType: 'applicant',
      });
      expect(story.at(-1)!.toStatus).toBe(row.status);
      for (const [index, entry] of story.entries()) {
        expect(entry.flow).toBe(flow);
        if (index > 0) expect(entry.fromStatus).toBe(story[index - 1]!.toStatus);
        if (index > 0) expect(entry.createdAt >= story[index - 1]!.createdAt).toBe(true);
        expect(entry.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
        // Every move is one the status machine allows (REJEITADO has no transition of its own).
        if (entry.fromStatus && entry.toStatus !== 'REJEITADO')
          expect(canTransition(flow, entry.fromStatus, entry.toStatus, entry.actorType)).toBe(true);
      }
      if (row.status !== 'INICIADO') {
        expect(story[1]).toMatchObject({ fromStatus: 'INICIADO', actorType: 'applicant' });
        expect(story[1]!.createdAt).toEqual(row.submittedAt);
      }

      const adminMoves = story.filter((entry) => entry.actorType === 'admin');
      const actions = audit.filter((entry) => entry.onboardingId === row.id);
      expect(actions).toHaveLength(adminMoves.length);
      if (undecided.includes(row.status)) {
        expect(row.analisadoPor).toBeNull();
        expect(row.analisadoEm).toBeNull();
        continue;
      }
      expect(row.analisadoPor).toBe(DEMO_REVIEWER_EMAIL);
      expect(row.analisadoPorId).toBeNull();
      expect(row.analisadoEm).toEqual(adminMoves.at(-1)!.createdAt);
      expect(row.analisadoEm!.getTime()).toBeGreaterThan(row.submittedAt!.getTime());
      expect(actions.every((entry) => entry.adminEmail === DEMO_REVIEWER_EMAIL)).toBe(true);
      if (row.status === 'EM_EXIGENCIA') {
        expect(row.exigencias).toBeTruthy();
        expect(adminMoves.at(-1)!.reason).toBe(row.exigencias);
        expect(
          actions.some(
            (entry) => entry.action === 'EM_EXIGENCIA' && entry.observacoes === row.exigencias,
          ),
        ).toBe(true);
      }
      if (row.status === 'NEGADO' || row.status === 'REJEITADO') {
        expect(row.motivoNegacao).toBeTruthy();
        expect(adminMoves.at(-1)!.reason).toBe(row.motivoNegacao);
        expect(actions.some((entry) => entry.motivo === row.motivoNegacao)).toBe(true);
      }
    }
    // An approval after a requirement the applicant answered.
    const rectifiedStory = history.filter(
      (entry) => entry.toStatus === 'EM_EXIGENCIA' && entry.actorType === 'admin',
    );
    expect(rectifiedStory.length).toBe(
      demoDataset.pf.filter((entry) => entry.status === 'EM_EXIGENCIA' || entry.rectification)
        .length +
        demoDataset.pj.filter((entry) => entry.status === 'EM_EXIGENCIA' || entry.rectification)
          .length,
    );
    expect(DEMO_REVIEWER_EMAIL).toBe(defaultFirstAdmin.email);
  });

  it('shows every application in the back office review, with the checks of the PF ones', async () => {
    const detail = createReviewDetail({
      db: database.db,
      clock: systemClock,
      links: createLinkedApplications({ db: database.db, faces: null }),
    });
    for (const row of await pfRecords()) {
      const shown = applicationDetailSchema.parse(await detail.get('pf', row.id));
      if (shown.flow !== 'PF') throw new Error('expected a PF detail');
      expect(shown.values.nomeCompleto).toBe(row.nomeCompleto);
      const current = shown.documents.filter((document) => document.current);
      expect(current).toHaveLength(row.currentStep >= 4 ? 5 : 1);
      if (row.currentStep < 4) {
        expect(shown.checks.extraction).toBeNull();
        continue;
      }
      expect(shown.checks.extraction).toMatchObject({
        field: 'docIdentidadeFrente',
        fields: { nome: { value: row.docIdentidadeNome } },
      });
      expect(shown.checks.liveness).toEqual({ passed: true, confidence: row.livenessConfidence });
      expect(shown.checks.biometricDecision).toBe(row.biometriaDecisao);
      if (row.biometriaDecisao === 'em_revisao') {
        expect(shown.checks.faceMatch).toEqual({ selfieDoc: 0.612, documentPhoto: 0.587 });
      } else {
        expect(shown.checks.faceMatch?.selfieDoc).toBeGreaterThan(0.8);
      }
      const entry = demoDataset.pf.find((candidate) => candidate.nome === row.nomeCompleto)!;
      if (entry.rectification) {
        const versions = shown.documents.find(
          (document) => document.field === entry.rectification!.field,
        )!.versions;
        expect(versions).toHaveLength(2);
        expect(versions[0]!.id).toBe(
          documentIdOf(
            shown.documents.find((document) => document.field === entry.rectification!.field)!
              .current!.url,
          ),
        );
      }
    }
    const faceChecks = await database.db
      .select()
      .from(verificationResults)
      .where(eq(verificationResults.check, 'face_match'));
    for (const check of faceChecks) {
      const record = check.result as CheckRecord;
      expect(record).toMatchObject({ sandbox: true, reasons: [] });
      expect(['aprovado', 'em_revisao']).toContain(record.decision);
      expect(record.selfieId).toBe(check.documentId);
    }
    for (const row of await pjRecords()) {
      const shown = applicationDetailSchema.parse(await detail.get('pj', row.id));
      expect(shown.values).toMatchObject({ razaoSocial: row.razaoSocial, cnpj: row.cnpj });
      expect(shown.history.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('never seeds twice: a second run answers null and changes nothing', async () => {
    const before = await tableSizes(database.db);
    const filesBefore = filesUnder(join(root, 'documents')).sort();
    expect(await seedDemo({ db: database.db, storage, clock })).toBeNull();
    expect(await tableSizes(database.db)).toEqual(before);
    expect(filesUnder(join(root, 'documents')).sort()).toEqual(filesBefore);
  });
});

describe('seedDemo on other databases', () => {
  it('leaves a database with real applications alone', async () => {
    const other = await createTestDatabase();
    const otherRoot = mkdtempSync(join(tmpdir(), 'medipay-demo-real-'));
    try {
      await other.db
        .insert(applicantSessions)
        .values({ id: 'pj_realapplicationsession00000000000', flow: 'PJ' });
      await other.db
        .insert(onboardingPj)
        .values({ sessionId: 'pj_realapplicationsession00000000000', razaoSocial: 'Real Ltda' });
      const before = await tableSizes(other.db);
      const otherStorage = createLocalStorage(join(otherRoot, 'documents'));
      expect(await seedDemo({ db: other.db, storage: otherStorage, clock })).toBeNull();
      expect(await tableSizes(other.db)).toEqual(before);
      expect(readdirSync(otherRoot)).toEqual([]);
    } finally {
      await other.close();
      rmSync(otherRoot, { recursive: true, force: true });
    }
  });

  it('is served by the real app: dashboard, lists, details and documents, decided by the first admin', async () => {
    const t = await createTestApp({ clock });
    try {
      const admin = await adminSession(t);
      // A later account does not decide: the first active one does.
      const later = createTestClock(new Date(now.getTime() + 60 * 1000));
      await createAdminAccounts({ db: t.database.db, clock: later }).create(
        {
          role: 'admin_mini',
          email: 'zeca@medipay.test',
          username: 'zeca',
          name: 'Zeca Souza',
          password: 'uma-senha-bem-longa-123',
        },
        { id: null, email: 'testes' },
      );
      const seeded = await seedDemo({
        db: t.database.db,
        storage: await createDocumentStorage(t.env),
        clock,
      });
      expect(seeded).toEqual({ pf: 8, pj: 6, abandoned: 3 });

      const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin.headers });
      const dashboard = dashboardSchema.parse((await get('/api/admin/dashboard')).json());
      expect(dashboard.pf).toMatchObject({
        total: 8,
        pending: 3,
        inRequirement: 1,
        approved: 2,
        denied: 2,
        createdToday: 3,
        approvalRate: 25,
        decidedApprovalRate: 50,
      });
      expect(dashboard.pj).toMatchObject({
        total: 6,
        pending: 2,
        inRequirement: 1,
        approved: 2,
        denied: 1,
        createdToday: 2,
        approvalRate: 33,
        decidedApprovalRate: 66.7,
      });
      expect(dashboard.abandonedSessions).toBe(3);

      for (const flow of ['pf', 'pj'] as const) {
        const list = applicationListSchema.parse(
          (await get(`/api/admin/applications/${flow}`)).json(),
        );
        expect(list.total).toBe(flow === 'pf' ? 8 : 6);
        for (const item of list.items) {
          const response = await get(`/api/admin/applications/${flow}/${item.id}`);
          expect(response.statusCode).toBe(200);
          const shown = applicationDetailSchema.parse(response.json());
          if (shown.analisadoPor) {
            expect(shown.analisadoPor).toBe(admin.row.email);
            expect(
              shown.history
                .filter((entry) => entry.actorType === 'admin')
                .every((entry) => entry.actorEmail === admin.row.email),
            ).toBe(true);
          }
          for (const document of shown.documents) {
            if (!document.current) continue;
            const file = await get(document.current.url);
            expect(file.statusCode).toBe(200);
            expect(file.headers['content-type']).toBe(document.current.type);
            if (document.current.thumbnailUrl) {
              const thumbnail = await get(document.current.thumbnailUrl);
              expect(thumbnail.statusCode).toBe(200);
              expect(thumbnail.headers['content-type']).toBe('image/webp');
            }
          }
        }
      }
      const stored: DocumentRow[] = await t.database.db.select().from(documents);
      expect(stored.length).toBeGreaterThan(60);
    } finally {
      await t.close();
    }
  });
});
