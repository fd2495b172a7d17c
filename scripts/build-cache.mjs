// Rebuilds an artifact only when the files it is built from changed: a hash of their
// contents is stored next to the artifact and compared on the next run.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

function* walk(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  const entries = readdirSync(path, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  for (const entry of entries) {
    if (/\.test\.tsx?$/.test(entry.name) || entry.name === 'testing') continue;
    yield* walk(join(path, entry.name));
  }
}

/** sha256 over the paths and contents of `inputs` (files or folders, relative to the root). */
export function hashInputs(inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of walk(join(root, input))) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

/**
 * An artifact built from `inputs` into `outDir` by `build()`. `ensure()` builds it when it is
 * missing or its inputs changed, and says whether it did.
 */
export function cachedBuild({ name, inputs, outDir, artifact, build }) {
  const stampFile = join(root, outDir, '.build-hash');
  const isCurrent = () =>
    existsSync(join(root, outDir, artifact)) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8').trim() === hashInputs(inputs);

  return {
    isCurrent,
    async ensure({ force = false } = {}) {
      if (!force && isCurrent()) return false;
      if (!force)
        process.stderr.write(`Building ${name} (its sources changed since the last build)...\n`);
      const hash = hashInputs(inputs);
      await build();
      writeFileSync(stampFile, `${hash}\n`);
      return true;
    },
  };
}
