import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import Fastify from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../http/error-handler.ts';
import { DiskStorage } from './disk-storage.ts';
import { InvalidStorageKeyError, StorageNotFoundError, type ObjectStorage } from './object-storage.ts';
import { S3Storage } from './s3-storage.ts';
import { sendStoredObject } from './send-stored-object.ts';

/**
 * One contract, every adapter: the disk store always; an S3 server when S3_TEST_ENDPOINT (+ S3_TEST_ACCESS_KEY_ID,
 * S3_TEST_SECRET_ACCESS_KEY) is set: CI starts Debian's Ceph RADOS Gateway with scripts/start-s3.sh for it.
 */
type Harness = { name: string; setup(): Promise<ObjectStorage>; teardown(): Promise<void> };

function diskHarness(): Harness {
  let root = '';
  return {
    name: 'disk',
    async setup() {
      root = await mkdtemp(path.join(tmpdir(), 'storage-contract-'));
      return new DiskStorage(root);
    },
    teardown: () => rm(root, { recursive: true, force: true }),
  };
}

function s3Harness(endpoint: string): Harness {
  const credentials = {
    accessKeyId: process.env.S3_TEST_ACCESS_KEY_ID ?? '',
    secretAccessKey: process.env.S3_TEST_SECRET_ACCESS_KEY ?? '',
  };
  const bucket = `contract-${randomBytes(6).toString('hex')}`;
  const admin = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  let storage: S3Storage | undefined;
  return {
    name: 's3',
    async setup() {
      await admin.send(new CreateBucketCommand({ Bucket: bucket }));
      storage = new S3Storage({ endpoint, bucket, region: 'us-east-1', credentials, forcePathStyle: true });
      return storage;
    },
    async teardown() {
      const listed = await admin.send(new ListObjectsV2Command({ Bucket: bucket }));
      const objects = (listed.Contents ?? []).map(({ Key }) => ({ Key }));
      if (objects.length > 0) {
        await admin.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects } }));
      }
      await admin.send(new DeleteBucketCommand({ Bucket: bucket }));
      storage?.destroy();
      admin.destroy();
    },
  };
}

const s3Endpoint = process.env.S3_TEST_ENDPOINT;
const harnesses = [diskHarness(), ...(s3Endpoint ? [s3Harness(s3Endpoint)] : [])];

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const run = randomBytes(4).toString('hex');

describe.each(harnesses)('object storage contract: $name', (harness) => {
  let storage: ObjectStorage;
  beforeAll(async () => {
    storage = await harness.setup();
  });
  afterAll(() => harness.teardown());

  it('stores a buffer and reads back the same bytes, size and content type', async () => {
    const data = randomBytes(1024);
    const key = `contract/${run}/buffer.png`;
    expect(await storage.put(key, data, { contentType: 'image/png' })).toEqual({
      key,
      size: 1024,
      contentType: 'image/png',
    });
    const object = await storage.get(key);
    expect(object.size).toBe(1024);
    expect(object.contentType).toBe('image/png');
    expect((await readAll(object.body)).equals(data)).toBe(true);
    expect(await storage.exists(key)).toBe(true);
  });

  it('stores a stream of unknown length (multipart on S3) intact', async () => {
    const data = randomBytes(6 * 1024 * 1024 + 123);
    const key = `contract/${run}/stream.mp4`;
    const chunks = Array.from({ length: Math.ceil(data.length / 65_536) }, (_, i) =>
      data.subarray(i * 65_536, (i + 1) * 65_536),
    );
    const stored = await storage.put(key, Readable.from(chunks), { contentType: 'video/mp4' });
    expect(stored.size).toBe(data.length);
    const object = await storage.get(key);
    expect(object.contentType).toBe('video/mp4');
    expect(sha256(await readAll(object.body))).toBe(sha256(data));
  });

  it('replaces an object under the same key', async () => {
    const key = `contract/${run}/replaced.jpg`;
    await storage.put(key, Buffer.from('first'), { contentType: 'image/jpeg' });
    await storage.put(key, Buffer.from('second version'), { contentType: 'image/jpeg' });
    const object = await storage.get(key);
    expect((await readAll(object.body)).toString()).toBe('second version');
    expect(object.size).toBe(14);
  });

  it('reports a missing object: get throws StorageNotFoundError, exists is false', async () => {
    const key = `contract/${run}/missing.png`;
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await storage.exists(key)).toBe(false);
  });

  it('deletes, and deleting again is not an error', async () => {
    const key = `contract/${run}/deleted.gif`;
    await storage.put(key, Buffer.from('GIF89a'), { contentType: 'image/gif' });
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it.each(['../escape.png', '/absolute.png', 'a//b.png', 'Upper.png', 'sp ace.png', 'a/../b.png', '', 'x/.'])(
    'refuses the key %j on every operation',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'image/png' })).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    },
  );

  it('streams an object to an authorized request with private, no-sniff headers; a missing one is NOT_FOUND', async () => {
    const data = randomBytes(2048);
    const key = `contract/${run}/served.png`;
    await storage.put(key, data, { contentType: 'image/png' });
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    app.get<{ Params: { name: string } }>('/media/:name', (request, reply) =>
      sendStoredObject(reply, storage, `contract/${run}/${request.params.name}`),
    );
    const ok = await app.inject({ method: 'GET', url: '/media/served.png' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/png');
    expect(ok.headers['cache-control']).toBe('private, no-store');
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    expect(ok.headers['content-disposition']).toBe('inline; filename="served.png"');
    expect(ok.rawPayload.equals(data)).toBe(true);
    const missing = await app.inject({ method: 'GET', url: '/media/nothing.png' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'NOT_FOUND' });
    await app.close();
  });

  it('gives a short-lived signed read URL on S3 (tampering refused), none on disk', async () => {
    const data = randomBytes(512);
    const key = `contract/${run}/signed.jpg`;
    await storage.put(key, data, { contentType: 'image/jpeg' });
    const url = await storage.signedReadUrl(key, { expiresInSeconds: 300, fileName: 'slip.jpg' });
    if (storage.kind === 'disk') {
      expect(url).toBeNull();
      return;
    }
    expect(url).toMatch(/X-Amz-Expires=300/);
    const answer = await fetch(url ?? '');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe('inline; filename="slip.jpg"');
    expect(Buffer.from(await answer.arrayBuffer()).equals(data)).toBe(true);
    const tampered = await fetch((url ?? '').replace('signed.jpg', 'served.png'));
    expect(tampered.status).toBe(403);
    await tampered.arrayBuffer();
    const unsigned = await fetch((url ?? '').split('?')[0] ?? '');
    expect(unsigned.status).toBe(403);
    await unsigned.arrayBuffer();
  });
});
