import { applicantPhotos } from '../../apps/api/test/faces';
import { sandboxURL } from '../playwright.config';
import { expect, expectNoAxeViolations, openPage, test } from '../support/fixtures';

/**
 * The selfie step against the real checks: the face match on the server and the liveness
 * challenge in the browser (the fake camera films a still portrait: a photo, not a live person).
 */
test.describe('identity check', () => {
  test('offers only what can pass: the selfie by the camera here, or the phone, and says why', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await openPage(page, '/dev/biometria');
    // No file for the selfie: a selfie sent as a file never passes the liveness check.
    const selfie = page.getByRole('group', { name: 'Selfie', exact: true });
    await expect(selfie.getByRole('button', { name: 'Usar a câmera (Selfie)' })).toBeVisible();
    await expect(selfie.locator('input[type="file"]')).toHaveCount(0);
    await expect(
      page.getByText(
        'A selfie é tirada pela câmera, seguindo os movimentos da prova de vida: uma foto enviada como arquivo não passa na verificação. Use a câmera deste aparelho ou, sem câmera aqui, continue no celular.',
      ),
    ).toBeVisible();
    // The selfie with the document is not the liveness check's: a file is still accepted.
    await expect(page.getByLabel('Selfie com documento', { exact: true })).toHaveAttribute(
      'type',
      'file',
    );
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Continuar no celular' }).click();
    const dialog = page.getByRole('dialog', { name: 'Continuar no celular' });
    await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
    // The browser tests' server answers on 127.0.0.1: a phone could not open this link.
    await expect(dialog.getByRole('alert')).toContainText('Este link não abre em um celular');
    await expect(dialog.getByRole('alert')).toContainText('Use a câmera deste computador');
    const link = await dialog.getByText(/\/continuar\//).textContent();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    // The phone (a browser with no cookie) gets the selfie step only, once: no session cookie.
    const phone = await page.context().browser()!.newContext();
    const opened = await phone.request.get(link!.trim(), { maxRedirects: 0 });
    expect(opened.status()).toBe(303);
    expect(opened.headers().location).toBe('/continuar-no-celular');
    expect((await phone.cookies()).map((cookie) => cookie.name)).toEqual(['medipay_handoff']);
    const again = await phone.request.get(link!.trim(), { maxRedirects: 0 });
    expect(again.headers().location).toBe('/continuar/expirado');
    await phone.close();
    // With the dialog closed, this tab still follows the phone.
    await expect(
      page.getByRole('status').filter({ hasText: 'Link aberto no celular' }),
    ).toBeVisible({ timeout: 15_000 });
  });
});

/**
 * 'Continuar no celular' on the sandbox server (the phone sends its selfie as a file, which only
 * the sandbox passes): the phone takes the selfie step and nothing else, and the computer gets it.
 */
test.describe('continuing on a phone', () => {
  test.use({ baseURL: sandboxURL });
  const person = { photo: 3, box: [518, 297, 357, 356] as [number, number, number, number] };
  const jpeg = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/jpeg', buffer });

  test('the phone keeps its own session, takes only the selfie step, and the computer gets the result', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const photos = await applicantPhotos(person);
    await openPage(page, '/dev/biometria');
    await page
      .getByLabel('Documento de identidade (frente)', { exact: true })
      .setInputFiles(jpeg('rg.jpg', photos.document));
    await expect(
      page.getByRole('img', { name: 'Pré-visualização: Documento de identidade (frente)' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Continuar no celular' }).click();
    const dialog = page.getByRole('dialog', { name: 'Continuar no celular' });
    const link = (await dialog.getByText(/\/continuar\//).textContent())!.trim();
    /** The desktop follows the phone every few seconds. */
    const dialogSays = (text: string) =>
      expect(dialog.getByRole('status').filter({ hasText: text })).toBeVisible({
        timeout: 15_000,
      });
    await dialogSays('Aguardando a leitura do QR code');

    // The phone already has an application of its own in this browser.
    const phone = await browser.newContext({
      baseURL: sandboxURL,
      locale: 'pt-BR',
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    const onPhone = await phone.newPage();
    await openPage(onPhone, '/dev/biometria');
    const ownSession = async () =>
      (await phone.cookies()).find((cookie) => cookie.name === 'medipay_pf')?.value;
    await expect.poll(ownSession).toBeTruthy();
    const before = await ownSession();

    await onPhone.goto(link);
    await expect(onPhone).toHaveURL(/\/continuar-no-celular$/);
    expect(await ownSession()).toBe(before);
    const credential = (await phone.cookies()).find((cookie) => cookie.name === 'medipay_handoff');
    expect(credential).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/handoff' });
    await expect(
      onPhone.getByRole('heading', { name: 'Verificação de identidade no celular' }),
    ).toBeVisible();
    // The dev page's application has no name or CPF yet: the phone is told to be careful.
    await expect(onPhone.getByText(/ainda não tem nome nem CPF informados/)).toBeVisible();
    await expect(onPhone.getByRole('button', { name: 'Continuar no celular' })).toHaveCount(0);
    await expectNoAxeViolations(onPhone);

    await onPhone
      .getByLabel('Selfie', { exact: true })
      .setInputFiles(jpeg('selfie.jpg', photos.selfie));
    await onPhone
      .getByLabel('Selfie com documento', { exact: true })
      .setInputFiles(jpeg('selfie-doc.jpg', photos.selfieDoc));
    await expect(
      onPhone.getByRole('img', { name: 'Pré-visualização: Selfie com documento' }),
    ).toBeVisible();
    await dialogSays('Link aberto no celular');
    await onPhone.getByRole('button', { name: 'Verificar identidade' }).click();
    const finished = onPhone.getByRole('status').filter({ hasText: 'Verificação concluída' });
    await expect(finished).toContainText('Volte ao computador para continuar o cadastro.', {
      timeout: 15_000,
    });
    await expectNoAxeViolations(onPhone);

    // The computer sees the step done, with the phone's photos.
    await dialogSays('Verificação concluída no celular');
    await page.keyboard.press('Escape');
    await expect(
      page.getByRole('status').filter({ hasText: 'Verificação aprovada' }),
    ).toBeVisible();
    await expect(
      page.getByRole('img', { name: 'Pré-visualização: Selfie', exact: true }),
    ).toBeVisible();

    // The link is spent, and the phone's access ended with the step.
    await onPhone.goto(link);
    await expect(onPhone).toHaveURL(/\/continuar\/expirado$/);
    expect((await onPhone.request.get('/api/handoff')).status()).toBe(401);
    await phone.close();
  });
});
