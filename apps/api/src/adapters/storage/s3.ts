import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { DocumentStorage, StoredObject } from './port';

/**
 * Documents in an S3-compatible bucket (private; credentials from the usual AWS variables).
 * A PutObject becomes visible only when the upload completed.
 */
export function createS3Storage(options: {
  bucket: string;
  endpoint?: string | undefined;
  region: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}): DocumentStorage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint && { endpoint: options.endpoint, forcePathStyle: true }),
    ...(options.credentials && { credentials: options.credentials }),
  });
  return {
    kind: 's3',
    put: async (key, data, contentType) => {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
        }),
      );
    },
    get: async (key) => {
      try {
        const result = await client.send(
          new GetObjectCommand({ Bucket: options.bucket, Key: key }),
        );
        return (result.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey')
          return null;
        throw error;
      }
    },
    delete: async (key) => {
      // S3 answers a delete of a missing key with success.
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
    cleanup: async () => {
      // Nothing to do: S3 never shows a partial object.
    },
    list: async function* (): AsyncGenerator<StoredObject> {
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: options.bucket,
            ContinuationToken: continuationToken,
          }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified)
            yield { key: object.Key, modifiedAt: object.LastModified };
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },
  };
}
