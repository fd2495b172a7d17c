import { eq, getTableName } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verificationMessages } from '@medipay/shared/applicant-session';
import { flowCases, type FlowCase } from '../../../test/application-cases';
import {
  confirmationsFor,
  expectIncomplete,
  historyOf,
  readyApplicant,
  storedRow,
} from '../../../test/application-checks';
import type { Applicant, FlowClient } from '../../../test/flow-applicant';
import { startSmtpSink } from '../../../test/smtp-sink';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';

// 09:00 in São Paulo: protocols of each flow's tests carry 20261122 (the clock starts there again
// for each flow).
const start = new Date('2026-11-22T12:00:00Z');
const clock = createTestClock(start);
const day = '20261122';
let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ clock, env: { KYC_CHECKS: 'sandbox', SMTP_URL: sink.url } });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const rowOf = async (table: FlowCase['table'], applicant: Applicant) =>
  (await storedRow(t, table, applicant))!;

describe.each(flowCases)('the $flow submission', (flowCase) => {
  const { flow, table, submittedStatus, stepTitles } = flowCase;
  let client: FlowClient;
  beforeAll(() => {
    clock.set(start);
    client = flowCase.client(t);
  });
  const ready = (options?: Parameters<typeof readyApplicant>[2]) =>
    readyApplicant(client, clock, options);
  const confirmations = (recordId: string) => confirmationsFor(t, flow, recordId);
  const setStatus = async (applicant: Applicant, status: string) =>
    t.database.db
      .update(table)
      .set({ status })
      .where(eq(table.id, (await rowOf(table, applicant)).id));

  describe('submitting the application', () => {
    it(`generates the protocol, moves to ${submittedStatus}, records the history and sends the e-mail`, async () => {
      const applicant = await ready();
      const response = await client.submit(applicant);
      expect(response.statusCode, response.body).toBe(201);
      const { protocolo, email } = response.json();
      expect(protocolo).toMatch(flowCase.protocol.pattern);
      expect(protocolo.startsWith(`${flowCase.protocol.prefix}-${day}-`)).toBe(true);
      expect(email).toBe(applicant.email);

      const row = await rowOf(table, applicant);
      expect(row).toMatchObject({
        status: submittedStatus,
        protocolo,
        emailVerificado: true,
        telefoneVerificado: true,
        consentimentoLgpd: true,
        consentimentoKyc: true,
        submittedAt: clock.now(),
        updatedAt: clock.now(),
        currentStep: 6,
      });
      expect(await historyOf(t, row.id)).toEqual([
        expect.objectContaining({ fromStatus: null, toStatus: 'INICIADO', actorType: 'applicant' }),
        expect.objectContaining({
          flow,
          fromStatus: 'INICIADO',
          toStatus: submittedStatus,
          actorType: 'applicant',
          actorId: null,
          reason: null,
          createdAt: clock.now(),
        }),
      ]);

      const [message] = await confirmations(row.id);
      expect(message).toMatchObject({
        channel: 'email',
        template: flowCase.confirmation.template,
        recipient: applicant.email,
        data: { ...flowCase.confirmation.data, protocolo },
        status: 'pending',
      });
      // Dispatched after the commit; anything left is delivered by the outbox job.
      expect(await t.app.outbox.drain()).toBeGreaterThanOrEqual(1);
      expect((await confirmations(row.id))[0]).toMatchObject({ status: 'sent' });
      const mail = sink.messages.find(
        (entry) => entry.to.includes(applicant.email) && entry.subject.includes(protocolo),
      );
      expect(mail?.subject).toBe(`Cadastro recebido - protocolo ${protocolo}`);
      expect(mail?.text).toContain(protocolo);
      expect(mail?.text).toContain(flowCase.confirmation.greeting);

      // The session now opens the status page only (issue 23, item 7): the application is not
      // read back through it.
      const state = await client.getState(applicant);
      expect(state.statusCode).toBe(403);
      expect(state.json()).toEqual({
        code: 'ALREADY_SUBMITTED',
        message: verificationMessages.submitted,
      });
      expect(row).toMatchObject({ consentimentoLgpd: true, consentimentoKyc: true });
    });

    it('happens once: a second submit and any later save are refused', async () => {
      const applicant = await ready();
      expect((await client.submit(applicant)).statusCode).toBe(201);
      const submittedSession = {
        code: 'ALREADY_SUBMITTED',
        message: verificationMessages.submitted,
      };
      // The session opens the status page only from then on (403); the record itself refuses a
      // second submission too (409), whatever the session.
      const values = await client.stepValues(applicant, 5);
      const again = await client.submit(applicant);
      expect(again.statusCode).toBe(403);
      expect(again.json()).toEqual(submittedSession);
      const save = await client.saveStep(applicant, 5, values);
      expect(save.statusCode).toBe(403);
      expect(save.json()).toEqual(submittedSession);
      const row = await rowOf(table, applicant);
      expect(await historyOf(t, row.id)).toHaveLength(2);
      expect(await confirmations(row.id)).toHaveLength(1);
    });

    it('needs both consents', async () => {
      const applicant = await ready();
      const noLgpd = await client.submit(applicant, { lgpd: false, kyc: true });
      expect(noLgpd.statusCode).toBe(400);
      expect(noLgpd.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Consentimento LGPD é obrigatório',
      });
      const noKyc = await client.submit(applicant, { lgpd: true, kyc: false });
      expect(noKyc.json().message).toBe('Consentimento KYC é obrigatório');
      expect((await rowOf(table, applicant)).status).toBe('INICIADO');
    });
  });

  describe('submit preconditions', () => {
    it('names step 1 when there is no application yet', async () => {
      const applicant = await client.applicant();
      expectIncomplete(await client.submit(applicant), 1, stepTitles[1]);
    });

    it('names the first step not saved yet', async () => {
      for (const [through, step] of [
        [1, 2],
        [2, 3],
        [3, 4],
        [4, 5],
      ] as const) {
        const applicant = await client.applicant();
        await client.fillSteps(applicant, through);
        expectIncomplete(await client.submit(applicant), step, stepTitles[step]);
        expect((await rowOf(table, applicant)).status).toBe('INICIADO');
      }
    });

    it('names step 1 when a stored contact is no longer the verified one', async () => {
      const applicant = await ready();
      // The session verifies another e-mail after step 1 was saved (past the resend cooldown).
      clock.advance(61_000);
      await client.verifyContact(applicant, 'email', 'novo.endereco@example.com');
      expectIncomplete(await client.submit(applicant), 1, stepTitles[1]);

      const phone = await ready();
      clock.advance(61_000);
      await client.verifyContact(phone, 'phone', '(21) 99876-5432', '+5521998765432');
      expectIncomplete(await client.submit(phone), 1, stepTitles[1]);
      expect((await rowOf(table, phone)).status).toBe('INICIADO');
    });

    it('checks the stored record itself, not only what the steps answered', async () => {
      const applicant = await ready();
      const row = await rowOf(table, applicant);
      for (const [set, step] of flowCase.tampering) {
        await t.database.db.update(table).set(set).where(eq(table.id, row.id));
        expectIncomplete(await client.submit(applicant), step, stepTitles[step]);
      }
      expect((await rowOf(table, applicant)).status).toBe('INICIADO');
    });
  });

  describe('rate limits', () => {
    it('limits submits per session, so applicants behind one address do not share a limit', async () => {
      const applicant = await client.applicant({ verified: false });
      const neighbour = {
        ...(await client.applicant({ verified: false })),
        remoteAddress: applicant.remoteAddress,
      };
      for (let attempt = 0; attempt < 20; attempt += 1)
        expect((await client.submit(applicant)).statusCode).toBe(422);
      const limited = await client.submit(applicant);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
      expect((await client.submit(neighbour)).statusCode).toBe(422);
    });
  });

  const { taxIdName } = flowCase;
  describe(`one application per ${taxIdName} in ${flowCase.holdingStatuses.join(', ')}`, () => {
    it(`refuses a second application for the ${taxIdName}, and accepts it once the first is denied`, async () => {
      const first = await ready();
      expect((await client.submit(first)).statusCode).toBe(201);

      const second = await ready(flowCase.sameTaxId(first));
      const refused = await client.submit(second);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual(flowCase.duplicate);
      const row = await rowOf(table, second);
      expect(row).toMatchObject({ status: 'INICIADO', protocolo: null, submittedAt: null });
      expect(await confirmations(row.id)).toHaveLength(0);

      for (const status of flowCase.holdingStatuses.filter((held) => held !== submittedStatus)) {
        await setStatus(first, status);
        const again = await client.submit(second);
        expect(again.statusCode).toBe(409);
        expect(again.json().code).toBe(flowCase.duplicate.code);
      }
      await setStatus(first, 'NEGADO');
      expect((await client.submit(second)).statusCode).toBe(201);
    });

    it(`lets exactly one of two simultaneous submissions of a ${taxIdName} through`, async () => {
      const taxId = flowCase.sameTaxId(await client.applicant({ verified: false }));
      const one = await ready(taxId);
      const other = await ready(taxId);
      const answers = await Promise.all([client.submit(one), client.submit(other)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)!.json().code).toBe(
        flowCase.duplicate.code,
      );
      const rows = await t.database.db
        .select({ status: table.status, protocolo: table.protocolo })
        .from(table)
        .where(eq(flowCase.taxIdColumn, flowCase.storedTaxId(one)));
      expect(rows.map((entry) => entry.status).sort()).toEqual(
        [submittedStatus, 'INICIADO'].sort(),
      );
      expect(rows.filter((entry) => entry.protocolo !== null)).toHaveLength(1);
    });

    it('is enforced by the database itself', async () => {
      const taxId = flowCase.sameTaxId(await client.applicant({ verified: false }));
      const one = await ready(taxId);
      const other = await ready(taxId);
      expect((await client.submit(one)).statusCode).toBe(201);
      for (const status of flowCase.holdingStatuses)
        await expect(setStatus(other, status)).rejects.toThrow();
      // A tax id in another form cannot get around it: the column holds the canonical form.
      const otherId = (await rowOf(table, other)).id;
      for (const variant of flowCase.taxIdVariants(flowCase.storedTaxId(one))) {
        await expect(
          t.database.db
            .update(table)
            .set({ [flowCase.taxIdField]: variant })
            .where(eq(table.id, otherId)),
        ).rejects.toThrow();
      }
    });
  });

  describe('the submission transaction', () => {
    /** A refused submission, of which nothing remains: the row as it was, no history, no e-mail. */
    const expectRefused = async (
      applicant: Applicant,
      before: { id: string },
      status: number,
      error: { code: string; message: string },
    ) => {
      const response = await client.submit(applicant);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual(error);
      expect(await rowOf(table, applicant)).toEqual(before);
      expect(await historyOf(t, before.id)).toHaveLength(1);
      expect(await confirmations(before.id)).toHaveLength(0);
    };
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
      async (failing) => {
        const applicant = await ready();
        const before = await rowOf(table, applicant);
        const restore = await failOn(failing);
        cleanups.push(restore);
        await expectRefused(applicant, before, 500, {
          code: 'INTERNAL_ERROR',
          message: 'Não foi possível concluir a operação. Tente novamente em alguns instantes.',
        });

        await cleanups.pop()!();
        const retried = await client.submit(applicant);
        expect(retried.statusCode).toBe(201);
        expect(await confirmations(before.id)).toHaveLength(1);
      },
    );

    /** Takes protocols of the test day (e.g. `MEDI-20261122-NNNN`) for the numbers given. */
    async function takeProtocols(where: string) {
      const { prefix, first } = flowCase.protocol;
      const session = `'${flowCase.sessionPrefix}taken' || lpad(n::text, 4, '0')`;
      await t.database.executeSql(`
        insert into applicant_sessions (id, flow)
          select ${session}, '${flow}' from generate_series(${first}, 9999) n where ${where}
          on conflict do nothing;
        insert into ${getTableName(table)} (session_id, status, protocolo)
          select ${session}, 'NEGADO', '${prefix}-${day}-' || lpad(n::text, 4, '0')
            from generate_series(${first}, 9999) n where ${where}
          on conflict do nothing;
      `);
    }

    it('tries other protocols when one is taken', async () => {
      await takeProtocols('n % 2 = 0');
      const applicant = await ready();
      const response = await client.submit(applicant);
      expect(response.statusCode, response.body).toBe(201);
      expect(Number(response.json().protocolo.slice(-4)) % 2).toBe(1);
    });

    it('gives up with 503 and changes nothing when every protocol of the day is taken', async () => {
      await takeProtocols('true');
      const applicant = await ready();
      const before = await rowOf(table, applicant);
      await expectRefused(applicant, before, 503, {
        code: 'SERVICE_UNAVAILABLE',
        message: 'Não foi possível enviar seus dados. Tente novamente.',
      });

      // The next day has room again (the session, idle less than a day, still open).
      clock.advance(20 * 3600_000);
      const next = await client.submit(applicant);
      expect(next.statusCode).toBe(201);
      expect(next.json().protocolo).toMatch(new RegExp(`^${flowCase.protocol.prefix}-20261123-`));
      expect(next.json().protocolo).toMatch(flowCase.protocol.pattern);
      const [{ count }] = (
        await t.database.executeSql(
          `select count(*)::int as count from ${getTableName(table)} where protocolo like '${flowCase.protocol.prefix}-${day}-%'`,
        )
      ).rows as [{ count: number }];
      expect(count).toBe(flowCase.protocol.perDay);
    });
  });
});
