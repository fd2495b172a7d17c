import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminActions,
  medipayAccounts,
  onboardingPf,
  onboardingPj,
  outbox,
  rectificationLinks,
  screeningHits,
} from '@medipay/db/schema';
import { applicationDetailSchema, type ApplicationDetail } from '@medipay/shared/admin-review';
import {
  caseMessages,
  DEVICE_ID_HEADER,
  linkedApplicationsSchema,
  reviewDeadline,
} from '@medipay/shared/case-review';
import { adminSession, sameOrigin } from '../../../test/admin';
import { pfClient } from '../../../test/flow-applicant';
import { submittedPf, submittedPj } from '../../../test/review-detail-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';

// Thursday 19 November 2026, noon in São Paulo: Friday 20 is a national holiday (Dia Nacional de
// Zumbi e da Consciência Negra, Lei 14.759/2023), then a weekend.
const clock = createTestClock(new Date('2026-11-19T15:00:00Z'));
let t: TestApp;
type Session = Awaited<ReturnType<typeof adminSession>>;
let ana: Session;
let bruno: Session;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { KYC_CHECKS: 'sandbox' } });
  ana = await adminSession(t);
  bruno = await adminSession(t);
});
afterAll(async () => {
  await t.close();
});

const base = (flow: 'pf' | 'pj', id: string) => `/api/admin/applications/${flow}/${id}`;

async function post(who: Session, url: string, payload: unknown) {
  // One second apart: the audit trail orders by time.
  clock.advance(1000);
  return t.app.inject({ method: 'POST', url, headers: who.headers, payload: payload as object });
}

async function detailOf(who: Session, flow: 'pf' | 'pj', id: string): Promise<ApplicationDetail> {
  const response = await t.app.inject({ method: 'GET', url: base(flow, id), headers: who.headers });
  expect(response.statusCode, response.body).toBe(200);
  return applicationDetailSchema.parse(response.json());
}

const auditOf = (id: string) =>
  t.database.db
    .select()
    .from(adminActions)
    .where(eq(adminActions.onboardingId, id))
    .orderBy(desc(adminActions.createdAt), desc(adminActions.id));

describe('queues with deadlines', () => {
  it('a submission is due at the end of the second business day, a holiday and a weekend skipped', async () => {
    const { row } = await submittedPf(t, clock);
    // Received Thursday; Friday is a holiday, then Saturday and Sunday: due end of Tuesday 24.
    expect(row.prazoAnalise?.toISOString()).toBe('2026-11-25T02:59:59.999Z');
    const detail = await detailOf(ana, 'pf', row.id);
    expect(detail.case).toMatchObject({
      prazo: '2026-11-25T02:59:59.999Z',
      prazoStatus: 'no_prazo',
    });

    // A decision stops the clock; sent back to analysis, the case is due two business days on.
    expect(
      (await post(ana, `${base('pf', row.id)}/approve`, { expectedStatus: 'EM_ANALISE' }))
        .statusCode,
    ).toBe(200);
    expect((await detailOf(ana, 'pf', row.id)).case.prazo).toBeNull();
    const reopened = await post(ana, `${base('pf', row.id)}/reopen`, {
      expectedStatus: 'APROVADO',
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(applicationDetailSchema.parse(reopened.json()).case.prazo).toBe(
      reviewDeadline(clock.now()).toISOString(),
    );
  });
});

describe('assignment', () => {
  it('one admin holds a case; another must take it over, audited, before deciding', async () => {
    const { row } = await submittedPj(t, clock);
    const url = base('pj', row.id);

    const taken = await post(ana, `${url}/assign`, { expectedHolderId: null });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(applicationDetailSchema.parse(taken.json()).case).toMatchObject({
      heldByMe: true,
      analista: { id: ana.user.id, email: ana.user.email },
    });

    const seen = await detailOf(bruno, 'pj', row.id);
    expect(seen.case).toMatchObject({ heldByMe: false, analista: { email: ana.user.email } });
    const refused = await post(bruno, `${url}/deny`, {
      expectedStatus: 'ENVIADO_PARA_ANALISE',
      motivo: 'Documentos inválidos.',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(caseMessages.heldByOther);
    const documentId = seen.documents.find((d) => d.field === 'cartaoCnpj')?.current?.id;
    expect(
      (await post(bruno, `${url}/documents/${documentId}/review`, { decision: 'aceito' }))
        .statusCode,
    ).toBe(409);

    // Without the explicit take-over, or with a stale view of who holds it: refused.
    expect(
      (await post(bruno, `${url}/assign`, { expectedHolderId: ana.user.id })).json().message,
    ).toBe(caseMessages.heldByOther);
    expect(
      (await post(bruno, `${url}/assign`, { expectedHolderId: null, takeOver: true })).json()
        .message,
    ).toBe(caseMessages.holderChanged);
    expect(
      (await post(bruno, `${url}/release`, { expectedStatus: 'ENVIADO_PARA_ANALISE' })).statusCode,
    ).toBe(409);

    const over = await post(bruno, `${url}/assign`, {
      expectedHolderId: ana.user.id,
      takeOver: true,
    });
    expect(over.statusCode, over.body).toBe(200);
    expect((await auditOf(row.id)).slice(0, 2).map((entry) => entry.action)).toEqual([
      'ANALISE_TRANSFERIDA',
      'ANALISE_ASSUMIDA',
    ]);
    expect((await auditOf(row.id))[0]).toMatchObject({
      adminEmail: bruno.user.email,
      observacoes: `Análise assumida no lugar de ${ana.user.email}`,
    });
    const denied = await post(bruno, `${url}/deny`, {
      expectedStatus: 'ENVIADO_PARA_ANALISE',
      motivo: 'Documentos inválidos.',
      notaInterna: 'Contrato social com rasuras.',
    });
    expect(denied.statusCode, denied.body).toBe(200);
    // The internal note stays in the back office; the applicant's e-mail carries the reason only.
    expect((await auditOf(row.id))[0]).toMatchObject({
      action: 'NEGADO',
      motivo: 'Documentos inválidos.',
      notaInterna: 'Contrato social com rasuras.',
    });
    const [email] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, row.email!), eq(outbox.template, 'denial')));
    expect(JSON.stringify(email?.data)).not.toContain('rasuras');

    const released = await post(bruno, `${url}/release`, { expectedStatus: 'NEGADO' });
    expect(released.statusCode, released.body).toBe(200);
    expect(applicationDetailSchema.parse(released.json()).case.analista).toBeNull();
  });

  it('answers 401 without a session and 404 for an unknown application', async () => {
    const url = base('pf', '6f1c1f6e-2c4b-4f0e-9a55-0d7c1f1b2a3c');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${url}/assign`,
          headers: { origin: sameOrigin(t) },
          payload: { expectedHolderId: null },
        })
      ).statusCode,
    ).toBe(401);
    expect((await post(ana, `${url}/assign`, { expectedHolderId: null })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `${url}/links`, headers: ana.headers })).statusCode,
    ).toBe(404);
  });
});

describe('four-eyes', () => {
  const accountsOf = (id: string) =>
    t.database.db.select().from(medipayAccounts).where(eq(medipayAccounts.recordId, id));

  it('a declared PEP needs two administrators: note required, same admin refused, withdrawal, account after the second', async () => {
    const { row } = await submittedPf(t, clock);
    await t.database.db
      .update(onboardingPf)
      .set({ pepTipo: 'PEP' })
      .where(eq(onboardingPf.id, row.id));
    const url = base('pf', row.id);
    expect(
      (await detailOf(ana, 'pf', row.id)).case.secondApprovalReasons.map((r) => r.code),
    ).toEqual(['pep_declarado']);

    const noNote = await post(ana, `${url}/approve`, { expectedStatus: 'EM_ANALISE' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toBe(caseMessages.firstApprovalNoteRequired);

    const first = await post(ana, `${url}/approve`, {
      expectedStatus: 'EM_ANALISE',
      nota: 'PEP municipal, renda compatível.',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(applicationDetailSchema.parse(first.json())).toMatchObject({
      status: 'EM_ANALISE',
      case: {
        primeiraAprovacao: { adminEmail: ana.user.email, nota: 'PEP municipal, renda compatível.' },
      },
    });
    expect(await accountsOf(row.id)).toEqual([]);

    expect(
      (await post(ana, `${url}/approve`, { expectedStatus: 'EM_ANALISE' })).json().message,
    ).toBe(caseMessages.sameAdmin);
    expect(
      (await post(bruno, `${url}/withdraw-approval`, { expectedStatus: 'EM_ANALISE' })).json()
        .message,
    ).toBe(caseMessages.onlyFirstApprover);
    const withdrawn = await post(ana, `${url}/withdraw-approval`, { expectedStatus: 'EM_ANALISE' });
    expect(applicationDetailSchema.parse(withdrawn.json()).case.primeiraAprovacao).toBeNull();
    expect((await auditOf(row.id))[0]).toMatchObject({ action: 'PRIMEIRA_APROVACAO_RETIRADA' });

    await post(ana, `${url}/approve`, {
      expectedStatus: 'EM_ANALISE',
      nota: 'Revisto: PEP municipal.',
    });
    const second = await post(bruno, `${url}/approve`, { expectedStatus: 'EM_ANALISE' });
    expect(second.statusCode, second.body).toBe(200);
    expect(applicationDetailSchema.parse(second.json())).toMatchObject({
      status: 'APROVADO',
      analisadoPor: bruno.user.email,
      case: { primeiraAprovacao: null },
    });
    expect(await accountsOf(row.id)).toHaveLength(1);
    expect(
      (await auditOf(row.id)).slice(0, 2).map((entry) => [entry.action, entry.adminEmail]),
    ).toEqual([
      ['APROVADO', bruno.user.email],
      ['PRIMEIRA_APROVACAO', ana.user.email],
    ]);
  });

  it('each trigger calls for a second approval, and an ordinary case needs one', async () => {
    const { row } = await submittedPf(t, clock);
    const reasons = async () =>
      (await detailOf(ana, 'pf', row.id)).case.secondApprovalReasons.map((reason) => reason.code);
    expect(await reasons()).toEqual([]);

    const set = (columns: Partial<typeof onboardingPf.$inferInsert>) =>
      t.database.db.update(onboardingPf).set(columns).where(eq(onboardingPf.id, row.id));
    await set({ pepTipo: 'RELACIONADO' });
    expect(await reasons()).toEqual(['pep_declarado']);
    await set({ pepTipo: 'NAO', biometriaDecisao: 'em_revisao' });
    expect(await reasons()).toEqual(['biometria_em_revisao']);
    await set({ biometriaDecisao: 'aprovado', identidadeDivergencias: ['documentOwnerMismatch'] });
    expect(await reasons()).toEqual(['divergencia_identidade']);
    await set({ identidadeDivergencias: [] });

    const [hit] = await t.database.db
      .insert(screeningHits)
      .values({
        flow: 'PF',
        recordId: row.id,
        list: 'pep',
        entryId: 'pep-1',
        contentHash: 'h1',
        versionId: row.id,
        subjectRole: 'solicitante',
        subjectName: row.nomeCompleto ?? '',
        entryName: row.nomeCompleto ?? '',
        entrySummary: {},
        score: 0.9,
        reasons: [],
        status: 'aberto',
      })
      .returning();
    expect(await reasons()).toEqual(['triagem']);
    await t.database.db
      .update(screeningHits)
      .set({ status: 'descartado' })
      .where(eq(screeningHits.id, hit!.id));
    expect(await reasons()).toEqual([]);

    // Another application on the same telephone.
    const other = await submittedPf(t, clock);
    await t.database.db
      .update(onboardingPf)
      .set({ telefone: row.telefone })
      .where(eq(onboardingPf.id, other.row.id));
    expect(await reasons()).toEqual(['cadastro_relacionado']);
  });
});

describe('linked applications', () => {
  it('links by document, e-mail, telephone, device and representative, across both flows', async () => {
    const { row } = await submittedPf(t, clock);
    const byCpf = await submittedPf(t, clock);
    const byDevice = await submittedPf(t, clock);
    const company = await submittedPj(t, clock);
    const device = '0b6f3c2e-7f57-4a8e-9a0e-4d1f2a3b4c5d';
    await t.database.db
      .update(onboardingPf)
      .set({ dispositivoId: device })
      .where(eq(onboardingPf.id, row.id));
    await t.database.db
      .update(onboardingPf)
      .set({ dispositivoId: device, status: 'NEGADO' })
      .where(eq(onboardingPf.id, byDevice.row.id));
    await t.database.db
      .update(onboardingPf)
      .set({ cpf: row.cpf, status: 'NEGADO' })
      .where(eq(onboardingPf.id, byCpf.row.id));
    await t.database.db
      .update(onboardingPj)
      .set({ responsavelCpf: row.cpf, email: row.email })
      .where(eq(onboardingPj.id, company.row.id));

    const response = await t.app.inject({
      method: 'GET',
      url: `${base('pf', row.id)}/links`,
      headers: ana.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const linked = linkedApplicationsSchema.parse(response.json());
    const sharedOf = (id: string) =>
      linked.items
        .find((item) => item.id === id)
        ?.shared.map((s) => s.attribute)
        .sort();
    expect(sharedOf(byCpf.row.id)).toEqual(['documento']);
    expect(sharedOf(byDevice.row.id)).toEqual(['dispositivo']);
    expect(sharedOf(company.row.id)).toEqual(['email', 'socio']);
    expect(linked.items.some((item) => item.id === row.id)).toBe(false);
    // Sandbox checks compare no face: nothing to search with.
    expect(linked.faceSearched).toBe(false);
  });

  it('keeps the device identifier the wizard sends with the step that creates the application', async () => {
    const device = '5c7d2a8e-1b3f-4c6d-8e9f-0a1b2c3d4e5f';
    const pf = pfClient(t);
    const applicant = await pf.applicant();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/applicant/PF/application/steps/1',
      headers: { cookie: applicant.cookie, [DEVICE_ID_HEADER]: device },
      remoteAddress: applicant.remoteAddress,
      payload: await pf.stepValues(applicant, 1),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.database.db
      .select({ dispositivoId: onboardingPf.dispositivoId })
      .from(onboardingPf)
      .where(eq(onboardingPf.email, applicant.email));
    expect(row?.dispositivoId).toBe(device);
  });
});

describe('per-document decisions', () => {
  it('a refused document, with its reason, is what the rectification link asks for', async () => {
    const { row } = await submittedPf(t, clock);
    const url = base('pf', row.id);
    const detail = await detailOf(ana, 'pf', row.id);
    const front = detail.documents.find((d) => d.field === 'docIdentidadeFrente')!.current!.id;
    const proof = detail.documents.find((d) => d.field === 'comprovanteResidencia')!.current!.id;

    const missingText = await post(ana, `${url}/documents/${front}/review`, {
      decision: 'recusado',
      motivo: 'outro',
    });
    expect(missingText.statusCode).toBe(400);
    expect(missingText.json().message).toBe(caseMessages.refusalOtherRequired);
    const notCurrent = await post(ana, `${url}/documents/${row.id}/review`, { decision: 'aceito' });
    expect(notCurrent.json().message).toBe(caseMessages.documentNotCurrent);

    expect(
      (await post(ana, `${url}/documents/${proof}/review`, { decision: 'aceito' })).statusCode,
    ).toBe(200);
    const refused = await post(ana, `${url}/documents/${front}/review`, {
      decision: 'recusado',
      motivo: 'ilegivel',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    const shown = applicationDetailSchema.parse(refused.json());
    expect(shown.documents.find((d) => d.field === 'docIdentidadeFrente')?.review).toMatchObject({
      decision: 'recusado',
      motivo: 'ilegivel',
      adminEmail: ana.user.email,
    });
    expect((await auditOf(row.id))[0]).toMatchObject({
      action: 'DOCUMENTO_RECUSADO',
      observacoes: 'Documento de identidade (frente)',
      motivo: 'Ilegível',
    });

    const requested = await post(ana, `${url}/request-changes`, {
      expectedStatus: 'EM_ANALISE',
      exigencias: '- Documento de identidade (frente): Ilegível',
      notaInterna: 'Foto tremida.',
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const [link] = await t.database.db
      .select()
      .from(rectificationLinks)
      .where(eq(rectificationLinks.recordId, row.id));
    expect(link?.documentos).toEqual([
      { field: 'docIdentidadeFrente', motivo: 'ilegivel', motivoTexto: null },
    ]);
    // Documents are decided while the case is in analysis only.
    expect(
      (await post(ana, `${url}/documents/${proof}/review`, { decision: 'aceito' })).json().message,
    ).toBe(caseMessages.documentReviewClosed);
  });
});
