import type { Page } from '@playwright/test';
import { e2eConfig } from '../playwright.config';
import {
  expect,
  expectNoAxeViolations,
  isScrolledIntoView,
  openPage,
  test,
} from '../support/fixtures';

/** On small screens the header's links and buttons live in the menu. */
async function headerMenu(page: Page, isMobile: boolean) {
  const banner = page.getByRole('banner');
  if (isMobile) {
    const toggle = banner.getByRole('button', { name: 'Abrir menu' });
    await toggle.click();
    await expect(banner.getByRole('button', { name: 'Fechar menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  }
  return banner;
}

const sectionLinkNavigation = (isMobile: boolean) => (isMobile ? 'Seções (menu)' : 'Seções');

test.describe('landing page', () => {
  test('shows every section in order, with no horizontal scroll and no axe violations', async ({
    page,
  }) => {
    await openPage(page, '/');
    await expect(page).toHaveTitle(
      'MediPay | Conta digital para profissionais e operadoras de saúde',
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'O ecossistema financeiro digital da saúde',
    );

    const main = page.getByRole('main');
    const sectionTitles = await main.getByRole('heading', { level: 2 }).allTextContents();
    expect(sectionTitles.slice(0, 6)).toEqual([
      'Como Funciona',
      'Benefícios',
      'Para gestores de hospitais e clínicas',
      'Depoimentos',
      'Perguntas Frequentes',
      'Termos de Uso',
    ]);

    for (const id of ['como-funciona', 'beneficios', 'gestores', 'depoimentos', 'faq', 'termos']) {
      await expect(page.locator(`section#${id}`)).toHaveCount(1);
    }
    // Hero claims.
    for (const claim of [
      'Sem taxas de abertura',
      'Aprovação em minutos',
      'Suporte especializado',
      '5.000+',
      '4,9/5',
      '98%',
    ]) {
      await expect(main).toContainText(claim);
    }
    await expect(page.locator('#como-funciona ol > li, #como-funciona ul > li')).toHaveCount(3);
    await expect(page.locator('#beneficios li')).toHaveCount(6);
    await expect(page.locator('#gestores li')).toHaveCount(4);

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });

  test('has three testimonials with name, specialty, location, five stars and initials', async ({
    page,
  }) => {
    await openPage(page, '/');
    const entries = page.locator('#depoimentos li');
    await expect(entries).toHaveCount(3);
    for (const entry of await entries.all()) {
      await expect(entry.getByRole('img', { name: 'Avaliação: 5 de 5 estrelas' })).toBeVisible();
      await expect(entry).toContainText(/Dra?\.|Enf\./);
      await expect(entry).toContainText(/ - [A-Z]{2}/);
    }
    await expect(entries.first()).toContainText('AR');
  });

  test('FAQ: six questions, one open at a time, the open one closes when clicked', async ({
    page,
  }) => {
    await openPage(page, '/');
    const faq = page.locator('#faq');
    const questions = faq.getByRole('button');
    await expect(questions).toHaveCount(6);
    await expect(faq.getByRole('region')).toHaveCount(0);

    await questions.nth(0).click();
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await expect(faq.getByRole('region')).toHaveCount(1);

    await questions.nth(2).click();
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'true');
    await expect(faq.getByRole('region')).toHaveCount(1);
    await expect(faq.getByRole('region')).toContainText('2 dias úteis');

    await questions.nth(2).click();
    await expect(faq.getByRole('region')).toHaveCount(0);

    // Keyboard: Enter opens, and the answer with contacts shows the configured support.
    await questions.nth(0).focus();
    await page.keyboard.press('Enter');
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await expectNoAxeViolations(page);
    // One answer gives the configured support contacts.
    const answers: string[] = [];
    for (const question of await questions.all()) {
      if ((await question.getAttribute('aria-expanded')) !== 'true') await question.click();
      answers.push((await faq.getByRole('region').textContent()) ?? '');
    }
    expect(answers.some((answer) => answer.includes(e2eConfig.supportEmail))).toBe(true);
    expect(answers.some((answer) => answer.includes(e2eConfig.supportPhone))).toBe(true);
  });

  test('header section links scroll smoothly to their anchors', async ({ page, isMobile }) => {
    await openPage(page, '/');
    for (const [label, id] of [
      ['FAQ', 'faq'],
      ['Como Funciona', 'como-funciona'],
      ['Depoimentos', 'depoimentos'],
      ['Benefícios', 'beneficios'],
    ] as const) {
      const banner = await headerMenu(page, isMobile);
      await banner
        .getByRole('navigation', { name: sectionLinkNavigation(isMobile) })
        .getByRole('link', { name: label })
        .click();
      await expect(page).toHaveURL(`/#${id}`);
      await expect.poll(() => isScrolledIntoView(page, `#${id}`)).toBe(true);
      if (isMobile) {
        // The menu closes after a choice.
        await expect(banner.getByRole('button', { name: 'Abrir menu' })).toHaveAttribute(
          'aria-expanded',
          'false',
        );
        await expect(banner.getByRole('navigation', { name: 'Seções (menu)' })).toBeHidden();
      }
    }
  });

  test('from another route, a section link returns to / and scrolls to the anchor', async ({
    page,
    isMobile,
  }) => {
    await openPage(page, '/politica-privacidade');
    const banner = await headerMenu(page, isMobile);
    await banner
      .getByRole('navigation', { name: sectionLinkNavigation(isMobile) })
      .getByRole('link', { name: 'FAQ' })
      .click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'O ecossistema financeiro digital da saúde',
    );
    await expect.poll(() => isScrolledIntoView(page, '#faq')).toBe(true);

    // Footer links work from another route too.
    await openPage(page, '/seguranca');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Termos de Uso' }).click();
    await expect(page).toHaveURL('/');
    await expect.poll(() => isScrolledIntoView(page, '#termos')).toBe(true);
  });

  for (const [label, path] of [
    ['Sou Médico/Profissional', '/onboarding'],
    ['Sou Operadora de Saúde', '/onboarding-pj'],
    ['Admin', '/onboarding/admin/login'],
    ['Abrir Conta', '/onboarding'],
  ] as const) {
    test(`header button '${label}' goes to ${path}`, async ({
      page,
      isMobile,
      allowConsoleError,
    }) => {
      // The admin login page first asks whether a session exists: without one the answer is 401.
      if (label === 'Admin') allowConsoleError(/status of 401/);
      await openPage(page, '/');
      const banner = await headerMenu(page, isMobile);
      await banner
        .getByRole('link', { name: label, exact: true })
        .filter({ visible: true })
        .click();
      await expect(page).toHaveURL(path);
    });
  }

  test("'Fazer Login' opens the external app in a new tab", async ({ page, context, isMobile }) => {
    await openPage(page, '/');
    const banner = await headerMenu(page, isMobile);
    const link = banner.getByRole('link', { name: /Fazer Login/ }).filter({ visible: true });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(e2eConfig.appLoginUrl);
    expect(page.url()).toMatch(/\/$/);
  });

  for (const button of ['Solicitar Demonstração', 'Falar com Consultor']) {
    test(`'${button}' opens the contact dialog with the configured phone and e-mail`, async ({
      page,
    }) => {
      await openPage(page, '/');
      const opener = page.getByRole('button', { name: button });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Fale com a MediPay' });
      await expect(dialog).toBeVisible();
      await expect(
        dialog.getByRole('link', {
          name: new RegExp(e2eConfig.supportPhone.replace(/[()]/g, '\\$&')),
        }),
      ).toHaveAttribute('href', `tel:${e2eConfig.supportPhone.replace(/[^\d+]/g, '')}`);
      await expect(
        dialog.getByRole('link', { name: new RegExp(e2eConfig.supportEmail) }),
      ).toHaveAttribute('href', new RegExp(`^mailto:${e2eConfig.supportEmail}`));
      await expectNoAxeViolations(page);

      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    });
  }

  test('footer: quick links, terms, privacy policy, company, support 24/7 and version', async ({
    page,
  }) => {
    await openPage(page, '/');
    const footer = page.getByRole('contentinfo');
    for (const label of ['Como Funciona', 'Benefícios', 'Depoimentos', 'FAQ', 'Termos de Uso']) {
      await expect(footer.getByRole('link', { name: label })).toHaveAttribute('href', /^\/#/);
    }
    await expect(footer).toContainText('MediPay Instituição de Pagamento Ltda.');
    await expect(footer).toContainText('CNPJ 48.275.193/0001-10');
    await expect(footer).toContainText('Rio de Janeiro');
    await expect(footer).toContainText('Suporte 24/7');
    await expect(footer).toContainText(e2eConfig.supportPhone);
    await expect(footer).toContainText(e2eConfig.supportEmail);
    await expect(footer).toContainText('Versão 2.1.0');
    await expect(footer).toContainText('Dezembro de 2024');

    await footer.getByRole('link', { name: 'Termos de Uso' }).click();
    await expect.poll(() => isScrolledIntoView(page, '#termos')).toBe(true);
    await footer.getByRole('link', { name: 'Política de Privacidade' }).click();
    await expect(page).toHaveURL('/politica-privacidade');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de Privacidade');
  });

  test('works with the keyboard alone: skip link, menu, FAQ and the contact dialog', async ({
    page,
    isMobile,
  }) => {
    await openPage(page, '/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#conteudo')).toBeFocused();

    if (isMobile) {
      const toggle = page.getByRole('button', { name: 'Abrir menu' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('navigation', { name: 'Seções (menu)' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('navigation', { name: 'Seções (menu)' })).toBeHidden();
    }

    const demo = page.getByRole('button', { name: 'Solicitar Demonstração' });
    await demo.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(demo).toBeFocused();
  });
});

test.describe('landing page at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('has no horizontal scroll', async ({ page }) => {
    await openPage(page, '/');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
