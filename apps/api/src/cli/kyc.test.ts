import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createFaceEngine } from '../modules/kyc/face-engine';
import { applicantPhotos, portraitFaces } from '../../test/faces';
import { renderIdentityDocument, syntheticIdentity } from '../../test/identity-documents';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'kyc-cli-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs the CLI as `npm run kyc` would, from `folder` (INIT_CWD) with the workspace as cwd. */
const kyc = (...args: string[]) => kycWithInput('', ...args);
const kycWithInput = (input: string, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/kyc.ts', ...args], {
    cwd: apiDir,
    env: { ...process.env, INIT_CWD: folder },
    encoding: 'utf8',
    input,
    timeout: 120_000,
  });

describe('kyc command', () => {
  it('reads a document into one JSON line with the fields the product would store', async () => {
    const identity = syntheticIdentity('CNH', 21);
    writeFileSync(join(folder, 'cnh.jpg'), await renderIdentityDocument(identity, { rotation: 1 }));
    const run = kyc('read-document', 'cnh.jpg');
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const result = JSON.parse(lines[0]!);
    expect(result).toEqual({
      file: 'cnh.jpg',
      kind: 'CNH',
      fields: {
        nome: identity.nome,
        numero: identity.numero,
        orgao: identity.orgao,
        uf: identity.uf,
        validade: identity.validade,
      },
      confidence: {
        nome: expect.any(Number),
        numero: expect.any(Number),
        orgao: expect.any(Number),
        uf: expect.any(Number),
        validade: expect.any(Number),
      },
    });
    for (const value of Object.values(result.confidence as Record<string, number>))
      expect(value).toBeGreaterThanOrEqual(0.6);
  }, 150_000);

  it('reports a missing file on stderr with a non-zero exit', () => {
    const run = kyc('read-document', 'missing.jpg');
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('missing.jpg');
  }, 150_000);

  it('prints the usage for an unknown command, exit 2', () => {
    const run = kyc('frobnicate');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('read-document');
    expect(run.stdout).toBe('');
  }, 60_000);

  it('decides the face match of each JSON line read on standard input', async () => {
    const engine = createFaceEngine();
    const { solo } = await portraitFaces(engine);
    const [first, second] = solo;
    for (const [name, crop] of [
      ['a', first!],
      ['b', second!],
    ] as const) {
      const photos = await applicantPhotos(crop);
      writeFileSync(join(folder, `${name}-selfie.jpg`), photos.selfie);
      writeFileSync(join(folder, `${name}-selfie-doc.jpg`), photos.selfieDoc);
      writeFileSync(join(folder, `${name}-document.jpg`), photos.document);
    }
    const line = (selfie: string, other: string) =>
      JSON.stringify({
        selfie: `${selfie}-selfie.jpg`,
        selfieDoc: `${other}-selfie-doc.jpg`,
        document: `${other}-document.jpg`,
      });
    const run = kycWithInput(
      [line('a', 'a'), 'not json', line('a', 'b'), ''].join('\n'),
      'face-match',
    );
    // The bad line is reported on stderr and the exit is non-zero; the others are answered.
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('linha 2');
    const [own, someoneElse, ...rest] = run.stdout
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text));
    expect(rest).toEqual([]);
    expect(own).toEqual({
      decision: 'aprovado',
      similarities: { selfieToSelfieDoc: expect.any(Number), selfieToDocument: expect.any(Number) },
      reasons: [],
    });
    expect(someoneElse.decision).not.toBe('aprovado');
    expect(someoneElse.similarities.selfieToSelfieDoc).toBeLessThan(
      own.similarities.selfieToSelfieDoc,
    );
  }, 240_000);
});
