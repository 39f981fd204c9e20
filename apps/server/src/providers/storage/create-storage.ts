import { DiskStorage } from './disk-storage.ts';
import type { ObjectStorage } from './object-storage.ts';
import type { StorageConfig } from './storage-config.ts';

/** The storage the configuration names (`STORAGE=disk` default, `STORAGE=s3`; the AWS SDK loads only then). */
export async function createStorage(config: StorageConfig): Promise<ObjectStorage> {
  if (config.kind === 'disk') return new DiskStorage(config.root);
  const { S3Storage } = await import('./s3-storage.ts');
  const { kind: _kind, ...s3 } = config;
  return new S3Storage(s3);
}
