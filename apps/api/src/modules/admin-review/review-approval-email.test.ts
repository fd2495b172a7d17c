import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '@medipay/db/schema';
import { statusNextSteps } from '@medipay/shared/application-status';
import { adminSession } from '../../../test/admin';
import { startSmtpSink } from '../../../test/smtp-sink';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import { submittedPf, submittedPj } from '../../../test/review-detail-fixtures';

/**
 * The status page of an approved application says 'Enviamos por e-mail as instruções para ativar
 * a sua conta MediPay': the approval, through the real app, queues that e-mail in its transaction
 * and the outbox delivers it over SMTP, once.
 */
const clock = createTestClock(new Date('2026-11-22T12:00:00Z'));
let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    clock,
    env: {
      KYC_CHECKS: 'sandbox',
      SMTP_URL: sink.url,
      MAIL_FROM: 'MediPay <nao-responda@medipay.com.br>',
    },
  });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const approvalsTo = (recipient: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.template, 'approval')));

describe('the approval e-mail', () => {
  it.each(['PF', 'PJ'] as const)(
    'reaches the %s applicant once, with the next steps to activate the account',
    async (flow) => {
      const { row } = flow === 'PF' ? await submittedPf(t, clock) : await submittedPj(t, clock);
      const email = row.email!;
      const { headers } = await adminSession(t, 'admin_mini', { clock });
      const url = `/api/admin/applications/${flow.toLowerCase()}/${row.id}/approve`;
      const approve = () =>
        t.app.inject({ method: 'POST', url, headers, payload: { expectedStatus: row.status } });

      const approved = await approve();
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({ status: 'APROVADO' });
      // The same decision repeated (a double click, a retry after a lost answer) is refused.
      expect((await approve()).statusCode).toBe(409);

      const queued = await approvalsTo(email);
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({ channel: 'email', recipient: email, status: 'pending' });

      await t.app.outbox.drain();
      const [mail, ...others] = sink.messages.filter(
        (message) => message.to.includes(email) && message.subject.startsWith('Cadastro aprovado'),
      );
      expect(others).toEqual([]);
      expect(mail!.from).toBe('nao-responda@medipay.com.br');
      expect(mail!.subject).toBe(`Cadastro aprovado - protocolo ${row.protocolo}`);
      const text = mail!.text.replace(/\s+/g, ' ');
      expect(text).toContain(
        flow === 'PF'
          ? 'Para ativar a sua conta MediPay: 1. Estamos abrindo a sua conta'
          : 'Para ativar a conta MediPay da empresa: 1. Estamos abrindo a conta da empresa',
      );
      expect(text).toContain("entre pelo botão 'Fazer Login' no site da MediPay");
      expect(text).toContain(`acompanhar-status?protocolo=${row.protocolo}`);
      expect((await approvalsTo(email))[0]).toMatchObject({ status: 'sent', attempts: 1 });

      // Nothing more goes out on a later drain.
      await t.app.outbox.drain();
      expect(
        sink.messages.filter(
          (message) =>
            message.to.includes(email) && message.subject.startsWith('Cadastro aprovado'),
        ),
      ).toHaveLength(1);

      // What the status page tells an approved applicant is what they just received.
      expect(statusNextSteps.APROVADO).toBe(
        'Cadastro aprovado! Enviamos por e-mail as instruções para ativar a sua conta MediPay. O link de ativação chega ao mesmo e-mail assim que a conta é aberta.',
      );
      expect(text).toContain('receberá neste e-mail o link de ativação');
    },
  );
});
