import { createHash, randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import { and, desc, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActions, documents, screeningHits, screeningListVersions } from '@medipay/db/schema';
import { reviewMessages } from '@medipay/shared/admin-review';
import { caseAuditActions } from '@medipay/shared/case-review';
import { formatCnpj, formatCpf } from '@medipay/shared/tax-id';
import { createDocumentStorage } from '../../adapters/storage';
import { registerErrorHandler } from '../../plugins/error-handler';
import { adminSession } from '../../../test/admin';
import { submittedPf, submittedPj } from '../../../test/review-detail-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import { createAdminAuth } from '../admin-auth/admin-auth.service';
import { adminSessionGuard } from '../admin-auth/admin-guard';
import { createReviewDetail } from '../admin-review/review-detail.service';
import { createLinkedApplications } from '../linked-applications/linked-applications.service';
import { createScreeningReview } from '../screening/screening-review.service';
import { dossierRoutes } from './dossier.routes';
import { createDossier } from './dossier.service';

/**
 * The dossier route behind the real admin session guard, on the test app's database and
 * document store: applications are submitted and decided through the real app's API, then
 * exported here, and the PDF is read back with Mozilla's pdf.js.
 */
const clock = createTestClock(new Date('2026-11-22T12:00:00Z'));
let t: TestApp;
let app: FastifyInstance;
let session: Awaited<ReturnType<typeof adminSession>>;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { KYC_CHECKS: 'sandbox' } });
  session = await adminSession(t, 'admin_mini');
  const db = t.database.db;
  const links = createLinkedApplications({ db, faces: null });
  const dossier = createDossier({
    db,
    clock,
    detail: createReviewDetail({ db, clock, links }),
    screening: createScreeningReview({ db, clock }),
    links,
    storage: await createDocumentStorage(t.env),
  });
  app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(cookie);
  app.decorateRequest('admin', null);
  await app.register(
    async (guarded) => {
      guarded.addHook(
        'onRequest',
        adminSessionGuard(
          createAdminAuth({ db, clock, publicUrl: t.env.PUBLIC_URL, requireSecondFactor: false }),
        ),
      );
      await guarded.register(dossierRoutes, { dossier });
    },
    { prefix: '/api/admin' },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

/** The text of every page, one drawn line per line. */
async function pdfText(data: Buffer): Promise<string> {
  const document = await getDocument({
    data: new Uint8Array(data),
    verbosity: 0,
    isEvalSupported: false,
  }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
    }
    return pages.join('\n');
  } finally {
    await document.destroy();
  }
}

/** How many images the file embeds. */
async function imageCount(data: Buffer): Promise<number> {
  const pdf = await PDFDocument.load(data);
  return pdf.context
    .enumerateIndirectObjects()
    .filter(
      ([, object]) =>
        object instanceof PDFRawStream &&
        object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
    ).length;
}

/** The current file of a field (the newest of the session's). */
async function currentFile(sessionId: string, field: string) {
  const rows = await t.database.db
    .select()
    .from(documents)
    .where(and(eq(documents.sessionId, sessionId), eq(documents.field, field)))
    .orderBy(desc(documents.createdAt));
  return rows[0];
}

const exportDossier = (flow: 'pf' | 'pj', id: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/admin/applications/${flow}/${id}/dossier.pdf`, headers });

const decide = (flow: 'pf' | 'pj', id: string, action: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/applications/${flow}/${id}/${action}`,
    headers: session.headers,
    payload,
  });

describe('GET /api/admin/applications/:flow/:id/dossier.pdf', () => {
  it('exports a PF case with its documents, checks, screening and decisions, audited', async () => {
    // A second, later file for the back of the identity document: an earlier version is listed.
    const { row } = await submittedPf(t, clock, async (pf, applicant) => {
      await pf.upload(applicant, 'docIdentidadeVerso');
    });
    const [version] = await t.database.db
      .insert(screeningListVersions)
      .values({
        list: 'pep',
        version: 7,
        fileName: 'pep-v7.csv',
        fileSha256: 'b'.repeat(64),
        rowCount: 1000,
        importedAt: clock.now(),
        importedBy: 'operador',
        inForce: true,
      })
      .returning({ id: screeningListVersions.id });
    await t.database.db.insert(screeningHits).values({
      flow: 'PF',
      recordId: row.id,
      list: 'pep',
      entryId: 'pep-123',
      contentHash: 'h1',
      versionId: version!.id,
      subjectRole: 'titular',
      subjectName: row.nomeCompleto!,
      entryName: 'HOMONIMO DE TESTE',
      entrySummary: { Função: 'Secretária', Órgão: 'Ministério da Saúde' },
      score: 0.86,
      reasons: ['Nome: 3 de 4 palavras iguais'],
      status: 'descartado',
      foundAt: clock.now(),
      decidedAt: clock.now(),
      decidedByEmail: 'triagem@medipay.test',
      decisionReason: 'Data de nascimento diferente da PEP.',
    });
    clock.advance(60_000);
    const selfieDoc = await currentFile(row.sessionId, 'selfieDoc');
    const refusal = await decide('pf', row.id, `documents/${selfieDoc!.id}/review`, {
      decision: 'recusado',
      motivo: 'ilegivel',
    });
    expect(refusal.statusCode, refusal.body).toBe(200);
    const decision = await decide('pf', row.id, 'request-changes', {
      expectedStatus: 'EM_ANALISE',
      exigencias: 'Envie o verso do documento legível.',
      notaInterna: 'Foto do verso cortada; conferir na próxima versão.',
    });
    expect(decision.statusCode, decision.body).toBe(200);
    clock.advance(60_000);

    const response = await exportDossier('pf', row.id, { cookie: session.cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="dossie-${row.protocolo}.pdf"`,
    );
    const text = await pdfText(response.rawPayload);
    const stored = await t.database.db
      .select()
      .from(documents)
      .where(eq(documents.sessionId, row.sessionId));
    expect(stored.filter((document) => document.field === 'docIdentidadeVerso')).toHaveLength(2);
    for (const expected of [
      'Dossiê de auditoria',
      row.protocolo!,
      row.nomeCompleto!,
      formatCpf(row.cpf!),
      // Every stored file's hash, the earlier version of the back of the document included.
      ...stored.map((document) => document.sha256),
      'Selfie com documento',
      `Recusado por ${session.user.email} em 22/11/2026 às 09:01`,
      'Motivo da recusa',
      'Ilegível',
      'Arquivo (versão anterior)',
      'Exigências enviadas (EM_EXIGENCIA)',
      session.user.email,
      'Envie o verso do documento legível.',
      'Foto do verso cortada; conferir na próxima versão.',
      'Em Exigência',
      'SANDBOX',
      'HOMONIMO DE TESTE',
      'Descartado por triagem@medipay.test em 22/11/2026 às 09:00',
      'Data de nascimento diferente da PEP.',
      'Nenhum cadastro relacionado.',
      'Página 1 de',
    ]) {
      expect(text).toContain(expected);
    }
    // The image documents' thumbnails (the PDF proof of address has none).
    expect(await imageCount(response.rawPayload)).toBeGreaterThanOrEqual(5);

    const audit = await t.database.db
      .select()
      .from(adminActions)
      .where(
        and(
          eq(adminActions.onboardingId, row.id),
          eq(adminActions.action, caseAuditActions.exportDossier),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      onboardingType: 'PF',
      adminUserId: session.user.id,
      adminEmail: session.user.email,
    });
    const hash = createHash('sha256').update(response.rawPayload).digest('hex');
    expect(audit[0]!.observacoes).toBe(`Dossiê dossie-${row.protocolo}.pdf (SHA-256 ${hash})`);
  });

  it('exports a PJ case after a denial with its note', async () => {
    const { row } = await submittedPj(t, clock);
    const decision = await decide('pj', row.id, 'deny', {
      expectedStatus: 'ENVIADO_PARA_ANALISE',
      motivo: 'Contrato social sem assinatura dos sócios.',
      notaInterna: 'Empresa já negada em 2025 por motivo parecido.',
    });
    expect(decision.statusCode, decision.body).toBe(200);

    const response = await exportDossier('pj', row.id, { cookie: session.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      row.protocolo!,
      row.razaoSocial!,
      formatCnpj(row.cnpj!),
      'Contrato social',
      'Negação (NEGADO)',
      'Contrato social sem assinatura dos sócios.',
      'Empresa já negada em 2025 por motivo parecido.',
      session.user.email,
      'Nenhuma ocorrência nas listas.',
      'Página 1 de',
    ]) {
      expect(text).toContain(expected);
    }
    // PJ has no automatic face checks section.
    expect(text).not.toContain('Verificações automáticas');
  });

  it('answers 401 without a session and 404 for an unknown id, auditing neither', async () => {
    const exports = () =>
      t.database.db
        .select()
        .from(adminActions)
        .where(eq(adminActions.action, caseAuditActions.exportDossier));
    const before = (await exports()).length;
    expect((await exportDossier('pj', randomUUID())).statusCode).toBe(401);
    for (const id of [randomUUID(), 'abc']) {
      const response = await exportDossier('pf', id, { cookie: session.cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: reviewMessages.notFound });
    }
    expect(await exports()).toHaveLength(before);
  });
});
