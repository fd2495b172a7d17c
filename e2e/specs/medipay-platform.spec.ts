import type { Browser, Page } from '@playwright/test';
import type { SecondApprovalReason } from '@medipay/shared/case-review';
import { demoDataset } from '../../apps/api/demo/demo-dataset';
import { e2eConfig, platformURL } from '../playwright.config';
import { adminLogIn, openAdminMenu } from '../support/admin';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { approveOnPage, secondApproval, secondApprovalReasonsOf } from '../support/four-eyes';
import { mailTo, smtpSinkHttp } from '../support/mail';

/**
 * The MediPay payment platform from the back office, on a seeded server whose platform is the
 * built-in sandbox: approval opens the account (a job, over HTTP), then the approved-state
 * actions. The desktop and the phone runs use different applications of the same seed.
 */
test.use({ baseURL: platformURL });

test.beforeEach(({ allowConsoleError }) => {
  // The login page first asks whether a session exists: without one the answer is a 401.
  allowConsoleError(/status of 401/);
});

type Mail = { to: string[]; subject: string; text: string };

/** The text of the activation e-mail (`subject`) that reached the SMTP sink for an address. */
async function onboardingMail(
  address: string,
  subject = 'Sua conta MediPay está pronta',
): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(`${smtpSinkHttp}/messages`)).json()) as Mail[];
        text =
          messages.find((message) => message.to.includes(address) && message.subject === subject)
            ?.text ?? '';
        return text;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return text;
}

/** Opens an application found by `name`; its row shows `shown` (a company: the trade name). */
async function openApplication(
  page: Page,
  isMobile: boolean,
  list: string,
  name: string,
  shown = name,
) {
  const menu = await openAdminMenu(page, isMobile);
  await menu.getByRole('link', { name: list }).click();
  await page.getByLabel('Buscar').fill(name);
  // The search reaches the address after its debounce; the row to open is then the match's.
  await expect(page).toHaveURL(/[?&]q=/);
  const row = page.getByRole('row', { name: new RegExp(shown, 'i') });
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: 'Ver' }).click();
}

/** A PF application's four-eyes: why it needs two admins, and where the second opens it. */
type FourEyes = {
  /** From the dataset entry (four-eyes.ts); none: one approval. */
  reasons: readonly SecondApprovalReason[];
  browser: Browser;
  open: (page: Page) => Promise<void>;
};

/**
 * Approves the open PF application, then goes on with `then` on the page that approved it. A
 * case that needs two admins gets its first approval here, which opens no account; the seeded
 * second admin approves in a browser of their own, on whose page `then` runs.
 */
async function approve(
  page: Page,
  { reasons, browser, open }: FourEyes,
  then: (approvedOn: Page) => Promise<void>,
) {
  await approveOnPage(page, reasons);
  if (reasons.length === 0) return then(page);
  // The account waits for the second approval: no card on the first admin's page.
  await expect(page.getByRole('region', { name: 'Conta MediPay' })).toHaveCount(0);
  await secondApproval(browser, open, then);
}

test.describe('MediPay account', () => {
  test('approval opens the account and e-mails its activation link; documents go out', async ({
    page,
    browser,
    isMobile,
  }) => {
    // The phone's applicant needs two approvals: a second log-in (argon2) and detail page.
    test.setTimeout(120_000);
    const entry = demoDataset.pf.filter((pf) => pf.status === 'EM_ANALISE')[isMobile ? 1 : 0]!;
    await adminLogIn(page, e2eConfig.adminEmail, e2eConfig.adminPassword);
    // No MEDIPAY_API_URL on this server: the header says the sandbox answers.
    await expect(page.getByText('Sandbox', { exact: true })).toBeVisible();

    await openApplication(page, isMobile, 'Onboardings PF', entry.nome);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Detalhes do Onboarding' }),
    ).toBeVisible();
    const fourEyes = {
      reasons: secondApprovalReasonsOf(entry),
      browser,
      open: (other: Page) => openApplication(other, isMobile, 'Onboardings PF', entry.nome),
    };
    await approve(page, fourEyes, async (approvedOn) => {
      // The applicant is told at once how the account will be activated (the status page says so).
      expect(
        await mailTo(entry.email, (subject) => subject.startsWith('Cadastro aprovado')),
      ).toMatch(/Para ativar a sua conta MediPay:\s+1\. Estamos abrindo a sua conta/);

      // The job creates the account; the page follows it and says so.
      const card = approvedOn.getByRole('region', { name: 'Conta MediPay' });
      await expect(approvedOn.getByText('Conta processada com sucesso')).toBeVisible({
        timeout: 15_000,
      });
      await expect(card.getByRole('status')).toContainText('Conta criada');
      await expect(card.getByText(/mpu_[0-9a-f]{24}/)).toBeVisible();
      await expectNoAxeViolations(approvedOn);

      await card.getByRole('button', { name: 'Enviar Documentos' }).click();
      await expect(approvedOn.getByText('Documentos enviados', { exact: true })).toBeVisible();
      await expect(card.getByText(/^Documentos enviados em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();

      // The activation link went out by itself with the account: no one had to press a button.
      await expect(card.getByText(/^Link de ativação enviado ao solicitante em/)).toBeVisible();
      const link = card.getByRole('link', { name: /Link de onboarding/ });
      const onboardingUrl = await link.getAttribute('href');
      expect(onboardingUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/onboarding\/mpu_/);
      expect(await onboardingMail(entry.email)).toContain(onboardingUrl!);
      // 'Enviar Onboard' stays, as a resend (its once-a-minute guard: the API and card tests).
      await expect(card.getByRole('button', { name: 'Enviar Onboard' })).toBeVisible();

      await card.getByRole('button', { name: 'Confirmar Email' }).click();
      await expect(card.getByText(/^Verificação de e-mail enviada em/)).toBeVisible();

      // Every step is in the audit, by its name.
      const audit = approvedOn.getByRole('region', { name: 'Ações administrativas' });
      for (const action of [
        'Conta MediPay criada',
        'Documentos enviados à MediPay',
        'Link de onboarding enviado',
        'Verificação de e-mail enviada',
      ]) {
        await expect(audit.getByText(action, { exact: true })).toBeVisible();
      }
      await expectNoAxeViolations(approvedOn);
    });
  });

  test('approving a company opens its account too', async ({ page, isMobile }) => {
    const entry = demoDataset.pj.filter((pj) => pj.status === 'ENVIADO_PARA_ANALISE')[
      isMobile ? 1 : 0
    ]!;
    await adminLogIn(page, e2eConfig.adminEmail, e2eConfig.adminPassword);
    await openApplication(page, isMobile, 'Onboardings PJ', entry.razaoSocial, entry.nomeFantasia);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Detalhes do Onboarding PJ' }),
    ).toBeVisible();
    // One approval: no company is on the seeded screening's list or shares a document or a
    // contact with another application.
    await approveOnPage(page, []);
    expect(await mailTo(entry.email, (subject) => subject.startsWith('Cadastro aprovado'))).toMatch(
      /Para ativar a conta MediPay da empresa:[\s\S]+a empresa receberá neste e-mail o link de ativação/,
    );
    await expect(page.getByText('Conta processada com sucesso')).toBeVisible({ timeout: 15_000 });
    const card = page.getByRole('region', { name: 'Conta MediPay' });
    await expect(card.getByRole('status')).toContainText('Conta criada');
    // The company gets its activation link at its own e-mail, as the approval e-mail said.
    const onboardingUrl = await card
      .getByRole('link', { name: /Link de onboarding/ })
      .getAttribute('href');
    expect(
      await onboardingMail(entry.email, 'A conta MediPay da sua empresa está pronta'),
    ).toContain(onboardingUrl!);
    await expect(card.getByRole('button', { name: 'Enviar Onboard' })).toBeVisible();
  });
});
