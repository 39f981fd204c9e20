import path from 'node:path';
import { z } from 'zod';
import type { S3StorageConfig } from './s3-storage.ts';

/** Where uploads are kept: `disk` (default, DATA_DIR/uploads) or an S3-compatible bucket. */
export type StorageConfig = { kind: 'disk'; root: string } | ({ kind: 's3' } & S3StorageConfig);

const StorageEnvSchema = z.object({
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  /** S3-compatible endpoint URL; unset = AWS S3 of S3_REGION */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** path-style URLs (`endpoint/bucket/key`); most S3-compatible servers need it. Default true */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).default('true'),
});

/** Reads the storage settings from the environment; throws with every problem named. */
export function loadStorageConfig(source: Record<string, string | undefined>, dataDir: string): StorageConfig {
  const parsed = StorageEnvSchema.safeParse(source);
  if (!parsed.success) throw new Error(`Invalid storage configuration:\n${z.prettifyError(parsed.error)}`);
  const env = parsed.data;
  if (env.STORAGE === 'disk') return { kind: 'disk', root: path.join(dataDir, 'uploads') };
  if (!env.S3_BUCKET) throw new Error('Invalid storage configuration: STORAGE=s3 needs S3_BUCKET');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid storage configuration: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither');
  }
  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1',
  };
}
