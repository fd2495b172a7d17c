import type { Browser, Page } from '@playwright/test';
import {
  caseMessages,
  secondApprovalReasonLabels,
  type SecondApprovalReason,
} from '@medipay/shared/case-review';
import type { DemoPf } from '../../apps/api/demo/demo-dataset';
import { adminLogIn } from './admin';
import { expect } from './fixtures';
import { secondAdmin } from './seed-second-admin';

/**
 * Four-eyes approval (decision 023) for the specs that approve demonstration applicants on the
 * seeded servers. Which applications need two administrators is read from the dataset, never from
 * the page, so that a page asking for one approval too many or too few fails the spec.
 */

/**
 * Why a demonstration PF application needs two approvals, from its dataset entry: a declared PEP
 * (or a relative or associate of one), a biometric check em revisão. The dataset's other
 * triggers are absent on these servers: seed-screening.ts lists only an applicant in
 * requirements, the entries type what their documents say, and none shares a document, contact,
 * device or face with another.
 */
export function secondApprovalReasonsOf(
  entry: Pick<DemoPf, 'pep' | 'biometriaEmRevisao'>,
): SecondApprovalReason[] {
  const reasons: SecondApprovalReason[] = [];
  if (entry.pep.tipo !== 'NAO') reasons.push('pep_declarado');
  if (entry.biometriaEmRevisao) reasons.push('biometria_em_revisao');
  return reasons;
}

/** The detail page's four-eyes note (why two approvals, the first one awaiting the second). */
const fourEyesNote = (page: Page) =>
  page.getByRole('note', { name: caseMessages.secondApprovalRequired });

const approveButton = (page: Page) =>
  page.getByRole('region', { name: 'Ações', exact: true }).getByRole('button', { name: 'Aprovar' });

/**
 * 'Aprovar' on the open detail page, as its dialog asks: with the note of a first approval when
 * `reasons` (those of secondApprovalReasonsOf) say the case needs two administrators, the page
 * then listing exactly them and awaiting the second; confirmed at once otherwise ('Aprovado com
 * sucesso', no four-eyes note).
 */
export async function approveOnPage(
  page: Page,
  reasons: readonly SecondApprovalReason[],
  firstApprovalNote = 'Motivos da segunda aprovação conferidos com os documentos enviados.',
) {
  const dialog = page.getByRole('dialog', { name: 'Aprovar onboarding?' });
  if (reasons.length === 0) {
    await expect(fourEyesNote(page)).toHaveCount(0);
    await approveButton(page).click();
    await dialog.getByRole('button', { name: 'Aprovar' }).click();
    await expect(page.getByText('Aprovado com sucesso')).toBeVisible();
    return;
  }
  const note = fourEyesNote(page);
  await expect(note.getByRole('listitem')).toHaveText(
    reasons.map((reason) => secondApprovalReasonLabels[reason]),
  );
  await approveButton(page).click();
  await dialog.getByLabel(caseMessages.firstApprovalNoteLabel).fill(firstApprovalNote);
  await dialog.getByRole('button', { name: 'Aprovar' }).click();
  await expect(page.getByText(caseMessages.firstApproved)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(note.getByText(caseMessages.awaitingSecond)).toBeVisible();
  await expect(page.getByText('Em Análise', { exact: true }).first()).toBeVisible();
}

/**
 * The second approval of a case whose first approval is recorded, by the seeded second admin
 * (seed-second-admin.ts) in a browser of their own: logged in, `open` brings the detail page of
 * the application, 'Aprovar' approves it ('Aprovado com sucesso'), then `then` goes on with that
 * page before the browser closes. Its console errors fail the test, as the fixture's page's do
 * (the login page's 401 aside).
 */
export async function secondApproval(
  browser: Browser,
  open: (page: Page) => Promise<void>,
  then: (page: Page) => Promise<void> = async () => {},
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await adminLogIn(page, secondAdmin.email, secondAdmin.password);
    await open(page);
    await expect(fourEyesNote(page).getByText(caseMessages.awaitingSecond)).toBeVisible();
    await approveButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Aprovar onboarding?' });
    await expect(dialog.getByText('Esta é a segunda aprovação')).toBeVisible();
    await dialog.getByRole('button', { name: 'Aprovar' }).click();
    await expect(page.getByText('Aprovado com sucesso')).toBeVisible();
    await expect(page.getByText(`Analisado por ${secondAdmin.email} em`)).toBeVisible();
    await then(page);
  } finally {
    await context.close();
  }
  expect(
    errors.filter((text) => !/status of 401/.test(text)),
    'unexpected console errors of the second admin',
  ).toEqual([]);
}
