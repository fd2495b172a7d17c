import type { Page } from '@playwright/test';
import { paths } from '@medipay/shared/routes';
import { e2eConfig, largeListURL } from '../playwright.config';
import { adminLogIn } from '../support/admin';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import {
  largeListEmail,
  largeListName,
  largeListProtocolo,
  largeListRejected,
  largeListRejectedEvery,
  largeListSize,
  largeListWord,
} from '../support/seed-large-list';

/**
 * The PF list above the count cap (LIST_COUNT_CAP, 10,000), on a server whose database holds the
 * 10,050 applications of support/seed-large-list.ts: 'mais de 10.000' for the counts, a pager
 * without a number of pages, keyset pages (`after`) in the URL. Only reads: both projects share
 * the server.
 */
test.use({ baseURL: largeListURL });

test.beforeEach(({ allowConsoleError }) => {
  // The login page first asks whether a session exists: without one the answer is a 401.
  allowConsoleError(/status of 401/);
});

const pageSize = 20;

/** The list (a table, or cards on a phone: the same ARIA table) and its pager. */
function listOf(page: Page) {
  const table = page.getByRole('table', { name: 'Onboardings PF' });
  const pager = page.getByRole('navigation', { name: 'Paginação' });
  return {
    table,
    pager,
    /** 'Página X' or 'Página X de Y'. */
    pageLabel: pager.getByText(/^Página \d+/),
    /** Data row `index` (0-based; the row of column headers comes first). */
    row: (index: number) => table.getByRole('row').nth(index + 1),
  };
}

/** The row header of seeded row `n`: the name, the e-mail under it. */
const nameAndEmail = (n: number) =>
  new RegExp(`^${largeListName(n)}\\s*${largeListEmail(n).replace(/\./g, '\\.')}$`);

/** Expects the page's rows to be the seeded ones from `first` on (1 = the newest). */
async function expectRows(page: Page, first: number, count = pageSize) {
  const { table, row } = listOf(page);
  await expect(table.getByRole('row')).toHaveCount(count + 1);
  // The name is the row's header (a card's title on a phone); the protocolo its first cell.
  await expect(row(0).getByRole('rowheader')).toHaveText(nameAndEmail(first));
  await expect(row(0).getByRole('cell').first()).toContainText(largeListProtocolo(first));
  await expect(row(count - 1).getByRole('rowheader')).toHaveText(nameAndEmail(first + count - 1));
}

test.describe('a list above the count cap', () => {
  test('says mais de 10.000, pages on by cursor, and counts a narrower filter exactly', async ({
    page,
  }) => {
    // Two axe runs over a page of 20 cards take a while on a loaded machine.
    test.setTimeout(90_000);
    expect(largeListSize).toBeGreaterThan(10_000);
    await adminLogIn(page, e2eConfig.adminEmail, e2eConfig.adminPassword);
    await page.goto(paths.adminPfList);
    await expect(page.getByRole('heading', { level: 1, name: 'Onboardings PF' })).toBeVisible();
    const { pager, pageLabel } = listOf(page);

    // Page 1: the counts stop at the cap; the pager has no number of pages.
    await expect(page.getByText('Total: mais de 10.000', { exact: true })).toBeVisible();
    await expect(page.getByText('Filtrados: mais de 10.000', { exact: true })).toBeVisible();
    await expect(pager.getByText('mais de 10.000 onboardings', { exact: true })).toBeVisible();
    await expectRows(page, 1);
    await expect(pageLabel).toHaveText('Página 1');
    await expect(pager.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await expect(pager.getByRole('button', { name: 'Próxima' })).toBeEnabled();
    await expectNoAxeViolations(page);

    // Próxima: page 2 after the last row shown, its cursor in the URL.
    await pager.getByRole('button', { name: 'Próxima' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page).toHaveURL(/[?&]after=[^&]+/);
    await expect(pageLabel).toHaveText('Página 2');
    await expectRows(page, pageSize + 1);
    await expect(pager.getByRole('button', { name: 'Anterior' })).toBeEnabled();
    await expect(page.getByText('Total: mais de 10.000', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    // A reload keeps page 2 and its rows.
    const page2Url = page.url();
    await page.reload();
    await expect(pageLabel).toHaveText('Página 2');
    await expectRows(page, pageSize + 1);
    expect(page.url()).toBe(page2Url);

    // Anterior: back to the top of the list, without a cursor.
    await pager.getByRole('button', { name: 'Anterior' }).click();
    await expect(pageLabel).toHaveText('Página 1');
    await expectRows(page, 1);
    await expect(page).not.toHaveURL(/[?&](after|before|page)=/);

    // A search every seeded name matches is still above the cap ...
    await page.getByLabel('Buscar').fill(largeListWord.toLowerCase());
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByText('Filtrados: mais de 10.000', { exact: true })).toBeVisible();
    await expect(pageLabel).toHaveText('Página 1');

    // ... and with a status only some of them have, it is counted exactly, with its pages.
    await page.getByLabel('Status').selectOption('REJEITADO');
    await expect(page).toHaveURL(/[?&]status=REJEITADO/);
    await expect(page.getByText(`Filtrados: ${largeListRejected}`, { exact: true })).toBeVisible();
    await expect(page.getByText('Total: mais de 10.000', { exact: true })).toBeVisible();
    await expect(
      pager.getByText(`${largeListRejected} onboardings`, { exact: true }),
    ).toBeVisible();
    const pages = Math.ceil(largeListRejected / pageSize);
    await expect(pageLabel).toHaveText(`Página 1 de ${pages}`);
    const { row } = listOf(page);
    await expect(row(0).getByRole('rowheader')).toHaveText(nameAndEmail(largeListRejectedEvery));
    await expect(row(0).getByText('Rejeitado')).toBeVisible();
  });
});
