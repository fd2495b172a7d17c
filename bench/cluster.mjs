// Runs the cluster benchmark (TypeScript, importing the API's test helpers) through tsx; the
// options after the benchmark's name (`npm run bench -- cluster --duration 10`) are passed on.
import { spawnSync } from 'node:child_process';
import { root } from './lib.mjs';

export async function run(options = []) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/cluster.ts', ...options], {
    cwd: root,
    stdio: 'inherit',
  });
  return result.status === 0;
}
