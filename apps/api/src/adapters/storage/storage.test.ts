import { createServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env';
import { createDocumentStorage } from '.';
import { createLocalStorage } from './local';
import type { DocumentStorage } from './port';
import { createS3Storage, defaultS3Timeouts } from './s3';

async function read(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const root = mkdtempSync(join(tmpdir(), 'medipay-storage-'));
let s3: S3rver;
let s3Endpoint: string;
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
  s3Endpoint = `http://127.0.0.1:${port}`;
  s3Storage = createS3Storage({
    bucket: 'medipay-documents',
    endpoint: s3Endpoint,
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

  it('lists every stored object with the time it was written', async () => {
    const before = Date.now() - 2000;
    await storage().put('2026/12/listed-a', Buffer.from('a'), 'text/plain');
    await storage().put('2026/12/nested/listed-b.thumb', Buffer.from('b'), 'image/webp');
    await storage().put('2027/01/listed-c', Buffer.from('c'), 'text/plain');
    await storage().delete('2027/01/listed-c');
    const listed = new Map<string, Date>();
    for await (const object of storage().list()) listed.set(object.key, object.modifiedAt);
    expect(listed.has('2026/12/listed-a')).toBe(true);
    expect(listed.has('2026/12/nested/listed-b.thumb')).toBe(true);
    expect(listed.has('2027/01/listed-c')).toBe(false);
    for (const key of ['2026/12/listed-a', '2026/12/nested/listed-b.thumb']) {
      const modifiedAt = listed.get(key)!;
      expect(modifiedAt).toBeInstanceOf(Date);
      expect(modifiedAt.getTime()).toBeGreaterThanOrEqual(before);
      expect(modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
    }
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

  it('lists nothing for a folder not created yet, and never a write in progress', async () => {
    const base = join(root, 'listing');
    const storage = createLocalStorage(base);
    const keys = async () => {
      const found: string[] = [];
      for await (const object of storage.list()) found.push(object.key);
      return found.sort();
    };
    expect(await keys()).toEqual([]);
    await storage.put('2026/11/one', Buffer.from('1'), 'text/plain');
    await storage.put('2026/11/two', Buffer.from('2'), 'text/plain');
    writeFileSync(join(base, '.incoming', 'in-flight.part'), Buffer.alloc(16));
    expect(await keys()).toEqual(['2026/11/one', '2026/11/two']);
  });

  it('refuses keys that leave its folder', async () => {
    const storage = createLocalStorage(join(root, 'guarded'));
    await expect(storage.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /Invalid storage key/,
    );
    await expect(storage.get('.incoming/x.part')).rejects.toThrow(/Invalid storage key/);
  });
});

/**
 * A bucket of more than one listing page. s3rver cannot answer a truncated listing on Node 17+
 * (it encrypts the continuation token with DES, which OpenSSL 3 refuses), so this bucket is a
 * few lines of HTTP that answer ListObjectsV2 as S3 does, two keys a page.
 */
describe('S3 listing', () => {
  it('follows the continuation token through every page', async () => {
    const keys = ['2026/11/a', '2026/11/a.thumb', '2026/11/b', '2026/12/c', '2026/12/d'];
    const modified = '2026-11-20T10:00:00.000Z';
    const requests: URLSearchParams[] = [];
    const server = createServer((request, response) => {
      const query = new URL(request.url ?? '/', 'http://bucket').searchParams;
      requests.push(query);
      const start = Number(query.get('continuation-token') ?? '0');
      const page = keys.slice(start, start + 2);
      const truncated = start + 2 < keys.length;
      response.setHeader('content-type', 'application/xml');
      response.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
          `<Name>paged</Name><KeyCount>${page.length}</KeyCount><MaxKeys>2</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
          (truncated ? `<NextContinuationToken>${start + 2}</NextContinuationToken>` : '') +
          page
            .map(
              (key) =>
                `<Contents><Key>${key}</Key><LastModified>${modified}</LastModified><Size>1</Size></Contents>`,
            )
            .join('') +
          `</ListBucketResult>`,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const storage = createS3Storage({
        bucket: 'paged',
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      });
      const listed: { key: string; modifiedAt: Date }[] = [];
      for await (const object of storage.list()) listed.push(object);
      expect(listed.map((object) => object.key)).toEqual(keys);
      expect(listed.every((object) => object.modifiedAt.toISOString() === modified)).toBe(true);
      expect(requests.map((query) => query.get('continuation-token'))).toEqual([null, '2', '4']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

/** The driver env.ts's STORAGE chooses, with the keys of S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY. */
describe('the configured store', () => {
  const envOf = (source: Record<string, string>) =>
    parseEnv({ DATA_DIR: join(root, 'configured'), ...source });
  const s3Env = (overrides: Record<string, string> = {}) =>
    envOf({
      STORAGE: 's3',
      S3_BUCKET: 'medipay-documents',
      S3_ENDPOINT: s3Endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      ...overrides,
    });

  it('writes to the bucket with the configured keys, readable by any other client of it', async () => {
    const storage = await createDocumentStorage(s3Env());
    expect(storage.kind).toBe('s3');
    await storage.put('2026/11/configured', Buffer.from('no bucket'), 'text/plain');
    expect((await read(await s3Storage.get('2026/11/configured')))!.toString()).toBe('no bucket');
  });

  it('keeps documents under DATA_DIR/documents with STORAGE=local', async () => {
    const storage = await createDocumentStorage(envOf({ STORAGE: 'local' }));
    expect(storage.kind).toBe('local');
    await storage.put('2026/11/here', Buffer.from('aqui'), 'text/plain');
    expect(existsSync(join(root, 'configured', 'documents', '2026', '11', 'here'))).toBe(true);
  });

  it('is refused by the bucket with keys it does not know, and for a bucket that does not exist', async () => {
    const wrongKeys = await createDocumentStorage(
      s3Env({ S3_ACCESS_KEY_ID: 'OUTRA', S3_SECRET_ACCESS_KEY: 'chave-errada' }),
    );
    await expect(
      wrongKeys.put('2026/11/refused', Buffer.from('x'), 'text/plain'),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    const wrongBucket = await createDocumentStorage(s3Env({ S3_BUCKET: 'bucket-que-nao-existe' }));
    await expect(
      wrongBucket.put('2026/11/refused', Buffer.from('x'), 'text/plain'),
    ).rejects.toMatchObject({ name: 'NoSuchBucket' });
    expect(await s3Storage.get('2026/11/refused')).toBeNull();
  });
});

/**
 * A bucket that accepts connections and never answers: every operation fails after the
 * request time-out, once per attempt, instead of waiting forever.
 */
describe('S3 time-outs', () => {
  let sockets: Socket[];
  let server: ReturnType<typeof createTcpServer>;
  let endpoint: string;

  beforeAll(async () => {
    sockets = [];
    server = createTcpServer((socket) => {
      // Reads whatever comes and never writes a byte back.
      sockets.push(socket);
      socket.resume();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  const silent = () =>
    createS3Storage({
      bucket: 'silent',
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      timeouts: { requestMs: 300, socketIdleMs: 300, maxAttempts: 2 },
    });

  it('gives up an upload, a read, a delete and a listing after the time-out of each attempt', async () => {
    const storage = silent();
    const operations: [string, () => Promise<unknown>][] = [
      ['put', () => storage.put('2026/11/x', Buffer.alloc(2048), 'image/jpeg')],
      ['get', () => storage.get('2026/11/x')],
      ['delete', () => storage.delete('2026/11/x')],
      [
        'list',
        async () => {
          for await (const object of storage.list()) void object;
        },
      ],
    ];
    for (const [name, operation] of operations) {
      const before = sockets.length;
      const started = Date.now();
      await expect(operation(), name).rejects.toMatchObject({ name: 'TimeoutError' });
      const elapsed = Date.now() - started;
      // Two attempts of 300 ms and the SDK's short wait between them; never the default's minutes.
      expect(elapsed, name).toBeGreaterThanOrEqual(600);
      expect(elapsed, name).toBeLessThan(5000);
      expect(sockets.length - before, name).toBe(2);
    }
  });

  it('has finite limits by default', () => {
    expect(defaultS3Timeouts.connectionMs).toBeGreaterThan(0);
    expect(defaultS3Timeouts.requestMs).toBeGreaterThan(0);
    expect(defaultS3Timeouts.socketIdleMs).toBeGreaterThan(0);
    // Two tries of the request time-out stay under a minute, inside a proxy's usual limit.
    expect(defaultS3Timeouts.requestMs * defaultS3Timeouts.maxAttempts).toBeLessThan(60_000);
  });
});
