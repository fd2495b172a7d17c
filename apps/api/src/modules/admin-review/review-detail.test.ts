import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupCache, onboardingPf, onboardingPj, verificationResults } from '@medipay/db/schema';
import { applicationDetailSchema, reviewMessages } from '@medipay/shared/admin-review';
import type { UploadedDocument } from '@medipay/shared/documents';
import { pfFileFields, pjFileFields } from '@medipay/shared/files';
import { identityMessages } from '@medipay/shared/identity-comparison';
import { pjClient } from '../../../test/flow-applicant';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import type { AuthenticatedAdmin } from '../admin-auth/admin-request';
import {
  reviewServices,
  submittedPf,
  submittedPj,
  testAdmin,
} from '../../../test/review-detail-fixtures';
import { allowedReviewActions } from './review-detail.service';

const clock = createTestClock(new Date('2026-11-22T12:00:00Z'));
let t: TestApp;
let services: ReturnType<typeof reviewServices>;
let admin: AuthenticatedAdmin;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { KYC_CHECKS: 'sandbox' } });
  services = reviewServices(t, clock);
  admin = await testAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const context = (flow: 'pf' | 'pj', id: string) => ({ flow, id, admin, ip: '10.9.8.7' });

describe('the PF detail', () => {
  it('shows the record, the saved values, every document version, the checks and the history', async () => {
    let replacement: UploadedDocument | undefined;
    const {
      applicant: other,
      saved: first,
      row,
    } = await submittedPf(t, clock, async (pf, applicant) => {
      // A later proof of residence saved in place of the first one: both versions are kept.
      replacement = await pf.upload(applicant, 'comprovanteResidencia', 'nova-conta.pdf');
      const response = await pf.saveStep(applicant, 2, pf.values.address(replacement));
      expect(response.statusCode, response.body).toBe(200);
      clock.advance(1000);
    });
    if (!replacement) throw new Error('expected the replacement');

    const detail = applicationDetailSchema.parse(await services.detail.get('pf', row.id));
    if (detail.flow !== 'PF') throw new Error('expected a PF detail');
    expect(detail).toMatchObject({
      id: row.id,
      protocolo: row.protocolo,
      status: 'EM_ANALISE',
      currentStep: 6,
      submittedAt: row.submittedAt!.toISOString(),
      analisadoPor: null,
      analisadoEm: null,
      exigencias: null,
      motivoNegacao: null,
      emailVerificado: true,
      telefoneVerificado: true,
      audit: [],
      allowedActions: ['approve', 'request-changes', 'deny'],
    });
    expect(detail.values).toMatchObject({
      nomeCompleto: 'Ana Beatriz Souza',
      cpf: other.cpf.replace(/\D/g, ''),
      email: other.email,
      telefone: other.phoneE164,
      cep: '01310100',
      docProfissionalTipo: 'CRM',
      docIdentidadeNumero: '12.345.678-9',
      pepTipo: 'NAO',
      livenessPassed: true,
      consentimentoLgpd: true,
      consentimentoKyc: true,
      comprovanteResidencia: replacement,
      selfie: first.selfie,
    });

    expect(detail.documents.map((document) => document.field)).toEqual(Object.keys(pfFileFields));
    const proof = detail.documents.find((document) => document.field === 'comprovanteResidencia')!;
    expect(proof.current).toEqual(replacement);
    expect(proof.versions.map((version) => version.id)).toEqual([
      replacement.id,
      first.comprovanteResidencia!.id,
    ]);
    expect(proof.versions[0]).toMatchObject({
      name: 'nova-conta.pdf',
      type: 'application/pdf',
      url: `/api/documents/${replacement.id}`,
      uploadedBy: 'applicant',
    });
    const selfie = detail.documents.find((document) => document.field === 'selfie')!;
    expect(selfie.current).toEqual(first.selfie);
    expect(selfie.versions).toHaveLength(1);

    // Sandbox checks: liveness and the decision on the record, the sandbox's similarities,
    // nothing read yet.
    expect(detail.checks).toEqual({
      extraction: null,
      faceMatch: { selfieDoc: 0.981, documentPhoto: 0.962 },
      liveness: { passed: true, confidence: 0.962 },
      biometricDecision: 'aprovado',
      sandbox: true,
    });

    expect(detail.history).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'INICIADO', actorType: 'applicant' }),
      expect.objectContaining({
        fromStatus: 'INICIADO',
        toStatus: 'EM_ANALISE',
        actorType: 'applicant',
        actorEmail: null,
        reason: null,
      }),
    ]);
  });

  it('reads the extraction of the identity front, else the back, and the face match of the selfie', async () => {
    const { row, saved } = await submittedPf(t, clock);
    const done = (documentId: string, nome: string) => ({
      sessionId: row.sessionId,
      documentId,
      check: 'extraction' as const,
      status: 'done' as const,
      result: {
        kind: 'RG',
        nome: { value: nome, confidence: 0.91 },
        numero: { value: '12.345.678-9', confidence: 0.88 },
        orgao: null,
        uf: { value: 'SP', confidence: 0.7 },
        validade: null,
        ocrConfidence: 0.8,
      },
      createdAt: clock.now(),
      completedAt: clock.now(),
    });

    await t.database.db
      .insert(verificationResults)
      .values(done(saved.docIdentidadeVerso!.id, 'VERSO'));
    let detail = await services.detail.get('pf', row.id);
    if (detail.flow !== 'PF') throw new Error('expected a PF detail');
    expect(detail.checks.extraction).toEqual({
      field: 'docIdentidadeVerso',
      kind: 'RG',
      fields: {
        nome: { value: 'VERSO', confidence: 0.91 },
        numero: { value: '12.345.678-9', confidence: 0.88 },
        orgao: null,
        uf: { value: 'SP', confidence: 0.7 },
        validade: null,
      },
    });

    clock.advance(1000);
    await t.database.db
      .insert(verificationResults)
      .values(done(saved.docIdentidadeFrente!.id, 'FRENTE'));
    await t.database.db.insert(verificationResults).values({
      sessionId: row.sessionId,
      documentId: saved.selfie!.id,
      check: 'face_match',
      status: 'done',
      result: {
        passed: true,
        confidence: 0.74,
        reasons: [],
        selfieId: saved.selfie!.id,
        selfieDocId: saved.selfieDoc!.id,
        challengeId: null,
        sandbox: false,
        faceMatch: { selfieToSelfieDoc: 0.91, selfieToDocument: 0.74 },
      },
      createdAt: clock.now(),
      completedAt: clock.now(),
    });
    detail = await services.detail.get('pf', row.id);
    if (detail.flow !== 'PF') throw new Error('expected a PF detail');
    expect(detail.checks.extraction).toMatchObject({
      field: 'docIdentidadeFrente',
      fields: { nome: { value: 'FRENTE', confidence: 0.91 } },
    });
    expect(detail.checks.faceMatch).toEqual({ selfieDoc: 0.91, documentPhoto: 0.74 });
    // The stored check was made by the real engine: not labelled sandbox.
    expect(detail.checks.sandbox).toBe(false);
    // A check stored before the three outcomes (`passed`) reads as aprovado.
    expect(detail.checks.biometricDecision).toBe('aprovado');
  });

  it('sets the document of another person against step 1, keeps the flags it was sent with', async () => {
    const { applicant } = await submittedPf(t, clock, async (pf, applicant) => {
      const [stored] = await t.database.db
        .select()
        .from(onboardingPf)
        .where(eq(onboardingPf.email, applicant.email));
      const documents = (await pf.getState(applicant)).json().values;
      await t.database.db.insert(verificationResults).values({
        sessionId: stored!.sessionId,
        documentId: documents.docIdentidadeFrente.id,
        check: 'extraction',
        status: 'done',
        result: {
          kind: 'CNH',
          nome: { value: 'JULIANA FERREIRA LIMA', confidence: 0.93 },
          numero: { value: '04512345678', confidence: 0.9 },
          orgao: null,
          uf: { value: 'SP', confidence: 0.8 },
          validade: null,
        },
        createdAt: clock.now(),
        completedAt: clock.now(),
      });
      const otherPerson = {
        ...pf.values.professional(documents.docIdentidadeFrente, documents.docIdentidadeVerso),
        docIdentidadeNome: 'JULIANA FERREIRA LIMA',
        docIdentidadeNumero: '04512345678',
      };
      // Not saved until the applicant confirms that the document is theirs.
      const refused = await pf.saveStep(applicant, 3, otherPerson);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'IDENTITY_NOT_CONFIRMED',
        message: identityMessages.notConfirmed,
      });
      expect(stored!.docIdentidadeNome).toBe('ANA BEATRIZ SOUZA');
      const confirmed = await pf.saveStep(applicant, 3, {
        ...otherPerson,
        docIdentidadeDivergenciaConfirmada: true,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      clock.advance(1000);
    });
    const [row] = await t.database.db
      .select()
      .from(onboardingPf)
      .where(eq(onboardingPf.email, applicant.email));
    expect(row).toMatchObject({
      docIdentidadeNome: 'JULIANA FERREIRA LIMA',
      docIdentidadeDivergenciaConfirmada: true,
      identidadeDivergencias: ['nome_documento_difere', 'divergencia_confirmada'],
    });

    const detail = applicationDetailSchema.parse(await services.detail.get('pf', row!.id));
    expect(detail.identity.sources).toEqual(['typed', 'read', 'corrected']);
    expect(detail.identity.rows[0]).toEqual({
      key: 'nome',
      label: 'Nome',
      values: {
        typed: 'Ana Beatriz Souza',
        read: 'JULIANA FERREIRA LIMA',
        corrected: 'JULIANA FERREIRA LIMA',
      },
      agreement: 'divergente',
    });
    expect(detail.identity.flags.map((flag) => flag.message)).toEqual([
      identityMessages.flags.nome_documento_difere,
      identityMessages.flags.divergencia_confirmada,
    ]);
  });

  it('shows the decision of the newest check of the selfie when the step holds none', async () => {
    const { row, saved } = await submittedPf(t, clock);
    await t.database.db
      .update(onboardingPf)
      .set({ biometriaDecisao: null })
      .where(eq(onboardingPf.id, row.id));
    clock.advance(1000);
    await t.database.db.insert(verificationResults).values({
      sessionId: row.sessionId,
      documentId: saved.selfie!.id,
      check: 'face_match',
      status: 'done',
      result: {
        decision: 'em_revisao',
        confidence: 0.41,
        reasons: [],
        selfieId: saved.selfie!.id,
        selfieDocId: saved.selfieDoc!.id,
        challengeId: null,
        sandbox: false,
        faceMatch: { selfieToSelfieDoc: 0.473, selfieToDocument: 0.41 },
      },
      createdAt: clock.now(),
      completedAt: clock.now(),
    });
    const detail = await services.detail.get('pf', row.id);
    if (detail.flow !== 'PF') throw new Error('expected a PF detail');
    expect(detail.checks.biometricDecision).toBe('em_revisao');
    expect(detail.checks.faceMatch).toEqual({ selfieDoc: 0.473, documentPhoto: 0.41 });
  });

  it('shows the admin behind a decision in the history and the audit, newest audit first', async () => {
    const { row } = await submittedPf(t, clock);
    await services.decisions.requestChanges(context('pf', row.id), {
      expectedStatus: 'EM_ANALISE',
      exigencias: 'Envie um comprovante de residência recente.',
    });
    clock.advance(1000);
    await services.decisions.resendRequirements(context('pf', row.id), {
      expectedStatus: 'EM_EXIGENCIA',
    });
    const detail = await services.detail.get('pf', row.id);
    expect(detail).toMatchObject({
      status: 'EM_EXIGENCIA',
      exigencias: 'Envie um comprovante de residência recente.',
      analisadoPor: admin.user.email,
      allowedActions: ['deny', 'resend-requirements'],
    });
    expect(detail.history.at(-1)).toEqual({
      fromStatus: 'EM_ANALISE',
      toStatus: 'EM_EXIGENCIA',
      actorType: 'admin',
      actorEmail: admin.user.email,
      reason: 'Envie um comprovante de residência recente.',
      createdAt: expect.any(String),
    });
    expect(detail.audit.map((entry) => entry.action)).toEqual([
      'REENVIO_EXIGENCIAS',
      'EM_EXIGENCIA',
    ]);
    expect(detail.audit[1]).toMatchObject({
      adminEmail: admin.user.email,
      observacoes: 'Envie um comprovante de residência recente.',
      motivo: null,
    });
  });
});

describe('the PJ detail', () => {
  it('shows the company values, its seven document fields and the applicant history', async () => {
    const { applicant, saved, row } = await submittedPj(t, clock);
    const detail = applicationDetailSchema.parse(await services.detail.get('pj', row.id));
    if (detail.flow !== 'PJ') throw new Error('expected a PJ detail');
    expect('checks' in detail).toBe(false);
    expect(detail).toMatchObject({
      status: 'ENVIADO_PARA_ANALISE',
      protocolo: row.protocolo,
      allowedActions: ['approve', 'request-changes', 'deny'],
    });
    expect(detail.values).toMatchObject({
      razaoSocial: 'Hospital Exemplo S.A.',
      cnpj: applicant.cnpj,
      tipoEmpresa: 'hospital',
      banco: '341',
      contratoSocial: saved.contratoSocial,
      cnesDocumento: saved.cnesDocumento,
      consentimentoLgpd: true,
    });
    expect(detail.documents.map((document) => document.field)).toEqual(Object.keys(pjFileFields));
    for (const document of detail.documents) {
      expect(document.current).toEqual(saved[document.field as keyof typeof saved]);
      expect(document.versions).toHaveLength(1);
    }
    expect(detail.history.map((entry) => entry.toStatus)).toEqual([
      'INICIADO',
      'ENVIADO_PARA_ANALISE',
    ]);
  });

  it("sets the representative against the registry's partners and the document", async () => {
    const { applicant, row } = await submittedPj(t, clock);
    await t.database.db.insert(lookupCache).values({
      key: `cnpj:${applicant.cnpj}`,
      value: {
        nome: 'HOSPITAL EXEMPLO SOCIEDADE ANONIMA',
        qsa: [{ nome: 'MARIA DAS GRACAS PEREIRA', qual: 'Diretor' }],
      },
      provider: 'brasilapi',
      // The applicant's lookup is older than the cache keeps it: the reviewer still sees it.
      expiresAt: new Date(clock.now().getTime() - 1000),
    });
    const detail = applicationDetailSchema.parse(await services.detail.get('pj', row.id));
    expect(detail.identity.sources).toEqual(['typed', 'registry', 'read']);
    expect(detail.identity.rows[0]).toMatchObject({
      key: 'razaoSocial',
      values: {
        typed: 'Hospital Exemplo S.A.',
        registry: 'HOSPITAL EXEMPLO SOCIEDADE ANONIMA',
      },
      agreement: 'divergente',
    });
    expect(detail.identity.rows[1]).toMatchObject({
      key: 'responsavelNome',
      values: { registry: 'Não consta no quadro de sócios' },
      agreement: 'divergente',
    });
    expect(detail.identity.flags.map((flag) => flag.code)).toEqual([
      'razao_social_difere',
      'responsavel_fora_do_quadro',
    ]);
  });

  it('keeps a record with no documents yet readable', async () => {
    const pj = pjClient(t);
    const early = await pj.applicant();
    await pj.fillSteps(early, 1);
    const [row] = await t.database.db
      .select()
      .from(onboardingPj)
      .where(eq(onboardingPj.email, early.email));
    const detail = applicationDetailSchema.parse(await services.detail.get('pj', row!.id));
    expect(detail).toMatchObject({ status: 'INICIADO', protocolo: null, submittedAt: null });
    expect(detail.documents.every((document) => document.current === null)).toBe(true);
  });
});

describe('allowed actions', () => {
  it.each([
    ['PF', 'INICIADO', ['approve', 'request-changes', 'deny']],
    ['PF', 'EM_ANALISE', ['approve', 'request-changes', 'deny']],
    ['PF', 'EM_EXIGENCIA', ['deny', 'resend-requirements']],
    ['PF', 'APROVADO', ['reopen']],
    ['PF', 'NEGADO', []],
    ['PJ', 'ENVIADO_PARA_ANALISE', ['approve', 'request-changes', 'deny']],
    ['PJ', 'EM_ANALISE', ['approve', 'request-changes', 'deny']],
    ['PJ', 'EM_EXIGENCIA', ['deny', 'reopen', 'resend-requirements']],
    ['PJ', 'APROVADO', ['reopen']],
    ['PJ', 'NEGADO', ['reopen']],
    ['PJ', 'DESCONHECIDO', []],
  ] as const)('%s %s: %j', (flow, status, expected) => {
    expect(allowedReviewActions(flow, status)).toEqual(expected);
  });
});

describe('not found', () => {
  it.each([
    ['pf', randomUUID()],
    ['pj', randomUUID()],
    ['pf', 'nao-e-um-id'],
    ['pf', "1' or '1'='1"],
  ] as const)('answers 404 for %s %s', async (flow, id) => {
    await expect(services.detail.get(flow, id)).rejects.toMatchObject({
      statusCode: 404,
      message: reviewMessages.notFound,
    });
  });

  it('answers 404 for a PF id asked as PJ', async () => {
    const { row } = await submittedPf(t, clock);
    await expect(services.detail.get('pj', row.id)).rejects.toMatchObject({ statusCode: 404 });
  });
});
