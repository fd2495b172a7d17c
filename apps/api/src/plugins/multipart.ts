import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MAX_UPLOAD_BYTES } from '@medipay/shared/constants';

/** Uploads: one file per request; a larger file is cut at the limit and refused (413). */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
}
