import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertContentType,
  assertStorageKey,
  StorageNotFoundError,
  type ObjectStorage,
  type StoredObject,
  type StoredObjectStream,
} from './object-storage.ts';

/**
 * Objects as files under `root` (DATA_DIR/uploads by default): the bytes in `objects/<key>`, the content type in
 * `meta/<key>.json`. Writes go to a temp file first and are renamed into place, so a reader never sees half a file.
 * The folder is never served statically.
 */
export class DiskStorage implements ObjectStorage {
  readonly kind = 'disk';

  constructor(private readonly root: string) {}

  async put(key: string, body: Buffer | Readable, options: { contentType: string }): Promise<StoredObject> {
    assertStorageKey(key);
    assertContentType(options.contentType);
    const file = this.objectPath(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = path.join(this.root, 'tmp', randomUUID());
    await mkdir(path.dirname(temp), { recursive: true });
    try {
      if (Buffer.isBuffer(body)) await writeFile(temp, body);
      else await pipeline(body, createWriteStream(temp));
      const meta = this.metaPath(key);
      await mkdir(path.dirname(meta), { recursive: true });
      await writeFile(meta, JSON.stringify({ contentType: options.contentType }));
      await rename(temp, file);
    } finally {
      await rm(temp, { force: true });
    }
    const { size } = await stat(file);
    return { key, size, contentType: options.contentType };
  }

  async get(key: string): Promise<StoredObjectStream> {
    assertStorageKey(key);
    const file = this.objectPath(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw new StorageNotFoundError(key);
    const contentType = await this.contentTypeOf(key);
    return { key, size: info.size, contentType, body: createReadStream(file) };
  }

  async exists(key: string): Promise<boolean> {
    assertStorageKey(key);
    const info = await stat(this.objectPath(key)).catch(() => null);
    return info?.isFile() ?? false;
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await rm(this.objectPath(key), { force: true });
    await rm(this.metaPath(key), { force: true });
  }

  async signedReadUrl(key: string): Promise<string | null> {
    assertStorageKey(key);
    return null;
  }

  private objectPath(key: string): string {
    return path.join(this.root, 'objects', ...key.split('/'));
  }

  private metaPath(key: string): string {
    return `${path.join(this.root, 'meta', ...key.split('/'))}.json`;
  }

  private async contentTypeOf(key: string): Promise<string> {
    const raw = await readFile(this.metaPath(key), 'utf8').catch(() => null);
    const parsed = raw ? (JSON.parse(raw) as { contentType?: unknown }) : null;
    return typeof parsed?.contentType === 'string' ? parsed.contentType : 'application/octet-stream';
  }
}
