import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One migrated database for the run; each test file's database is a copy of it.
    globalSetup: ['./src/testing/migrated-template.ts'],
  },
});
