/**
 * The test files that replace a module with vi.mock: each runs with a module graph of its own
 * (vite.config.ts); every other file shares its worker's graph and jsdom. A test
 * (src/testing/module-mocking.test.ts) keeps this list equal to the files that call vi.mock.
 */
export const moduleMockingTests = [
  'src/components/biometrics/liveness-camera.test.tsx',
  'src/features/phone-handoff/components/phone-handoff-page.test.tsx',
  'src/features/application-status/components/application-status-page.test.tsx',
];
