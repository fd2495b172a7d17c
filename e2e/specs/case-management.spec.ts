import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { caseMessages } from '@medipay/shared/case-review';
import { pdf } from '../../apps/api/test/files';
import { e2eConfig, reviewURL } from '../playwright.config';
import { adminLogIn, openAdminMenu } from '../support/admin';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { mailTo } from '../support/mail';
import {
  secondAdmin,
  seededFourEyes,
  seededRefusals,
  type SeededCase,
} from '../support/seed-case-management';

/**
 * Case management in the back office (issue 25), on the review server, whose seed added a second
 * administrator and PF applications in analysis no other spec opens
 * (support/seed-case-management.ts): a declared PEP approved by two administrators, the second
 * after taking the case over; documents refused one by one and asked for again through the
 * rectification link. Each project decides its own application of each kind.
 */
test.use({ baseURL: reviewURL });

test.beforeEach(({ allowConsoleError }) => {
  // The login page first asks whether a session exists: without one the answer is a 401.
  allowConsoleError(/status of 401/);
});

async function openApplication(page: Page, isMobile: boolean, target: SeededCase) {
  const menu = await openAdminMenu(page, isMobile);
  await menu.getByRole('link', { name: 'Onboardings PF' }).click();
  await page.getByLabel('Buscar').fill(target.nome);
  // The search reaches the address after its debounce; the row to open is then the match's.
  await expect(page).toHaveURL(/[?&]q=/);
  await page
    .getByRole('row', { name: new RegExp(target.nome, 'i') })
    .getByRole('link', { name: 'Ver' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Detalhes do Onboarding' }),
  ).toBeVisible();
  await expect(page.getByText(target.email)).toBeVisible();
}

/** The parts of the detail page the case lives in. */
function casePage(page: Page) {
  return {
    holder: page.getByRole('region', { name: 'Análise do cadastro' }),
    fourEyes: page.getByRole('note', { name: caseMessages.secondApprovalRequired }),
    actions: page.getByRole('region', { name: 'Ações', exact: true }),
    audit: page.getByRole('region', { name: 'Ações administrativas' }),
    history: page.getByRole('region', { name: 'Histórico de status' }),
    /** A document's tile, by the label of its heading. */
    document: (label: string) =>
      page
        .getByRole('region', { name: 'Documentos', exact: true })
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: label, exact: true }) }),
  };
}

test.describe('case management', () => {
  test('a declared PEP: taken, approved once with a note, taken over by another admin who gives the second approval', async ({
    page,
    browser,
    isMobile,
  }) => {
    // Two log-ins (argon2), two detail pages and four axe runs on two loaded cores.
    test.setTimeout(120_000);
    const target = seededFourEyes[isMobile ? 1 : 0]!;
    const note = `Cargo público declarado por ${target.nome} conferido na fonte oficial; sem ocorrências em listas.`;

    // The first admin takes the free case.
    await adminLogIn(page, e2eConfig.adminEmail, e2eConfig.adminPassword);
    await openApplication(page, isMobile, target);
    const first = casePage(page);
    await expect(first.holder.getByText(caseMessages.unassigned)).toBeVisible();
    await first.holder.getByRole('button', { name: caseMessages.assign }).click();
    await expect(first.holder.getByText(caseMessages.heldByYou)).toBeVisible();
    await expect(first.holder.getByRole('button', { name: caseMessages.release })).toBeVisible();
    await expect(
      first.fourEyes.getByText('Declarou ser PEP, familiar ou colaborador próximo de uma PEP'),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // The first approval needs its note; it keeps the status and awaits another admin.
    await first.actions.getByRole('button', { name: 'Aprovar' }).click();
    const approval = page.getByRole('dialog', { name: 'Aprovar onboarding?' });
    await approval.getByRole('button', { name: 'Aprovar' }).click();
    await expect(approval.getByText(caseMessages.firstApprovalNoteRequired)).toBeVisible();
    const noteField = approval.getByLabel(caseMessages.firstApprovalNoteLabel);
    await expect(noteField).toBeFocused();
    await expectNoAxeViolations(page);
    await noteField.fill(note);
    await approval.getByRole('button', { name: 'Aprovar' }).click();
    await expect(page.getByText(caseMessages.firstApproved)).toBeVisible();
    await expect(approval).toBeHidden();
    await expect(first.fourEyes.getByText(caseMessages.awaitingSecond)).toBeVisible();
    await expect(
      first.fourEyes.getByText(`Primeira aprovação por ${e2eConfig.adminEmail} em`),
    ).toBeVisible();
    await expect(first.fourEyes.getByText(note)).toBeVisible();
    await expect(page.getByText('Em Análise', { exact: true }).first()).toBeVisible();
    // The same admin cannot give the second approval.
    const approveAgain = first.actions.getByRole('button', { name: 'Aprovar' });
    await expect(approveAgain).toBeDisabled();
    await expect(first.actions.getByText(caseMessages.sameAdmin)).toBeVisible();
    await expect(approveAgain).toHaveAccessibleDescription(caseMessages.sameAdmin);

    // The second admin, in a browser of their own, finds the case held by the first.
    const context = await browser.newContext();
    const other = await context.newPage();
    const otherErrors: string[] = [];
    other.on('console', (message) => {
      if (message.type() === 'error') otherErrors.push(message.text());
    });
    other.on('pageerror', (error) => otherErrors.push(error.message));
    try {
      await adminLogIn(other, secondAdmin.email, secondAdmin.password);
      await openApplication(other, isMobile, target);
      const second = casePage(other);
      await expect(
        second.holder.getByText(caseMessages.heldBy(e2eConfig.adminEmail)),
      ).toBeVisible();
      await expect(second.actions.getByText(caseMessages.heldByOther)).toBeVisible();
      for (const name of ['Aprovar', 'Em Exigência', 'Negar']) {
        await expect(second.actions.getByRole('button', { name })).toBeDisabled();
      }
      await expect(
        second
          .document('Comprovante de residência')
          .getByRole('button', { name: caseMessages.refuseDocument }),
      ).toBeDisabled();
      await expect(second.fourEyes.getByText(caseMessages.awaitingSecond)).toBeVisible();
      await expect(other.getByRole('button', { name: caseMessages.withdraw })).toHaveCount(0);
      await expectNoAxeViolations(other);

      // 'Assumir no lugar', confirmed, then the second approval (its note optional).
      await second.holder.getByRole('button', { name: caseMessages.takeOver }).click();
      const takeOver = other.getByRole('dialog', { name: `${caseMessages.takeOver}?` });
      await expect(
        takeOver.getByText(caseMessages.takeOverConfirm(e2eConfig.adminEmail)),
      ).toBeVisible();
      await takeOver.getByRole('button', { name: caseMessages.takeOver }).click();
      await expect(takeOver).toBeHidden();
      await expect(second.holder.getByText(caseMessages.heldByYou)).toBeVisible();
      await expect(second.actions.getByText(caseMessages.heldByOther)).toHaveCount(0);
      await second.actions.getByRole('button', { name: 'Aprovar' }).click();
      const secondApproval = other.getByRole('dialog', { name: 'Aprovar onboarding?' });
      await expect(secondApproval.getByText('Esta é a segunda aprovação')).toBeVisible();
      await secondApproval.getByRole('button', { name: 'Aprovar' }).click();
      await expect(other.getByText('Aprovado com sucesso')).toBeVisible();
      await expect(other.getByText('Aprovado', { exact: true }).first()).toBeVisible();
      await expect(other.getByText(`Analisado por ${secondAdmin.email} em`)).toBeVisible();
      await expect(second.fourEyes).toHaveCount(0);

      // Both approvals and the take-over are audited, each by its admin.
      const entry = (label: string) =>
        second.audit.getByRole('listitem').filter({ has: other.getByText(label, { exact: true }) });
      await expect(entry('Primeira aprovação')).toContainText(e2eConfig.adminEmail);
      await expect(entry('Primeira aprovação')).toContainText(note);
      await expect(entry('Análise assumida no lugar de outro administrador')).toContainText(
        `Análise assumida no lugar de ${e2eConfig.adminEmail}`,
      );
      await expect(entry('Aprovação')).toContainText(secondAdmin.email);
      await expect(
        second.history.getByRole('listitem').filter({ hasText: secondAdmin.email }),
      ).toContainText('Aprovado');
      await expectNoAxeViolations(other);
    } finally {
      await context.close();
    }
    expect(
      otherErrors.filter((text) => !/status of 401/.test(text)),
      'unexpected console errors of the second admin',
    ).toEqual([]);
  });

  test('two documents refused, em exigência from their reasons, both replaced by the applicant', async ({
    page,
    isMobile,
  }) => {
    test.setTimeout(120_000);
    const target = seededRefusals[isMobile ? 1 : 0]!;
    const otherReason = 'A conta está em nome de outra pessoa: envie um comprovante em seu nome.';
    const internalNote = `Conferir o endereço de ${target.nome} com o do conselho profissional.`;

    await adminLogIn(page, e2eConfig.adminEmail, e2eConfig.adminPassword);
    await openApplication(page, isMobile, target);
    const review = casePage(page);

    // 'Recusar documento' with a reason from the list.
    const verso = review.document('Documento de identidade (verso)');
    await verso.getByRole('button', { name: caseMessages.refuseDocument }).click();
    const refuse = page.getByRole('dialog', { name: caseMessages.refuseDocument });
    await refuse.getByLabel(caseMessages.refusalReason).selectOption({ label: 'Ilegível' });
    await refuse.getByRole('button', { name: caseMessages.refuseDocument }).click();
    await expect(refuse).toBeHidden();
    await expect(verso.getByText('Recusado: Ilegível')).toBeVisible();

    // 'Outro' needs its text.
    const bill = review.document('Comprovante de residência');
    await bill.getByRole('button', { name: caseMessages.refuseDocument }).click();
    await refuse.getByLabel(caseMessages.refusalReason).selectOption({ label: 'Outro' });
    await refuse.getByRole('button', { name: caseMessages.refuseDocument }).click();
    await expect(refuse.getByText(caseMessages.refusalOtherRequired)).toBeVisible();
    await refuse.getByLabel(caseMessages.refusalOtherText).fill(otherReason);
    await expectNoAxeViolations(page);
    await refuse.getByRole('button', { name: caseMessages.refuseDocument }).click();
    await expect(refuse).toBeHidden();
    await expect(bill.getByText(`Recusado: ${otherReason}`)).toBeVisible();
    await expectNoAxeViolations(page);

    // 'Em Exigência' proposes the refusals as the requirements; an internal note is added.
    await review.actions.getByRole('button', { name: 'Em Exigência' }).click();
    const requirements = page.getByRole('dialog', { name: 'Colocar em exigência' });
    const exigencias = requirements.getByLabel('Exigências', { exact: true });
    await expect(exigencias).toHaveValue(/- Documento de identidade \(verso\): Ilegível/);
    const proposed = await exigencias.inputValue();
    expect(proposed).toContain(`- Comprovante de residência: ${otherReason}`);
    expect(proposed.split('\n')).toHaveLength(2);
    await requirements.getByLabel(caseMessages.internalNoteLabel).fill(internalNote);
    await requirements.getByRole('button', { name: 'Enviar Exigências' }).click();
    await expect(requirements).toBeHidden();
    await expect(page.getByText('Em exigência', { exact: true }).first()).toBeVisible();

    // The applicant's e-mail: the requirements and the link, never the internal note.
    const mail = await mailTo(target.email, (subject) => subject.includes('precisa de correções'));
    expect(mail).toContain('- Documento de identidade (verso): Ilegível');
    expect(mail).toContain(`- Comprovante de residência: ${otherReason}`);
    expect(mail).not.toContain(internalNote);
    const link = /\/retificar-documentos\?token=[\w-]+/.exec(mail)?.[0];
    expect(link).toBeDefined();

    // The rectification page, without the admin's session: exactly the two documents asked for.
    await page.context().clearCookies();
    await page.goto(link!);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Retificar Documentos' }),
    ).toBeVisible();
    const requested = page.getByRole('region', { name: 'Documentos solicitados' });
    await expect(requested.getByRole('listitem')).toHaveCount(2);
    await expect(requested.getByText('Motivo: Ilegível')).toBeVisible();
    await expect(requested.getByText(`Motivo: ${otherReason}`)).toBeVisible();
    await expect(page.getByLabel('Documento de identidade (frente)', { exact: true })).toHaveCount(
      0,
    );
    await expect(page.getByText(internalNote)).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Sent with one of them only: the missing one is named, nothing is sent.
    await page.getByLabel('Documento de identidade (verso)', { exact: true }).setInputFiles({
      name: 'verso-nitido.jpg',
      mimeType: 'image/jpeg',
      buffer: await sharp({
        create: { width: 640, height: 420, channels: 3, background: '#d7ccc8' },
      })
        .jpeg()
        .toBuffer(),
    });
    await page.getByRole('button', { name: 'Enviar Correções' }).click();
    await expect(
      page.getByText('Envie o documento solicitado: Comprovante de residência'),
    ).toBeVisible();
    const billInput = page.getByLabel('Comprovante de residência', { exact: true });
    await expect(billInput).toBeFocused();
    await expect(billInput).toHaveAccessibleDescription(
      /Escolha um novo arquivo para este documento\./,
    );

    await billInput.setInputFiles({
      name: 'comprovante-em-meu-nome.pdf',
      mimeType: 'application/pdf',
      buffer: await pdf(),
    });
    await expect(page.getByText('2 documentos selecionados para atualização')).toBeVisible();
    await page.getByRole('button', { name: 'Enviar Correções' }).click();
    await expect(page.getByText('Sucesso!')).toBeVisible();
    await expect(page).toHaveURL('/', { timeout: 10_000 });

    // Back in analysis with both new versions; the internal note only in the back office.
    await adminLogIn(page, e2eConfig.adminEmail, e2eConfig.adminPassword);
    await openApplication(page, isMobile, target);
    await expect(page.getByText('Em Análise', { exact: true }).first()).toBeVisible();
    const card = page.getByRole('region', { name: 'Retificação do solicitante' });
    await expect(card.getByText('Documento de identidade (verso)').first()).toBeVisible();
    await expect(card.getByText('Comprovante de residência').first()).toBeVisible();
    await expect(card.getByText('Versão anterior')).toHaveCount(2);
    await expect(card.getByText('Nova versão')).toHaveCount(2);
    await expect(review.audit.getByText(internalNote)).toBeVisible();
    // The new versions await their own decision.
    await expect(verso.getByText('Recusado: Ilegível')).toHaveCount(0);
    await expect(verso.getByRole('button', { name: caseMessages.acceptDocument })).toBeEnabled();
    await expectNoAxeViolations(page);
  });
});
