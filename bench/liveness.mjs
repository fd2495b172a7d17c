// Runs the liveness benchmark (TypeScript, importing the API's modules) through tsx.
import { spawnSync } from 'node:child_process';
import { root } from './lib.mjs';

export async function run() {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/liveness.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  return result.status === 0;
}
