import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { DocumentStorage } from '../src/adapters/storage/port';
import { createS3Storage } from '../src/adapters/storage/s3';

/** The keys s3rver accepts (it checks every request's signature against them). */
export const testS3Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export type TestS3 = {
  endpoint: string;
  bucket: string;
  /** The variables that point a portal process at the bucket (STORAGE=s3 and the S3_* ones). */
  env: Record<string, string>;
  /** A client of the bucket of its own, to look at what the portal stored. */
  storage: DocumentStorage;
  /** Every key in the bucket, sorted. */
  keys: () => Promise<string[]>;
  close: () => Promise<void>;
};

/**
 * A local S3-compatible server (s3rver, objects in a temporary folder) with one empty bucket,
 * on a free port of 127.0.0.1. Its listings hold up to 1000 keys: s3rver cannot continue a
 * truncated listing on Node 17+ (storage.test.ts covers the continuation on its own).
 */
export async function startTestS3(bucket = 'medipay-documentos'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'medipay-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const storage = createS3Storage({
    bucket,
    endpoint,
    region: 'us-east-1',
    credentials: testS3Credentials,
  });
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: testS3Credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: testS3Credentials.secretAccessKey,
    },
    storage,
    keys: async () => {
      const keys: string[] = [];
      for await (const object of storage.list()) keys.push(object.key);
      return keys.sort();
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
