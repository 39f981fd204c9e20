import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import {
  assertContentType,
  assertStorageKey,
  contentDisposition,
  StorageNotFoundError,
  type ObjectStorage,
  type StoredObject,
  type StoredObjectStream,
} from './object-storage.ts';

export type S3StorageConfig = {
  /** e.g. `https://s3.ap-southeast-1.amazonaws.com` or an S3-compatible server; unset = AWS from the region */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** unset = the SDK's default credential chain (instance role, AWS_* env) */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `bucket` in the path instead of the host name (most S3-compatible servers need it) */
  forcePathStyle: boolean;
};

const MULTIPART_PART_BYTES = 5 * 1024 * 1024;

/**
 * Objects in an S3-compatible bucket (private; the bucket is provisioned outside the app). Checksums are sent only
 * when an operation requires them: the SDK's default aws-chunked bodies with trailing CRC32 are refused by
 * S3-compatible servers such as Ceph RGW (411 MissingContentLength, docs/dependencies.md §2).
 */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.credentials ? { credentials: config.credentials } : {}),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer | Readable, options: { contentType: string }): Promise<StoredObject> {
    assertStorageKey(key);
    assertContentType(options.contentType);
    if (Buffer.isBuffer(body)) {
      const command = new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentLength: body.length,
        ContentType: options.contentType,
      });
      await this.client.send(command);
      return { key, size: body.length, contentType: options.contentType };
    }
    // a stream of unknown length: multipart in 5 MB parts (one plain PUT when it is smaller)
    const params = { Bucket: this.bucket, Key: key, Body: body, ContentType: options.contentType };
    await new Upload({ client: this.client, params, partSize: MULTIPART_PART_BYTES, queueSize: 4 }).done();
    // Upload.done() gives no reliable size or ETag on every server (RGW answers ETag ''): ask
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    return { key, size: head.ContentLength ?? 0, contentType: options.contentType };
  }

  async get(key: string): Promise<StoredObjectStream> {
    assertStorageKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(answer.Body instanceof Readable)) throw new Error('S3 GetObject answered without a Node stream');
      return {
        key,
        size: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? 'application/octet-stream',
        body: answer.Body,
      };
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    assertStorageKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async signedReadUrl(key: string, options: { expiresInSeconds: number; fileName?: string }): Promise<string> {
    assertStorageKey(key);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ...(options.fileName ? { ResponseContentDisposition: contentDisposition(options.fileName) } : {}),
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds });
  }

  /** release the client's sockets (tests, shutdown) */
  destroy(): void {
    this.client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}
