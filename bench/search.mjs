// Runs the admin search benchmark (TypeScript, importing the API's modules) through tsx.
// `options`: `--rows N`, `--keep`, `--no-pglite` (see bench/search.ts).
import { spawnSync } from 'node:child_process';
import { root } from './lib.mjs';

export async function run(options = []) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/search.ts', ...options], {
    cwd: root,
    stdio: 'inherit',
  });
  return result.status === 0;
}
