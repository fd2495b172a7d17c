/**
 * What Chromium's fake camera shows in the browser tests: a portrait of one real face (cut at
 * start-up from a sample photo that ships in @vladmandic/face-api, never copied into the
 * repository), as a Y4M file for --use-file-for-fake-video-capture.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const sampleDir = join(
  dirname(createRequire(join(root, 'package.json')).resolve('@vladmandic/face-api/package.json')),
  'demo',
);

/** One frontal, upright face (the woman on the left of sample3.jpg, 1920x1350) and no other. */
const portrait = { photo: 'sample3.jpg', left: 392, top: 246, width: 608, height: 456 };
const width = 640;
const height = 480;
const frames = 10;

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

/** RGB to I420 (planar Y, then U and V at half resolution), BT.601 limited range. */
export function rgbToI420(rgb: Buffer, w: number, h: number): Buffer {
  const y = Buffer.alloc(w * h);
  const u = Buffer.alloc((w / 2) * (h / 2));
  const v = Buffer.alloc((w / 2) * (h / 2));
  for (let row = 0; row < h; row += 1) {
    for (let col = 0; col < w; col += 1) {
      const i = (row * w + col) * 3;
      const [r, g, b] = [rgb[i]!, rgb[i + 1]!, rgb[i + 2]!];
      y[row * w + col] = clamp(16 + (65.738 * r + 129.057 * g + 25.064 * b) / 256);
    }
  }
  for (let row = 0; row < h; row += 2) {
    for (let col = 0; col < w; col += 2) {
      // The mean colour of each 2x2 block gives its chroma.
      let [r, g, b] = [0, 0, 0];
      for (const [dy, dx] of [
        [0, 0],
        [0, 1],
        [1, 0],
        [1, 1],
      ] as const) {
        const i = ((row + dy) * w + col + dx) * 3;
        r += rgb[i]! / 4;
        g += rgb[i + 1]! / 4;
        b += rgb[i + 2]! / 4;
      }
      const j = (row / 2) * (w / 2) + col / 2;
      u[j] = clamp(128 + (-37.945 * r - 74.494 * g + 112.439 * b) / 256);
      v[j] = clamp(128 + (112.439 * r - 94.154 * g - 18.285 * b) / 256);
    }
  }
  return Buffer.concat([y, u, v]);
}

/** Writes the fake camera's video (a few identical 640x480 frames, which Chromium loops). */
export async function writeFakeCameraVideo(file: string): Promise<void> {
  const { data } = await sharp(join(sampleDir, portrait.photo))
    .extract({
      left: portrait.left,
      top: portrait.top,
      width: portrait.width,
      height: portrait.height,
    })
    .resize(width, height)
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const frame = Buffer.concat([Buffer.from('FRAME\n'), rgbToI420(data, width, height)]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F15:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

/** Playwright global setup: the file named by E2E_FAKE_CAMERA (see playwright.config.ts). */
export default async function fakeCameraSetup() {
  const file = process.env.E2E_FAKE_CAMERA;
  if (!file) throw new Error('E2E_FAKE_CAMERA is not set.');
  await writeFakeCameraVideo(file);
  return () => rmSync(file, { force: true });
}
