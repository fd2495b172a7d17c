// `npm run typecheck`: every workspace's `tsc --noEmit` at once rather than one after another
// (five compilers; side by side they finish in about the time of the largest one). Each
// workspace's output is printed whole when it ends; the exit code is 1 if any failed.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

const runs = workspaces
  .filter((workspace) => {
    const manifest = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8'));
    return Boolean(manifest.scripts?.typecheck);
  })
  .map(
    (workspace) =>
      new Promise((resolve) => {
        const child = spawn('npm', ['run', '--silent', 'typecheck'], {
          cwd: join(root, workspace),
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) => {
          process.stdout.write(`${workspace}: ${code === 0 ? 'ok' : 'failed'}\n${output}`);
          resolve(code === 0);
        });
      }),
  );

const results = await Promise.all(runs);
process.exitCode = results.every(Boolean) ? 0 : 1;
