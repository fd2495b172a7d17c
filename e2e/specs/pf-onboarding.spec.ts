import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { pdf } from '../../apps/api/test/files';
import { renderIdentityDocument, syntheticIdentity } from '../../apps/api/test/identity-documents';
import { sandboxURL } from '../playwright.config';
import { randomCpf, randomMobile, smsCode, uniqueEmail } from '../support/applicant';
import {
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  expectNoSidewaysScrollOnNarrowestPhone,
  expectStepOpened,
  narrowestPhone,
  openPage,
  test,
} from '../support/fixtures';
import { codeFromMail, confirmationSent } from '../support/mail';

/**
 * The individual (PF) application from 'Abrir Conta' to the protocol, against the server with
 * KYC_CHECKS=sandbox (the selfie step's outcome is chosen by the test; Chromium's fake camera
 * cannot do the liveness movements).
 */
test.use({ baseURL: sandboxURL });

const jpeg = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/jpeg', buffer });
const photo = () =>
  sharp({ create: { width: 480, height: 640, channels: 3, background: '#c8a27a' } })
    .jpeg()
    .toBuffer();

async function stepHeading(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

test.describe('individual application', () => {
  test('goes from the intro to the protocol, saving every step, and resumes after a reload', async ({
    page,
    isMobile,
  }) => {
    test.setTimeout(180_000);
    // A long address (about 60 characters): no page may grow wider than a phone for it.
    const email = uniqueEmail('pf.ana.beatriz.souza.consultorio');
    const mobile = randomMobile();
    const identity = syntheticIdentity('RG', 42);

    await page.goto('/onboarding');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Abra sua conta em poucos minutos' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Começar' }).click();

    // Step 1, with the keyboard alone: identification, both contacts confirmed by codes.
    await expectStepOpened(page, 'Identificação');
    await expect(page.getByText('Preencha seus dados pessoais para continuar')).toBeVisible();
    const next = page.getByRole('button', { name: 'Continuar', exact: true });
    await page.getByLabel('Nome completo').focus();
    await page.keyboard.type(identity.nome);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Nacionalidade')).toBeFocused();
    await page.keyboard.type('Brasileira');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Solteiro');
    await page.keyboard.press('Tab');
    await page.keyboard.type(randomCpf());
    await page.keyboard.press('Tab');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Verificar e-mail' })).toBeFocused();
    await page.keyboard.press('Enter');
    const emailDialog = page.getByRole('dialog', { name: 'Verificar e-mail' });
    await expect(emailDialog.getByRole('textbox', { name: 'Código de verificação' })).toBeFocused();
    await page.keyboard.type(await codeFromMail(email));
    await expect(emailDialog).toBeHidden();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Telefone', { exact: true })).toBeFocused();
    await page.keyboard.type(mobile);
    await expect(next).toBeDisabled();
    await expectNoAxeViolations(page);
    await page.getByLabel('Telefone', { exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Verificar telefone' })).toBeFocused();
    await page.keyboard.press('Enter');
    const phoneDialog = page.getByRole('dialog', { name: 'Verificar SMS/WhatsApp' });
    await expect(phoneDialog.getByRole('textbox', { name: 'Código de verificação' })).toBeFocused();
    await page.keyboard.type(await smsCode(page, mobile));
    await expect(phoneDialog).toBeHidden();
    await expect(page.getByLabel('Nacionalidade')).toHaveValue('brasileira');
    await expect(page.getByLabel('Estado civil')).not.toHaveValue('');
    if (isMobile) {
      // On the narrowest phone the field shows the start of the e-mail: the confirmed address
      // follows its badge, whole; the phone number fits its field beside no button.
      const phoneSize = page.viewportSize()!;
      await page.setViewportSize(narrowestPhone);
      const confirmed = page.getByText(email, { exact: true });
      await expect(confirmed).toBeVisible();
      const shown = await confirmed.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return {
          left: box.left,
          right: box.right,
          clipped: element.scrollWidth > element.clientWidth,
        };
      });
      expect(shown.left).toBeGreaterThanOrEqual(0);
      expect(shown.right).toBeLessThanOrEqual(narrowestPhone.width);
      expect(shown.clipped).toBe(false);
      const phoneField = page.getByLabel('Telefone', { exact: true });
      expect(await phoneField.evaluate((input) => input.scrollWidth <= input.clientWidth)).toBe(
        true,
      );
      await expectNoSidewaysScroll(page);
      await page.setViewportSize(phoneSize);
    }
    await page.keyboard.press('Tab');
    await expect(next).toBeFocused();
    await page.keyboard.press('Enter');

    // Step 2: the address from the CEP, and the proof of residence.
    await expectStepOpened(page, 'Endereço');
    await expect(page).toHaveURL(/etapa=endereco/);
    await page.getByLabel('CEP', { exact: true }).fill('01001000');
    await expect(page.getByLabel('Logradouro')).toHaveValue(/Praça da Sé/);
    await page.getByLabel('Número', { exact: true }).fill('100');
    await page
      .getByLabel('Comprovante de residência', { exact: true })
      .setInputFiles({ name: 'conta.pdf', mimeType: 'application/pdf', buffer: await pdf() });
    await expect(page.getByText('conta.pdf')).toBeVisible();
    await expectNoAxeViolations(page);
    await next.click();

    // What was saved comes back after a reload, which resumes at the first unsaved step.
    await expectStepOpened(page, 'Documentos e Profissão');
    await page.reload();
    await stepHeading(page, 'Documentos e Profissão');
    // On the phone, this back and forth on the narrowest one (320 px): each step still opens at
    // its heading, with the focus on it.
    const phoneSize = page.viewportSize()!;
    if (isMobile) await page.setViewportSize(narrowestPhone);
    await page.getByRole('button', { name: 'Voltar' }).click();
    await expectStepOpened(page, 'Endereço');
    await expect(page.getByLabel('Logradouro')).toHaveValue(/Praça da Sé/);
    await expect(page.getByLabel('Número', { exact: true })).toHaveValue('100');
    await expect(page.getByText('conta.pdf')).toBeVisible();
    await next.click();

    // Step 3: the professional registration, and the identity document read by OCR.
    await expectStepOpened(page, 'Documentos e Profissão');
    await page.setViewportSize(phoneSize);
    await page.getByLabel('Tipo de documento').selectOption('CRM');
    await page.getByLabel('Número do registro').fill('123456');
    await page.getByLabel('UF do registro').selectOption('SP');
    await page
      .getByLabel('Documento de identidade (frente)', { exact: true })
      .setInputFiles(jpeg('rg.jpg', await renderIdentityDocument(identity)));
    await expect(page.getByLabel('Número do documento')).toHaveValue(identity.numero, {
      timeout: 30_000,
    });
    await expect(page.getByLabel('Nome no documento')).toHaveValue(identity.nome);
    await page
      .getByLabel('Documento de identidade (verso)', { exact: true })
      .setInputFiles(jpeg('rg-verso.jpg', await photo()));
    await expect(page.getByText('rg-verso.jpg')).toBeVisible();
    // The back (a plain photo here) reads nothing: no error, the front filled the fields.
    await expect(page.getByText('Processando...')).toBeHidden({ timeout: 30_000 });
    await expect(page.getByText(/Erro no processamento/)).toHaveCount(0);
    await expect(page.getByLabel('Nome no documento')).toHaveValue(identity.nome);
    await expectNoAxeViolations(page);
    // A name on the document other than step 1's is asked about; 'Corrigir' returns to it.
    await page.getByLabel('Nome no documento').fill('JULIANA FERREIRA LIMA');
    await next.click();
    const confirm = page.getByRole('dialog', { name: 'O documento é seu?' });
    await expect(confirm).toContainText('(JULIANA FERREIRA LIMA)');
    await confirm.getByRole('button', { name: 'Corrigir' }).click();
    await expect(page.getByLabel('Nome no documento')).toBeFocused();
    await page.getByLabel('Nome no documento').fill(identity.nome);
    await next.click();

    // Step 4: the selfie step, decided by the sandbox.
    await expectStepOpened(page, 'Biometria e Verificação');
    await expect(page.getByText(/Sandbox/).first()).toBeVisible();
    await next.click();
    await expect(
      page.getByText('É necessário passar na verificação de vivacidade para continuar.').first(),
    ).toBeVisible();
    await page
      .getByLabel('Selfie', { exact: true })
      .setInputFiles(jpeg('selfie.jpg', await photo()));
    await page
      .getByLabel('Selfie com documento', { exact: true })
      .setInputFiles(jpeg('selfie-doc.jpg', await photo()));
    await expect(page.getByText('selfie-doc.jpg')).toBeVisible();
    await page.getByRole('button', { name: 'Verificar identidade' }).click();
    await expect(page.getByText('Verificação aprovada')).toBeVisible();
    await expect(page.getByText('Confiança: 96,2%')).toBeVisible();
    await expectNoAxeViolations(page);
    // A reload before 'Continuar' keeps the passed check: the server kept it.
    await page.reload();
    await stepHeading(page, 'Biometria e Verificação');
    await expect(page.getByText('Verificação aprovada')).toBeVisible();
    await next.click();

    // Step 5, with the keyboard alone: PEP, with the fields its answers need.
    await expectStepOpened(page, 'PEP');
    await expect(page.getByText(/nos últimos 5 anos/)).toBeVisible();
    const nao = page.getByLabel('Não sou pessoa politicamente exposta');
    await expect(nao).toBeChecked();
    // From the step's heading, Tab reaches the preselected answer.
    await page.keyboard.press('Tab');
    await expect(nao).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Sou pessoa politicamente exposta (PEP)')).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Cargo ou função')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(
      page.getByText('Preencha todos os campos obrigatórios para PEP').first(),
    ).toBeVisible();
    await page.keyboard.type('Vereador');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Câmara Municipal de São Paulo');
    await expectNoAxeViolations(page);
    await page.getByLabel('Órgão ou entidade').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(next).toBeFocused();
    await page.keyboard.press('Enter');

    // Step 6: the review, the consents, the submit.
    await expectStepOpened(page, 'Revisão e Consentimento');
    await expect(page.getByRole('region', { name: 'Identificação' })).toContainText(email);
    await expectNoSidewaysScroll(page);
    if (isMobile) await expectNoSidewaysScrollOnNarrowestPhone(page);
    await expect(
      page.locator('form').getByRole('link', { name: 'Política de Privacidade' }),
    ).toHaveAttribute('href', '/politica-privacidade');
    await page.getByRole('button', { name: 'Enviar cadastro' }).click();
    await expect(page.getByText('Consentimento LGPD é obrigatório')).toBeVisible();
    await expect(page.getByText('Consentimento KYC é obrigatório')).toBeVisible();
    await page.getByRole('checkbox').nth(0).check();
    await page.getByRole('checkbox').nth(1).check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Enviar cadastro' }).click();

    // The success page, with the protocol the server generated and the e-mail it sent.
    await expect(page).toHaveURL(/\/onboarding\/success$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Cadastro Enviado com Sucesso!' }),
    ).toBeVisible();
    const protocolo = (await page.getByTestId('protocolo').textContent()) ?? '';
    expect(protocolo).toMatch(/^MEDI-\d{8}-\d{4}$/);
    // The status's one label, as on the status page and in the back office.
    await expect(page.getByText('Em Análise', { exact: true })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expectNoSidewaysScroll(page);
    if (isMobile) await expectNoSidewaysScrollOnNarrowestPhone(page);
    await expectNoAxeViolations(page);
    await expect.poll(() => confirmationSent(email, protocolo)).toBe(true);

    // The wizard of a submitted application leads to its protocol.
    await page.goto('/onboarding');
    await expect(page).toHaveURL(/\/onboarding\/success$/);
    await expect(page.getByTestId('protocolo')).toHaveText(protocolo);

    // 'Acompanhar status' opens the application's status page with this browser's session.
    await page.getByRole('link', { name: 'Acompanhar status' }).click();
    await expect(page).toHaveURL(/\/acompanhar-status\?fluxo=pf$/);
    await expect(page.getByTestId('protocolo')).toHaveText(protocolo);
    await expect(page.getByText('Em Análise').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    if (isMobile) await expectNoSidewaysScrollOnNarrowestPhone(page);
  });

  test('shows the message of every identification rule on its field', async ({ page }) => {
    await openPage(page, '/onboarding?etapa=identificacao');
    await stepHeading(page, 'Identificação');
    await page.getByLabel('Nome completo').fill('Ana');
    await page.getByLabel('CPF', { exact: true }).fill('11111111111');
    await page.getByLabel('E-mail', { exact: true }).fill('ana@');
    await page.getByLabel('Telefone', { exact: true }).fill('1199');
    // Each rule speaks when its field is left (Continue stays disabled until the contacts are
    // verified), for the selects too.
    for (const label of ['Nacionalidade', 'Estado civil', 'Nome completo']) {
      await page.getByLabel(label, { exact: true }).focus();
      await page.keyboard.press('Tab');
    }
    await expect(page.getByText('Nome completo deve ter pelo menos 5 caracteres')).toBeVisible();
    await expect(page.getByText('Selecione a nacionalidade')).toBeVisible();
    await expect(page.getByText('CPF inválido')).toBeVisible();
    await expect(page.getByText('Selecione o estado civil')).toBeVisible();
    await expect(page.getByText('E-mail inválido')).toBeVisible();
    await expect(page.getByText('Telefone deve ter DDD + número')).toBeVisible();
    await expect(page.getByLabel('Nome completo')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
  });

  test('does not open a step past the first unsaved one', async ({ page }) => {
    await openPage(page, '/onboarding?etapa=revisao');
    await stepHeading(page, 'Identificação');
    await expect(page).toHaveURL(/etapa=identificacao/);
  });

  test("'Sair' on a shared computer: the next person starts afresh", async ({ page, isMobile }) => {
    // On the phone project, on the narrowest phone (320 px).
    if (isMobile) await page.setViewportSize(narrowestPhone);
    const sessionCookie = async () =>
      (await page.context().cookies()).find((cookie) => cookie.name === 'medipay_pf')?.value;
    await openPage(page, '/onboarding?etapa=identificacao');
    await stepHeading(page, 'Identificação');
    const first = await sessionCookie();
    expect(first).toBeTruthy();
    await page.getByLabel('Nome completo').fill('Ana Paula Ribeiro Costa');
    await page.getByLabel('E-mail', { exact: true }).fill('ana.paula@example.com');

    await page.getByRole('link', { name: 'Sair do cadastro' }).click();
    await page.getByRole('button', { name: 'Sair sem salvar' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await sessionCookie()).toBeUndefined();

    // The next person, in the same tab: an empty form and a session of their own.
    await openPage(page, '/onboarding?etapa=identificacao');
    await stepHeading(page, 'Identificação');
    await expect(page.getByLabel('Nome completo')).toHaveValue('');
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('');
    const next = await sessionCookie();
    expect(next).toBeTruthy();
    expect(next).not.toBe(first);
  });
});
