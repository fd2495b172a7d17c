import type { Page } from '@playwright/test';
import { demoDataset } from '../../apps/api/demo/demo-dataset';
import { e2eConfig, reviewURL } from '../playwright.config';
import { adminLogIn, openAdminMenu } from '../support/admin';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { approveOnPage, secondApproval, secondApprovalReasonsOf } from '../support/four-eyes';
import { smtpSinkHttp } from '../support/mail';

/**
 * Deciding applications in the back office, on a server seeded with the demonstration dataset.
 * The desktop and the phone runs decide different applications of the same seed.
 */
test.use({ baseURL: reviewURL });

const inStatus = (status: string) => demoDataset.pf.filter((entry) => entry.status === status);

test.beforeEach(({ allowConsoleError }) => {
  // The login page first asks whether a session exists: without one the answer is a 401.
  allowConsoleError(/status of 401/);
});

async function findInList(page: Page, name: string) {
  await page.getByLabel('Buscar').fill(name);
  // The search reaches the address after its debounce; the row to open is then the match's.
  await expect(page).toHaveURL(/[?&]q=/);
  const row = page.getByRole('row', { name: new RegExp(name, 'i') });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  return row;
}

async function requirementsMail(address: string): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      const messages = (await (await fetch(`${smtpSinkHttp}/messages`)).json()) as {
        to: string[];
        subject: string;
        text: string;
      }[];
      text =
        messages.find(
          (message) =>
            message.to.includes(address) && message.subject.includes('precisa de correções'),
        )?.text ?? '';
      return text;
    })
    .toContain('/retificar-documentos?token=');
  return text;
}

test.describe('application review', () => {
  test('finds an application, views a document, puts it em exigência, denies it from the list, and approves another after a revert', async ({
    page,
    browser,
    isMobile,
  }) => {
    // The desktop run adds the second admin's log-in (argon2) and detail page.
    test.setTimeout(120_000);
    const [inAnalysis] = inStatus('EM_ANALISE').slice(isMobile ? 1 : 0);
    const [approved] = inStatus('APROVADO').slice(isMobile ? 1 : 0);
    await adminLogIn(page, e2eConfig.adminEmail, e2eConfig.adminPassword);
    const menu = await openAdminMenu(page, isMobile);
    await menu.getByRole('link', { name: 'Onboardings PF' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Onboardings PF' })).toBeVisible();
    await expectNoAxeViolations(page);

    // Find it by name, without the accents and in lower case, and open it.
    const row = await findInList(page, inAnalysis!.nome.toLowerCase());
    await expect(page).toHaveURL(/q=/);
    await row.getByRole('link', { name: 'Ver' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Detalhes do Onboarding' }),
    ).toBeVisible();
    await expect(page.getByText(inAnalysis!.email)).toBeVisible();
    // Nothing on the page is wider than a phone: wide parts scroll inside their own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
    await expectNoAxeViolations(page);

    // A document opens full size from the authorised route.
    await page
      .getByRole('region', { name: 'Documentos' })
      .getByRole('button', { name: /Documento de identidade \(frente\)/ })
      .click();
    const viewer = page.getByRole('dialog');
    await expect(viewer.getByRole('img')).toBeVisible();
    await expect
      .poll(() => viewer.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await viewer.getByRole('button', { name: 'Girar' }).click();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    // Em exigência: the requirements are required; the applicant gets the link by e-mail.
    await page.getByRole('button', { name: 'Em Exigência' }).click();
    const requirements = page.getByRole('dialog', { name: 'Colocar em exigência' });
    await expect(requirements.getByRole('button', { name: 'Enviar Exigências' })).toBeDisabled();
    await requirements.getByLabel('Exigências').fill('Envie o verso do documento de identidade.');
    await requirements.getByRole('button', { name: 'Enviar Exigências' }).click();
    await expect(page.getByText('Em exigência', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Envie o verso do documento de identidade.').first()).toBeVisible();
    expect(await requirementsMail(inAnalysis!.email)).toContain(
      'Envie o verso do documento de identidade.',
    );

    // Back to the list, which kept the search; the record can now be denied from it.
    await page.getByRole('link', { name: 'Voltar', exact: true }).click();
    const listed = await findInList(page, inAnalysis!.nome.toLowerCase());
    await listed.getByRole('button', { name: 'Negar' }).click();
    const prompt = page.getByRole('dialog', { name: 'Digite o motivo da negação:' });
    await expectNoAxeViolations(page);
    await prompt.getByLabel('Motivo da negação').fill('Documento ilegível após a exigência.');
    await prompt.getByRole('button', { name: 'Negar' }).click();
    await expect(page.getByText('Onboarding negado')).toBeVisible();
    await expect(listed.getByText('Negado')).toBeVisible();

    // An approved application goes back to analysis, then is approved again: by two admins
    // when its data needs them (the desktop's declared PEP), by one otherwise (the phone's).
    const other = await findInList(page, approved!.nome);
    await other.getByRole('link', { name: 'Ver' }).click();
    await page.getByRole('button', { name: 'Voltar para Análise' }).click();
    await page
      .getByRole('dialog', { name: 'Voltar para Análise?' })
      .getByRole('button', { name: 'Voltar para Análise' })
      .click();
    await expect(page.getByText('Status atualizado')).toBeVisible();
    const reasons = secondApprovalReasonsOf(approved!);
    await approveOnPage(
      page,
      reasons,
      `Dados de ${approved!.nome} conferidos de novo após a reabertura.`,
    );
    if (reasons.length === 0) {
      await expect(page.getByText(`Analisado por ${e2eConfig.adminEmail} em`)).toBeVisible();
    } else {
      await secondApproval(browser, async (second) => {
        const menu = await openAdminMenu(second, isMobile);
        await menu.getByRole('link', { name: 'Onboardings PF' }).click();
        const listed = await findInList(second, approved!.nome);
        await listed.getByRole('link', { name: 'Ver' }).click();
        await expect(second.getByText(approved!.email)).toBeVisible();
      });
    }
  });

  test('lists the companies with their badges and opens one with its documents', async ({
    page,
    isMobile,
  }) => {
    // A log-in (argon2), two lists and a detail with its documents, two axe runs: near 30 s on
    // two loaded cores.
    test.setTimeout(90_000);
    await adminLogIn(page, e2eConfig.adminEmail, e2eConfig.adminPassword);
    const menu = await openAdminMenu(page, isMobile);
    await menu.getByRole('link', { name: 'Onboardings PJ' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Onboardings PJ' })).toBeVisible();
    await expect(page.getByText(`Total: ${demoDataset.pj.length}`)).toBeVisible();
    await page.getByLabel('Tipo').selectOption('laboratorio');
    await expect(page.getByText('Filtrados: 1')).toBeVisible();
    await expectNoAxeViolations(page);
    const company = demoDataset.pj.find((entry) => entry.tipoEmpresa === 'laboratorio')!;
    await page
      .getByRole('row', { name: new RegExp(company.email) })
      .getByRole('link', { name: 'Ver' })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Detalhes do Onboarding PJ' }),
    ).toBeVisible();
    const documentLink = page.getByRole('link', { name: /Visualizar Documento/ }).first();
    await expect(documentLink).toHaveAttribute('href', /^\/api\/documents\//);
    const document = await page.request.get((await documentLink.getAttribute('href'))!);
    expect(document.status()).toBe(200);
    await expectNoAxeViolations(page);
  });
});
