import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, opendir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { DocumentStorage, StoredObject } from './port';

const TEMP_DIR = '.incoming';

const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

/**
 * The files under a folder, depth first, streamed from the directory handles (a folder of many
 * files is never read into memory at once). A file or folder removed meanwhile is skipped.
 */
async function* walk(folder: string, prefix: string): AsyncGenerator<StoredObject> {
  let entries;
  try {
    entries = await opendir(folder);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for await (const entry of entries) {
    if (prefix === '' && entry.name === TEMP_DIR) continue;
    const path = join(folder, entry.name);
    const key = `${prefix}${entry.name}`;
    if (entry.isDirectory()) {
      yield* walk(path, `${key}/`);
    } else if (entry.isFile()) {
      try {
        yield { key, modifiedAt: (await stat(path)).mtime };
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
  }
}

/**
 * Documents in a folder under DATA_DIR, outside every static route. A write goes to a temporary
 * file, is flushed to disk, and only then renamed to its key: readers never see half a file.
 */
export function createLocalStorage(root: string): DocumentStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!path.startsWith(base + sep) || key.includes(TEMP_DIR))
      throw new Error(`Invalid storage key: ${key}`);
    return path;
  };

  return {
    kind: 'local',
    put: async (key, data) => {
      const target = pathOf(key);
      const temp = join(base, TEMP_DIR, `${randomBytes(12).toString('hex')}.part`);
      await mkdir(dirname(temp), { recursive: true });
      await mkdir(dirname(target), { recursive: true });
      const handle = await open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, target);
    },
    get: async (key) => {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch {
        return null;
      }
      return createReadStream(path);
    },
    delete: async (key) => {
      await rm(pathOf(key), { force: true });
    },
    cleanup: async () => {
      const temp = join(base, TEMP_DIR);
      const entries = await readdir(temp).catch(() => [] as string[]);
      await Promise.all(entries.map((entry) => rm(join(temp, entry), { force: true })));
    },
    list: () => walk(base, ''),
  };
}
