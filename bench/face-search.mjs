// Runs the one-to-many face search benchmark (TypeScript, importing the API's face-search
// module) through tsx. `options`: `--rows N`, `--queries N`, `--pglite-rows N`,
// `--pglite-queries N`, `--no-pglite`, `--no-postgres` (see bench/face-search.ts).
import { spawnSync } from 'node:child_process';
import { root } from './lib.mjs';

export async function run(options = []) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/face-search.ts', ...options],
    { cwd: root, stdio: 'inherit' },
  );
  return result.status === 0;
}
