// The web app's production build (apps/web/dist), rebuilt when its sources change.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cachedBuild, root } from './build-cache.mjs';

export const webBuild = cachedBuild({
  name: 'the web app',
  inputs: [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/package.json',
    'packages/shared/src',
    'package-lock.json',
  ],
  outDir: 'apps/web/dist',
  artifact: 'index.html',
  build: async () => {
    const result = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (result.status !== 0) throw new Error('The web app build failed.');
  },
});

// `node scripts/web-build.mjs` always builds; `--if-needed` only when the sources changed.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    await webBuild.ensure({ force: !process.argv.includes('--if-needed') });
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
