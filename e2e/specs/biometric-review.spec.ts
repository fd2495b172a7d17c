import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { formatConfidence, type BiometricCheck } from '@medipay/shared/biometrics';
import { pdf } from '../../apps/api/test/files';
import { renderIdentityDocument, syntheticIdentity } from '../../apps/api/test/identity-documents';
import { e2eConfig, sandboxURL } from '../playwright.config';
import { adminLogIn, openAdminMenu } from '../support/admin';
import { randomCpf, randomMobile, smsCode, uniqueEmail } from '../support/applicant';
import {
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  expectNoSidewaysScrollOnNarrowestPhone,
  test,
} from '../support/fixtures';
import { codeFromMail } from '../support/mail';

/**
 * A biometric check em revisão, from the applicant to the reviewer, on the KYC-sandbox server (a
 * selfie named 'revisao' ends with both similarities in the uncertain band): the applicant is not
 * told the check failed, continues and submits; an admin of that server filters the PF list by
 * 'Em revisão', opens the application and compares the three photos with their similarities.
 */
test.use({ baseURL: sandboxURL });

const jpeg = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/jpeg', buffer });
const photo = (background: string) =>
  sharp({ create: { width: 480, height: 640, channels: 3, background } })
    .jpeg()
    .toBuffer();

async function stepHeading(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

/** Steps 1 to 3 of the wizard with valid values (the journey spec covers them in detail). */
async function fillFirstSteps(page: Page, seed: number) {
  const email = uniqueEmail('revisao');
  const mobile = randomMobile();
  const identity = syntheticIdentity('RG', seed);
  const next = page.getByRole('button', { name: 'Continuar', exact: true });

  // The applicant's name (120 characters: the longest names must not widen any page) is not the
  // one on the identity document they send.
  const nome =
    'Ana Paula Ribeiro Costa de Albuquerque Cavalcanti Bragança e Orleans Monteiro Vasconcelos Figueredo Nogueira da Silveira';
  expect(nome).toHaveLength(120);
  await page.goto('/onboarding?etapa=identificacao');
  await stepHeading(page, 'Identificação');
  await page.getByLabel('Nome completo').fill(nome);
  await page.getByLabel('Nacionalidade').selectOption('brasileira');
  await page.getByLabel('Estado civil').selectOption('solteiro');
  await page.getByLabel('CPF', { exact: true }).fill(randomCpf());
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Verificar e-mail' }).click();
  const emailDialog = page.getByRole('dialog', { name: 'Verificar e-mail' });
  await emailDialog
    .getByRole('textbox', { name: 'Código de verificação' })
    .fill(await codeFromMail(email));
  await expect(emailDialog).toBeHidden();
  await page.getByLabel('Telefone', { exact: true }).fill(mobile);
  await page.getByRole('button', { name: 'Verificar telefone' }).click();
  const phoneDialog = page.getByRole('dialog', { name: 'Verificar SMS/WhatsApp' });
  await phoneDialog
    .getByRole('textbox', { name: 'Código de verificação' })
    .fill(await smsCode(page, mobile));
  await expect(phoneDialog).toBeHidden();
  await next.click();

  await stepHeading(page, 'Endereço');
  await page.getByLabel('CEP', { exact: true }).fill('01001000');
  await expect(page.getByLabel('Logradouro')).toHaveValue(/Praça da Sé/);
  await page.getByLabel('Número', { exact: true }).fill('100');
  await page
    .getByLabel('Comprovante de residência', { exact: true })
    .setInputFiles({ name: 'conta.pdf', mimeType: 'application/pdf', buffer: await pdf() });
  await expect(page.getByText('conta.pdf')).toBeVisible();
  await next.click();

  await stepHeading(page, 'Documentos e Profissão');
  await page.getByLabel('Tipo de documento').selectOption('CRM');
  await page.getByLabel('Número do registro').fill('123456');
  await page.getByLabel('UF do registro').selectOption('SP');
  await page
    .getByLabel('Documento de identidade (frente)', { exact: true })
    .setInputFiles(jpeg('rg.jpg', await renderIdentityDocument(identity)));
  await expect(page.getByLabel('Número do documento')).toHaveValue(identity.numero, {
    timeout: 30_000,
  });
  // The name on the document is required: typed (or confirmed) when the reading missed it.
  await page.getByLabel('Nome no documento').fill(identity.nome);
  await page
    .getByLabel('Documento de identidade (verso)', { exact: true })
    .setInputFiles(jpeg('rg-verso.jpg', await photo('#b0b8c0')));
  await expect(page.getByText('rg-verso.jpg')).toBeVisible();
  await next.click();
  // Step 3 asks before keeping a document of another name; the applicant confirms.
  const confirm = page.getByRole('dialog', { name: 'O documento é seu?' });
  await expect(confirm).toContainText(
    `O nome no documento (${identity.nome}) é diferente do nome informado na etapa 1 (${nome}).`,
  );
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Confirmar e continuar' }).click();
  return { nome, documentName: identity.nome };
}

test.describe('biometric check em revisão', () => {
  test('the applicant continues and submits; the reviewer finds it by the filter and compares the three photos', async ({
    page,
    isMobile,
    allowConsoleError,
  }) => {
    test.setTimeout(180_000);
    const next = page.getByRole('button', { name: 'Continuar', exact: true });
    const { nome, documentName } = await fillFirstSteps(page, isMobile ? 77 : 76);

    // Step 4: the sandbox finds the faces uncertain.
    await stepHeading(page, 'Biometria e Verificação');
    await page
      .getByLabel('Selfie', { exact: true })
      .setInputFiles(jpeg('selfie-revisao.jpg', await photo('#c8a27a')));
    await page
      .getByLabel('Selfie com documento', { exact: true })
      .setInputFiles(jpeg('selfie-doc.jpg', await photo('#b8926a')));
    await expect(page.getByText('selfie-doc.jpg')).toBeVisible();
    await page.getByRole('button', { name: 'Verificar identidade' }).click();
    await expect(page.getByText('Verificação em análise')).toBeVisible();
    await expect(
      page.getByText(
        'Suas fotos foram enviadas para conferência pela nossa equipe. Você pode continuar o cadastro.',
      ),
    ).toBeVisible();
    await expect(page.getByText('Verificação reprovada')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    // What the server decided, and the similarities the reviewer will see.
    const check = (await (
      await page.request.get('/api/applicant/PF/biometrics/check')
    ).json()) as BiometricCheck;
    expect(check.decision).toBe('em_revisao');
    await next.click();

    await stepHeading(page, 'PEP');
    await next.click();

    await stepHeading(page, 'Revisão e Consentimento');
    await expect(page.getByText('Verificação em análise')).toBeVisible();
    await expectNoSidewaysScroll(page);
    if (isMobile) await expectNoSidewaysScrollOnNarrowestPhone(page);
    await page.getByRole('checkbox').nth(0).check();
    await page.getByRole('checkbox').nth(1).check();
    await page.getByRole('button', { name: 'Enviar cadastro' }).click();
    await expect(page).toHaveURL(/\/onboarding\/success$/);
    const protocolo = (await page.getByTestId('protocolo').textContent()) ?? '';
    expect(protocolo).toMatch(/^MEDI-\d{8}-\d{4}$/);
    await expectNoSidewaysScroll(page);
    if (isMobile) await expectNoSidewaysScrollOnNarrowestPhone(page);

    // The reviewer: the PF list filtered by 'Em revisão', then the application. (The back office
    // first asks whether this browser holds an admin session: a 401.)
    allowConsoleError(/status of 401/);
    await adminLogIn(page, e2eConfig.adminEmail, e2eConfig.adminPassword);
    const menu = await openAdminMenu(page, isMobile);
    await menu.getByRole('link', { name: 'Onboardings PF' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Onboardings PF' })).toBeVisible();
    await page.getByLabel('Biometria').selectOption({ label: 'Em revisão' });
    await expect(page).toHaveURL(/biometria=em_revisao/);
    const table = page.getByRole('table', { name: 'Onboardings PF' });
    // This one among the applications em revisão the journeys sent (found by its protocol).
    await page.getByLabel('Buscar').fill(protocolo);
    await expect(page).toHaveURL(/q=.*biometria=em_revisao|biometria=em_revisao.*q=/);
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row', { name: new RegExp(nome) });
    await expect(row).toContainText(protocolo);
    // The status column says the check waits for a person.
    await expect(row).toContainText('Biometria: Em revisão');
    await expectNoAxeViolations(page);
    await row.getByRole('link', { name: 'Ver' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Detalhes do Onboarding' }),
    ).toBeVisible();

    // The document of another person is named on top, and in the three-source table.
    const flags = page.getByRole('region', { name: 'Divergências de identidade' });
    await expect(flags).toContainText(
      'O nome no documento de identidade difere do nome informado.',
    );
    await expect(flags).toContainText(
      'O solicitante confirmou que o documento é dele apesar da divergência.',
    );
    const checks = page.getByRole('region', { name: 'Verificação de identidade' });
    await expect(checks.getByRole('row', { name: /^Nome/ })).toContainText(
      `${nome}${documentName}${documentName}Divergente`,
    );
    await expect(checks.getByTestId('biometric-decision')).toHaveText('Em revisão');
    const compared = checks.getByRole('list', { name: 'Fotos comparadas' });
    await expect(compared.getByRole('listitem')).toHaveCount(3);
    for (const label of ['Selfie', 'Selfie com documento', 'Documento de identidade (frente)']) {
      const image = compared.getByRole('img', { name: label, exact: true });
      await image.scrollIntoViewIfNeeded();
      await expect(image).toBeVisible();
      // Served to the admin session by the authorised document route.
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
        .toBeGreaterThan(0);
    }
    await expect(compared).toContainText(
      `Selfie × selfie com documento: ${formatConfidence(check.similarities.selfieToSelfieDoc!)}`,
    );
    await expect(compared).toContainText(
      `Selfie × documento: ${formatConfidence(check.similarities.selfieToDocument!)}`,
    );
    // Nothing on the page is wider than the screen: wide parts scroll inside their own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
    await expectNoAxeViolations(page);
    // The reviewer's decisions are the usual ones.
    await expect(page.getByRole('button', { name: 'Aprovar' })).toBeVisible();
  });
});
