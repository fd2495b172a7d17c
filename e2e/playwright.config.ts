import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium.mjs';
import { smtpSinkHttp, smtpSinkPort } from './support/mail';
import { registryFakeUrls } from './support/registry';

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://127.0.0.1:${port}`;
/**
 * A second server with KYC_CHECKS=sandbox, for the journeys that pass the selfie step (Chromium's
 * fake camera cannot blink); the identity-check specs use the real checks of the first one. Its
 * first admin reviews what the journeys sent.
 */
const sandboxPort = port + 6;
export const sandboxURL = `http://127.0.0.1:${sandboxPort}`;
/** A third one for the back office, on a database seeded with applications of every status. */
const backOfficePort = port + 7;
export const backOfficeURL = `http://127.0.0.1:${backOfficePort}`;
/** A fourth one, seeded the same way, where the review specs decide applications. */
const reviewPort = port + 8;
export const reviewURL = `http://127.0.0.1:${reviewPort}`;
/** A fifth one, seeded the same way, where approvals open accounts in the MediPay sandbox. */
const platformPort = port + 9;
export const platformURL = `http://127.0.0.1:${platformPort}`;
/**
 * A sixth one, whose database holds only more PF applications than the lists count
 * (support/seed-large-list.ts), for the capped list ('mais de 10.000'). Not on another seeded
 * server: counting those rows on every list request there pushed a review test past its limit.
 */
const largeListPort = port + 10;
export const largeListURL = `http://127.0.0.1:${largeListPort}`;

/** Values the specs check on the pages; the server under test is started with them. */
export const e2eConfig = {
  supportPhone: '(21) 4002-8922',
  supportEmail: 'atendimento@medipay.test',
  // A page of our own server stands in for the external app behind 'Fazer Login'.
  appLoginUrl: `${baseURL}/api/health`,
  /** The first admin of the back-office server (ADMIN_EMAIL / ADMIN_PASSWORD). */
  adminEmail: 'admin@medipay.test',
  adminPassword: 'senha-forte-do-admin-e2e',
};

/** What every portal server of the specs shares: the support contacts, the SMTP sink, the fakes. */
const portalEnv = {
  SUPPORT_PHONE: e2eConfig.supportPhone,
  SUPPORT_EMAIL: e2eConfig.supportEmail,
  APP_LOGIN_URL: e2eConfig.appLoginUrl,
  SMTP_URL: `smtp://127.0.0.1:${smtpSinkPort}`,
  VIACEP_URL: registryFakeUrls.viacep,
  BRASILAPI_URL: registryFakeUrls.brasilapi,
  RECEITAWS_URL: registryFakeUrls.receitaws,
};

/**
 * A portal on a seeded database, with a first admin; by default the seed is
 * support/seed-back-office.ts (applications of every status). Several seeds run in their order.
 */
function seededServer(
  serverPort: number,
  serverDataDir: string,
  seeds: readonly string[] = ['seed-back-office.ts'],
) {
  const seeding = seeds.map((seed) => `node --import tsx support/${seed} ${serverDataDir}`);
  return {
    command: `${seeding.join(' && ')} && node ../scripts/start.mjs`,
    url: `http://127.0.0.1:${serverPort}/api/health/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(serverPort),
      DATA_DIR: serverDataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: e2eConfig.adminEmail,
      ADMIN_PASSWORD: e2eConfig.adminPassword,
      ...portalEnv,
    },
  };
}

const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'medipay-e2e-'));
// The fake camera shows a face: the global setup writes this video, which the workers (they
// inherit the variable) pass to Chromium.
process.env.E2E_FAKE_CAMERA ??= join(tmpdir(), `medipay-e2e-camera-${process.pid}.y4m`);
const fakeCameraVideo = process.env.E2E_FAKE_CAMERA;

export default defineConfig({
  testDir: './specs',
  globalSetup: './support/fake-camera.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    locale: 'pt-BR',
    // Recording a trace costs every test (a screencast of each page): in CI only the retry of a
    // failed test records one; locally, without retries, every failure keeps its own.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      // A synthetic camera that needs no permission prompt and films a face, for the photo
      // capture and face tracking specs.
      args: [
        ...chromiumArgs,
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${fakeCameraVideo}`,
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx support/smtp-sink-server.ts',
      url: `${smtpSinkHttp}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node --import tsx support/registry-fake-server.ts',
      url: `${registryFakeUrls.viacep}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node ../scripts/start.mjs',
      url: `${baseURL}/api/health/ready`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...portalEnv,
      },
    },
    {
      command: 'node ../scripts/start.mjs',
      url: `${sandboxURL}/api/health/ready`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(sandboxPort),
        DATA_DIR: `${dataDir}-sandbox`,
        LOG_LEVEL: 'warn',
        KYC_CHECKS: 'sandbox',
        // The reviewer of the applications sent here (biometric-review.spec.ts).
        ADMIN_EMAIL: e2eConfig.adminEmail,
        ADMIN_PASSWORD: e2eConfig.adminPassword,
        ...portalEnv,
      },
    },
    seededServer(backOfficePort, `${dataDir}-back-office`),
    // Plus a second admin and applications for case management (support/seed-case-management.ts).
    seededServer(reviewPort, `${dataDir}-review`, [
      'seed-back-office.ts',
      'seed-case-management.ts',
    ]),
    // Plus the second admin, for the applications that need two approvals (seed-second-admin.ts).
    seededServer(platformPort, `${dataDir}-platform`, [
      'seed-back-office.ts',
      'seed-second-admin.ts',
    ]),
    seededServer(largeListPort, `${dataDir}-large-list`, ['seed-large-list.ts']),
  ],
});
