import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { demoDataset } from '../../apps/api/demo/demo-dataset';
import { pdf } from '../../apps/api/test/files';
import { e2eConfig, platformURL } from '../playwright.config';
import { adminLogIn, openAdminMenu } from '../support/admin';
import {
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  expectNoSidewaysScrollOnNarrowestPhone,
  test,
} from '../support/fixtures';
import { mailTo } from '../support/mail';

/**
 * The exigência loop from the UI, on a seeded server: an admin sends an approved application back
 * to analysis and puts it em exigência; the applicant follows the e-mailed link, replaces two
 * documents with a justification; the admin finds it back in analysis with both versions. The
 * desktop run does it for a professional (PF), the phone run for a company (PJ).
 */
test.use({ baseURL: platformURL });

test.beforeEach(({ allowConsoleError }) => {
  // The login page first asks whether a session exists: without one the answer is a 401.
  allowConsoleError(/status of 401/);
});

type UploadFile = { name: string; mimeType: string; buffer: Buffer };

const jpeg = async (name: string): Promise<UploadFile> => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 640, height: 420, channels: 3, background: '#cfd8dc' } })
    .jpeg()
    .toBuffer(),
});
const pdfFile = async (name: string): Promise<UploadFile> => ({
  name,
  mimeType: 'application/pdf',
  buffer: await pdf(),
});

type Case = {
  list: string;
  /** What the list search finds, and what its row shows. */
  search: string;
  shown: string;
  email: string;
  reopenedToast: string;
  replace: { label: string; file: () => Promise<UploadFile> }[];
};

function caseFor(isMobile: boolean): Case {
  if (!isMobile) {
    const pf = demoDataset.pf.filter((entry) => entry.status === 'APROVADO')[0]!;
    return {
      list: 'Onboardings PF',
      search: pf.nome,
      shown: pf.nome,
      email: pf.email,
      reopenedToast: 'Status atualizado',
      replace: [
        { label: 'Documento de identidade (frente)', file: () => jpeg('rg-frente-nova.jpg') },
        { label: 'Comprovante de residência', file: () => pdfFile('conta-de-luz.pdf') },
      ],
    };
  }
  const pj = demoDataset.pj.filter((entry) => entry.status === 'APROVADO')[0]!;
  return {
    list: 'Onboardings PJ',
    search: pj.razaoSocial,
    shown: pj.nomeFantasia,
    email: pj.email,
    reopenedToast: 'Status alterado',
    replace: [
      { label: 'Contrato social', file: () => pdfFile('contrato-social-alterado.pdf') },
      { label: 'Cartão CNPJ', file: () => pdfFile('cartao-cnpj.pdf') },
    ],
  };
}

async function openApplication(page: Page, isMobile: boolean, target: Case) {
  const menu = await openAdminMenu(page, isMobile);
  await menu.getByRole('link', { name: target.list }).click();
  await page.getByLabel('Buscar').fill(target.search);
  // The search reaches the address after its debounce; the row to open is then the match's.
  await expect(page).toHaveURL(/[?&]q=/);
  const row = page.getByRole('row', { name: new RegExp(target.shown, 'i') });
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: 'Ver' }).click();
}

test.describe('rectification', () => {
  test('em exigência, the applicant replaces two documents, and the admin sees both versions', async ({
    page,
    isMobile,
    allowConsoleError,
  }) => {
    test.setTimeout(120_000);
    const target = caseFor(isMobile);
    const exigencias = 'Envie os documentos atualizados e explique a alteração.';

    // The admin sends the approved application back to analysis, then asks for corrections.
    await adminLogIn(page, e2eConfig.adminEmail, e2eConfig.adminPassword);
    await openApplication(page, isMobile, target);
    await page.getByRole('button', { name: 'Voltar para Análise' }).click();
    await page
      .getByRole('dialog', { name: 'Voltar para Análise?' })
      .getByRole('button', { name: 'Voltar para Análise' })
      .click();
    await expect(page.getByText(target.reopenedToast, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Em Exigência' }).click();
    const dialog = page.getByRole('dialog', { name: 'Colocar em exigência' });
    await dialog.getByLabel('Exigências').fill(exigencias);
    await dialog.getByRole('button', { name: 'Enviar Exigências' }).click();
    await expect(page.getByText('Em exigência', { exact: true }).first()).toBeVisible();

    // The applicant, in a browser without the admin's session, follows the e-mailed link.
    const mail = await mailTo(target.email, (subject) => subject.includes('precisa de correções'));
    const link = /\/retificar-documentos\?token=[\w-]+/.exec(mail)?.[0];
    expect(link).toBeDefined();
    await page.context().clearCookies();
    await page.goto(link!);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Retificar Documentos' }),
    ).toBeVisible();
    // The token leaves the address bar once exchanged.
    await expect(page).toHaveURL(/\/retificar-documentos$/);
    await expect(page.getByText(exigencias)).toBeVisible();
    await expectNoSidewaysScroll(page);
    if (isMobile) await expectNoSidewaysScrollOnNarrowestPhone(page);
    await expectNoAxeViolations(page);

    // Neither a document nor a justification: nothing is sent.
    await page.getByRole('button', { name: 'Enviar Correções' }).click();
    await expect(
      page.getByText('Adicione uma justificativa ou atualize pelo menos um documento'),
    ).toBeVisible();

    for (const { label, file } of target.replace) {
      await page.getByLabel(label, { exact: true }).setInputFiles(await file());
    }
    await expect(page.getByText('2 documentos selecionados para atualização')).toBeVisible();
    await page
      .getByLabel('Justificativa (opcional)')
      .fill('Os documentos foram atualizados conforme solicitado.');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Enviar Correções' }).click();
    await expect(page.getByText('Sucesso!')).toBeVisible();
    await expect(page).toHaveURL('/', { timeout: 10_000 });

    // The same link does not open again: it says that the corrections were received (410).
    allowConsoleError(/status of 410/);
    await page.goto(link!);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Correções já recebidas' }),
    ).toBeVisible();
    await expect(page.getByText('Cadastro não encontrado')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Acompanhar status' })).toBeVisible();

    // The admin finds it back in analysis, with the justification and both versions.
    await adminLogIn(page, e2eConfig.adminEmail, e2eConfig.adminPassword);
    await openApplication(page, isMobile, target);
    await expect(page.getByText('Em Análise', { exact: true }).first()).toBeVisible();
    const card = page.getByRole('region', { name: 'Retificação do solicitante' });
    await expect(
      card.getByText('Os documentos foram atualizados conforme solicitado.').first(),
    ).toBeVisible();
    for (const { label } of target.replace) {
      await expect(card.getByText(label).first()).toBeVisible();
    }
    await expect(card.getByText('Versão anterior')).toHaveCount(2);
    await expect(card.getByText('Nova versão')).toHaveCount(2);
    await expectNoAxeViolations(page);
  });
});
