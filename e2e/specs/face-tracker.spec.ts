import { expect, expectNoAxeViolations, openPage, test } from '../support/fixtures';

/**
 * The in-browser face tracker (Human on WASM) on the fake camera, which films one face (see
 * support/fake-camera.ts). Human, its models and the WASM binaries come from our own origin.
 */
test.describe('face tracker', () => {
  test('counts the face in the camera, loading everything from our origin', async ({
    page,
    baseURL,
  }) => {
    // Model and WASM loading takes a while on a slow machine.
    test.setTimeout(60_000);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));

    await openPage(page, '/dev/biometria');
    await expect(page).toHaveTitle(/Biometria \(teste local\)/);
    await page.getByRole('button', { name: 'Iniciar rastreamento facial' }).click();
    await expect(page.getByLabel('Câmera: rastreamento facial')).toBeVisible();
    const status = page.getByRole('status');
    await expect(status).toHaveText('1 rosto detectado', { timeout: 20_000 });

    // Still one face a moment later, frame after frame.
    await page.waitForTimeout(1000);
    await expect(status).toHaveText('1 rosto detectado');
    const timing = await page.getByText(/^Análise do quadro: \d+ ms$/).textContent();
    test.info().annotations.push({ type: 'detect time per frame', description: timing ?? '' });
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Parar' }).click();
    await expect(page.getByRole('button', { name: 'Iniciar rastreamento facial' })).toBeVisible();
    await expect(status).toHaveText('');
    expect(
      await page
        .getByLabel('Câmera: rastreamento facial')
        .evaluate((video: HTMLVideoElement) => video.srcObject),
    ).toBeNull();

    const origin = new URL(baseURL ?? page.url()).origin;
    const elsewhere = requested.filter((url) => new URL(url).origin !== origin);
    expect(elsewhere, 'requests to other origins').toEqual([]);
    expect(requested.some((url) => url.endsWith('/models/face/facemesh.bin'))).toBe(true);
    expect(
      requested.some((url) => /\/models\/face\/tfjs-backend-wasm[a-z-]*\.wasm$/.test(url)),
    ).toBe(true);
  });
});
