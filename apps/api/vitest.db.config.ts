import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';
import { engineAgnosticTests } from './vitest.engine-agnostic';

/**
 * The database suite: the test files whose behaviour can differ by engine (repositories, locks,
 * counters, search plans, jobs), run on PostgreSQL in CI with TEST_DATABASE_URL.
 */
export default mergeConfig(
  base,
  defineConfig({ test: { exclude: ['**/node_modules/**', ...engineAgnosticTests] } }),
);
