import type { Locator } from '@playwright/test';
import { backOfficeURL, e2eConfig } from '../playwright.config';
import { adminLogIn } from '../support/admin';
import {
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  openPage,
  test,
} from '../support/fixtures';
import { seededLongPf } from '../support/seed-back-office';

/**
 * What applicants and reviewers meet on a phone (320 and 375 px, touch): the PJ CNPJ whole, one
 * message for a wrong CNPJ, no drag advice, the wizards' focused header, the back office (its
 * header whole, the lists and the administrators as cards, the dashboard and an application
 * of a 120-character name and a 60-character e-mail) never scrolling sideways; and the lists
 * read at 1280 px.
 */
const phones = [
  { width: 320, height: 640 },
  { width: 375, height: 667 },
];

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
    test(`lists and administrators are cards at ${viewport.width} px, nothing scrolls sideways`, async ({
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
      // The dashboard, with its cards loaded.
      await expect(page.getByRole('region', { name: 'Sessões abandonadas' })).toBeVisible();
      await expectNoSidewaysScroll(page);

      for (const [path, caption, action] of [
        ['/onboarding/admin/list', 'Onboardings PF', /^Ver$/],
        ['/onboarding/admin/pj', 'Onboardings PJ', /^Ver$/],
        ['/onboarding/admin/administradores', 'Contas de administradores', /^Redefinir senha/],
      ] as const) {
        await page.goto(path);
        const list = page.getByRole('table', { name: caption });
        const first = list.getByRole('row').nth(1);
        await expect(first).toBeVisible();
        // Cards, not a table squeezed into a scrolling box.
        await expect(page.locator('table')).toHaveCount(0);
        const card = (await first.boundingBox())!;
        expect(card.x).toBeGreaterThanOrEqual(0);
        expect(card.x + card.width).toBeLessThanOrEqual(viewport.width);
        await expect(
          first.getByRole('link', { name: action }).or(first.getByRole('button', { name: action })),
        ).toBeVisible();
        await expectNoSidewaysScroll(page);
        await expectNoAxeViolations(page);
      }

      // The application of a 120-character name and a 60-character e-mail: both break.
      await page.goto('/onboarding/admin/list?q=Maximiliano');
      await page
        .getByRole('row', { name: /Maximiliano/ })
        .getByRole('link', { name: 'Ver' })
        .click();
      await expect(page.getByText(seededLongPf.email).first()).toBeVisible();
      await expect(page.getByText(seededLongPf.nome).first()).toBeVisible();
      await expectNoSidewaysScroll(page);
    });
  }

  /** How many lines an element's box holds. */
  const linesOf = (elements: Locator) =>
    elements.evaluateAll((found) =>
      found.map((element) => {
        const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
        return Math.round(element.getBoundingClientRect().height / lineHeight);
      }),
    );

  test('the lists read at 1280 px: names and e-mails on two lines at most, the protocol on one, the table in its box', async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, '1280 px: the desktop project');
    await page.setViewportSize({ width: 1280, height: 800 });
    await adminLogIn(page, e2eConfig.adminEmail, e2eConfig.adminPassword);
    for (const [path, caption] of [
      ['/onboarding/admin/list', 'Onboardings PF'],
      ['/onboarding/admin/pj', 'Onboardings PJ'],
    ] as const) {
      await page.goto(path);
      const table = page.getByRole('table', { name: caption });
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      // Every name and e-mail is cut to two lines, the whole value on hover.
      const clipped = table.locator('[title]');
      expect(await clipped.count()).toBeGreaterThan(4);
      for (const count of await linesOf(clipped)) expect(count).toBeLessThanOrEqual(2);
      if (caption === 'Onboardings PF') {
        // The seeded 120-character name, cut and whole on hover.
        await expect(table.getByTitle(seededLongPf.nome, { exact: true })).toBeVisible();
        expect(await linesOf(table.getByTitle(seededLongPf.nome, { exact: true }))).toEqual([2]);
        // The protocol, first column, on one line: its text makes a single line box.
        const protocolLines = await table
          .locator('tbody tr > td:first-child')
          .evaluateAll((cells) =>
            cells.map((cell) => {
              const range = document.createRange();
              range.selectNodeContents(cell);
              return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)))
                .size;
            }),
          );
        expect(protocolLines.length).toBeGreaterThan(4);
        for (const count of protocolLines) expect(count).toBe(1);
      }
      // The table fits its box: nothing to scroll sideways to.
      const region = page.getByRole('region', { name: caption });
      const { scrollWidth, clientWidth } = await region.evaluate((element) => ({
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      await expectNoSidewaysScroll(page);
    }
    await expectNoAxeViolations(page);
  });
});
