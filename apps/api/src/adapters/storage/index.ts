import { join } from 'node:path';
import type { Env } from '../../config/env';
import { createLocalStorage } from './local';
import type { DocumentStorage } from './port';

export async function createDocumentStorage(env: Env): Promise<DocumentStorage> {
  if (env.S3_BUCKET) {
    const { createS3Storage } = await import('./s3');
    return createS3Storage({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
    });
  }
  return createLocalStorage(join(env.DATA_DIR, 'documents'));
}
