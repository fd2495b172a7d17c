import type { Readable } from 'node:stream';

/**
 * Private storage of documents. A stored object becomes visible only once completely written,
 * so an interrupted write leaves nothing readable behind.
 */
export type DocumentStorage = {
  readonly kind: 'local' | 's3';
  put: (key: string, data: Buffer, contentType: string) => Promise<void>;
  /** The object's bytes as a stream, or null when there is no such object. */
  get: (key: string) => Promise<Readable | null>;
  /** Removes an object; an object that is already gone is not an error. */
  delete: (key: string) => Promise<void>;
  /** Removes what interrupted writes left behind. */
  cleanup: () => Promise<void>;
};
