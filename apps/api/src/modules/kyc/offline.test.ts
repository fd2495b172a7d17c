import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { faceMatchThresholds } from './face-match';

const apiDir = fileURLToPath(new URL('../../..', import.meta.url));
/** `unshare -rn` gives the process a network namespace of its own: no interface but loopback. */
const canIsolate = spawnSync('unshare', ['-rn', 'true']).status === 0;

describe('identity checks without network', () => {
  it.skipIf(!canIsolate)(
    'read a document and match faces with what node_modules ships, in a process with no network',
    () => {
      const run = spawnSync(
        'unshare',
        ['-rn', process.execPath, '--import', 'tsx', 'test/offline-checks.ts'],
        { cwd: apiDir, encoding: 'utf8', timeout: 120_000 },
      );
      expect(run.status, run.stderr).toBe(0);
      const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!);
      expect(result.network).toBe('unreachable');
      expect(result.nome).toBe(result.expectedNome);
      expect(result.selfieFaces).toBe(1);
      expect(result.similarity).toBeGreaterThanOrEqual(faceMatchThresholds.document.approve);
    },
    150_000,
  );
});
