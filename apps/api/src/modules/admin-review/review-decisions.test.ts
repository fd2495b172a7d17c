import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminActions,
  onboardingPf,
  onboardingPj,
  outbox,
  rectificationLinks,
  statusHistory,
} from '@medipay/db/schema';
import {
  RECTIFICATION_LINK_TTL_MS,
  reviewActionTargets,
  reviewMessages,
  type ReviewAction,
} from '@medipay/shared/admin-review';
import { transitions, type Flow } from '@medipay/shared/status';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import type { AuthenticatedAdmin } from '../admin-auth/admin-request';
import { hashRectificationToken } from './rectification-links.repository';
import type { DecisionContext } from './review-decisions.service';
import {
  reviewServices,
  submittedPf,
  submittedPj,
  testAdmin,
} from '../../../test/review-detail-fixtures';

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

const IP = '10.9.8.7';
const context = (flow: Flow, id: string, who = admin): DecisionContext => ({
  flow: flow === 'PF' ? 'pf' : 'pj',
  id,
  admin: who,
  ip: IP,
});

async function recordOf(flow: Flow, id: string) {
  const table = flow === 'PF' ? onboardingPf : onboardingPj;
  const [row] = await t.database.db.select().from(table).where(eq(table.id, id));
  return row!;
}

async function setStatus(flow: Flow, id: string, status: string) {
  const table = flow === 'PF' ? onboardingPf : onboardingPj;
  await t.database.db.update(table).set({ status }).where(eq(table.id, id));
}

const historyOf = (id: string) =>
  t.database.db
    .select()
    .from(statusHistory)
    .where(eq(statusHistory.recordId, id))
    .orderBy(statusHistory.createdAt);

const auditOf = (id: string) =>
  t.database.db
    .select()
    .from(adminActions)
    .where(eq(adminActions.onboardingId, id))
    .orderBy(desc(adminActions.createdAt));

const emailsTo = (recipient: string, template: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.template, template)))
    .orderBy(outbox.createdAt);

const actionOf: Record<string, ReviewAction> = Object.fromEntries(
  Object.entries(reviewActionTargets).map(([action, target]) => [target, action as ReviewAction]),
);

/** Runs one decision with the body its action needs. */
function decide(action: ReviewAction, flow: Flow, id: string, expectedStatus: string, who = admin) {
  const { decisions } = services;
  const at = context(flow, id, who);
  switch (action) {
    case 'approve':
      return decisions.approve(at, { expectedStatus });
    case 'request-changes':
      return decisions.requestChanges(at, { expectedStatus, exigencias: 'Envie o verso do RG.' });
    case 'deny':
      return decisions.deny(at, { expectedStatus, motivo: 'Documento ilegível.' });
    case 'reopen':
      return decisions.reopen(at, { expectedStatus });
    case 'resend-requirements':
      return decisions.resendRequirements(at, { expectedStatus });
  }
}

/** The token of a rectification link e-mail. */
function tokenOf(message: { data: Record<string, unknown> }) {
  const url = new URL(message.data.rectificationUrl as string);
  expect(`${url.origin}${url.pathname}`).toBe(`${t.env.PUBLIC_URL}/retificar-documentos`);
  const token = url.searchParams.get('token')!;
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token;
}

async function linkOf(token: string) {
  const [link] = await t.database.db
    .select()
    .from(rectificationLinks)
    .where(eq(rectificationLinks.tokenHash, hashRectificationToken(token)));
  return link;
}

describe.each(['PF', 'PJ'] as const)('every admin transition of %s', (flow) => {
  const adminMoves = transitions[flow]
    .filter((transition) => transition.actor === 'admin')
    .flatMap((transition) => transition.from.map((from) => [from, transition.to] as const));

  let id: string;
  beforeAll(async () => {
    id = (flow === 'PF' ? await submittedPf(t, clock) : await submittedPj(t, clock)).row.id;
  });

  it.each(adminMoves)('%s -> %s', async (from, to) => {
    await setStatus(flow, id, from);
    clock.advance(1000);
    const historyBefore = (await historyOf(id)).length;
    const detail = await decide(actionOf[to]!, flow, id, from);
    expect(detail).toMatchObject({
      status: to,
      analisadoPor: admin.user.email,
      analisadoEm: clock.now().toISOString(),
      updatedAt: clock.now().toISOString(),
    });
    const row = await recordOf(flow, id);
    expect(row).toMatchObject({ status: to, analisadoPorId: admin.user.id });
    const history = await historyOf(id);
    expect(history).toHaveLength(historyBefore + 1);
    expect(history.at(-1)).toMatchObject({
      flow,
      fromStatus: from,
      toStatus: to,
      actorType: 'admin',
      actorId: admin.user.id,
    });
    expect((await auditOf(id))[0]).toMatchObject({
      onboardingType: flow,
      adminUserId: admin.user.id,
      adminEmail: admin.user.email,
      ip: IP,
      createdAt: clock.now(),
    });
  });
});

describe('refusals', () => {
  it.each([
    ['PF', 'APROVADO', 'deny'],
    ['PF', 'NEGADO', 'reopen'],
    ['PF', 'EM_ANALISE', 'resend-requirements'],
    ['PJ', 'NEGADO', 'approve'],
    ['PJ', 'APROVADO', 'request-changes'],
    ['PJ', 'ENVIADO_PARA_ANALISE', 'resend-requirements'],
  ] as const)(
    '%s in %s cannot %s (409 notAllowed), and nothing changes',
    async (flow, status, action) => {
      const { row } = flow === 'PF' ? await submittedPf(t, clock) : await submittedPj(t, clock);
      await setStatus(flow, row.id, status);
      const before = { history: await historyOf(row.id), audit: await auditOf(row.id) };
      await expect(decide(action, flow, row.id, status)).rejects.toMatchObject({
        statusCode: 409,
        code: 'CONFLICT',
        message: reviewMessages.notAllowed,
      });
      expect(await recordOf(flow, row.id)).toMatchObject({ status, analisadoPor: null });
      expect(await historyOf(row.id)).toEqual(before.history);
      expect(await auditOf(row.id)).toEqual(before.audit);
    },
  );

  it('answers 409 conflict when the record is no longer in the status the admin saw', async () => {
    const { row } = await submittedPf(t, clock);
    await expect(decide('approve', 'PF', row.id, 'INICIADO')).rejects.toMatchObject({
      statusCode: 409,
      message: reviewMessages.conflict,
    });
    // Even when the move would be refused anyway, the stale view is what the admin hears.
    await expect(decide('reopen', 'PF', row.id, 'APROVADO')).rejects.toMatchObject({
      message: reviewMessages.conflict,
    });
    expect(await recordOf('PF', row.id)).toMatchObject({ status: 'EM_ANALISE' });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'nao-e-um-id']) {
      await expect(decide('approve', 'PJ', id, 'EM_ANALISE')).rejects.toMatchObject({
        statusCode: 404,
        message: reviewMessages.notFound,
      });
    }
  });

  it('lets exactly one of two concurrent approvals win', async () => {
    const { row } = await submittedPf(t, clock);
    const results = await Promise.allSettled([
      decide('approve', 'PF', row.id, 'EM_ANALISE'),
      decide('approve', 'PF', row.id, 'EM_ANALISE'),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [refused] = results.filter((result) => result.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toMatchObject({
      statusCode: 409,
      message: reviewMessages.conflict,
    });
    expect((await historyOf(row.id)).filter((entry) => entry.toStatus === 'APROVADO')).toHaveLength(
      1,
    );
    expect((await auditOf(row.id)).filter((entry) => entry.action === 'APROVADO')).toHaveLength(1);
  });

  it('lets exactly one of two different concurrent decisions win', async () => {
    const { row } = await submittedPj(t, clock);
    const results = await Promise.allSettled([
      decide('deny', 'PJ', row.id, 'ENVIADO_PARA_ANALISE'),
      decide('request-changes', 'PJ', row.id, 'ENVIADO_PARA_ANALISE'),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const { status } = await recordOf('PJ', row.id);
    expect(['NEGADO', 'EM_EXIGENCIA']).toContain(status);
    // Only the winner's e-mail was queued.
    const denials = await emailsTo(row.email!, 'denial');
    const requirements = await emailsTo(row.email!, 'requirements');
    expect(denials.length + requirements.length).toBe(1);
  });

  it('commits nothing when a part of the decision fails', async () => {
    const { row } = await submittedPf(t, clock);
    // An admin unknown to admin_users: the audit row's foreign key fails after the update.
    const ghost: AuthenticatedAdmin = {
      ...admin,
      user: { ...admin.user, id: randomUUID(), email: 'fantasma@medipay.test' },
    };
    const before = await historyOf(row.id);
    await expect(decide('deny', 'PF', row.id, 'EM_ANALISE', ghost)).rejects.toThrow();
    expect(await recordOf('PF', row.id)).toMatchObject({
      status: 'EM_ANALISE',
      motivoNegacao: null,
      analisadoPor: null,
    });
    expect(await historyOf(row.id)).toEqual(before);
    expect(await emailsTo(row.email!, 'denial')).toEqual([]);
  });
});

describe('what each decision records and sends', () => {
  it('approve: who and when from the admin session, history and audit, and the approval e-mail', async () => {
    const { row } = await submittedPf(t, clock);
    const dispatchedBefore = services.dispatched.length;
    await services.decisions.approve(context('PF', row.id), { expectedStatus: 'EM_ANALISE' });
    expect(await recordOf('PF', row.id)).toMatchObject({
      status: 'APROVADO',
      analisadoPor: admin.user.email,
      analisadoPorId: admin.user.id,
      analisadoEm: clock.now(),
      updatedAt: clock.now(),
      exigencias: null,
      motivoNegacao: null,
    });
    expect((await historyOf(row.id)).at(-1)).toMatchObject({
      fromStatus: 'EM_ANALISE',
      toStatus: 'APROVADO',
      actorType: 'admin',
      actorId: admin.user.id,
      reason: null,
    });
    expect(await auditOf(row.id)).toEqual([
      expect.objectContaining({
        action: 'APROVADO',
        onboardingType: 'PF',
        adminEmail: admin.user.email,
        observacoes: null,
        motivo: null,
        ip: IP,
      }),
    ]);
    const sent = await t.database.db.select().from(outbox).where(eq(outbox.recipient, row.email!));
    const templates = sent.map((message) => message.template).filter((name) => name !== 'otp-code');
    expect(templates.sort()).toEqual(['approval', 'pf-confirmation']);
    const [approval] = await emailsTo(row.email!, 'approval');
    expect(approval).toMatchObject({
      channel: 'email',
      status: 'pending',
      data: {
        flow: 'PF',
        nome: 'Ana Beatriz Souza',
        protocolo: row.protocolo,
        statusUrl: `${t.env.PUBLIC_URL}/acompanhar-status?protocolo=${row.protocolo}`,
      },
    });
    expect(services.dispatched.slice(dispatchedBefore)).toEqual([approval!.id]);
  });

  it.each(['PF', 'PJ'] as const)(
    'approve (%s): one approval e-mail per approval; sent back to analysis, the applicant is told',
    async (flow) => {
      const { row } = flow === 'PF' ? await submittedPf(t, clock) : await submittedPj(t, clock);
      const submitted = row.status;
      await decide('approve', flow, row.id, submitted);
      // The same decision again (a double click, a retry): refused, nothing more queued.
      await expect(decide('approve', flow, row.id, submitted)).rejects.toMatchObject({
        statusCode: 409,
      });
      expect(await emailsTo(row.email!, 'approval')).toHaveLength(1);
      // Back to analysis: the applicant hears of it (the account was not created yet here).
      const dispatchedBefore = services.dispatched.length;
      await decide('reopen', flow, row.id, 'APROVADO');
      const [notice, ...more] = await emailsTo(row.email!, 'reopened');
      expect(more).toEqual([]);
      expect(notice).toMatchObject({
        status: 'pending',
        data: {
          flow,
          nome: flow === 'PF' ? 'Ana Beatriz Souza' : 'Hospital Exemplo S.A.',
          protocolo: row.protocolo,
          account: false,
          linkSent: false,
          statusUrl: `${t.env.PUBLIC_URL}/acompanhar-status?protocolo=${row.protocolo}`,
        },
      });
      expect(services.dispatched.slice(dispatchedBefore)).toEqual([notice!.id]);
      // ...so the next approval is news again.
      await decide('approve', flow, row.id, 'EM_ANALISE');
      const approvals = await emailsTo(row.email!, 'approval');
      expect(approvals).toHaveLength(2);
      expect(approvals[1]).toMatchObject({
        recipient: row.email,
        data: { flow, protocolo: row.protocolo },
      });
    },
  );

  it('approve queues no e-mail for a record without an address, and still approves', async () => {
    const { row } = await submittedPj(t, clock);
    await t.database.db
      .update(onboardingPj)
      .set({ email: null })
      .where(eq(onboardingPj.id, row.id));
    const dispatchedBefore = services.dispatched.length;
    await decide('approve', 'PJ', row.id, 'ENVIADO_PARA_ANALISE');
    expect(await recordOf('PJ', row.id)).toMatchObject({ status: 'APROVADO' });
    expect(await emailsTo(row.email!, 'approval')).toEqual([]);
    expect(services.dispatched).toHaveLength(dispatchedBefore);
  });

  it('request-changes: stores the requirements and e-mails a 30-day rectification link', async () => {
    const { row } = await submittedPf(t, clock);
    const exigencias = 'Envie um comprovante de residência dos últimos 90 dias.';
    const detail = await services.decisions.requestChanges(context('PF', row.id), {
      expectedStatus: 'EM_ANALISE',
      exigencias,
    });
    expect(detail).toMatchObject({ status: 'EM_EXIGENCIA', exigencias });
    expect((await historyOf(row.id)).at(-1)).toMatchObject({
      toStatus: 'EM_EXIGENCIA',
      reason: exigencias,
    });
    expect((await auditOf(row.id))[0]).toMatchObject({
      action: 'EM_EXIGENCIA',
      observacoes: exigencias,
    });

    const [message] = await emailsTo(row.email!, 'requirements');
    expect(message).toMatchObject({
      channel: 'email',
      status: 'pending',
      data: { nome: 'Ana Beatriz Souza', exigencias },
    });
    expect(services.dispatched).toContain(message!.id);
    const link = await linkOf(tokenOf(message!));
    expect(link).toMatchObject({
      flow: 'PF',
      recordId: row.id,
      createdAt: clock.now(),
      expiresAt: new Date(clock.now().getTime() + RECTIFICATION_LINK_TTL_MS),
      usedAt: null,
    });
    expect(RECTIFICATION_LINK_TTL_MS).toBe(30 * 24 * 60 * 60 * 1000);
    // Only the hash is stored.
    const stored = await t.database.db.select().from(rectificationLinks);
    expect(JSON.stringify(stored)).not.toContain(tokenOf(message!));
  });

  it('request-changes (PJ) greets the company by its legal name', async () => {
    const { row } = await submittedPj(t, clock);
    await services.decisions.requestChanges(context('PJ', row.id), {
      expectedStatus: 'ENVIADO_PARA_ANALISE',
      exigencias: 'Envie o alvará vigente.',
    });
    const [message] = await emailsTo(row.email!, 'requirements');
    expect(message!.data).toMatchObject({
      nome: 'Hospital Exemplo S.A.',
      exigencias: 'Envie o alvará vigente.',
    });
    expect(await linkOf(tokenOf(message!))).toMatchObject({ flow: 'PJ', recordId: row.id });
  });

  it('deny: stores the reason and e-mails it', async () => {
    const { row } = await submittedPj(t, clock);
    const motivo = 'CNPJ com situação cadastral inapta.';
    const detail = await services.decisions.deny(context('PJ', row.id), {
      expectedStatus: 'ENVIADO_PARA_ANALISE',
      motivo,
    });
    expect(detail).toMatchObject({ status: 'NEGADO', motivoNegacao: motivo });
    expect((await historyOf(row.id)).at(-1)).toMatchObject({ toStatus: 'NEGADO', reason: motivo });
    expect((await auditOf(row.id))[0]).toMatchObject({
      action: 'NEGADO',
      motivo,
      observacoes: null,
    });
    const [message] = await emailsTo(row.email!, 'denial');
    expect(message).toMatchObject({
      channel: 'email',
      data: { nome: 'Hospital Exemplo S.A.', motivo },
    });
    expect(services.dispatched).toContain(message!.id);
  });

  it('reopen clears nothing but records who reopened; a second denial e-mails again', async () => {
    const { row } = await submittedPj(t, clock);
    await services.decisions.deny(context('PJ', row.id), {
      expectedStatus: 'ENVIADO_PARA_ANALISE',
      motivo: 'Primeiro motivo.',
    });
    clock.advance(1000);
    const other = await testAdmin(t);
    const detail = await services.decisions.reopen(context('PJ', row.id, other), {
      expectedStatus: 'NEGADO',
    });
    expect(detail).toMatchObject({
      status: 'EM_ANALISE',
      motivoNegacao: 'Primeiro motivo.',
      analisadoPor: other.user.email,
      analisadoEm: clock.now().toISOString(),
      allowedActions: ['approve', 'request-changes', 'deny'],
    });
    expect((await auditOf(row.id))[0]).toMatchObject({
      action: 'VOLTAR_PARA_ANALISE',
      adminEmail: other.user.email,
    });
    await services.decisions.deny(context('PJ', row.id), {
      expectedStatus: 'EM_ANALISE',
      motivo: 'Segundo motivo.',
    });
    const denials = await emailsTo(row.email!, 'denial');
    expect(denials.map((message) => message.data.motivo)).toEqual([
      'Primeiro motivo.',
      'Segundo motivo.',
    ]);
  });

  it('resend-requirements: a new link and e-mail, audited, without a status change', async () => {
    const { row } = await submittedPf(t, clock);
    const exigencias = 'Envie a selfie novamente.';
    await services.decisions.requestChanges(context('PF', row.id), {
      expectedStatus: 'EM_ANALISE',
      exigencias,
    });
    const historyBefore = await historyOf(row.id);
    const recordBefore = await recordOf('PF', row.id);
    clock.advance(60_000);
    const other = await testAdmin(t);
    await expect(
      services.decisions.resendRequirements(context('PF', row.id, other), {
        expectedStatus: 'EM_EXIGENCIA',
      }),
    ).resolves.toBeUndefined();

    expect(await recordOf('PF', row.id)).toEqual(recordBefore);
    expect(await historyOf(row.id)).toEqual(historyBefore);
    expect((await auditOf(row.id))[0]).toMatchObject({
      action: 'REENVIO_EXIGENCIAS',
      adminEmail: other.user.email,
      adminUserId: other.user.id,
      ip: IP,
    });
    const messages = await emailsTo(row.email!, 'requirements');
    expect(messages).toHaveLength(2);
    expect(messages[1]!.data).toMatchObject({ exigencias });
    expect(services.dispatched).toContain(messages[1]!.id);
    const [first, second] = [tokenOf(messages[0]!), tokenOf(messages[1]!)];
    expect(second).not.toBe(first);
    // The earlier link stays valid until it expires (schema: a resend does not revoke).
    expect(await linkOf(first)).toBeDefined();
    expect(await linkOf(second)).toMatchObject({
      recordId: row.id,
      expiresAt: new Date(clock.now().getTime() + RECTIFICATION_LINK_TTL_MS),
    });
  });
});
