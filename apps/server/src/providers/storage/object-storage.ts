import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (docs/design.md §9.9): a folder under DATA_DIR by default, an S3-compatible bucket when
 * `STORAGE=s3`. Every object is private: nothing is served from a public path; players and operators read an object
 * through an authorized endpoint (`sendStoredObject`) or, on S3, a short-lived signed URL.
 *
 * Keys are ours, never a client's file name (the uploads helper generates them): lowercase letters, digits, `-`, `_`,
 * `.` and `/` separators, no empty or dot segments. Any other key is refused with `InvalidStorageKeyError`.
 */
export interface ObjectStorage {
  readonly kind: 'disk' | 's3';
  /** store (or replace) an object; a stream body is read to its end */
  put(key: string, body: Buffer | Readable, options: { contentType: string }): Promise<StoredObject>;
  /** read an object as a stream; throws `StorageNotFoundError` when there is none */
  get(key: string): Promise<StoredObjectStream>;
  exists(key: string): Promise<boolean>;
  /** remove an object; removing a missing object is not an error */
  delete(key: string): Promise<void>;
  /**
   * A URL that reads the object without our server for `expiresInSeconds` (S3 presigned GET), or `null` when the
   * store has none (disk): then stream it through an authorized endpoint with `sendStoredObject`.
   */
  signedReadUrl(key: string, options: { expiresInSeconds: number; fileName?: string }): Promise<string | null>;
}

export type StoredObject = { key: string; size: number; contentType: string };
export type StoredObjectStream = StoredObject & { body: Readable };

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored object ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;
const CONTENT_TYPE_PATTERN = /^[a-z]+\/[a-z0-9.+-]+$/;

/** Refuses keys that could escape a folder or clash between stores (`..`, `//`, absolute, upper case, spaces). */
export function assertStorageKey(key: string): void {
  if (key.length > 512 || !KEY_PATTERN.test(key)) {
    throw new InvalidStorageKeyError(key);
  }
}

export function assertContentType(contentType: string): void {
  if (!CONTENT_TYPE_PATTERN.test(contentType)) throw new Error(`invalid content type ${contentType}`);
}

/** `inline; filename="…"` with anything but safe characters replaced (our names are generated; this is a guard) */
export function contentDisposition(fileName: string): string {
  return `inline; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
}
