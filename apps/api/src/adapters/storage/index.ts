import { join } from 'node:path';
import type { Env } from '../../config/env';
import { createLocalStorage } from './local';
import type { DocumentStorage } from './port';
import type { S3Timeouts } from './s3';

/**
 * The document store env.ts chose (STORAGE): the bucket, shared by every process, or a folder
 * on this process's disk. Only the chosen driver is loaded.
 */
export async function createDocumentStorage(
  env: Pick<
    Env,
    | 'STORAGE'
    | 'DATA_DIR'
    | 'S3_BUCKET'
    | 'S3_ENDPOINT'
    | 'S3_REGION'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
  >,
  options: { s3Timeouts?: Partial<S3Timeouts> } = {},
): Promise<DocumentStorage> {
  if (env.STORAGE === 's3') {
    if (!env.S3_BUCKET) throw new Error('STORAGE=s3 without S3_BUCKET');
    const { createS3Storage } = await import('./s3');
    return createS3Storage({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      credentials:
        env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
          : undefined,
      timeouts: options.s3Timeouts,
    });
  }
  return createLocalStorage(join(env.DATA_DIR, 'documents'));
}
