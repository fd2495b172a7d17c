import { applicantPhotos } from '../../apps/api/src/testing/faces';
import { expect, expectNoAxeViolations, openPage, test } from '../support/fixtures';

/**
 * The selfie step against the real checks: the face match on the server and the liveness
 * challenge in the browser (the fake camera films a still portrait: a photo, not a live person).
 */
test.describe('identity check', () => {
  // The woman on the left of the sample photo the fake camera also shows.
  const person = { photo: 3, box: [518, 297, 357, 356] as [number, number, number, number] };

  test('an uploaded selfie never passes liveness; the applicant is offered to go on with a phone', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const photos = await applicantPhotos(person);
    await openPage(page, '/dev/biometria');
    const jpeg = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/jpeg', buffer });
    await page
      .getByLabel('Documento de identidade (frente)', { exact: true })
      .setInputFiles(jpeg('rg.jpg', photos.document));
    await page
      .getByLabel('Selfie', { exact: true })
      .setInputFiles(jpeg('selfie.jpg', photos.selfie));
    await page
      .getByLabel('Selfie com documento', { exact: true })
      .setInputFiles(jpeg('selfie-doc.jpg', photos.selfieDoc));
    await expect(
      page.getByRole('img', { name: 'Pré-visualização: Selfie com documento' }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Verificar identidade' }).click();
    const result = page.getByRole('alert').filter({ hasText: 'Verificação reprovada' });
    await expect(result).toBeVisible({ timeout: 30_000 });
    // The same person in the three photos: only the missing liveness challenge fails.
    await expect(result.getByRole('listitem')).toHaveCount(1);
    await expect(result.getByRole('listitem')).toContainText(
      'Prova de vida: A prova de vida precisa da câmera',
    );
    await expectNoAxeViolations(page);

    await result.getByRole('button', { name: 'Continuar no celular' }).click();
    const dialog = page.getByRole('dialog', { name: 'Continuar no celular' });
    await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
    const link = await dialog.getByText(/\/continuar\//).textContent();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    // The phone (a browser with no cookie) opens the same application once.
    const phone = await page.context().browser()!.newContext();
    const opened = await phone.request.get(link!.trim(), { maxRedirects: 0 });
    expect(opened.status()).toBe(303);
    expect(opened.headers().location).toBe('/onboarding');
    const again = await phone.request.get(link!.trim(), { maxRedirects: 0 });
    expect(again.headers().location).toBe('/continuar/expirado');
    await phone.close();

    await result.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByText('selfie.jpg')).toBeHidden();
    await expect(page.getByText('selfie-doc.jpg')).toBeHidden();
  });

  test('the camera asks for movements, and a still face never unlocks the selfie', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await openPage(page, '/dev/biometria');
    await page.getByRole('button', { name: 'Usar a câmera (Selfie)', exact: true }).click();
    await page.getByRole('button', { name: 'Abrir câmera para selfie' }).click();
    const instruction = page.getByRole('status').filter({ hasText: /Movimento 1 de 3/ });
    await expect(instruction).toBeVisible({ timeout: 30_000 });
    // The portrait looks a little aside: it is asked to face the camera before any movement.
    await expect(instruction).toContainText(
      /Olhe para a câmera|Pisque os olhos|Vire o rosto devagar para a sua (esquerda|direita)/,
    );
    await expect(page.getByRole('button', { name: 'Capturar foto' })).toBeDisabled();
    await expectNoAxeViolations(page);
    // The portrait never does the movement: the step runs out of time, the photo stays locked.
    await expect(page.getByRole('button', { name: 'Recomeçar prova de vida' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      page.getByRole('status').filter({ hasText: 'O tempo para o movimento acabou.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Capturar foto' })).toBeDisabled();
  });
});
