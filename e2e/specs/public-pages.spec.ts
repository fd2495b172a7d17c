import { e2eConfig } from '../playwright.config';
import { expect, expectNoAxeViolations, isScrolledIntoView, test } from '../support/fixtures';

test.describe('/politica-privacidade', () => {
  test('has every section of the policy with the facts the spec gives', async ({ page }) => {
    await page.goto('/politica-privacidade');
    await expect(page).toHaveTitle('Política de Privacidade | MediPay');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de Privacidade');
    await expect(page.getByText('Última atualização: 2 de outubro de 2025')).toBeVisible();

    const sections = [
      'Introdução',
      'Definições',
      'Dados coletados',
      'Finalidades do tratamento',
      'Bases legais',
      'Compartilhamento de dados',
      'Armazenamento e segurança',
      'Direitos do titular',
      'Diferenças entre o portal e o aplicativo',
      'Alterações desta política',
      'Contato',
      'Lei aplicável e foro',
      'Aceitação',
    ];
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { level: 2 }).filter({ hasNotText: 'Sumário' }),
    ).toHaveText(sections);

    await expect(main).toContainText('15 dias úteis');
    await expect(main).toContainText('5 anos');
    await expect(main).toContainText('10 anos');
    await expect(main).toContainText('Rio de Janeiro');
    await expect(main).toContainText('dpo@medipay.com.br');
    await expect(main).toContainText(e2eConfig.supportEmail);
    await expectNoAxeViolations(page);

    // The table of contents jumps to a section.
    await page
      .getByRole('navigation', { name: 'Sumário' })
      .getByRole('link', { name: 'Contato' })
      .click();
    await expect(page).toHaveURL(/#contato$/);
    await expect.poll(() => isScrolledIntoView(page, '#contato')).toBe(true);
  });
});

test.describe('/seguranca', () => {
  test('shows header, footer, the claims and five keyboard-operable tabs', async ({ page }) => {
    await page.goto('/seguranca');
    await expect(page).toHaveTitle('Segurança e Compliance | MediPay');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    const main = page.getByRole('main');
    for (const claim of ['99%', '24x7', 'São Paulo', 'CSV', 'PDF']) {
      await expect(main).toContainText(claim);
    }

    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(['Dados', 'Segurança', 'Antifraude', 'Auditoria', 'Operacional']);
    await expect(page.getByRole('tab', { name: 'Dados' })).toHaveAttribute('aria-selected', 'true');
    await expectNoAxeViolations(page);

    // Keyboard only: focus the selected tab and move with the arrow keys.
    await page.getByRole('tab', { name: 'Dados' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Segurança' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Segurança' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tabpanel')).toContainText('argon2id');

    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Operacional' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Auditoria' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tabpanel')).toContainText('quem');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tabpanel')).toContainText('5 minutos');
    await expectNoAxeViolations(page);
  });

  test('links to the privacy policy', async ({ page }) => {
    await page.goto('/seguranca');
    // The 'Saiba mais' block at the end of the page.
    await page
      .getByRole('main')
      .getByRole('link', { name: 'Política de Privacidade' })
      .last()
      .click();
    await expect(page).toHaveURL('/politica-privacidade');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de Privacidade');
  });

  test('links to the FAQ of the landing page', async ({ page }) => {
    await page.goto('/seguranca');
    await page.getByRole('main').getByRole('link', { name: 'Perguntas frequentes' }).click();
    await expect(page).toHaveURL('/');
    await expect.poll(() => isScrolledIntoView(page, '#faq')).toBe(true);
  });
});
