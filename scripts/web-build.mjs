// Builds the web app when its sources changed since the last build (or it was never built).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDir = join(root, 'apps/web');
const distDir = join(webDir, 'dist');
const stampFile = join(distDir, '.build-hash');

/** Files whose content decides what the build produces. */
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/shared/src',
  'package-lock.json',
];

function* walk(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    if (/\.test\.tsx?$/.test(entry.name)) continue;
    yield* walk(join(path, entry.name));
  }
}

export function sourceHash() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of walk(join(root, input))) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

export function webBuildIsCurrent() {
  return (
    existsSync(join(distDir, 'index.html')) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8').trim() === sourceHash()
  );
}

export function buildWebIfNeeded({
  force = false,
  log = (message) => process.stderr.write(`${message}\n`),
} = {}) {
  if (!force && webBuildIsCurrent()) return false;
  if (!force) log('Building the web app (its sources changed since the last build)...');
  const result = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error('The web app build failed.');
  writeFileSync(stampFile, `${sourceHash()}\n`);
  return true;
}

// `node scripts/web-build.mjs` (npm run build) always builds; `--if-needed` only when stale.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    buildWebIfNeeded({ force: !process.argv.includes('--if-needed') });
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
