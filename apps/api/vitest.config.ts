import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The tests wait on the database and the network as much as on the CPU: two workers keep a
    // 2-core machine busy (vitest's default is one fewer than the cores). Each file builds its
    // own app and database, and restores what it spies on, so the files of a worker share one
    // module graph instead of importing the app again for each (measured: 242 s to 137 s).
    maxWorkers: 2,
    isolate: false,
    // One migrated database for the run; each test file's database is a copy of it.
    globalSetup: ['../../packages/db/src/testing/migrated-template.ts'],
  },
});
