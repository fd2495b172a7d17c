import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { cnpjFrom } from '../../apps/api/test/cnpj';
import { pdf } from '../../apps/api/test/files';
import { randomCpf, randomMobile, smsCode, uniqueEmail } from '../support/applicant';
import {
  expect,
  expectNoAxeViolations,
  expectStepOpened,
  openPage,
  test,
} from '../support/fixtures';
import { codeFromMail, confirmationSent, mailTo } from '../support/mail';

/**
 * The company (PJ) application from 'Sou Operadora de Saúde' to the protocol, against the real
 * server, the registry and CEP stand-ins and the SMTP sink. Each run applies with a CNPJ of its
 * own (the registry stand-in knows every CNPJ starting with 'E2E').
 */

const jpeg = async (name: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 480, height: 320, channels: 3, background: '#d9d4c7' } })
    .jpeg()
    .toBuffer(),
});
const pdfFile = async (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: await pdf(),
});

const randomJourneyCnpj = () =>
  cnpjFrom(`E2E${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`);

async function stepHeading(page: Page, title: string, timeout?: number) {
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible({ timeout });
}

// A first visit loads the page's code, starts a session and reads the application before the
// step shows (after a redirect, twice over): on two cores shared with the other servers of the
// run, that can take longer than one expectation's default.
const firstVisit = 15_000;

async function openFromLanding(page: Page, isMobile: boolean) {
  await openPage(page, '/');
  const banner = page.getByRole('banner');
  if (isMobile) await banner.getByRole('button', { name: 'Abrir menu' }).click();
  await banner
    .getByRole('link', { name: 'Sou Operadora de Saúde', exact: true })
    .filter({ visible: true })
    .click();
}

test.describe('company application', () => {
  test('goes from the landing page to the protocol, saving every step, and resumes after a reload', async ({
    page,
    isMobile,
    allowConsoleError,
  }) => {
    test.setTimeout(180_000);
    const cnpj = randomJourneyCnpj();
    const email = uniqueEmail('pj');
    const mobile = randomMobile();
    const next = page.getByRole('button', { name: 'Continuar', exact: true });

    await openFromLanding(page, isMobile);
    await expect(page).toHaveURL(/\/onboarding-pj\?etapa=empresa$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Cadastro de Operadora de Saúde' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/');

    // Step 1: the registry fills the company; the contacts are confirmed by codes.
    await stepHeading(page, 'Dados da Empresa');
    await page.getByLabel('CNPJ', { exact: true }).pressSequentially(cnpj.toLowerCase());
    await expect(page.getByLabel('CNPJ', { exact: true })).toHaveValue(
      `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`,
    );
    await page.getByRole('button', { name: 'Buscar dados' }).click();
    await expect(page.getByLabel('Razão social')).toHaveValue(
      'CLINICA EXEMPLO SERVICOS MEDICOS LTDA',
    );
    await expect(page.getByLabel('Nome fantasia')).toHaveValue('CLINICA EXEMPLO');
    await expect(page.getByLabel('Tipo de empresa')).toHaveValue('clinica');
    await expect(page.getByLabel('Área de atuação')).not.toHaveValue('');
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(
      'contato@clinicaexemplo.com.br',
    );
    // The registry's number is a landline, which cannot receive a code: it is left empty.
    await expect(page.getByLabel('Telefone', { exact: true })).toHaveValue('');
    await page.getByLabel('Inscrição estadual (opcional)').fill('110.042.490.114');

    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Telefone', { exact: true }).pressSequentially(mobile);
    await expect(page.getByLabel('Telefone', { exact: true })).toHaveValue(
      `(${mobile.slice(0, 2)}) ${mobile.slice(2, 7)}-${mobile.slice(7)}`,
    );
    await next.click();
    await expect(page.getByText('Verificação necessária')).toBeVisible();
    await expect(page).toHaveURL(/etapa=empresa/);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Verificar e-mail' }).click();
    const emailDialog = page.getByRole('dialog', { name: 'Verificar e-mail' });
    await emailDialog
      .getByRole('textbox', { name: 'Código de verificação' })
      .pressSequentially(await codeFromMail(email));
    await expect(emailDialog).toBeHidden();
    await page.getByRole('button', { name: 'Verificar telefone' }).click();
    const phoneDialog = page.getByRole('dialog', { name: 'Verificar SMS/WhatsApp' });
    await phoneDialog
      .getByRole('textbox', { name: 'Código de verificação' })
      .pressSequentially(await smsCode(page, mobile));
    await expect(phoneDialog).toBeHidden();
    await next.click();

    // Step 2: the address the registry gave, and its proof.
    await expectStepOpened(page, 'Endereço');
    await expect(page).toHaveURL(/etapa=endereco/);
    await expect(page.getByLabel('CEP', { exact: true })).toHaveValue('01310-100');
    await expect(page.getByLabel('Logradouro')).toHaveValue('AVENIDA PAULISTA');
    await expect(page.getByLabel('Número', { exact: true })).toHaveValue('1000');
    await expect(page.getByLabel('UF')).toHaveValue('SP');
    await page
      .getByLabel('Comprovante de endereço', { exact: true })
      .setInputFiles(await pdfFile('conta-de-luz.pdf'));
    await expect(page.getByText('conta-de-luz.pdf')).toBeVisible();
    await expectNoAxeViolations(page);
    await next.click();

    // Step 3: the partner the registry suggests, with the role mapped to the options; every
    // partner of the registry is offered.
    await expectStepOpened(page, 'Responsável Legal');
    await expect(page.getByLabel('Nome do responsável')).toHaveValue('CICLANO DA SILVA');
    await expect(page.getByLabel('Cargo')).toHaveValue('administrador');
    const partner = page.getByLabel('Sócio ou administrador da empresa');
    await partner.selectOption({ label: 'FULANA DE TAL (Sócio)' });
    await expect(page.getByLabel('Nome do responsável')).toHaveValue('FULANA DE TAL');
    await expect(page.getByLabel('Cargo')).toHaveValue('socio');
    await partner.selectOption({ label: 'CICLANO DA SILVA (Sócio-Administrador)' });
    await expect(page.getByLabel('Cargo')).toHaveValue('administrador');
    await page.getByLabel('CPF do responsável').fill('11111111111');
    await page.getByLabel('RG do responsável').focus();
    await expect(page.getByText('CPF inválido')).toBeVisible();
    await page.getByLabel('CPF do responsável').fill(randomCpf());
    await page.getByLabel('RG do responsável').fill('12.345.678-9');
    await page
      .getByLabel('Documento do responsável (frente)', { exact: true })
      .setInputFiles(await jpeg('rg-frente.jpg'));
    await page
      .getByLabel('Documento do responsável (verso)', { exact: true })
      .setInputFiles(await jpeg('rg-verso.jpg'));
    await expect(page.getByText('rg-verso.jpg')).toBeVisible();
    await expect(page.getByText('rg-frente.jpg')).toBeVisible();
    await expectNoAxeViolations(page);
    await next.click();

    // A reload resumes at the first unsaved step, with what was saved.
    await expectStepOpened(page, 'Documentos');
    await page.reload();
    await stepHeading(page, 'Documentos');
    await page.getByRole('button', { name: 'Voltar' }).click();
    await expectStepOpened(page, 'Responsável Legal');
    await expect(page.getByLabel('Nome do responsável')).toHaveValue('CICLANO DA SILVA');
    await expect(page.getByText('rg-frente.jpg')).toBeVisible();
    await next.click();

    // Step 4: the company's documents; the contrato social is a PDF only.
    await expectStepOpened(page, 'Documentos');
    const contrato = page.getByLabel('Contrato social (PDF)', { exact: true });
    await contrato.setInputFiles(await jpeg('contrato.jpg'));
    await expect(page.getByText('Formato não aceito. Envie um arquivo PDF')).toBeVisible();
    await contrato.setInputFiles(await pdfFile('contrato-social.pdf'));
    await expect(page.getByText('contrato-social.pdf')).toBeVisible();
    await page
      .getByLabel('Cartão CNPJ', { exact: true })
      .setInputFiles(await pdfFile('cartao-cnpj.pdf'));
    await page
      .getByLabel('Alvará de funcionamento', { exact: true })
      .setInputFiles(await jpeg('alvara.jpg'));
    await page.getByLabel('Número do CNES').pressSequentially('ab12345678');
    await expect(page.getByLabel('Número do CNES')).toHaveValue('1234567');
    await expect(page.getByText('cartao-cnpj.pdf')).toBeVisible();
    await expect(page.getByText('alvara.jpg')).toBeVisible();
    await expectNoAxeViolations(page);
    await next.click();

    // Step 5: the bank account and the size of the company.
    await expectStepOpened(page, 'Dados Financeiros');
    await next.click();
    await expect(page.getByText('Selecione o banco')).toBeVisible();
    await page.getByLabel('Banco').selectOption('341');
    await page.getByLabel('Agência', { exact: true }).pressSequentially('12a34');
    await expect(page.getByLabel('Agência', { exact: true })).toHaveValue('1234');
    await page.getByLabel('Conta', { exact: true }).fill('45678-9');
    await page.getByLabel('Tipo de conta').selectOption('corrente');
    await page.getByLabel('Faturamento mensal').selectOption('100k_500k');
    await page.getByLabel('Número de funcionários').selectOption('11_50');
    await expectNoAxeViolations(page);
    await next.click();

    // Step 6: the summary, an edit and back, the consents, the submit.
    await expectStepOpened(page, 'Revisão e Consentimentos');
    const company = page.getByRole('region', { name: 'Dados da Empresa' });
    await expect(company).toContainText(email);
    await expect(company).toContainText('CLINICA EXEMPLO SERVICOS MEDICOS LTDA');
    await expect(page.getByRole('region', { name: 'Documentos', exact: true })).toContainText(
      '1234567',
    );
    await page.getByRole('button', { name: 'Editar Dados Financeiros' }).click();
    await expectStepOpened(page, 'Dados Financeiros');
    await expect(page.getByLabel('Conta', { exact: true })).toHaveValue('45678-9');
    await next.click();
    await expectStepOpened(page, 'Revisão e Consentimentos');
    const finish = page.getByRole('button', { name: 'Finalizar Cadastro' });
    await finish.click();
    await expect(page.getByText('Consentimento LGPD é obrigatório')).toBeVisible();
    await expect(page.getByText('Consentimento KYC é obrigatório')).toBeVisible();
    await page.getByRole('checkbox').nth(0).check();
    await page.getByRole('checkbox').nth(1).check();
    await expectNoAxeViolations(page);
    await finish.click();

    // The success page, with the protocol the server generated and the e-mail it sent.
    await expect(page).toHaveURL(/\/onboarding-pj\/success$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Conta enviada para análise!' }),
    ).toBeVisible();
    const protocolo = (await page.getByTestId('protocolo').textContent()) ?? '';
    expect(protocolo).toMatch(/^PJ-\d{8}-\d{4}$/);
    // The status's one label, as on the status page and in the back office.
    await expect(page.getByText('Enviado para Análise', { exact: true })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expectNoAxeViolations(page);
    await expect.poll(() => confirmationSent(email, protocolo)).toBe(true);

    // The wizard of a submitted application leads to its stored protocol.
    await page.goto('/onboarding-pj');
    await expect(page).toHaveURL(/\/onboarding-pj\/success$/);
    await expect(page.getByTestId('protocolo')).toHaveText(protocolo);
    await page.getByRole('link', { name: 'Voltar ao início' }).click();
    await expect(page).toHaveURL('/');

    // 'Acompanhar status' shows the application to this browser's own session.
    await page.goBack();
    await page.getByRole('link', { name: 'Acompanhar status' }).click();
    await expect(page).toHaveURL(/\/acompanhar-status\?fluxo=pj$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Acompanhar status' })).toBeVisible();
    await expect(page.getByText(protocolo).first()).toBeVisible();
    await expect(page.getByText('Enviado para Análise').first()).toBeVisible();
    await expectNoAxeViolations(page);

    // Anyone else needs the protocol and the code e-mailed to the application's address, the
    // link of the confirmation e-mail leads there.
    const confirmation = await mailTo(email, (subject) =>
      subject.includes(`protocolo ${protocolo}`),
    );
    const statusLink = /https?:\/\/\S+\/acompanhar-status\?protocolo=[\w-]+/.exec(
      confirmation,
    )?.[0];
    expect(statusLink).toContain(`protocolo=${protocolo}`);
    await page.context().clearCookies();
    // Without a session the page first asks whether a status access exists: a 401.
    allowConsoleError(/status of 401/);
    await page.goto(new URL(statusLink!).pathname + new URL(statusLink!).search);
    await expect(page.getByLabel('Protocolo')).toHaveValue(protocolo);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    const codeMail = await mailTo(email, (subject) =>
      subject.includes('é o seu código para acompanhar o cadastro MediPay'),
    );
    const code = /(\d{6}) é o seu código para acompanhar/.exec(codeMail)?.[1] ?? '';
    await page.getByLabel('Código').fill(code);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByText(protocolo).first()).toBeVisible();
    await expect(page.getByText('Enviado para Análise').first()).toBeVisible();
    await expectNoAxeViolations(page);

    // The holder of the code downloads what the portal keeps of this application.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Baixar meus dados' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`medipay-meus-dados-${protocolo}.zip`);
    const zip = unzipSync(new Uint8Array(readFileSync(await download.path())));
    const data = JSON.parse(strFromU8(zip['dados.json']!)) as {
      protocolo: string;
      cadastro: { email: string };
      documentos: { arquivo: string }[];
    };
    expect(data).toMatchObject({ protocolo, cadastro: { email } });
    expect(data.documentos.length).toBeGreaterThan(0);
    for (const { arquivo } of data.documentos) expect(zip[arquivo]?.length).toBeGreaterThan(0);
  });

  test('does not open a step past the first unsaved one', async ({ page }) => {
    await page.goto('/onboarding-pj?etapa=revisao');
    await stepHeading(page, 'Dados da Empresa', firstVisit);
    await expect(page).toHaveURL(/etapa=empresa/);
  });

  test('the success page without a submitted application leads back to the wizard', async ({
    page,
    allowConsoleError,
  }) => {
    // A first visit has no applicant session yet: the status lookup finds nothing (404).
    allowConsoleError(/status of 404/);
    await page.goto('/onboarding-pj/success');
    await stepHeading(page, 'Dados da Empresa', firstVisit);
    await expect(page.getByTestId('protocolo')).toHaveCount(0);
  });
});
