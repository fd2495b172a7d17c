// Runs the PDF uploads benchmark (TypeScript, importing the shared limits) through tsx.
import { spawnSync } from 'node:child_process';
import { root } from './lib.mjs';

export async function run() {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/pdf-uploads.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  return result.status === 0;
}
