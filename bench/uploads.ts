// Memory of the API process under parallel image uploads (issue [14], item 7: a 9999×9999 PNG of
// 292 KB was accepted, and 10 at once took the server from 321 to 553 MB). The real server runs
// from source (`node --import tsx apps/api/src/server.ts`) on PGlite in a temporary DATA_DIR, with
// the KYC checks as configured by default. Ten applicant sessions are created through the API
// (uploading needs a session, not verified contacts) and every scenario sends 10 uploads at once,
// one per session, to POST /api/applicant/PF/documents/comprovanteResidencia. That field takes
// the same intake (intake.ts: header check, then decode and re-encode two at a time) as the
// identity document fields, which in addition queue an OCR job in the same process: its memory
// is another matter and would spill over into the next scenario, so it is kept out here.
// Each scenario runs on a freshly started server (the same DATA_DIR), so that what one leaves
// behind does not count against the next; its VmRSS (/proc/<pid>/status) is read every 50 ms:
// idle before the uploads, during them (peak) and a second after (what it keeps). The server gets
// the shell's environment: `MALLOC_ARENA_MAX=2 npm run bench -- uploads` measures that setting.
//
//   a. 10 × a 9999×9999 flat PNG (~300 KB, 100 MP): refused from its header, before decoding.
//   b. 10 × an 8000×6000 JPEG (48 MP, ~8.5 MB, under MAX_UPLOAD_BYTES).
//   c. 10 × a 4000×3000 JPEG (12 MP, ~3 MB), as a phone takes them.
// The photos are smooth noise (not a flat colour, which would compress to nothing) and carry
// EXIF orientation 6 (taken in portrait), so the server has to turn them, the costlier path of the
// decode (a turn reads the decoded image out of order instead of strip by strip).
//
// Budget, from the semaphore rather than from any measurement: at most 2 images decode at once
// per process, and an accepted image has at most MAX_UPLOAD_PIXELS (70 MP), so two whole decoded
// images take 2 × 70 MP × 3 B (RGB, 8 bit) = 420 MB (560 MB with an alpha channel). The budget:
// peak growth over the idle server <= 400 MB for every scenario (the 420 MB rounded down, with
// nothing left over for the received files, up to 10 × 10 MB), and every oversized image
// answered 413. The accepted photos must be answered 201, or their growth measures nothing.
// Printed as within budget yes/no, never asserted in tests. `npm run bench -- uploads`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_MEGAPIXELS,
  MAX_UPLOAD_PIXELS,
} from '@medipay/shared/constants';
import { freePort, printTable } from './lib.mjs';
import {
  closeConnections,
  createSessions,
  percentile,
  startSourceServer,
  statusCounts,
  upload,
} from './upload-server';

const parallel = 10;
/** Images decoded at once by the server (the semaphore of intake.ts). */
const decodeSlots = 2;
const budgetGrowthMb = 400;
const derivedMb = decodeSlots * MAX_UPLOAD_MEGAPIXELS * 3;
const sampleEveryMs = 50;
const field = 'comprovanteResidencia';

type Scenario = {
  name: string;
  width: number;
  height: number;
  mimeType: string;
  fileName: string;
  file: Buffer;
  expected: number;
};
/** A flat colour: 100 MP that deflate squeezes to a few hundred KB. */
function flatPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 210, b: 220 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * Noise at a tenth of the size, enlarged: blotches and gradients that JPEG cannot squeeze the
 * way it squeezes a flat colour, at about the bytes per pixel of a phone photo.
 */
function photoJpeg(width: number, height: number, quality: number): Promise<Buffer> {
  const smallWidth = Math.round(width / 10);
  const smallHeight = Math.round(height / 10);
  const pixels = Buffer.alloc(smallWidth * smallHeight * 3);
  let seed = 12_345;
  for (let i = 0; i < pixels.length; i += 1) {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    pixels[i] = seed >> 23;
  }
  return sharp(pixels, { raw: { width: smallWidth, height: smallHeight, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .jpeg({ quality })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

async function scenarios(): Promise<Scenario[]> {
  const list: Scenario[] = [
    {
      name: 'a. oversized PNG',
      width: 9999,
      height: 9999,
      mimeType: 'image/png',
      fileName: 'enorme.png',
      file: await flatPng(9999, 9999),
      expected: 413,
    },
    {
      name: 'b. 48 MP photo',
      width: 8000,
      height: 6000,
      mimeType: 'image/jpeg',
      fileName: 'foto-48mp.jpg',
      file: await photoJpeg(8000, 6000, 80),
      expected: 201,
    },
    {
      name: 'c. 12 MP phone photo',
      width: 4000,
      height: 3000,
      mimeType: 'image/jpeg',
      fileName: 'foto-celular.jpg',
      file: await photoJpeg(4000, 3000, 85),
      expected: 201,
    },
  ];
  for (const scenario of list) {
    if (scenario.file.length > MAX_UPLOAD_BYTES)
      throw new Error(`${scenario.name}: ${scenario.file.length} B is over MAX_UPLOAD_BYTES`);
    const oversized = scenario.width * scenario.height > MAX_UPLOAD_PIXELS;
    if (oversized !== (scenario.expected === 413))
      throw new Error(`${scenario.name}: its size does not match what it expects`);
  }
  return list;
}

function rssMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

/** Reads the RSS every 50 ms until `stop`, which returns every reading. */
function sampleRss(pid: number) {
  const readings = [rssMb(pid)];
  const timer = setInterval(() => readings.push(rssMb(pid)), sampleEveryMs);
  return () => {
    clearInterval(timer);
    readings.push(rssMb(pid));
    return readings;
  };
}

/** The median RSS over `ms` of quiet. */
async function settledRss(pid: number, ms: number): Promise<number> {
  const stop = sampleRss(pid);
  await new Promise((resolve) => setTimeout(resolve, ms));
  const sorted = stop().sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const mb = (value: number) => value.toFixed(0);

/** One scenario on a fresh server: sessions, idle RSS, 10 uploads at once, RSS a second after. */
async function measure(scenario: Scenario, dataDir: string): Promise<boolean> {
  const port = await freePort();
  const server = await startSourceServer(port, dataDir);
  try {
    const cookies = await createSessions(port, parallel);
    const idle = await settledRss(server.pid, 1000);
    const stop = sampleRss(server.pid);
    const answers = await Promise.all(
      cookies.map((cookie) => upload(port, cookie, { field, ...scenario })),
    );
    const peak = Math.max(...stop());
    const after = await settledRss(server.pid, 1000);
    if (!server.alive()) throw new Error(`the server died during ${scenario.name}`);
    const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    const statuses = statusCounts(answers);
    const growth = peak - idle;
    const answeredAsExpected = answers.every((answer) => answer.status === scenario.expected);
    const withinBudget = answeredAsExpected && growth <= budgetGrowthMb;
    process.stdout.write(
      `### ${scenario.name}: ${scenario.width}×${scenario.height} ${scenario.mimeType}, ${((scenario.width * scenario.height) / 1e6).toFixed(0)} MP, ${(scenario.file.length / 1024).toFixed(0)} KB; expected ${scenario.expected}\n\n`,
    );
    printTable(
      [
        'uploads',
        'statuses',
        'p50 ms',
        'p95 ms',
        'RSS idle MB',
        'RSS peak MB',
        'growth MB',
        'RSS 1 s after MB',
        'budget growth MB',
        'within budget',
      ],
      [
        [
          String(answers.length),
          statuses,
          percentile(times, 0.5).toFixed(0),
          percentile(times, 0.95).toFixed(0),
          mb(idle),
          mb(peak),
          mb(growth),
          mb(after),
          `<= ${budgetGrowthMb}`,
          withinBudget ? 'yes' : 'no',
        ],
      ],
    );
    return withinBudget;
  } finally {
    await server.stop();
  }
}

const list = await scenarios();
const dataDir = mkdtempSync(join(tmpdir(), 'medipay-bench-uploads-'));
let allOk = true;
try {
  process.stdout.write(
    `${parallel} uploads at once per scenario to POST /api/applicant/PF/documents/${field}, one per applicant session, each scenario on a freshly started server; its RSS read every ${sampleEveryMs} ms. Budget: peak growth over the idle server <= ${budgetGrowthMb} MB (${decodeSlots} decodes at once × ${MAX_UPLOAD_MEGAPIXELS} MP × 3 B = ${derivedMb} MB, rounded down), every oversized image answered 413, every accepted photo 201. With 10 uploads, p95 is the slowest.\n\n`,
  );
  for (const scenario of list) allOk = (await measure(scenario, dataDir)) && allOk;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  closeConnections();
}
process.exit(allOk ? 0 : 1);
