import { codeFromMail, mailCount } from '../support/mail';
import { expect, expectNoAxeViolations, openPage, test } from '../support/fixtures';

/**
 * The one-time-code dialog of both wizards, driven from the local outbox page, with the codes
 * read where an applicant reads them: the e-mail in the SMTP sink, the SMS in the outbox.
 */
const uniqueEmail = (name: string) =>
  `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

test.describe('contact verification', () => {
  // Several codes, mails and accessibility checks per test: room for a busy machine.
  test.describe.configure({ timeout: 60_000 });

  test('verifies an e-mail with the keyboard alone, clearing a wrong code', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 400/);
    const email = uniqueEmail('teclado');
    await openPage(page, '/dev/outbox');
    const verifyButton = page.getByRole('button', { name: 'Verificar e-mail' });
    await expect(verifyButton).toBeDisabled();

    await page.getByLabel('E-mail', { exact: true }).focus();
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await expect(verifyButton).toBeEnabled();
    await expect(verifyButton).toBeFocused();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Verificar e-mail' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(email);
    await expect(dialog.getByRole('button', { name: /Reenviar em \d+s/ })).toBeDisabled();
    await expect(dialog).toContainText(
      'Não recebeu o código? Verifique sua caixa de spam ou tente reenviar.',
    );
    const input = dialog.getByRole('textbox', { name: 'Código de verificação' });
    await expect(input).toBeFocused();
    await expectNoAxeViolations(page);

    const code = await codeFromMail(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await page.keyboard.type(wrong);
    await expect(page.getByText('Código inválido')).toBeVisible();
    await expect(page.getByText('O código informado está incorreto ou expirado.')).toBeVisible();
    await expect(input).toHaveValue('');
    await expect(input).toBeFocused();

    await page.keyboard.type(code);
    await expect(page.getByText('Código verificado!')).toBeVisible();
    await expect(page.getByText('E-mail verificado com sucesso.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Verificado', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Verificar e-mail' })).toBeHidden();
  });

  test('says inside the dialog that a code is blocked after 5 wrong tries, and offers a new one', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 400/);
    const email = uniqueEmail('bloqueio');
    await openPage(page, '/dev/outbox');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Verificar e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verificar e-mail' });
    const input = dialog.getByRole('textbox', { name: 'Código de verificação' });
    await expect(input).toBeFocused();
    const code = await codeFromMail(email);
    const alert = dialog.getByRole('alert');
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await page.keyboard.type(String((Number(code) + attempt) % 1_000_000).padStart(6, '0'));
      await expect(alert).toContainText('Código inválido');
      await expect(alert).toContainText('O código informado está incorreto ou expirado.');
      await expect(input).toHaveValue('');
      await expect(input).toBeFocused();
    }
    await page.keyboard.type(String((Number(code) + 5) % 1_000_000).padStart(6, '0'));
    await expect(alert).toContainText('Código bloqueado');
    await expect(alert).toContainText(
      'Este código foi bloqueado depois de 5 tentativas erradas. Peça um novo código para continuar.',
    );
    await expect(alert).not.toContainText('Código inválido');
    // Nothing more to type into: the way out is a new code, after the resend countdown.
    await expect(input).toBeDisabled();
    await expect(dialog.getByRole('button', { name: /Reenviar em \d+s/ })).toBeDisabled();
    await expectNoAxeViolations(page);
    // The right code is refused as blocked too (the API says so; the dialog takes no more digits).
    const right = await page.request.post('/api/applicant/PF/verification/verify', {
      data: { channel: 'email', code },
    });
    expect(right.status()).toBe(400);
    expect(await right.json()).toMatchObject({ code: 'CODE_BLOCKED' });
  });

  test('opens the dialog even when the code could not be sent, with the reason and a resend', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 400/);
    await openPage(page, '/dev/outbox');
    await page.getByLabel('E-mail', { exact: true }).fill('nao-e-um-email');
    await page.getByRole('button', { name: 'Verificar e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verificar e-mail' });
    await expect(dialog).toBeVisible();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('Erro');
    await expect(alert).not.toBeEmpty();
    await expect(dialog).toContainText('ou peça um novo código.');
    const resend = dialog.getByRole('button', { name: 'Reenviar código' });
    await expect(resend).toBeEnabled();
    await expectNoAxeViolations(page);
    await resend.click();
    await expect(alert).toContainText('Erro ao reenviar');
  });

  test('verifies a phone with a pasted code sent by SMS, the number corrected after a first send', async ({
    page,
  }) => {
    await openPage(page, '/dev/outbox');
    const local = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    // A first code to a mistyped number; the applicant closes the dialog and corrects it.
    const typo = `${local.slice(0, 7)}${(Number(local[7]) + 1) % 10}`;
    await page.getByLabel('Telefone', { exact: true }).fill(`119${typo}`);
    await page.getByRole('button', { name: 'Verificar telefone' }).click();
    await expect(page.getByRole('dialog', { name: 'Verificar SMS/WhatsApp' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByLabel('Telefone', { exact: true }).fill(`119${local}`);
    await expect(page.getByLabel('Telefone', { exact: true })).toHaveValue(
      `+55 (11) 9${local.slice(0, 4)}-${local.slice(4)}`,
    );
    await page.getByRole('button', { name: 'Verificar telefone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verificar SMS/WhatsApp' });
    await expect(dialog).toBeVisible();
    // The corrected number gets its code at once (the cooldown is per number), and an SMS is
    // not sent to a spam folder.
    await expect(dialog).toContainText(`enviado para +55119${local}.`);
    await expect(dialog).toContainText('Não recebeu o código? Confira o número e tente reenviar.');
    await expect(dialog).not.toContainText('spam');
    await expect(dialog).not.toContainText('Não foi possível enviar');

    let code = '';
    await expect
      .poll(async () => {
        const { messages } = (await (await page.request.get('/api/dev/outbox')).json()) as {
          messages: { channel: string; recipient: string; text: string }[];
        };
        const sms = messages.find(
          (message) => message.channel === 'sms' && message.recipient === `+55119${local}`,
        );
        code = /é (\d{6})\./.exec(sms?.text ?? '')?.[1] ?? '';
        return code;
      })
      .toMatch(/^\d{6}$/);

    await dialog.getByRole('textbox', { name: 'Código de verificação' }).focus();
    await page.keyboard.insertText(code);
    await expect(page.getByText('Telefone verificado com sucesso.')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('offers a new code after the countdown and accepts it', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'the 60-second wait runs once');
    test.setTimeout(120_000);
    const email = uniqueEmail('reenvio');
    await openPage(page, '/dev/outbox');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Verificar e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verificar e-mail' });
    await codeFromMail(email);

    const resend = dialog.getByRole('button', { name: 'Reenviar código' });
    await expect(resend).toBeEnabled({ timeout: 70_000 });
    await resend.click();
    await expect(page.getByText('Código reenviado!')).toBeVisible();
    await expect(dialog.getByRole('button', { name: /Reenviar em \d+s/ })).toBeDisabled();

    const newCode = await codeFromMail(email, 1);
    expect(await mailCount(email)).toBe(2);
    await dialog.getByRole('textbox', { name: 'Código de verificação' }).fill(newCode);
    await expect(page.getByText('E-mail verificado com sucesso.')).toBeVisible();
  });
});

test.describe('the code dialog on a narrow phone', () => {
  const longAddress = 'dr.fernando.albuquerque@hospitalsaolucas.com.br';

  for (const viewport of [
    { width: 320, height: 640 },
    { width: 375, height: 667 },
  ]) {
    test(`fits ${viewport.width} px with a long address: six boxes, the address and the hint`, async ({
      page,
    }, testInfo) => {
      test.skip(testInfo.project.name !== 'mobile', 'phone widths: the mobile project');
      test.setTimeout(60_000);
      await page.setViewportSize(viewport);
      // The wizard's first step, where an applicant meets the dialog.
      await page.goto('/onboarding');
      await page.getByRole('button', { name: 'Começar' }).click();
      await page.getByLabel('E-mail', { exact: true }).fill(longAddress);
      await page.getByRole('button', { name: 'Verificar e-mail' }).click();
      const dialog = page.getByRole('dialog', { name: 'Verificar e-mail' });
      await expect(dialog).toBeVisible();
      // The whole address is there, for the eye and for a screen reader.
      await expect(dialog.locator('strong')).toHaveText(longAddress);
      await expect(dialog).toHaveAccessibleDescription(
        `Digite o código de 6 dígitos enviado para ${longAddress}.`,
      );
      // Opening animation over: measure the dialog as it stays.
      await expect.poll(() => dialog.evaluate((element) => element.getAnimations().length)).toBe(0);

      const { scrollWidth, clientWidth } = await dialog.evaluate((element) => ({
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);

      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      const inside = async (name: string, target: ReturnType<typeof page.locator>) => {
        const part = (await target.boundingBox())!;
        expect(part.x, `${name} starts inside the dialog`).toBeGreaterThanOrEqual(box.x);
        expect(part.x + part.width, `${name} ends inside the dialog`).toBeLessThanOrEqual(
          box.x + box.width + 0.5,
        );
      };
      const slots = dialog.getByTestId('otp-slots').locator(':scope > div');
      await expect(slots).toHaveCount(6);
      for (let index = 0; index < 6; index += 1) {
        const slot = slots.nth(index);
        await inside(`box ${index + 1}`, slot);
        // Still a box a finger can aim at.
        expect((await slot.boundingBox())!.width).toBeGreaterThanOrEqual(28);
      }
      await inside('the address', dialog.locator('strong'));
      await inside(
        'the hint',
        dialog.getByText('Não recebeu o código? Verifique sua caixa de spam ou tente reenviar.'),
      );
      await inside('the resend button', dialog.getByRole('button', { name: /Reenviar/ }));
      await expectNoAxeViolations(page);
    });
  }
});
