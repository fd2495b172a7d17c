// Landing page weight (gzip bytes of the built JS and CSS that `/` loads), Lighthouse (mobile)
// scores of `/` on the built server, and the cold start time of `npm start` (built, on an
// existing data folder) until /api/health/ready answers.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/chromium.mjs';
import { serverBuild } from '../scripts/server-build.mjs';
import { webBuild } from '../scripts/web-build.mjs';
import { freePort, printTable, root, startServer } from './lib.mjs';

const lighthouseVersion = '12.8.2';

const budgets = {
  initialJsGzip: 90 * 1024,
  coldStartMs: 3000,
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 95,
};

/** Sizes in KiB (1 KB = 1,024 bytes, as Lighthouse and the budget count them), with the bytes. */
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB (${bytes.toLocaleString('en-US')} B)`;

/** The JS and CSS files `/` requests before any interaction, with their built gzip sizes. */
async function measurePageWeight(baseUrl) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    const files = new Set();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/\.(js|css)$/.test(url.pathname)) files.add(url.pathname);
    });
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    return [...files].sort().map((path) => {
      const content = readFileSync(join(root, 'apps/web/dist', path));
      return {
        path,
        type: path.endsWith('.css') ? 'css' : 'js',
        raw: content.length,
        gzip: gzipSync(content, { level: 9 }).length,
      };
    });
  } finally {
    await browser.close();
  }
}

/** Lighthouse is installed on demand into a cache folder, never as a project dependency. */
function lighthouseBin() {
  const prefix = join(root, 'node_modules', '.cache', 'lighthouse');
  const bin = join(prefix, 'node_modules', '.bin', 'lighthouse');
  if (!existsSync(bin)) {
    process.stderr.write(`Installing lighthouse@${lighthouseVersion} into ${prefix}...\n`);
    mkdirSync(prefix, { recursive: true });
    execFileSync(
      'npm',
      [
        'install',
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--prefix',
        prefix,
        `lighthouse@${lighthouseVersion}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  return bin;
}

function runLighthouse(url) {
  const output = execFileSync(
    lighthouseBin(),
    [
      url,
      '--output=json',
      '--quiet',
      '--only-categories=performance,accessibility,best-practices,seo',
      `--chrome-flags=${['--headless=new', ...chromiumArgs].join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH: chromiumPath }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(String(output));
  const scores = Object.fromEntries(
    Object.entries(report.categories).map(([id, category]) => [
      id,
      Math.round(category.score * 100),
    ]),
  );
  const metrics = Object.fromEntries(
    [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
    ].map((id) => [id, report.audits[id]?.displayValue ?? 'n/a']),
  );
  return { scores, metrics };
}

export async function run() {
  await webBuild.ensure();
  await serverBuild.ensure();
  const dataDir = mkdtempSync(join(tmpdir(), 'medipay-bench-'));
  const port = await freePort();
  let ok = true;
  try {
    // First start creates the database; the measured start reuses the folder.
    const first = await startServer({ port, dataDir });
    await first.stop();
    const server = await startServer({ port, dataDir });
    const baseUrl = `http://127.0.0.1:${port}/`;
    try {
      const files = await measurePageWeight(baseUrl);
      const js = files
        .filter((file) => file.type === 'js')
        .reduce((sum, file) => sum + file.gzip, 0);
      const css = files
        .filter((file) => file.type === 'css')
        .reduce((sum, file) => sum + file.gzip, 0);
      process.stdout.write('Files `/` loads before interaction (built files, gzip -9):\n\n');
      printTable(
        ['file', 'raw', 'gzip'],
        files.map((file) => [file.path, kb(file.raw), kb(file.gzip)]),
      );

      const { scores, metrics } = runLighthouse(baseUrl);
      const rows = [
        [
          'initial JavaScript (gzip)',
          kb(js),
          `<= ${kb(budgets.initialJsGzip)}`,
          js <= budgets.initialJsGzip,
        ],
        ['initial CSS (gzip)', kb(css), '-', true],
        [
          'cold start, existing data folder',
          `${Math.round(server.readyMs)} ms`,
          `<= ${budgets.coldStartMs} ms`,
          server.readyMs <= budgets.coldStartMs,
        ],
        [
          'Lighthouse performance (mobile)',
          scores.performance,
          `>= ${budgets.performance}`,
          scores.performance >= budgets.performance,
        ],
        [
          'Lighthouse accessibility',
          scores.accessibility,
          `= ${budgets.accessibility}`,
          scores.accessibility >= budgets.accessibility,
        ],
        [
          'Lighthouse best practices',
          scores['best-practices'],
          `>= ${budgets['best-practices']}`,
          scores['best-practices'] >= budgets['best-practices'],
        ],
        ['Lighthouse SEO', scores.seo, `>= ${budgets.seo}`, scores.seo >= budgets.seo],
      ];
      printTable(
        ['measure', 'value', 'budget', 'status'],
        rows.map(([measure, value, budget, pass]) => [
          measure,
          value,
          budget,
          pass ? 'ok' : 'OVER',
        ]),
      );
      printTable(['Lighthouse metric', 'value'], Object.entries(metrics));
      ok = rows.every((row) => row[3]);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return ok;
}
