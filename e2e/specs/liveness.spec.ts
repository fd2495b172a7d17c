import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import sharp from 'sharp';
import { documentWithPhoto, portrait, samplePhoto, type FaceCrop } from '../../apps/api/test/faces';
import { headTurnFrames } from '../../apps/api/test/head-turns';
import { createFaceEngine } from '../../apps/api/src/modules/kyc/face-engine';
import { chromiumArgs, chromiumPath } from '../chromium.mjs';
import { baseURL } from '../playwright.config';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { rgbToI420 } from '../support/fake-camera';

/**
 * The liveness challenge against the real checks, each with a fake camera of its own: a person
 * who turns the head as asked (a frontal face of the sample photos, rebuilt in 3D and turned:
 * apps/api/test/head-turns.ts), and the same portrait as a printed photo turned in front of the
 * camera. The camera films in a loop; the challenge's order is the server's.
 */
const crop: FaceCrop = { photo: 5, box: [278, 848, 371, 371] };
const width = 640;
const height = 480;
const fps = 15;

/** A Y4M video that holds each frame for `seconds`, in a loop. */
async function writeVideo(file: string, frames: Buffer[], seconds = 1.5) {
  const encoded = await Promise.all(
    frames.map(async (frame) => {
      const { data } = await sharp(frame)
        .resize(width, height)
        .removeAlpha()
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
      return Buffer.concat([Buffer.from('FRAME\n'), rgbToI420(data, width, height)]);
    }),
  );
  const held = encoded.flatMap((frame) =>
    Array.from({ length: Math.round(seconds * fps) }, () => frame),
  );
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`),
      ...held,
    ]),
  );
}

// Made in beforeAll: a worker runs beforeAll and afterAll again for each test of this file it
// takes (fullyParallel), and afterAll removes the folder.
let directory = '';
const videos = { live: '', print: '' };
const browsers: Browser[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  directory = mkdtempSync(join(tmpdir(), 'medipay-liveness-'));
  videos.live = join(directory, 'live.y4m');
  videos.print = join(directory, 'print.y4m');
  const camera = await sharp(samplePhoto(crop.photo))
    .extract({ left: 33, top: 726, width: 864, height: 649 })
    .resize(width, height)
    .jpeg()
    .toBuffer();
  const frames = await headTurnFrames(createFaceEngine(), camera);
  // Facing the camera, turned to one side, back, turned to the other side.
  await writeVideo(videos.live, [frames.neutral, frames.left, frames.neutral, frames.right]);
  // The photo held up, then turned one way and the other as far as it still shows a face.
  await writeVideo(videos.print, [camera, frames.flatLeft, camera, frames.flatRight]);
});

test.afterAll(async () => {
  await Promise.all(browsers.splice(0).map((browser) => browser.close()));
  rmSync(directory, { recursive: true, force: true });
});

async function cameraPage(video: string) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      ...chromiumArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  browsers.push(browser);
  const context = await browser.newContext({ baseURL, locale: 'pt-BR' });
  const page = await context.newPage();
  await page.goto('/dev/biometria');
  return page;
}

test.describe('liveness challenge with a camera', () => {
  test.skip(({ isMobile }) => isMobile, 'the camera is the same on every screen size');

  test('a head that turns as asked passes, and the selfie is checked against the photos', async () => {
    test.setTimeout(120_000);
    const page = await cameraPage(videos.live);
    await page.getByLabel('Documento de identidade (frente)', { exact: true }).setInputFiles({
      name: 'rg.jpg',
      mimeType: 'image/jpeg',
      buffer: await documentWithPhoto(crop),
    });
    await page.getByLabel('Selfie com documento', { exact: true }).setInputFiles({
      name: 'selfie-doc.jpg',
      mimeType: 'image/jpeg',
      buffer: await portrait(crop, { margin: 0.9, quality: 60 }),
    });
    await page.getByRole('button', { name: 'Usar a câmera (Selfie)', exact: true }).click();
    await page.getByRole('button', { name: 'Abrir câmera para selfie' }).click();
    // The four movements can all pass between two looks at the page (the video loops fast): the
    // end of the challenge is what is waited for.
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Prova de vida concluída. Olhe para a câmera e tire a selfie.' }),
    ).toBeVisible({ timeout: 90_000 });
    await page.getByRole('button', { name: 'Capturar foto' }).click();
    await page.getByRole('button', { name: 'Usar esta foto' }).click();
    await page.getByRole('button', { name: 'Verificar identidade' }).click();
    // Passed the liveness: approved, or a comparison left to a reviewer; never refused.
    await expect(page.getByText(/Verificação aprovada|Verificação em análise/)).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('Verificação reprovada')).toHaveCount(0);
  });

  test('a printed photo turned in front of the camera never passes a movement', async () => {
    test.setTimeout(90_000);
    const page = await cameraPage(videos.print);
    await page.getByRole('button', { name: 'Usar a câmera (Selfie)', exact: true }).click();
    await page.getByRole('button', { name: 'Abrir câmera para selfie' }).click();
    const instruction = page.getByRole('status').filter({ hasText: /Movimento 1 de 4/ });
    await expect(instruction).toBeVisible({ timeout: 30_000 });
    await expect(instruction).toContainText(
      /Olhe para a câmera|Vire o rosto devagar para a sua (esquerda|direita)/,
    );
    await expect(page.getByRole('button', { name: 'Capturar foto' })).toBeDisabled();
    await expectNoAxeViolations(page);
    await expect(page.getByRole('button', { name: 'Recomeçar prova de vida' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      page.getByRole('status').filter({ hasText: 'O tempo para o movimento acabou.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Capturar foto' })).toBeDisabled();
  });
});
