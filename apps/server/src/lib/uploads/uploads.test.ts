import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskStorage } from '../../providers/storage/disk-storage.ts';
import type { ObjectStorage } from '../../providers/storage/object-storage.ts';
import { acceptUpload } from './accept-upload.ts';
import type { ReceivedFile } from './received-file.ts';
import { saveUpload } from './store-upload.ts';
import { UploadError } from './upload-error.ts';
import { CHAT_IMAGE_UPLOAD, CHAT_VIDEO_UPLOAD, SLIP_UPLOAD } from './upload-policy.ts';

const received = (data: Buffer, clientFileName = 'slip.png', clientMimeType = 'image/png'): ReceivedFile => ({
  data,
  truncated: false,
  clientFileName,
  clientMimeType,
});

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();

/** A PNG whose header claims `width × height` with a few bytes of image data: decoding it would need gigabytes. */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(4096))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An ISO-BMFF file of the given brand (`isom` → mp4, `qt  ` → QuickTime): an ftyp box and an empty mdat. */
function isoMedia(brand: string): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftyp', 4, 'latin1');
  ftyp.write(brand, 8, 'latin1');
  ftyp.write(brand, 16, 'latin1');
  const mdat = Buffer.alloc(16);
  mdat.writeUInt32BE(16, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
}

async function refusal(promise: Promise<unknown>): Promise<UploadError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('uploads: refused before anything is stored', () => {
  it('refuses a missing or empty file with the policy code', async () => {
    expect((await refusal(acceptUpload(null, SLIP_UPLOAD))).code).toBe('SLIP_NO_FILE');
    expect((await refusal(acceptUpload(received(Buffer.alloc(0)), SLIP_UPLOAD))).code).toBe('SLIP_NO_FILE');
    expect((await refusal(acceptUpload(null, CHAT_IMAGE_UPLOAD))).code).toBe('KEY_MISSING');
  });

  it('refuses HTML named slip.png (no magic bytes)', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const error = await refusal(acceptUpload(received(html, 'slip.png', 'image/png'), SLIP_UPLOAD));
    expect(error.reason).toBe('unsupported_type');
    expect(error.code).toBe('SLIP_INVALID_FILE');
  });

  it('refuses SVG, even with an image type claimed', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const error = await refusal(acceptUpload(received(svg, 'chat.svg', 'image/svg+xml'), CHAT_IMAGE_UPLOAD));
    expect(error.reason).toBe('unsupported_type');
    expect(error.code).toBe('KEY_INVALID');
  });

  it('refuses bytes of another type than the policy allows, whatever the client claims', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await refusal(acceptUpload(received(gif, 'slip.png', 'image/png'), SLIP_UPLOAD))).reason).toBe(
      'unsupported_type',
    );
    const image = await png();
    expect((await refusal(acceptUpload(received(image, 'v.mp4', 'video/mp4'), CHAT_VIDEO_UPLOAD))).reason).toBe(
      'unsupported_type',
    );
    const noise = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37) % 251));
    expect((await refusal(acceptUpload(received(noise), SLIP_UPLOAD))).reason).toBe('unsupported_type');
  });

  it('refuses the byte limit + 1, and a part the parser truncated', async () => {
    const image = await png();
    const oversized = Buffer.concat([image, Buffer.alloc(SLIP_UPLOAD.maxBytes + 1 - image.length)]);
    expect(oversized.length).toBe(SLIP_UPLOAD.maxBytes + 1);
    const error = await refusal(acceptUpload(received(oversized), SLIP_UPLOAD));
    expect(error.reason).toBe('too_large');
    expect(error.code).toBe('SLIP_INVALID_FILE');
    const truncated = { ...received(image), truncated: true };
    expect((await refusal(acceptUpload(truncated, SLIP_UPLOAD))).reason).toBe('too_large');
  });

  it('refuses a pixel bomb (20000 × 20000 in a tiny file) from its header, fast', async () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1024);
    const started = performance.now();
    const error = await refusal(acceptUpload(received(bomb), CHAT_IMAGE_UPLOAD));
    expect(performance.now() - started).toBeLessThan(500);
    expect(error.reason).toBe('too_many_pixels');
    expect(error.code).toBe('KEY_INVALID');
  });

  it('counts every frame of an animated GIF against the pixel limit', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 100, height: 100, channels: 3, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#f00'), await frame('#0f0'), await frame('#00f')], {
      join: { animated: true },
    })
      .gif()
      .toBuffer();
    const tight = { ...CHAT_IMAGE_UPLOAD, maxPixels: 25_000 };
    expect((await refusal(acceptUpload(received(gif, 'a.gif', 'image/gif'), tight))).reason).toBe('too_many_pixels');
    const accepted = await acceptUpload(received(gif, 'a.gif', 'image/gif'), CHAT_IMAGE_UPLOAD);
    expect([accepted.type, accepted.width, accepted.height]).toEqual(['image/gif', 100, 100]);
  });

  it('refuses an image whose data does not decode', async () => {
    const image = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#abc' } })
      .jpeg()
      .toBuffer();
    const storage = new DiskStorage(await mkdtemp(path.join(tmpdir(), 'uploads-broken-')));
    const cut = image.subarray(0, Math.floor(image.length / 2));
    expect((await refusal(saveUpload(storage, received(cut, 'a.jpg', 'image/jpeg'), SLIP_UPLOAD))).reason).toBe(
      'unreadable',
    );
  });
});

describe('uploads: stored under a generated name, re-encoded', () => {
  let root: string;
  let storage: ObjectStorage;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'uploads-'));
    storage = new DiskStorage(root);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('strips EXIF (orientation applied, camera and GPS-style tags gone) when re-encoding a JPEG', async () => {
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner', Make: 'SecretCam' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(photo.includes('SecretCam')).toBe(true);

    const stored = await saveUpload(storage, received(photo, '../../evil name.jpg', 'image/jpeg'), SLIP_UPLOAD);
    expect(stored.key).toMatch(/^slips\/[0-9a-f-]{36}\.jpg$/);
    expect(stored.contentType).toBe('image/jpeg');
    const saved = await readAll((await storage.get(stored.key)).body);
    const after = await sharp(saved).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect([after.width, after.height]).toEqual([20, 40]);
    expect(saved.includes('SecretCam')).toBe(false);
    expect(saved.includes('secret-owner')).toBe(false);
  });

  it('keeps a PNG a PNG, scaled to fit 2048 px, under a fresh name each time', async () => {
    const image = await png(3000, 1000);
    const first = await saveUpload(storage, received(image), CHAT_IMAGE_UPLOAD);
    const second = await saveUpload(storage, received(image), CHAT_IMAGE_UPLOAD);
    expect(first.key).toMatch(/^chat\/images\/[0-9a-f-]{36}\.png$/);
    expect(second.key).not.toBe(first.key);
    const meta = await sharp(await readAll((await storage.get(first.key)).body)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 2048, 683]);
  });

  it('keeps an animated GIF animated', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#f00'), await frame('#00f')], { join: { animated: true } })
      .gif()
      .toBuffer();
    const stored = await saveUpload(storage, received(gif, 'a.gif', 'image/gif'), CHAT_IMAGE_UPLOAD);
    expect(stored.key).toMatch(/\.gif$/);
    const meta = await sharp(await readAll((await storage.get(stored.key)).body), { animated: true }).metadata();
    expect([meta.format, meta.pages, meta.width, meta.pageHeight]).toEqual(['gif', 2, 40, 30]);
  });

  it('stores mp4 and QuickTime videos as received, typed from their bytes', async () => {
    const mp4 = isoMedia('isom');
    const mov = isoMedia('qt  ');
    const storedMp4 = await saveUpload(storage, received(mp4, 'clip.mov', 'video/quicktime'), CHAT_VIDEO_UPLOAD);
    const storedMov = await saveUpload(storage, received(mov, 'clip.mp4', 'video/mp4'), CHAT_VIDEO_UPLOAD);
    expect([storedMp4.key.endsWith('.mp4'), storedMp4.contentType]).toEqual([true, 'video/mp4']);
    expect([storedMov.key.endsWith('.mov'), storedMov.contentType]).toEqual([true, 'video/quicktime']);
    expect((await readAll((await storage.get(storedMp4.key)).body)).equals(mp4)).toBe(true);
  });

  it('answers the policy storage code when the store fails', async () => {
    const failing: ObjectStorage = {
      kind: 'disk',
      put: () => Promise.reject(new Error('disk full')),
      get: () => Promise.reject(new Error('unused')),
      exists: () => Promise.resolve(false),
      delete: () => Promise.resolve(),
      signedReadUrl: () => Promise.resolve(null),
    };
    const error = await refusal(saveUpload(failing, received(await png()), SLIP_UPLOAD));
    expect([error.reason, error.code, error.status]).toEqual(['storage_failed', 'SLIP_UPLOAD_FAIL', 400]);
  });
});
