import type { Page } from '@playwright/test';
import { backOfficeURL, e2eConfig } from '../playwright.config';
import { adminLogIn } from '../support/admin';
import { expect, expectNoAxeViolations, openPage, test } from '../support/fixtures';

/**
 * What applicants and reviewers meet on a phone (320 and 375 px, touch): the PJ CNPJ whole, one
 * message for a wrong CNPJ, no drag advice, the wizards' focused header, the back-office lists
 * as cards and its header whole; and the PF list read at 1280 px.
 */
const phones = [
  { width: 320, height: 640 },
  { width: 375, height: 667 },
];

/** The page scrolls only downwards. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

for (const viewport of phones) {
  test.describe(`applicants on a ${viewport.width} px phone`, () => {
    test.beforeEach(({ isMobile }, testInfo) => {
      test.skip(!isMobile, 'phone widths: the mobile project (touch)');
      testInfo.setTimeout(60_000);
    });

    test('the PJ wizard: focused header, the whole CNPJ, one message for a wrong one', async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await openPage(page, '/onboarding-pj');

      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: 'MediPay, página inicial' })).toHaveAttribute(
        'href',
        '/',
      );
      await expect(banner.getByRole('link', { name: 'Sair do cadastro' })).toBeVisible();
      for (const text of ['Admin', 'Fazer Login', 'Abrir Conta']) {
        await expect(banner).not.toContainText(text);
      }
      await expect(banner.getByRole('button', { name: 'Abrir menu' })).toHaveCount(0);

      const cnpj = page.getByLabel('CNPJ', { exact: true });
      // An alphanumeric CNPJ, its widest shape.
      await cnpj.fill('E2E06459000195');
      await expect(cnpj).toHaveValue('E2.E06.459/0001-95');
      const widths = await cnpj.evaluate((input: HTMLInputElement) => ({
        scrollWidth: input.scrollWidth,
        clientWidth: input.clientWidth,
      }));
      expect(widths.scrollWidth).toBeLessThanOrEqual(widths.clientWidth);
      const lookup = page.getByRole('button', { name: 'Buscar dados' });
      const box = (await lookup.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);

      // Fourteen digits with a wrong check digit: the field says so, and nothing else does.
      await cnpj.fill('11222333000182');
      await lookup.click();
      await expect(page.getByText('CNPJ inválido', { exact: true })).toBeVisible();
      await expect(cnpj).toBeFocused();
      await expect(page.getByText('CNPJ inválido', { exact: true })).toHaveCount(1);
      await expect(page.getByText('CNPJ incompleto')).toHaveCount(0);
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
    });

    test('the PF wizard has the focused header too, and asks before leaving unsaved input', async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await openPage(page, '/onboarding');
      await page.getByRole('button', { name: 'Começar' }).click();
      await page.getByLabel('Nome completo').fill('Ana Beatriz Moreira');
      const banner = page.getByRole('banner');
      await expect(banner).not.toContainText('Fazer Login');
      await banner.getByRole('link', { name: 'Sair do cadastro' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sair do cadastro?' });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Ficar no cadastro' }).click();
      await expect(page.getByLabel('Nome completo')).toHaveValue('Ana Beatriz Moreira');
      await expectNoSidewaysScroll(page);
    });

    test('uploads do not ask a touch screen to drag the file', async ({ page }) => {
      await page.setViewportSize(viewport);
      await openPage(page, '/dev/documentos');
      await expect(page.getByText('Clique para escolher').first()).toBeVisible();
      await expect(page.getByText(/arraste o arquivo/)).toHaveCount(0);
      await expectNoSidewaysScroll(page);
    });
  });
}

test('uploads keep the drag advice for a mouse', async ({ page, isMobile }) => {
  test.skip(isMobile, 'a mouse: the desktop project');
  await openPage(page, '/dev/documentos');
  await expect(page.getByText('ou arraste o arquivo até aqui').first()).toBeVisible();
});

test.describe('the back office', () => {
  test.use({ baseURL: backOfficeURL });
  test.beforeEach(({ allowConsoleError }, testInfo) => {
    // The login page first asks whether this browser holds an admin session.
    allowConsoleError(/status of 401/);
    testInfo.setTimeout(60_000);
  });

  for (const viewport of phones) {
    test(`lists are cards at ${viewport.width} px, the header whole`, async ({
      page,
      isMobile,
    }) => {
      test.skip(!isMobile, 'phone widths: the mobile project (touch)');
      await page.setViewportSize(viewport);
      await adminLogIn(page, e2eConfig.adminEmail, e2eConfig.adminPassword);

      const title = page.getByRole('banner').getByText('Painel Administrativo', { exact: true });
      await expect(title).toBeVisible();
      const fits = await title.evaluate((element) => ({
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
        right: element.getBoundingClientRect().right,
      }));
      expect(fits.scrollWidth).toBeLessThanOrEqual(fits.clientWidth);
      expect(fits.right).toBeLessThanOrEqual(viewport.width);

      for (const [path, caption] of [
        ['/onboarding/admin/list', 'Onboardings PF'],
        ['/onboarding/admin/pj', 'Onboardings PJ'],
      ] as const) {
        await page.goto(path);
        const list = page.getByRole('table', { name: caption });
        await expect(list.getByRole('row').nth(1)).toBeVisible();
        // Cards, not a table squeezed into a scrolling box.
        await expect(page.locator('table')).toHaveCount(0);
        const card = (await list.getByRole('row').nth(1).boundingBox())!;
        expect(card.x).toBeGreaterThanOrEqual(0);
        expect(card.x + card.width).toBeLessThanOrEqual(viewport.width);
        await expect(list.getByRole('row').nth(1).getByRole('link', { name: 'Ver' })).toBeVisible();
        await expectNoSidewaysScroll(page);
        await expectNoAxeViolations(page);
      }
    });
  }

  test('the PF list reads at 1280 px: an e-mail takes two lines at most', async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, '1280 px: the desktop project');
    await page.setViewportSize({ width: 1280, height: 800 });
    await adminLogIn(page, e2eConfig.adminEmail, e2eConfig.adminPassword);
    await page.goto('/onboarding/admin/list');
    const table = page.getByRole('table', { name: 'Onboardings PF' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const emails = table.locator('td [title*="@"]');
    expect(await emails.count()).toBeGreaterThan(1);
    const lines = await emails.evaluateAll((elements) =>
      elements.map((element) => {
        const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
        return Math.round(element.getBoundingClientRect().height / lineHeight);
      }),
    );
    for (const count of lines) expect(count).toBeLessThanOrEqual(2);
    // The table fits its box: nothing to scroll sideways to.
    const region = page.getByRole('region', { name: 'Onboardings PF' });
    const { scrollWidth, clientWidth } = await region.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });
});
