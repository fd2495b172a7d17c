import { mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local';
import type { DocumentStorage } from './port';
import { createS3Storage } from './s3';

async function read(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const root = mkdtempSync(join(tmpdir(), 'medipay-storage-'));
let s3: S3rver;
let s3Storage: DocumentStorage;

beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: join(root, 's3'),
    configureBuckets: [{ name: 'medipay-documents', configs: [] }],
  });
  const { port } = (await s3.run()) as { port: number };
  s3Storage = createS3Storage({
    bucket: 'medipay-documents',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});

afterAll(async () => {
  await s3.close();
  rmSync(root, { recursive: true, force: true });
});

const drivers: { name: string; storage: () => DocumentStorage }[] = [
  { name: 'local folder', storage: () => createLocalStorage(join(root, 'local')) },
  { name: 'S3-compatible bucket', storage: () => s3Storage },
];

describe.each(drivers)('document storage: $name', ({ storage }) => {
  it('stores and reads back the exact bytes', async () => {
    const data = Buffer.from([0, 1, 2, 250, 251, 252]);
    await storage().put('2026/11/a', data, 'application/octet-stream');
    expect(await read(await storage().get('2026/11/a'))).toEqual(data);
  });

  it('answers null for a key that does not exist', async () => {
    expect(await storage().get('2026/11/missing')).toBeNull();
  });

  it('keeps two keys apart', async () => {
    await storage().put('2026/11/b', Buffer.from('one'), 'text/plain');
    await storage().put('2026/11/c', Buffer.from('two'), 'text/plain');
    expect((await read(await storage().get('2026/11/b')))!.toString()).toBe('one');
    expect((await read(await storage().get('2026/11/c')))!.toString()).toBe('two');
  });

  it('deletes an object, and a missing one without complaint', async () => {
    await storage().put('2026/11/d', Buffer.from('gone'), 'text/plain');
    await storage().put('2026/11/e', Buffer.from('kept'), 'text/plain');
    await storage().delete('2026/11/d');
    expect(await storage().get('2026/11/d')).toBeNull();
    expect((await read(await storage().get('2026/11/e')))!.toString()).toBe('kept');
    await expect(storage().delete('2026/11/never-stored')).resolves.toBeUndefined();
  });
});

describe('local storage', () => {
  it('never shows an interrupted write, and cleans up what it left', async () => {
    const base = join(root, 'interrupted');
    const storage = createLocalStorage(base);
    // What a process killed in the middle of a write leaves: a partial file in the incoming folder.
    mkdirSync(join(base, '.incoming'), { recursive: true });
    writeFileSync(join(base, '.incoming', 'abc.part'), Buffer.alloc(1024));
    expect(await storage.get('2026/11/abc')).toBeNull();
    await storage.cleanup();
    expect(readdirSync(join(base, '.incoming'))).toEqual([]);
    await storage.put('2026/11/abc', Buffer.from('whole'), 'text/plain');
    expect(existsSync(join(base, '2026', '11', 'abc'))).toBe(true);
    expect(readdirSync(join(base, '.incoming'))).toEqual([]);
  });

  it('refuses keys that leave its folder', async () => {
    const storage = createLocalStorage(join(root, 'guarded'));
    await expect(storage.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /Invalid storage key/,
    );
    await expect(storage.get('.incoming/x.part')).rejects.toThrow(/Invalid storage key/);
  });
});
