import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const adminLoginPath = '/onboarding/admin/login';
export const adminDashboardPath = '/onboarding/admin/dashboard';

/** Logs in through the login page and waits for the dashboard. */
export async function adminLogIn(page: Page, credential: string, password: string) {
  await page.goto(adminLoginPath);
  await page.getByLabel('Usuário ou e-mail').fill(credential);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(adminDashboardPath);
}

/** The 'Menu Principal': the sidebar, or on a phone the sheet its button opens. */
export async function openAdminMenu(page: Page, isMobile: boolean) {
  if (!isMobile) return page.getByRole('navigation', { name: 'Menu Principal' });
  const sheet = page.getByRole('dialog');
  // A tap while the page is still settling (the dashboard's data arriving) can be lost on a busy
  // machine: tap again, as a person would, until the sheet opens.
  await expect(async () => {
    if (!(await sheet.isVisible())) await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(sheet).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  return sheet;
}
