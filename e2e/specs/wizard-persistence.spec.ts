import type { Page } from '@playwright/test';
import { pdf } from '../../apps/api/test/files';
import { sandboxURL } from '../playwright.config';
import { randomCpf, randomMobile, smsCode, uniqueEmail } from '../support/applicant';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { codeFromMail } from '../support/mail';

/**
 * Nothing typed or chosen in the PF wizard is lost by a reload or by the browser's Back then
 * Forward (the tab's session storage keeps it, never a code nor a file's bytes), and a second
 * tab of the same application is told so. The sandbox server, as for the other journeys.
 */
test.use({ baseURL: sandboxURL });

// Storage and tabs behave the same at every width: the desktop project is enough.
test.skip(({ isMobile }) => isMobile, 'desktop only');

async function stepHeading(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

/** Everything the tab keeps, as one string. */
const tabStorage = (page: Page) => page.evaluate(() => JSON.stringify({ ...sessionStorage }));

async function verifyEmail(page: Page, email: string) {
  await page.getByRole('button', { name: 'Verificar e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verificar e-mail' });
  const code = await codeFromMail(email);
  await dialog.getByRole('textbox', { name: 'Código de verificação' }).fill(code);
  await expect(dialog).toBeHidden();
  return code;
}

async function verifyPhone(page: Page, mobile: string) {
  await page.getByRole('button', { name: 'Verificar telefone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verificar SMS/WhatsApp' });
  const code = await smsCode(page, mobile);
  await dialog.getByRole('textbox', { name: 'Código de verificação' }).fill(code);
  await expect(dialog).toBeHidden();
  return code;
}

test.describe('what the applicant typed', () => {
  test('survives a reload and Back then Forward in steps 1 to 3, and never keeps a code', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('rascunho');
    const mobile = randomMobile();
    const cpf = randomCpf();
    const maskedCpf = cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');
    const next = page.getByRole('button', { name: 'Continuar', exact: true });

    await page.goto('/onboarding');
    await page.getByRole('button', { name: 'Começar' }).click();
    await stepHeading(page, 'Identificação');

    // Step 1 cannot be saved before both contacts are verified: a reload in the middle of it.
    await page.getByLabel('Nome completo').fill('Helena Duarte Ramos');
    await page.getByLabel('Nacionalidade').selectOption('brasileira');
    await page.getByLabel('Estado civil').selectOption({ index: 1 });
    await page.getByLabel('CPF', { exact: true }).fill(cpf);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    const emailCode = await verifyEmail(page, email);
    await page.getByLabel('Telefone', { exact: true }).fill(mobile);

    await page.reload();
    await stepHeading(page, 'Identificação');
    await expect(page.getByLabel('Nome completo')).toHaveValue('Helena Duarte Ramos');
    await expect(page.getByLabel('CPF', { exact: true })).toHaveValue(maskedCpf);
    await expect(page.getByLabel('Nacionalidade')).toHaveValue('brasileira');
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
    await expect(page.getByLabel('Telefone', { exact: true })).toHaveValue(/\(11\) 9/);
    // The e-mail's verified state comes from the server, the phone still needs its code.
    await expect(page.getByText('Verificado')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Verificar telefone' })).toBeVisible();

    // Back (to the intro) then Forward.
    await page.goBack();
    await expect(page.getByRole('button', { name: 'Começar' })).toBeVisible();
    await page.goForward();
    await stepHeading(page, 'Identificação');
    await expect(page.getByLabel('Nome completo')).toHaveValue('Helena Duarte Ramos');
    await expect(page.getByLabel('CPF', { exact: true })).toHaveValue(maskedCpf);

    const phoneCode = await verifyPhone(page, mobile);
    const kept = await tabStorage(page);
    expect(kept).toContain('Helena Duarte Ramos');
    expect(kept).not.toContain(emailCode);
    expect(kept).not.toContain(phoneCode);
    await next.click();

    // Step 2: typed, not saved.
    await stepHeading(page, 'Endereço');
    expect(await tabStorage(page)).not.toContain('Helena Duarte Ramos');
    await page.getByLabel('CEP', { exact: true }).fill('01001000');
    await expect(page.getByLabel('Logradouro')).toHaveValue(/Praça da Sé/);
    await page.getByLabel('Número', { exact: true }).fill('742');
    await page.getByLabel(/Complemento/).fill('Sala 12');

    await page.reload();
    await stepHeading(page, 'Endereço');
    await expect(page.getByLabel('Número', { exact: true })).toHaveValue('742');
    await expect(page.getByLabel(/Complemento/)).toHaveValue('Sala 12');
    await expect(page.getByLabel('Logradouro')).toHaveValue(/Praça da Sé/);

    await page.goBack();
    await stepHeading(page, 'Identificação');
    await expect(page.getByLabel('Nome completo')).toHaveValue('Helena Duarte Ramos');
    await page.goForward();
    await stepHeading(page, 'Endereço');
    await expect(page.getByLabel('Número', { exact: true })).toHaveValue('742');
    await expect(page.getByLabel(/Complemento/)).toHaveValue('Sala 12');

    // A file chosen is on the server at once: a reload keeps its reference (never its bytes),
    // and Continue saves it without sending it again.
    await page
      .getByLabel('Comprovante de residência', { exact: true })
      .setInputFiles({ name: 'conta.pdf', mimeType: 'application/pdf', buffer: await pdf() });
    await expect(page.getByText('conta.pdf')).toBeVisible();
    await page.reload();
    await stepHeading(page, 'Endereço');
    await expect(page.getByText('conta.pdf')).toBeVisible();
    const withFile = await tabStorage(page);
    expect(withFile).toContain('/api/documents/');
    expect(withFile).not.toContain('%PDF');
    await next.click();

    // Step 3: typed, not saved.
    await stepHeading(page, 'Documentos e Profissão');
    await page.getByLabel('Tipo de documento').selectOption('CRM');
    await page.getByLabel('Número do registro').fill('998877');
    await page.getByLabel('UF do registro').selectOption('RJ');
    await page.getByLabel('Nome no documento').fill('HELENA DUARTE RAMOS');

    await page.reload();
    await stepHeading(page, 'Documentos e Profissão');
    await expect(page.getByLabel('Tipo de documento')).toHaveValue('CRM');
    await expect(page.getByLabel('Número do registro')).toHaveValue('998877');
    await expect(page.getByLabel('UF do registro')).toHaveValue('RJ');
    await expect(page.getByLabel('Nome no documento')).toHaveValue('HELENA DUARTE RAMOS');

    await page.goBack();
    await stepHeading(page, 'Endereço');
    // Saved with Continue: the saved values, no draft left over them.
    await expect(page.getByLabel('Número', { exact: true })).toHaveValue('742');
    await page.goForward();
    await stepHeading(page, 'Documentos e Profissão');
    await expect(page.getByLabel('Número do registro')).toHaveValue('998877');
    await expect(page.getByLabel('Nome no documento')).toHaveValue('HELENA DUARTE RAMOS');
    await expectNoAxeViolations(page);
  });
});

test.describe('a second tab of the same application', () => {
  test('is told, as is the first, and the notice goes when the other tab closes', async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    const notice = 'Cadastro aberto em outra aba';
    await page.goto('/onboarding?etapa=identificacao');
    await stepHeading(page, 'Identificação');
    await expect(page.getByText(notice)).toHaveCount(0);

    const second = await context.newPage();
    await second.goto('/onboarding?etapa=identificacao');
    await stepHeading(second, 'Identificação');
    await expect(second.getByRole('status').filter({ hasText: notice })).toBeVisible();
    await expect(
      second.getByText('Este cadastro também está aberto em outra aba ou janela'),
    ).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: notice })).toBeVisible();
    // A warning, not a wall: the second tab still works.
    await second.getByLabel('Nome completo').fill('Segunda Aba');
    // axe runs in the tab on screen (a hidden tab's timers are throttled).
    await second.bringToFront();
    await expectNoAxeViolations(second);

    await second.close();
    await expect(page.getByText(notice)).toHaveCount(0);
  });
});
