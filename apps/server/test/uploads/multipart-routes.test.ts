import { CHAT_IMAGE_MAX_BYTES } from '@wallet/contract/limits';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModuleFactory } from '../../src/http/handlers.ts';
import { acceptUpload } from '../../src/lib/uploads/accept-upload.ts';
import { saveUpload, storeAcceptedUpload } from '../../src/lib/uploads/store-upload.ts';
import { CHAT_IMAGE_UPLOAD, CHAT_VIDEO_UPLOAD, SLIP_UPLOAD } from '../../src/lib/uploads/upload-policy.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createMember } from '../idempotency/wallet-test-module.ts';
import { multipart } from '../helpers/multipart-body.ts';

/** The real upload endpoints of the contract, served by a test module that uses the parser and the uploads helper. */
const uploadsTestModule: ModuleFactory = (ctx) => ({
  name: 'uploads-test',
  handlers: {
    'chat.uploadImage': async ({ file }) => ({ path: (await saveUpload(ctx.storage, file, CHAT_IMAGE_UPLOAD)).key }),
    'chat.uploadVideo': async ({ file }) => ({ path: (await saveUpload(ctx.storage, file, CHAT_VIDEO_UPLOAD)).key }),
    'wallet.slip': async ({ file }) => {
      const accepted = await acceptUpload(file, SLIP_UPLOAD);
      const stored = await storeAcceptedUpload(ctx.storage, accepted, SLIP_UPLOAD);
      return { message: 'SUCCESS', status: 'PENDING', reference: stored.key };
    },
  },
});

let t: TestApp;
let image: Buffer;
beforeAll(async () => {
  t = await createTestApp({ modules: [uploadsTestModule] });
  image = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const upload = (url: string, body: { payload: Buffer; headers: Record<string, string> }, extra = {}) =>
  t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...extra } });

describe('multipart parser on isUpload endpoints', () => {
  it('hands the file to the handler, which stores it under a generated name', async () => {
    const answer = await upload(
      '/api/chat/upload-image',
      multipart([{ name: 'file', filename: 'my photo.png', type: 'image/png', data: image }]),
    );
    expect(answer.statusCode).toBe(200);
    const { path } = answer.json<{ path: string }>();
    expect(path).toMatch(/^chat\/images\/[0-9a-f-]{36}\.png$/);
    expect(await t.ctx.storage.exists(path)).toBe(true);
  });

  it('ignores text fields the descriptor does not name', async () => {
    const answer = await upload(
      '/api/chat/upload-image',
      multipart([
        { name: 'guestId', data: 'g-1' },
        { name: 'file', filename: 'a.png', type: 'image/png', data: image },
      ]),
    );
    expect(answer.statusCode).toBe(200);
  });

  it.each([
    ['a JSON body', { payload: Buffer.from('{"file":"x"}'), headers: { 'content-type': 'application/json' } }],
    ['multipart without a boundary', { payload: Buffer.from('x'), headers: { 'content-type': 'multipart/form-data' } }],
    ['a raw image body', { payload: Buffer.from('\x89PNG'), headers: { 'content-type': 'image/png' } }],
    [
      'a body cut before its closing boundary',
      (() => {
        const body = multipart([{ name: 'file', filename: 'a.png', type: 'image/png', data: Buffer.alloc(2000, 1) }]);
        return { ...body, payload: body.payload.subarray(0, 600) };
      })(),
    ],
    [
      'two files',
      multipart([
        { name: 'file', filename: 'a.png', type: 'image/png', data: Buffer.alloc(10) },
        { name: 'file', filename: 'b.png', type: 'image/png', data: Buffer.alloc(10) },
      ]),
    ],
    ['a file under another field name', multipart([{ name: 'image', filename: 'a.png', data: Buffer.alloc(10) }])],
    [
      'a repeated text field',
      multipart([
        { name: 'note', data: 'a' },
        { name: 'note', data: 'b' },
      ]),
    ],
  ])('answers KEY_INVALID, never a 500, for %s', async (_, body) => {
    const answer = await upload('/api/chat/upload-image', body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: 'KEY_INVALID' });
  });

  it('passes "no file" to the handler, which answers its own code', async () => {
    const chat = await upload('/api/chat/upload-image', multipart([{ name: 'guestId', data: 'g-1' }]));
    expect([chat.statusCode, chat.json()]).toEqual([400, { message: 'KEY_MISSING' }]);
  });

  it('caps the file at the descriptor limit: one byte over is refused', async () => {
    const oversized = Buffer.concat([image, Buffer.alloc(CHAT_IMAGE_MAX_BYTES + 1 - image.length)]);
    const answer = await upload(
      '/api/chat/upload-image',
      multipart([{ name: 'file', filename: 'big.png', type: 'image/png', data: oversized }]),
    );
    expect([answer.statusCode, answer.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
  });

  it('refuses HTML sent as image/png', async () => {
    const answer = await upload(
      '/api/chat/upload-image',
      multipart([{ name: 'file', filename: 'x.png', type: 'image/png', data: '<html><script>1</script></html>' }]),
    );
    expect([answer.statusCode, answer.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
  });

  it('slip: member only, idempotent on the file digest, slip codes for a missing or bad file', async () => {
    const body = multipart([{ name: 'file', filename: 'slip.png', type: 'image/png', data: image }]);
    expect((await upload('/api/wallet/slip', body)).statusCode).toBe(401);

    const m = await createMember(t);
    const first = await upload('/api/wallet/slip', body, { ...m.auth, 'idempotency-key': 'slip-1' });
    expect(first.statusCode).toBe(200);
    const again = await upload(
      '/api/wallet/slip',
      multipart([{ name: 'file', filename: 'other-name.png', type: 'image/png', data: image }]),
      { ...m.auth, 'idempotency-key': 'slip-1' },
    );
    expect([again.statusCode, again.headers['idempotent-replayed'], again.body]).toEqual([200, 'true', first.body]);
    const otherImage = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const different = await upload(
      '/api/wallet/slip',
      multipart([{ name: 'file', filename: 'slip.png', type: 'image/png', data: otherImage }]),
      { ...m.auth, 'idempotency-key': 'slip-1' },
    );
    expect(different.statusCode).toBe(422);

    const none = await upload('/api/wallet/slip', multipart([]), { ...m.auth, 'idempotency-key': 'slip-2' });
    expect([none.statusCode, none.json()]).toEqual([400, { message: 'SLIP_NO_FILE' }]);
    const html = await upload(
      '/api/wallet/slip',
      multipart([{ name: 'file', filename: 'slip.png', type: 'image/png', data: '<html></html>' }]),
      { ...m.auth, 'idempotency-key': 'slip-3' },
    );
    expect([html.statusCode, html.json()]).toEqual([413, { message: 'SLIP_INVALID_FILE' }]);
  });
});
