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
 * How long the bucket may keep a request waiting. Without limits the SDK waits forever on a
 * bucket that accepted the connection and never answers, and so would the applicant's upload.
 */
export type S3Timeouts = {
  /** To open the TCP (and TLS) connection. */
  connectionMs: number;
  /** From sending the request (a 10 MB upload's body included) to the response's headers. */
  requestMs: number;
  /** Without a byte either way on an open connection (a download that stalls half-way). */
  socketIdleMs: number;
  /** Tries per operation, the first included (the SDK waits a little between them). */
  maxAttempts: number;
};

/**
 * In-region S3 takes a 10 MB document in well under a second; these leave room for a slow
 * service while keeping an upload that fails under a minute (two tries), inside the time a
 * reverse proxy usually grants a request.
 */
export const defaultS3Timeouts: S3Timeouts = {
  connectionMs: 3_000,
  requestMs: 20_000,
  socketIdleMs: 20_000,
  maxAttempts: 2,
};

export type S3StorageOptions = {
  bucket: string;
  endpoint?: string | undefined;
  region: string;
  /** Unset: the AWS SDK's own credential chain (environment, shared config, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  timeouts?: Partial<S3Timeouts>;
};

/**
 * Documents in an S3-compatible bucket (private). A PutObject becomes visible only when the
 * upload completed. Every failure (a refused bucket, a time-out) rejects the operation: the
 * callers decide what it means (documents.service.ts answers the upload's error and keeps
 * nothing half-stored).
 */
export function createS3Storage(options: S3StorageOptions): DocumentStorage {
  const timeouts = { ...defaultS3Timeouts, ...options.timeouts };
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint && { endpoint: options.endpoint, forcePathStyle: true }),
    ...(options.credentials && { credentials: options.credentials }),
    maxAttempts: timeouts.maxAttempts,
    requestHandler: {
      connectionTimeout: timeouts.connectionMs,
      requestTimeout: timeouts.requestMs,
      // Without it the SDK only logs a warning when requestTimeout passes, and keeps waiting.
      throwOnRequestTimeout: true,
      socketTimeout: timeouts.socketIdleMs,
    },
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
