import { image, pdf } from '../../apps/api/test/files';
import { expect, expectNoAxeViolations, openPage, test } from '../support/fixtures';

/** The upload component of the wizards and the rectification page, against the real intake. */
test.describe('document upload', () => {
  test('uploads a PDF and a photo, previews the photo, replaces and removes', async ({ page }) => {
    await openPage(page, '/dev/documentos');
    const proof = page.getByLabel('Comprovante de residência', { exact: true });
    await proof.setInputFiles({
      name: 'conta de luz.pdf',
      mimeType: 'application/pdf',
      buffer: await pdf(),
    });
    await expect(page.getByText('conta de luz.pdf')).toBeVisible();

    await page.getByLabel('Selfie', { exact: true }).setInputFiles({
      name: 'selfie.png',
      mimeType: 'image/png',
      buffer: await image('png', 400, 300),
    });
    const preview = page.getByRole('img', { name: 'Pré-visualização: Selfie' });
    await expect(preview).toBeVisible();
    // Visible as soon as it is in the page; decoded a moment later.
    await expect
      .poll(() => preview.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
    await expectNoAxeViolations(page);

    await page
      .getByLabel('Selfie', { exact: true })
      .setInputFiles({ name: 'outra.webp', mimeType: 'image/webp', buffer: await image('webp') });
    await expect(page.getByText('outra.webp')).toBeVisible();
    await page.getByRole('button', { name: 'Remover Comprovante de residência' }).click();
    await expect(page.getByText('conta de luz.pdf')).toBeHidden();
    await expect(page.getByText('Clique para escolher')).toBeVisible();
  });

  test('explains a refusal before and after sending', async ({ page, allowConsoleError }) => {
    allowConsoleError(/status of 415/);
    await openPage(page, '/dev/documentos');
    await page
      .getByLabel('Selfie', { exact: true })
      .setInputFiles({ name: 'selfie.pdf', mimeType: 'application/pdf', buffer: await pdf() });
    await expect(page.getByRole('alert')).toHaveText(
      'Formato não aceito. Envie uma imagem JPG, JPEG, PNG ou WEBP',
    );

    // Named and typed as a photo, but an HTML page: only the server's content check can tell.
    const html = Buffer.from('<html><body><script>alert(1)</script></body></html>');
    await page
      .getByLabel('Selfie', { exact: true })
      .setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: html });
    await expect(page.getByRole('alert')).toHaveText(
      'Formato não aceito. Envie uma imagem JPG, JPEG, PNG ou WEBP',
    );
    await expect(page.getByLabel('Selfie', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  test('serves an uploaded document to its own session only', async ({ page, browser }) => {
    await openPage(page, '/dev/documentos');
    const responsePromise = page.waitForResponse((response) =>
      response.url().includes('/documents/comprovanteResidencia'),
    );
    await page
      .getByLabel('Comprovante de residência', { exact: true })
      .setInputFiles({ name: 'privado.pdf', mimeType: 'application/pdf', buffer: await pdf() });
    const { url } = (await (await responsePromise).json()) as { url: string };
    expect((await page.request.get(url)).status()).toBe(200);

    const stranger = await browser.newContext();
    expect((await stranger.request.get(new URL(url, page.url()).toString())).status()).toBe(404);
    await stranger.close();
  });

  test('takes a selfie with the camera and uploads it', async ({ page }) => {
    await openPage(page, '/dev/documentos');
    await page.getByRole('button', { name: 'Usar a câmera (Selfie)' }).click();
    await page.getByRole('button', { name: 'Abrir câmera para selfie' }).click();
    await page.getByRole('button', { name: 'Capturar foto' }).click();
    await expect(page.getByRole('img', { name: 'Foto capturada: selfie' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Usar esta foto' }).click();
    await expect(page.getByRole('img', { name: 'Pré-visualização: Selfie' })).toBeVisible();
    await expect(page.getByText('selfie.jpg')).toBeVisible();
  });
});
