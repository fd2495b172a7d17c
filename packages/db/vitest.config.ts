import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The tests wait on the database as much as on the CPU: two workers keep a 2-core machine
    // busy (vitest's default is one fewer than the cores).
    maxWorkers: 2,
    // One migrated database for the run; each test file's database is a copy of it.
    globalSetup: ['./src/testing/migrated-template.ts'],
  },
});
