// Runs the PEP and sanctions screening benchmark (TypeScript, importing the API's screening
// modules) through tsx. `options`: `--quick`, `--no-pglite`, `--no-postgres`, `--seed N` (see
// bench/screening.ts).
import { spawnSync } from 'node:child_process';
import { root } from './lib.mjs';

export async function run(options = []) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/screening.ts', ...options],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  return result.status === 0;
}
