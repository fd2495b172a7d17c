import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { onboardingPj, outbox, statusHistory } from '@medipay/db/schema';
import { pjProtocolPattern } from '@medipay/shared/protocol';
import { cnpjFrom, maskedCnpj } from '../../../test/cnpj';
import { pjClient, type PjApplicant } from '../../../test/flow-applicant';
import { startSmtpSink } from '../../../test/smtp-sink';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';

// 09:00 in São Paulo: protocols of this test carry 20261122.
const clock = createTestClock(new Date('2026-11-22T12:00:00Z'));
const day = '20261122';
let t: TestApp;
let pj: ReturnType<typeof pjClient>;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ clock, env: { SMTP_URL: sink.url } });
  pj = pjClient(t);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

async function rowOf(applicant: PjApplicant) {
  const [row] = await t.database.db
    .select()
    .from(onboardingPj)
    .where(eq(onboardingPj.email, applicant.email));
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
    .where(eq(outbox.idempotencyKey, `pj-confirmation:${recordId}`));
}

/** A complete application, ready to submit. */
async function readyApplicant(options: { cnpj?: string } = {}) {
  const applicant = await pj.applicant(options);
  await pj.fillSteps(applicant);
  // The submission happens later than the saves (the history is ordered by time).
  clock.advance(1000);
  return applicant;
}

function expectIncomplete(
  response: Awaited<ReturnType<typeof pj.submit>>,
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
  'Já existe um cadastro para este CNPJ em análise, em exigência ou aprovado. Em caso de dúvida, fale com o suporte.';

describe('submitting the application', () => {
  it('generates the protocol, moves to ENVIADO_PARA_ANALISE, records the history and sends the e-mail', async () => {
    const applicant = await readyApplicant();
    const response = await pj.submit(applicant);
    expect(response.statusCode, response.body).toBe(201);
    const { protocolo, email } = response.json();
    expect(protocolo).toMatch(pjProtocolPattern);
    expect(protocolo.startsWith(`PJ-${day}-`)).toBe(true);
    expect(email).toBe(applicant.email);

    const row = await rowOf(applicant);
    expect(row).toMatchObject({
      status: 'ENVIADO_PARA_ANALISE',
      protocolo,
      emailVerificado: true,
      telefoneVerificado: true,
      consentimentoLgpd: true,
      consentimentoKyc: true,
      submittedAt: clock.now(),
      updatedAt: clock.now(),
      currentStep: 6,
    });
    expect(await historyOf(row.id)).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'INICIADO', actorType: 'applicant' }),
      expect.objectContaining({
        flow: 'PJ',
        fromStatus: 'INICIADO',
        toStatus: 'ENVIADO_PARA_ANALISE',
        actorType: 'applicant',
        actorId: null,
        reason: null,
        createdAt: clock.now(),
      }),
    ]);

    const [message] = await confirmationsFor(row.id);
    expect(message).toMatchObject({
      channel: 'email',
      template: 'pj-confirmation',
      recipient: applicant.email,
      data: { razaoSocial: 'Hospital Exemplo S.A.', protocolo },
    });
    // Dispatched after the commit; anything left is delivered by the outbox job.
    await t.app.outbox.drain();
    expect((await confirmationsFor(row.id))[0]).toMatchObject({ status: 'sent' });
    const mail = sink.messages.find(
      (entry) => entry.to.includes(applicant.email) && entry.subject.includes(protocolo),
    );
    expect(mail?.subject).toBe(`Cadastro recebido - protocolo ${protocolo}`);
    expect(mail?.text).toContain(protocolo);
    expect(mail?.text).toContain('Olá, Hospital Exemplo S.A.!');

    const state = (await pj.getState(applicant)).json();
    expect(state).toMatchObject({
      status: 'ENVIADO_PARA_ANALISE',
      protocolo,
      currentStep: 6,
      values: { consentimentoLgpd: true, consentimentoKyc: true },
    });
  });

  it('takes an alphanumeric CNPJ end to end', async () => {
    const cnpj = cnpjFrom('AB7CD12E0001');
    const applicant = await pj.applicant({ cnpj });
    await pj.fillSteps(applicant);
    const response = await pj.submit(applicant);
    expect(response.statusCode, response.body).toBe(201);
    expect(await rowOf(applicant)).toMatchObject({ cnpj, status: 'ENVIADO_PARA_ANALISE' });
    expect((await pj.getState(applicant)).json().values.cnpj).toBe(cnpj);

    // The same CNPJ typed in lower case with its mask is the same company.
    const second = await pj.applicant({ cnpj });
    await pj.fillSteps(second, 1);
    const typed = await pj.saveStep(second, 1, {
      ...pj.values.company(second),
      cnpj: maskedCnpj(cnpj).toLowerCase(),
    });
    expect(typed.json().values.cnpj).toBe(cnpj);
    await pj.fillSteps(second);
    const refused = await pj.submit(second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('DUPLICATE_CNPJ');
  });

  it('happens once: a second submit and any later save are refused', async () => {
    const applicant = await readyApplicant();
    expect((await pj.submit(applicant)).statusCode).toBe(201);
    const alreadySubmitted = {
      code: 'ALREADY_SUBMITTED',
      message: 'Este cadastro já foi enviado para análise.',
    };
    const again = await pj.submit(applicant);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(alreadySubmitted);
    const save = await pj.saveStep(applicant, 5, pj.values.finance());
    expect(save.statusCode).toBe(409);
    expect(save.json()).toEqual(alreadySubmitted);
    const row = await rowOf(applicant);
    expect(await historyOf(row.id)).toHaveLength(2);
    expect(await confirmationsFor(row.id)).toHaveLength(1);
  });

  it('needs both consents', async () => {
    const applicant = await readyApplicant();
    const noLgpd = await pj.submit(applicant, { lgpd: false, kyc: true });
    expect(noLgpd.statusCode).toBe(400);
    expect(noLgpd.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Consentimento LGPD é obrigatório',
    });
    const noKyc = await pj.submit(applicant, { lgpd: true, kyc: false });
    expect(noKyc.json().message).toBe('Consentimento KYC é obrigatório');
    expect((await rowOf(applicant)).status).toBe('INICIADO');
  });
});

describe('submit preconditions', () => {
  it('names step 1 when there is no application yet', async () => {
    const applicant = await pj.applicant();
    expectIncomplete(await pj.submit(applicant), 1, 'Dados da Empresa');
  });

  it('names the first step not saved yet', async () => {
    for (const [through, step, title] of [
      [1, 2, 'Endereço'],
      [2, 3, 'Responsável Legal'],
      [3, 4, 'Documentos'],
      [4, 5, 'Dados Financeiros'],
    ] as const) {
      const applicant = await pj.applicant();
      await pj.fillSteps(applicant, through);
      expectIncomplete(await pj.submit(applicant), step, title);
      expect((await rowOf(applicant)).status).toBe('INICIADO');
    }
  });

  it('names step 1 when a stored contact is no longer the verified one', async () => {
    const applicant = await readyApplicant();
    // The session verifies another e-mail after step 1 was saved (past the resend cooldown).
    clock.advance(61_000);
    await pj.verifyContact(applicant, 'email', 'novo.endereco@example.com');
    expectIncomplete(await pj.submit(applicant), 1, 'Dados da Empresa');

    const phone = await readyApplicant();
    clock.advance(61_000);
    await pj.verifyContact(phone, 'phone', '(21) 99876-5432', '+5521998765432');
    expectIncomplete(await pj.submit(phone), 1, 'Dados da Empresa');
    expect((await rowOf(phone)).status).toBe('INICIADO');
  });

  it('checks the stored record itself, not only what the steps answered', async () => {
    const applicant = await readyApplicant();
    const row = await rowOf(applicant);
    // A document row that disappeared makes its step incomplete.
    await t.database.db
      .update(onboardingPj)
      .set({ contratoSocialUrl: '/api/documents/00000000-0000-4000-8000-000000000000' })
      .where(eq(onboardingPj.id, row.id));
    expectIncomplete(await pj.submit(applicant), 4, 'Documentos');
    // A value changed behind the API is checked again.
    await t.database.db
      .update(onboardingPj)
      .set({ conta: '12.345' })
      .where(eq(onboardingPj.id, row.id));
    expectIncomplete(await pj.submit(applicant), 4, 'Documentos');
    await t.database.db
      .update(onboardingPj)
      .set({ responsavelCpf: '11111111111' })
      .where(eq(onboardingPj.id, row.id));
    expectIncomplete(await pj.submit(applicant), 3, 'Responsável Legal');
    await t.database.db
      .update(onboardingPj)
      .set({ emailVerificado: false })
      .where(eq(onboardingPj.id, row.id));
    expectIncomplete(await pj.submit(applicant), 1, 'Dados da Empresa');
    expect((await rowOf(applicant)).status).toBe('INICIADO');
  });
});

describe('one application per CNPJ sent, in analysis, in requirements or approved', () => {
  it('refuses a second application for the CNPJ, and accepts it once the first is denied', async () => {
    const first = await readyApplicant();
    expect((await pj.submit(first)).statusCode).toBe(201);

    const second = await readyApplicant({ cnpj: first.cnpj });
    const refused = await pj.submit(second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'DUPLICATE_CNPJ', message: duplicateMessage });
    const row = await rowOf(second);
    expect(row).toMatchObject({ status: 'INICIADO', protocolo: null, submittedAt: null });
    expect(await confirmationsFor(row.id)).toHaveLength(0);

    for (const status of ['EM_ANALISE', 'EM_EXIGENCIA', 'APROVADO']) {
      await t.database.db
        .update(onboardingPj)
        .set({ status })
        .where(eq(onboardingPj.id, (await rowOf(first)).id));
      const again = await pj.submit(second);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('DUPLICATE_CNPJ');
    }
    await t.database.db
      .update(onboardingPj)
      .set({ status: 'NEGADO' })
      .where(eq(onboardingPj.id, (await rowOf(first)).id));
    expect((await pj.submit(second)).statusCode).toBe(201);
  });

  it('lets exactly one of two simultaneous submissions of a CNPJ through', async () => {
    const cnpj = (await pj.applicant({ verified: false })).cnpj;
    const one = await readyApplicant({ cnpj });
    const other = await readyApplicant({ cnpj });
    const answers = await Promise.all([pj.submit(one), pj.submit(other)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().code).toBe('DUPLICATE_CNPJ');
    const rows = await t.database.db
      .select({ status: onboardingPj.status, protocolo: onboardingPj.protocolo })
      .from(onboardingPj)
      .where(eq(onboardingPj.cnpj, cnpj));
    expect(rows.map((entry) => entry.status).sort()).toEqual(['ENVIADO_PARA_ANALISE', 'INICIADO']);
    expect(rows.filter((entry) => entry.protocolo !== null)).toHaveLength(1);
  });

  it('is enforced by the database itself', async () => {
    const cnpj = (await pj.applicant({ verified: false })).cnpj;
    const one = await readyApplicant({ cnpj });
    const other = await readyApplicant({ cnpj });
    expect((await pj.submit(one)).statusCode).toBe(201);
    for (const status of ['ENVIADO_PARA_ANALISE', 'EM_ANALISE', 'EM_EXIGENCIA', 'APROVADO']) {
      await expect(
        t.database.db
          .update(onboardingPj)
          .set({ status })
          .where(eq(onboardingPj.id, (await rowOf(other)).id)),
      ).rejects.toThrow();
    }
    // A masked or lower-case CNPJ cannot get around it: the column holds the canonical form.
    for (const variant of [maskedCnpj(cnpj), 'ab7cd12e000100']) {
      await expect(
        t.database.db
          .update(onboardingPj)
          .set({ cnpj: variant })
          .where(eq(onboardingPj.id, (await rowOf(other)).id)),
      ).rejects.toThrow();
    }
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
      const response = await pj.submit(applicant);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        code: 'INTERNAL_ERROR',
        message: 'Não foi possível concluir a operação. Tente novamente em alguns instantes.',
      });
      expect(await rowOf(applicant)).toEqual(before);
      expect(await historyOf(before.id)).toHaveLength(1);
      expect(await confirmationsFor(before.id)).toHaveLength(0);

      await cleanups.pop()!();
      const retried = await pj.submit(applicant);
      expect(retried.statusCode).toBe(201);
      expect(await confirmationsFor(before.id)).toHaveLength(1);
    },
  );

  /** Takes protocols of the test day (`PJ-20261122-NNNN`) for the numbers given (1000-9999). */
  async function takeProtocols(where: string) {
    await t.database.executeSql(`
      insert into applicant_sessions (id, flow)
        select 'pj_taken' || n::text, 'PJ' from generate_series(1000, 9999) n where ${where}
        on conflict do nothing;
      insert into onboarding_pj (session_id, status, protocolo)
        select 'pj_taken' || n::text, 'NEGADO', 'PJ-${day}-' || n::text
          from generate_series(1000, 9999) n where ${where}
        on conflict do nothing;
    `);
  }

  it('tries other protocols when one is taken', async () => {
    await takeProtocols('n % 2 = 0');
    const applicant = await readyApplicant();
    const response = await pj.submit(applicant);
    expect(response.statusCode, response.body).toBe(201);
    expect(Number(response.json().protocolo.slice(-4)) % 2).toBe(1);
  });

  it('gives up with 503 and changes nothing when every protocol of the day is taken', async () => {
    await takeProtocols('true');
    const applicant = await readyApplicant();
    const before = await rowOf(applicant);
    const response = await pj.submit(applicant);
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
    const next = await pj.submit(applicant);
    expect(next.statusCode).toBe(201);
    expect(next.json().protocolo).toMatch(/^PJ-20261123-\d{4}$/);
  });
});
