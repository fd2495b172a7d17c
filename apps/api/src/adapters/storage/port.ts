import type { Readable } from 'node:stream';

/** A stored object as a listing shows it. */
export type StoredObject = {
  key: string;
  /** When the object was last written (the file's mtime, the bucket's LastModified). */
  modifiedAt: Date;
};

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
  /**
   * Every complete object, in no particular order, read a page at a time (never the whole store
   * in memory). Writes in progress are not listed; an object written or deleted during the
   * listing may or may not appear.
   */
  list: () => AsyncIterable<StoredObject>;
};
