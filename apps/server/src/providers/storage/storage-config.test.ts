import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStorage } from './create-storage.ts';
import { loadStorageConfig } from './storage-config.ts';

describe('storage configuration', () => {
  it('defaults to disk under DATA_DIR/uploads', async () => {
    const config = loadStorageConfig({}, '/srv/wallet');
    expect(config).toEqual({ kind: 'disk', root: path.join('/srv/wallet', 'uploads') });
    expect((await createStorage(config)).kind).toBe('disk');
  });

  it('reads the S3 settings, path-style by default', async () => {
    const config = loadStorageConfig(
      {
        STORAGE: 's3',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_BUCKET: 'wallet-uploads',
        S3_ACCESS_KEY_ID: 'AK',
        S3_SECRET_ACCESS_KEY: 'SK',
      },
      '/srv/wallet',
    );
    expect(config).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'wallet-uploads',
      region: 'us-east-1',
      credentials: { accessKeyId: 'AK', secretAccessKey: 'SK' },
      forcePathStyle: true,
    });
    expect((await createStorage(config)).kind).toBe('s3');
    const virtualHosted = loadStorageConfig(
      { STORAGE: 's3', S3_BUCKET: 'wallet-uploads', S3_REGION: 'ap-southeast-1', S3_FORCE_PATH_STYLE: 'false' },
      '/srv/wallet',
    );
    expect(virtualHosted).toMatchObject({ endpoint: undefined, credentials: undefined, forcePathStyle: false });
  });

  it.each([
    [{ STORAGE: 'ftp' }, /STORAGE/],
    [{ STORAGE: 's3' }, /S3_BUCKET/],
    [{ STORAGE: 's3', S3_BUCKET: 'b-1', S3_ENDPOINT: 'not a url' }, /S3_ENDPOINT/],
    [{ STORAGE: 's3', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'only-the-id' }, /both S3_ACCESS_KEY_ID/],
  ])('refuses %j', (env, message) => {
    expect(() => loadStorageConfig(env, '/srv/wallet')).toThrow(message);
  });
});
