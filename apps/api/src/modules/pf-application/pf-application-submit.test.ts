import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { onboardingPf, outbox, statusHistory } from '@medipay/db/schema';
import { pfProtocolPattern } from '@medipay/shared/protocol';
import { pfClient, type PfApplicant } from '../../../test/flow-applicant';
import { startSmtpSink } from '../../../test/smtp-sink';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';

// 09:00 in São Paulo: protocols of this test carry 20261122.
const clock = createTestClock(new Date('2026-11-22T12:00:00Z'));
const day = '20261122';
let t: TestApp;
let pf: ReturnType<typeof pfClient>;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ clock, env: { KYC_CHECKS: 'sandbox', SMTP_URL: sink.url } });
  pf = pfClient(t);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const digits = (cpf: string) => cpf.replace(/\D/g, '');

async function rowOf(applicant: PfApplicant) {
  const state = (await pf.getState(applicant)).json();
  const [row] = await t.database.db
    .select()
    .from(onboardingPf)
    .where(eq(onboardingPf.email, state.values.email as string));
  return row!;
}

async function historyOf(recordId: string) {
  return t.database.db
    .select()
    .from(statusHistory)
    .where(eq(statusHistory.recordId, recordId))
    .orderBy(statusHistory.createdAt);
}

async function confirmationsFor(recordId: string) {
  return t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.idempotencyKey, `pf-confirmation:${recordId}`));
}

/** A complete application, ready to submit. */
async function readyApplicant(
  options: { cpf?: string; biometrics?: 'aprovado' | 'em_revisao' } = {},
) {
  const { biometrics, ...identity } = options;
  const applicant = await pf.applicant(identity);
  await pf.fillSteps(applicant, 5, biometrics ? { biometrics } : {});
  // The submission happens later than the saves (the history is ordered by time).
  clock.advance(1000);
  return applicant;
}

function expectIncomplete(
  response: Awaited<ReturnType<typeof pf.submit>>,
  step: number,
  title: string,
) {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json()).toEqual({
    code: 'APPLICATION_INCOMPLETE',
    message: `Revise a etapa "${title}" antes de enviar.`,
    step,
  });
}

const duplicateMessage =
  'Já existe um cadastro para este CPF em análise, em exigência ou aprovado. Em caso de dúvida, fale com o suporte.';

describe('submitting the application', () => {
  it('generates the protocol, moves to EM_ANALISE, records the history and sends the e-mail', async () => {
    const applicant = await readyApplicant();
    const response = await pf.submit(applicant);
    expect(response.statusCode, response.body).toBe(201);
    const { protocolo, email } = response.json();
    expect(protocolo).toMatch(pfProtocolPattern);
    expect(protocolo.startsWith(`MEDI-${day}-`)).toBe(true);
    expect(email).toBe(applicant.email);

    const row = await rowOf(applicant);
    expect(row).toMatchObject({
      status: 'EM_ANALISE',
      protocolo,
      consentimentoLgpd: true,
      consentimentoKyc: true,
      submittedAt: clock.now(),
      currentStep: 6,
    });
    expect(await historyOf(row.id)).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'INICIADO', actorType: 'applicant' }),
      expect.objectContaining({
        flow: 'PF',
        fromStatus: 'INICIADO',
        toStatus: 'EM_ANALISE',
        actorType: 'applicant',
        actorId: null,
        reason: null,
        createdAt: clock.now(),
      }),
    ]);

    const [message] = await confirmationsFor(row.id);
    expect(message).toMatchObject({
      channel: 'email',
      template: 'pf-confirmation',
      recipient: applicant.email,
      data: { nome: 'Ana Beatriz Souza', protocolo },
      status: 'pending',
    });
    expect(await t.app.outbox.drain()).toBeGreaterThanOrEqual(1);
    const mail = sink.messages.find(
      (entry) => entry.to.includes(applicant.email) && entry.subject.includes(protocolo),
    );
    expect(mail?.subject).toBe(`Cadastro recebido - protocolo ${protocolo}`);
    expect(mail?.text).toContain(protocolo);
    expect(mail?.text).toContain('Olá, Ana Beatriz Souza!');

    const state = (await pf.getState(applicant)).json();
    expect(state).toMatchObject({
      status: 'EM_ANALISE',
      protocolo,
      currentStep: 6,
      values: { consentimentoLgpd: true, consentimentoKyc: true },
    });
  });

  it('sends an application whose biometric check is em revisão, flagged for the reviewer', async () => {
    const applicant = await readyApplicant({ biometrics: 'em_revisao' });
    const response = await pf.submit(applicant);
    expect(response.statusCode, response.body).toBe(201);
    expect(await rowOf(applicant)).toMatchObject({
      status: 'EM_ANALISE',
      livenessPassed: true,
      biometriaDecisao: 'em_revisao',
    });
  });

  it('happens once: a second submit and any later save are refused', async () => {
    const applicant = await readyApplicant();
    expect((await pf.submit(applicant)).statusCode).toBe(201);
    const alreadySubmitted = {
      code: 'ALREADY_SUBMITTED',
      message: 'Este cadastro já foi enviado para análise.',
    };
    const again = await pf.submit(applicant);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(alreadySubmitted);
    const save = await pf.saveStep(applicant, 5, { pepTipo: 'NAO' });
    expect(save.statusCode).toBe(409);
    expect(save.json()).toEqual(alreadySubmitted);
    const row = await rowOf(applicant);
    expect(await historyOf(row.id)).toHaveLength(2);
    expect(await confirmationsFor(row.id)).toHaveLength(1);
  });

  it('needs both consents', async () => {
    const applicant = await readyApplicant();
    const noLgpd = await pf.submit(applicant, { lgpd: false, kyc: true });
    expect(noLgpd.statusCode).toBe(400);
    expect(noLgpd.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Consentimento LGPD é obrigatório',
    });
    const noKyc = await pf.submit(applicant, { lgpd: true, kyc: false });
    expect(noKyc.json().message).toBe('Consentimento KYC é obrigatório');
    expect((await rowOf(applicant)).status).toBe('INICIADO');
  });
});

describe('submit preconditions', () => {
  it('names step 1 when there is no application yet', async () => {
    const applicant = await pf.applicant();
    expectIncomplete(await pf.submit(applicant), 1, 'Identificação');
  });

  it('names the first step not saved yet', async () => {
    const applicant = await pf.applicant();
    await pf.fillSteps(applicant, 2);
    expectIncomplete(await pf.submit(applicant), 3, 'Documentos e Profissão');
    const more = await pf.applicant();
    await pf.fillSteps(more, 4);
    expectIncomplete(await pf.submit(more), 5, 'PEP');
  });

  it('names step 1 when a stored contact is no longer the verified one', async () => {
    const applicant = await readyApplicant();
    // The session verifies another e-mail after step 1 was saved (past the resend cooldown).
    clock.advance(61_000);
    await pf.verifyContact(applicant, 'email', 'novo.endereco@example.com');
    expectIncomplete(await pf.submit(applicant), 1, 'Identificação');

    const phone = await readyApplicant();
    clock.advance(61_000);
    await pf.verifyContact(phone, 'phone', '(21) 99876-5432', '+5521998765432');
    expectIncomplete(await pf.submit(phone), 1, 'Identificação');
    expect((await rowOf(phone)).status).toBe('INICIADO');
  });

  it('names step 4 when the newest biometric check is not the passed one of the stored photos', async () => {
    const applicant = await readyApplicant();
    await pf.biometricCheck(applicant, { outcome: 'reprovado' });
    expectIncomplete(await pf.submit(applicant), 4, 'Biometria e Verificação');
    // Nor one em revisão of other photos.
    await pf.biometricCheck(applicant, { outcome: 'em_revisao' });
    expectIncomplete(await pf.submit(applicant), 4, 'Biometria e Verificação');

    // A new passing check of other photos does not count for the stored ones either.
    await pf.biometricCheck(applicant);
    expectIncomplete(await pf.submit(applicant), 4, 'Biometria e Verificação');
  });

  it('names step 4 when the identity document changed after the check', async () => {
    const applicant = await readyApplicant();
    const state = (await pf.getState(applicant)).json();
    const front = await pf.upload(applicant, 'docIdentidadeFrente');
    await pf.saveStep(applicant, 3, pf.values.professional(front, state.values.docIdentidadeVerso));
    expectIncomplete(await pf.submit(applicant), 4, 'Biometria e Verificação');
  });

  it('checks the stored record itself, not only what the steps answered', async () => {
    const applicant = await readyApplicant();
    const row = await rowOf(applicant);
    // A document row that disappeared (e.g. removed by an operator) makes step 2 incomplete.
    await t.database.db
      .update(onboardingPf)
      .set({ comprovanteResidenciaUrl: '/api/documents/00000000-0000-4000-8000-000000000000' })
      .where(eq(onboardingPf.id, row.id));
    expectIncomplete(await pf.submit(applicant), 2, 'Endereço');
  });
});

describe('rate limits', () => {
  it('limits submits per session, so applicants behind one address do not share a limit', async () => {
    const applicant = await pf.applicant({ verified: false });
    const neighbour = {
      ...(await pf.applicant({ verified: false })),
      remoteAddress: applicant.remoteAddress,
    };
    for (let attempt = 0; attempt < 20; attempt += 1)
      expect((await pf.submit(applicant)).statusCode).toBe(422);
    const limited = await pf.submit(applicant);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await pf.submit(neighbour)).statusCode).toBe(422);
  });
});

describe('one application per CPF in analysis, in requirements or approved', () => {
  it('refuses a second application for the CPF, and accepts it once the first is denied', async () => {
    const first = await readyApplicant();
    expect((await pf.submit(first)).statusCode).toBe(201);

    const second = await readyApplicant({ cpf: first.cpf });
    const refused = await pf.submit(second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'DUPLICATE_CPF', message: duplicateMessage });
    const row = await rowOf(second);
    expect(row).toMatchObject({ status: 'INICIADO', protocolo: null, submittedAt: null });
    expect(await confirmationsFor(row.id)).toHaveLength(0);

    for (const status of ['EM_EXIGENCIA', 'APROVADO']) {
      await t.database.db
        .update(onboardingPf)
        .set({ status })
        .where(eq(onboardingPf.id, (await rowOf(first)).id));
      expect((await pf.submit(second)).statusCode).toBe(409);
    }
    await t.database.db
      .update(onboardingPf)
      .set({ status: 'NEGADO' })
      .where(eq(onboardingPf.id, (await rowOf(first)).id));
    expect((await pf.submit(second)).statusCode).toBe(201);
  });

  it('lets exactly one of two simultaneous submissions of a CPF through', async () => {
    const cpf = (await pf.applicant({ verified: false })).cpf;
    const one = await readyApplicant({ cpf });
    const other = await readyApplicant({ cpf });
    const answers = await Promise.all([pf.submit(one), pf.submit(other)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().code).toBe('DUPLICATE_CPF');
    const rows = await t.database.db
      .select({ status: onboardingPf.status, protocolo: onboardingPf.protocolo })
      .from(onboardingPf)
      .where(eq(onboardingPf.cpf, digits(cpf)));
    expect(rows.map((entry) => entry.status).sort()).toEqual(['EM_ANALISE', 'INICIADO']);
    expect(rows.filter((entry) => entry.protocolo !== null)).toHaveLength(1);
  });

  it('is enforced by the database itself', async () => {
    const cpf = (await pf.applicant({ verified: false })).cpf;
    const one = await readyApplicant({ cpf });
    const other = await readyApplicant({ cpf });
    expect((await pf.submit(one)).statusCode).toBe(201);
    await expect(
      t.database.db
        .update(onboardingPf)
        .set({ status: 'APROVADO' })
        .where(eq(onboardingPf.id, (await rowOf(other)).id)),
    ).rejects.toThrow();
  });
});

describe('the submission transaction', () => {
  const failOn = async (table: 'status_history' | 'outbox') => {
    await t.database.executeSql(`
      create or replace function test_fail_insert() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure'; end $$;
      create trigger test_fail_insert before insert on ${table}
        for each row execute function test_fail_insert();
    `);
    return () => t.database.executeSql(`drop trigger test_fail_insert on ${table}`);
  };
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()!();
  });

  it.each(['status_history', 'outbox'] as const)(
    'leaves no half-submitted record when writing %s fails after the protocol',
    async (table) => {
      const applicant = await readyApplicant();
      const before = await rowOf(applicant);
      const restore = await failOn(table);
      cleanups.push(restore);
      const response = await pf.submit(applicant);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        code: 'INTERNAL_ERROR',
        message: 'Não foi possível concluir a operação. Tente novamente em alguns instantes.',
      });
      expect(await rowOf(applicant)).toEqual(before);
      expect(await historyOf(before.id)).toHaveLength(1);
      expect(await confirmationsFor(before.id)).toHaveLength(0);

      await cleanups.pop()!();
      const retried = await pf.submit(applicant);
      expect(retried.statusCode).toBe(201);
      expect(await confirmationsFor(before.id)).toHaveLength(1);
    },
  );

  /** Takes protocols of the test day (`MEDI-20261122-NNNN`) for the numbers given. */
  async function takeProtocols(where: string) {
    await t.database.executeSql(`
      insert into applicant_sessions (id, flow)
        select 'sess_taken' || lpad(n::text, 4, '0'), 'PF' from generate_series(0, 9999) n
          where ${where}
        on conflict do nothing;
      insert into onboarding_pf (session_id, status, protocolo)
        select 'sess_taken' || lpad(n::text, 4, '0'), 'NEGADO', 'MEDI-${day}-' || lpad(n::text, 4, '0')
          from generate_series(0, 9999) n where ${where}
        on conflict do nothing;
    `);
  }

  it('tries other protocols when one is taken', async () => {
    await takeProtocols('n % 2 = 0');
    const applicant = await readyApplicant();
    const response = await pf.submit(applicant);
    expect(response.statusCode, response.body).toBe(201);
    expect(Number(response.json().protocolo.slice(-4)) % 2).toBe(1);
  });

  it('gives up with 503 and changes nothing when every protocol of the day is taken', async () => {
    await takeProtocols('true');
    const applicant = await readyApplicant();
    const before = await rowOf(applicant);
    const response = await pf.submit(applicant);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Não foi possível enviar seus dados. Tente novamente.',
    });
    expect(await rowOf(applicant)).toEqual(before);
    expect(await historyOf(before.id)).toHaveLength(1);
    expect(await confirmationsFor(before.id)).toHaveLength(0);

    // The next day has room again.
    clock.advance(24 * 3600_000);
    const next = await pf.submit(applicant);
    expect(next.statusCode).toBe(201);
    expect(next.json().protocolo).toMatch(/^MEDI-20261123-\d{4}$/);
    const [{ count }] = (
      await t.database.executeSql(
        `select count(*)::int as count from onboarding_pf where protocolo like 'MEDI-${day}-%'`,
      )
    ).rows as [{ count: number }];
    expect(count).toBe(10_000);
  });
});
