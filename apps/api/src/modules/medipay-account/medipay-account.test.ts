import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adminActions,
  medipayAccounts,
  onboardingPf,
  onboardingPj,
  outbox,
} from '@medipay/db/schema';
import { applicationDetailSchema, type ApplicationDetail } from '@medipay/shared/admin-review';
import { medipayAuditActions, medipayMessages } from '@medipay/shared/medipay-account';
import { paymentPlatformMessages, paymentPlatformPaths } from '@medipay/shared/payment-platform';
import { PaymentPlatformError } from '../../adapters/payment-platform/port';
import { reopenNotice } from '../admin-review/review-decisions.service';
import type { MedipaySandbox } from '../medipay-sandbox/medipay-sandbox.server';
import { adminSession } from '../../../test/admin';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import { submittedPf, submittedPj } from '../../../test/review-detail-fixtures';
import { MEDIPAY_MAX_ATTEMPTS } from './medipay-account.creation';

/**
 * The MediPay account of an approved application, through the real app and its HTTP client
 * against the built-in sandbox (its own server on a local port): approval, the job's attempts
 * after outages, the approved-state actions, their audit rows and messages.
 */
const clock = createTestClock(new Date('2026-11-22T12:00:00Z'));
let t: TestApp;
let sandbox: MedipaySandbox;
let headers: Record<string, string>;
let adminEmail: string;

beforeAll(async () => {
  // 300 ms per attempt, so that a slow sandbox answer is lost to the client's time-out.
  t = await createTestApp({
    clock,
    env: { KYC_CHECKS: 'sandbox' },
    paymentPlatform: { timeoutMs: 300, backoffMs: [5, 5] },
  });
  sandbox = t.app.paymentPlatform.sandboxServer!;
  const session = await adminSession(t, 'admin_mini', { clock });
  headers = session.headers;
  adminEmail = session.row.email;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  sandbox.failNext(0);
  sandbox.delayNext(0, 0);
  await sandbox.start();
});

type Flow = 'pf' | 'pj';

const base = (flow: Flow, id: string) => `/api/admin/applications/${flow}/${id}`;

/** Each action a second after the last: audit rows are ordered by their time. */
async function post(flow: Flow, id: string, path: string, payload: object = {}) {
  clock.advance(1000);
  return t.app.inject({ method: 'POST', url: `${base(flow, id)}/${path}`, headers, payload });
}

/** One attempt of the job, a second after the last action. */
function run(accountId: string) {
  clock.advance(1000);
  return t.app.medipayAccounts.run(accountId);
}

async function detailOf(flow: Flow, id: string): Promise<ApplicationDetail> {
  const response = await t.app.inject({ method: 'GET', url: base(flow, id), headers });
  expect(response.statusCode, response.body).toBe(200);
  return applicationDetailSchema.parse(response.json());
}

async function approve(flow: Flow, id: string, expectedStatus: string) {
  const response = await post(flow, id, 'approve', { expectedStatus });
  expect(response.statusCode, response.body).toBe(200);
  return applicationDetailSchema.parse(response.json());
}

async function accountRow(flow: 'PF' | 'PJ', recordId: string) {
  const [row] = await t.database.db
    .select()
    .from(medipayAccounts)
    .where(and(eq(medipayAccounts.flow, flow), eq(medipayAccounts.recordId, recordId)));
  return row!;
}

const auditOf = async (recordId: string) =>
  (
    await t.database.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.onboardingId, recordId))
      .orderBy(adminActions.createdAt)
  ).map((row) => ({ action: row.action, observacoes: row.observacoes, email: row.adminEmail }));

/** The e-mails queued for an address with a template, oldest first. */
const mailsTo = (recipient: string, template: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.template, template)))
    .orderBy(outbox.createdAt);

const sandboxAccountsFor = async (document: string) =>
  (await sandbox.accounts()).filter((account) => account.document === document);

/** A PF application approved through the API, its account queued (not yet created). */
async function approvedPf() {
  const submitted = await submittedPf(t, clock);
  const detail = await approve('pf', submitted.row.id, 'EM_ANALISE');
  return { ...submitted, detail };
}

async function approvedPfWithAccount() {
  const approved = await approvedPf();
  await run((await accountRow('PF', approved.row.id)).id);
  return approved;
}

describe('approval and the account creation job', () => {
  it('queues the account on approval; the job creates it once and stores the user id', async () => {
    const { row, detail } = await approvedPf();
    expect(detail.status).toBe('APROVADO');
    expect(detail.medipay).toMatchObject({ state: 'pending', userId: null, attempts: 0 });
    expect(detail.medipayActions).toEqual(['send-documents', 'send-onboarding', 'confirm-email']);

    const account = await accountRow('PF', row.id);
    expect(await run(account.id)).toBe('done');

    const after = await detailOf('pf', row.id);
    expect(after.medipay).toMatchObject({ state: 'done', existingAccount: false, error: null });
    const [opened] = await sandboxAccountsFor(row.cpf!);
    expect(opened).toMatchObject({
      kind: 'PF',
      externalId: `PF:${row.id}`,
      name: row.nomeCompleto,
      email: row.email,
    });
    expect(after.medipay?.userId).toBe(opened!.userId);
    const [record] = await t.database.db
      .select()
      .from(onboardingPf)
      .where(eq(onboardingPf.id, row.id));
    expect(record!.medipayUserId).toBe(opened!.userId);
    // The activation link went out by itself, queued with the account, audited as the system.
    const url = after.medipay?.onboardingUrl ?? '';
    expect(url.startsWith(`${sandbox.url}/onboarding/`)).toBe(true);
    expect(after.medipay?.onboardingSentAt).toBe(clock.now().toISOString());
    const mails = await mailsTo(row.email!, 'medipay-onboarding');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data).toEqual({ nome: row.nomeCompleto, onboardingUrl: url, flow: 'PF' });
    expect(await auditOf(row.id)).toEqual([
      { action: 'APROVADO', observacoes: null, email: adminEmail },
      {
        action: medipayAuditActions.accountCreated,
        observacoes: opened!.userId,
        email: adminEmail,
      },
      { action: medipayAuditActions.onboardingSent, observacoes: url, email: 'sistema' },
    ]);
    // Once done, another run does nothing.
    expect(await run(account.id)).toBe('skipped');
    expect(await sandboxAccountsFor(row.cpf!)).toHaveLength(1);
    expect(await mailsTo(row.email!, 'medipay-onboarding')).toHaveLength(1);
  });

  it('records the account and queues its activation e-mail in one transaction', async () => {
    const { row } = await approvedPf();
    const account = await accountRow('PF', row.id);
    // The outbox refuses the activation e-mail (as a crash between the two writes would).
    await t.database.db.execute(sql`
      create function refuse_activation() returns trigger language plpgsql as $$
      begin raise exception 'outbox down'; end $$
    `);
    await t.database.db.execute(sql`
      create trigger refuse_activation before insert on outbox for each row
        when (new.template = 'medipay-onboarding') execute function refuse_activation()
    `);
    try {
      await expect(run(account.id)).rejects.toThrow();
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_activation on outbox`);
      await t.database.db.execute(sql`drop function refuse_activation()`);
    }
    // Neither written: the account is still pending, and the retry finds the same one.
    expect(await accountRow('PF', row.id)).toMatchObject({ state: 'pending', userId: null });
    expect(await run(account.id)).toBe('done');
    expect(await sandboxAccountsFor(row.cpf!)).toHaveLength(1);
    expect(await mailsTo(row.email!, 'medipay-onboarding')).toHaveLength(1);
  });

  it('the platform refusing the link: the account is recorded without it, audited, no e-mail', async () => {
    const { row } = await approvedPf();
    const { platform } = t.app.paymentPlatform;
    const spy = vi
      .spyOn(platform, 'getOnboardingUrl')
      .mockRejectedValueOnce(new PaymentPlatformError('INVALID', 'link refused', 422));
    try {
      expect(await run((await accountRow('PF', row.id)).id)).toBe('done');
    } finally {
      spy.mockRestore();
    }
    const detail = await detailOf('pf', row.id);
    expect(detail.medipay).toMatchObject({ state: 'done', onboardingSentAt: null });
    expect(await mailsTo(row.email!, 'medipay-onboarding')).toHaveLength(0);
    expect((await auditOf(row.id)).at(-1)).toEqual({
      action: medipayAuditActions.onboardingFailed,
      observacoes: paymentPlatformMessages.invalid,
      email: 'sistema',
    });
    // 'Enviar Onboard' sends it.
    expect((await post('pf', row.id, 'medipay/onboarding')).statusCode).toBe(200);
    expect(await mailsTo(row.email!, 'medipay-onboarding')).toHaveLength(1);
  });

  it('with the sandbox stopped mid-approval, creates the account once it is back, with no duplicate', async () => {
    const { row } = await approvedPf();
    const account = await accountRow('PF', row.id);
    await sandbox.stop();

    expect(await run(account.id)).toBe('retry');
    expect(await run(account.id)).toBe('retry');
    const waiting = await detailOf('pf', row.id);
    expect(waiting.status).toBe('APROVADO');
    expect(waiting.medipay).toMatchObject({
      state: 'pending',
      attempts: 2,
      errorCode: 'UNAVAILABLE',
      error: paymentPlatformMessages.unavailable,
    });
    // The trouble is audited when it starts, not at every retry.
    expect(
      (await auditOf(row.id)).filter((entry) => entry.action === 'ERRO_CRIACAO_CONTA'),
    ).toEqual([
      {
        action: 'ERRO_CRIACAO_CONTA',
        observacoes: paymentPlatformMessages.unavailable,
        email: adminEmail,
      },
    ]);

    await sandbox.start();
    expect(await run(account.id)).toBe('done');
    expect(await sandboxAccountsFor(row.cpf!)).toHaveLength(1);
    expect((await detailOf('pf', row.id)).medipay).toMatchObject({
      state: 'done',
      attempts: 3,
      error: null,
      errorCode: null,
    });
  });

  it('when the platform acted but its answer was lost, the retry gets the same account', async () => {
    const { row } = await approvedPf();
    const account = await accountRow('PF', row.id);
    // The first request is held past the client's 300 ms; the client tries again with the same key.
    sandbox.delayNext(1, 700);
    expect(await run(account.id)).toBe('done');
    await new Promise((resolve) => setTimeout(resolve, 900));
    const opened = await sandboxAccountsFor(row.cpf!);
    expect(opened).toHaveLength(1);
    expect((await accountRow('PF', row.id)).userId).toBe(opened[0]!.userId);
  });

  it('Voltar para Análise keeps the account and link, and tells the applicant; a new approval opens nothing twice', async () => {
    const { row } = await approvedPfWithAccount();
    const first = await accountRow('PF', row.id);
    const reopened = await post('pf', row.id, 'reopen', { expectedStatus: 'APROVADO' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    // Nothing on the platform is undone: the account and its link stay as they were.
    expect(applicationDetailSchema.parse(reopened.json()).medipay).toMatchObject({
      state: 'done',
      userId: first.userId,
      onboardingUrl: first.onboardingUrl,
    });
    const [notice] = await mailsTo(row.email!, 'reopened');
    expect(notice).toMatchObject({
      status: 'pending',
      data: { flow: 'PF', protocolo: row.protocolo, account: true, linkSent: true },
    });
    expect((await auditOf(row.id)).at(-1)).toEqual({
      action: 'VOLTAR_PARA_ANALISE',
      observacoes: reopenNotice,
      email: adminEmail,
    });

    const again = await approve('pf', row.id, 'EM_ANALISE');
    expect(again.medipay).toMatchObject({ state: 'done', userId: first.userId });
    await t.app.medipayAccounts.drain();
    expect(await sandboxAccountsFor(row.cpf!)).toHaveLength(1);
    expect((await accountRow('PF', row.id)).id).toBe(first.id);
    // Approved again: the approval e-mail says the link comes next, and the kept link does.
    expect(await mailsTo(row.email!, 'approval')).toHaveLength(2);
    const links = await mailsTo(row.email!, 'medipay-onboarding');
    expect(links.map((mail) => mail.data.onboardingUrl)).toEqual([
      first.onboardingUrl,
      first.onboardingUrl,
    ]);
  });

  it('sent back to analysis before the job ran: nothing is created until approved again', async () => {
    const { row } = await approvedPf();
    const account = await accountRow('PF', row.id);
    await post('pf', row.id, 'reopen', { expectedStatus: 'APROVADO' });
    expect(await run(account.id)).toBe('failed');
    expect(await sandboxAccountsFor(row.cpf!)).toHaveLength(0);
    expect((await detailOf('pf', row.id)).medipay).toMatchObject({
      state: 'failed',
      error: medipayMessages.notApproved,
    });

    const again = await approve('pf', row.id, 'EM_ANALISE');
    expect(again.medipay).toMatchObject({ state: 'pending', attempts: 0, error: null });
    expect(await run(account.id)).toBe('done');
    expect(await sandboxAccountsFor(row.cpf!)).toHaveLength(1);
  });

  it('gives up after the last attempt, audited, and the admin may create it by hand', async () => {
    const { row } = await approvedPf();
    const account = await accountRow('PF', row.id);
    await sandbox.stop();
    for (let attempt = 1; attempt < MEDIPAY_MAX_ATTEMPTS; attempt += 1) {
      expect(await run(account.id)).toBe('retry');
    }
    expect(await run(account.id)).toBe('failed');
    const failed = await detailOf('pf', row.id);
    expect(failed.medipay).toMatchObject({ state: 'failed', attempts: MEDIPAY_MAX_ATTEMPTS });
    expect(failed.medipayActions).toContain('create-account');
    expect(
      (await auditOf(row.id)).filter((entry) => entry.action === 'ERRO_CRIACAO_CONTA'),
    ).toHaveLength(2);

    await sandbox.start();
    const created = await post('pf', row.id, 'medipay/account');
    expect(created.statusCode, created.body).toBe(200);
    const detail = applicationDetailSchema.parse(created.json());
    expect(detail.medipay).toMatchObject({ state: 'done', attempts: 1 });
    expect(detail.medipayActions).not.toContain('create-account');
    expect(await sandboxAccountsFor(row.cpf!)).toHaveLength(1);
  });

  it('a document registered for another application: failed with the spec message', async () => {
    const { row } = await approvedPf();
    // The platform already holds this CPF for someone else's record.
    const taken = await fetch(`${sandbox.url}${paymentPlatformPaths.accounts}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${sandbox.apiKey}`,
        'content-type': 'application/json',
        'idempotency-key': `other:${row.id}`,
      },
      body: JSON.stringify({
        kind: 'PF',
        document: row.cpf,
        name: 'Outra Pessoa',
        email: 'outra@example.com',
        phone: '+5511987654321',
        externalId: 'PF:outro-registro',
      }),
    });
    expect(taken.status).toBe(201);

    expect(await run((await accountRow('PF', row.id)).id)).toBe('failed');
    const detail = await detailOf('pf', row.id);
    expect(detail.medipay).toMatchObject({
      state: 'failed',
      errorCode: 'ALREADY_REGISTERED',
      error: 'Erro ao processar conta existente. Tente novamente.',
      attempts: 1,
    });
    expect(await auditOf(row.id)).toContainEqual({
      action: 'ERRO_CRIACAO_CONTA',
      observacoes: 'Erro ao processar conta existente. Tente novamente.',
      email: adminEmail,
    });
  });

  it('credentials refused: one clear message that the integration is not configured or authorised', async () => {
    const { row } = await approvedPf();
    sandbox.failNext(1, 401);
    expect(await run((await accountRow('PF', row.id)).id)).toBe('failed');
    expect((await detailOf('pf', row.id)).medipay).toMatchObject({
      state: 'failed',
      errorCode: 'UNAUTHORIZED',
      error: paymentPlatformMessages.notConfigured,
    });
  });

  it('approving a company creates its account with the CNPJ', async () => {
    const { row } = await submittedPj(t, clock);
    const approved = await approve('pj', row.id, 'ENVIADO_PARA_ANALISE');
    expect(approved.medipay?.state).toBe('pending');
    expect(approved.medipayActions).toEqual([]);
    await t.app.medipayAccounts.drain();
    const [opened] = await sandboxAccountsFor(row.cnpj!);
    expect(opened).toMatchObject({ kind: 'PJ', name: row.razaoSocial, externalId: `PJ:${row.id}` });
    const [record] = await t.database.db
      .select()
      .from(onboardingPj)
      .where(eq(onboardingPj.id, row.id));
    expect(record!.medipayUserId).toBe(opened!.userId);
    const detail = await detailOf('pj', row.id);
    expect(detail.medipay?.state).toBe('done');
    expect(detail.medipayActions).toEqual(['send-onboarding']);
    // The company gets its activation link at its own e-mail, in a company's words.
    const [mail] = await mailsTo(row.email!, 'medipay-onboarding');
    expect(mail!.data).toEqual({
      nome: row.razaoSocial,
      onboardingUrl: detail.medipay?.onboardingUrl,
      flow: 'PJ',
    });
    // 'Enviar Onboard' resends it, once the minute since the first send has passed.
    expect((await post('pj', row.id, 'medipay/onboarding')).statusCode).toBe(429);
    clock.advance(60_000);
    expect((await post('pj', row.id, 'medipay/onboarding')).statusCode).toBe(200);
    expect(await mailsTo(row.email!, 'medipay-onboarding')).toHaveLength(2);
    // The PF-only actions do not exist for a company.
    expect((await post('pj', row.id, 'medipay/documents')).statusCode).toBe(400);
  });

  it('finds an account whose job was lost', async () => {
    const { row } = await approvedPf();
    const account = await accountRow('PF', row.id);
    expect(await t.app.medipayAccounts.strandedIds(clock.now())).not.toContain(account.id);
    clock.advance(2 * 60 * 1000);
    expect(await t.app.medipayAccounts.strandedIds(clock.now())).toContain(account.id);
    await t.app.medipayAccounts.drain();
    expect(await t.app.medipayAccounts.strandedIds(clock.now())).not.toContain(account.id);
  });
});

describe("the approved-state actions ('Enviar Documentos', 'Enviar Onboard', 'Confirmar Email')", () => {
  it('Enviar Documentos creates the missing account first, then sends the current documents once', async () => {
    const { row } = await approvedPf();
    const response = await post('pf', row.id, 'medipay/documents');
    expect(response.statusCode, response.body).toBe(200);
    const detail = applicationDetailSchema.parse(response.json());
    const sent = detail.documents.filter((document) => document.current !== null).length;
    expect(sent).toBeGreaterThan(0);
    expect(detail.medipay).toMatchObject({ state: 'done', documentsSent: sent });
    expect(detail.medipay?.documentsSentAt).toBe(clock.now().toISOString());
    const [opened] = await sandboxAccountsFor(row.cpf!);
    expect(opened!.documentsReceived).toBe(sent);
    expect((await auditOf(row.id)).map((entry) => entry.action)).toEqual([
      'APROVADO',
      medipayAuditActions.accountCreated,
      medipayAuditActions.onboardingSent,
      medipayAuditActions.documentsSent,
    ]);

    // The same documents again: the platform answers its stored reply and receives nothing new.
    expect((await post('pf', row.id, 'medipay/documents')).statusCode).toBe(200);
    expect((await sandboxAccountsFor(row.cpf!))[0]!.documentsReceived).toBe(sent);
  });

  it('Enviar Documentos failing: 502 with the message, audited ERRO_UPLOAD_DOCUMENTOS', async () => {
    const { row } = await approvedPfWithAccount();
    sandbox.failNext(3, 503);
    const response = await post('pf', row.id, 'medipay/documents');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ message: paymentPlatformMessages.unavailable });
    expect((await auditOf(row.id)).at(-1)).toMatchObject({
      action: medipayAuditActions.documentsFailed,
      observacoes: paymentPlatformMessages.unavailable,
    });
    expect((await detailOf('pf', row.id)).medipay?.documentsSentAt).toBeNull();
  });

  it('Enviar Documentos with the platform down and no account: the creation error, both audited', async () => {
    const { row } = await approvedPf();
    await sandbox.stop();
    const response = await post('pf', row.id, 'medipay/documents');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ message: paymentPlatformMessages.unavailable });
    const actions = (await auditOf(row.id)).map((entry) => entry.action);
    expect(actions).toEqual([
      'APROVADO',
      medipayAuditActions.accountFailed,
      medipayAuditActions.documentsFailed,
    ]);
  });

  it('Enviar Onboard resends the link: refused within a minute of the last send, then kept, shown and e-mailed', async () => {
    const { row } = await approvedPfWithAccount();
    const early = await post('pf', row.id, 'medipay/onboarding');
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ message: medipayMessages.onboardingCooldown });
    expect(await mailsTo(row.email!, 'medipay-onboarding')).toHaveLength(1);
    clock.advance(60_000);
    const response = await post('pf', row.id, 'medipay/onboarding');
    expect(response.statusCode, response.body).toBe(200);
    const detail = applicationDetailSchema.parse(response.json());
    const url = detail.medipay?.onboardingUrl ?? '';
    expect(url.startsWith(`${sandbox.url}/onboarding/`)).toBe(true);
    expect(detail.medipay?.onboardingSentAt).toBe(clock.now().toISOString());
    const mails = await mailsTo(row.email!, 'medipay-onboarding');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.data).toEqual({ nome: row.nomeCompleto, onboardingUrl: url, flow: 'PF' });
    expect((await auditOf(row.id)).at(-1)).toEqual({
      action: medipayAuditActions.onboardingSent,
      observacoes: url,
      email: adminEmail,
    });
    // The page behind the link exists.
    expect((await fetch(url)).status).toBe(200);
  });

  it('Enviar Onboard and Confirmar Email without an account: the spec message, audited', async () => {
    const { row } = await approvedPf();
    const onboarding = await post('pf', row.id, 'medipay/onboarding');
    expect(onboarding.statusCode).toBe(409);
    expect(onboarding.json()).toMatchObject({
      message: 'ID do usuário MediPay não encontrado. Crie a conta primeiro.',
    });
    const verification = await post('pf', row.id, 'medipay/email-verification');
    expect(verification.statusCode).toBe(409);
    expect(verification.json()).toMatchObject({ message: paymentPlatformMessages.userIdMissing });
    expect((await auditOf(row.id)).map((entry) => entry.action)).toEqual([
      'APROVADO',
      medipayAuditActions.onboardingFailed,
      medipayAuditActions.emailVerificationFailed,
    ]);
  });

  it('Enviar Onboard failing: 502, ERRO_ONBOARD_EMAIL, no e-mail queued', async () => {
    const { row } = await approvedPfWithAccount();
    clock.advance(60_000);
    sandbox.failNext(3, 500);
    const response = await post('pf', row.id, 'medipay/onboarding');
    expect(response.statusCode).toBe(502);
    expect((await auditOf(row.id)).at(-1)?.action).toBe(medipayAuditActions.onboardingFailed);
    // Only the job's e-mail.
    expect(await mailsTo(row.email!, 'medipay-onboarding')).toHaveLength(1);
  });

  it('Confirmar Email: the platform sends the verification to the e-mail on record', async () => {
    const { row } = await approvedPfWithAccount();
    const response = await post('pf', row.id, 'medipay/email-verification');
    expect(response.statusCode, response.body).toBe(200);
    expect(applicationDetailSchema.parse(response.json()).medipay?.emailVerificationSentAt).toBe(
      clock.now().toISOString(),
    );
    const [opened] = await sandboxAccountsFor(row.cpf!);
    expect(opened!.verificationEmail).toBe(row.email);
    expect((await auditOf(row.id)).at(-1)).toMatchObject({
      action: medipayAuditActions.emailVerificationSent,
      observacoes: row.email,
    });
  });

  it("Confirmar Email failing, or without an e-mail: ERRO_EMAIL_VERIFICACAO and 'Email não encontrado'", async () => {
    const { row } = await approvedPfWithAccount();
    sandbox.failNext(3, 503);
    const failed = await post('pf', row.id, 'medipay/email-verification');
    expect(failed.statusCode).toBe(502);
    expect((await auditOf(row.id)).at(-1)?.action).toBe(
      medipayAuditActions.emailVerificationFailed,
    );

    await t.database.db
      .update(onboardingPf)
      .set({ email: null })
      .where(eq(onboardingPf.id, row.id));
    const noEmail = await post('pf', row.id, 'medipay/email-verification');
    expect(noEmail.statusCode).toBe(409);
    expect(noEmail.json()).toMatchObject({ message: 'Email não encontrado' });
  });

  it('refuses the actions on an application that is not approved, and without a session', async () => {
    const { row } = await submittedPf(t, clock);
    for (const path of ['medipay/account', 'medipay/documents', 'medipay/onboarding']) {
      const response = await post('pf', row.id, path);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ message: medipayMessages.notApproved });
    }
    expect((await detailOf('pf', row.id)).medipayActions).toEqual([]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${base('pf', row.id)}/medipay/documents`,
      headers: { origin: headers.origin! },
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await post('pf', '00000000-0000-4000-8000-000000000000', 'medipay/documents');
    expect(unknown.statusCode).toBe(404);
    expect(await sandboxAccountsFor(row.cpf!)).toHaveLength(0);
  });
});

describe('the job queue', () => {
  it('creates the account in the background after an approval', async () => {
    const jobClock = createTestClock(new Date());
    const app = await createTestApp({
      clock: jobClock,
      env: { KYC_CHECKS: 'sandbox' },
      jobs: true,
    });
    try {
      const { row } = await submittedPf(app, jobClock);
      const session = await adminSession(app, 'admin_mini', { clock: jobClock });
      const response = await app.app.inject({
        method: 'POST',
        url: `/api/admin/applications/pf/${row.id}/approve`,
        headers: session.headers,
        payload: { expectedStatus: 'EM_ANALISE' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const deadline = Date.now() + 20_000;
      let state = 'pending';
      while (state === 'pending' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const [account] = await app.database.db
          .select()
          .from(medipayAccounts)
          .where(eq(medipayAccounts.recordId, row.id));
        state = account?.state ?? 'pending';
      }
      expect(state).toBe('done');
      const opened = (await app.app.paymentPlatform.sandboxServer!.accounts()).filter(
        (account) => account.document === row.cpf,
      );
      expect(opened).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
