import { CHAT_GUEST_HEADER } from '@wallet/contract/socket-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Chat (docs/design.md §9.8): the chat endpoints under hostile input answer a clear code, change nothing, and never 500. */
let t: TestApp;
let guest: string;
beforeAll(async () => {
  t = await createTestApp();
  guest = (await t.ctx.guestTokens.issue()).token;
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: {
      [CHAT_GUEST_HEADER]: guest,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload }),
  });

describe('chat under hostile input', () => {
  it.each([
    ['a NUL byte in text', { sender: 'customer', message: { message_type: 'text', payload: 'hi\u0000there' } }],
    ['an unknown message type', { sender: 'customer', message: { message_type: 'script', payload: 'x' } }],
    ['an array where text goes', { sender: 'customer', message: { message_type: 'text', payload: [] } }],
    [
      'a media path outside chat',
      {
        sender: 'customer',
        message: { message_type: 'media', payload: { fileType: 'image', filePath: '../../secrets.json' } },
      },
    ],
    [
      'an external media url',
      {
        sender: 'customer',
        message: {
          message_type: 'media',
          payload: { fileType: 'image', filePath: 'https://evil.example/x.png', url: true },
        },
      },
    ],
    [
      'a generic card from a customer',
      {
        sender: 'customer',
        message: {
          message_type: 'generic',
          payloads: [{ image_url: 'javascript:alert(1)', title: 'x', subtitle: '', buttons: [] }],
        },
      },
    ],
    ['a number as body', 42],
  ])('send-message with %s → 400, nothing stored', async (_name, body) => {
    const res = await inject('POST', '/api/chat/send-message', JSON.stringify(body));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'KEY_INVALID' });
  });

  it('history with a negative skip, a huge limit or a non-number → 400', async () => {
    for (const body of [
      { limit: 10, skip: -1 },
      { limit: 100000, skip: 0 },
      { limit: '10', skip: 0 },
    ]) {
      const res = await inject('POST', '/api/chat/history', JSON.stringify(body));
      expect(res.statusCode).toBe(400);
    }
    const history = await inject('POST', '/api/chat/history', JSON.stringify({ limit: 10, skip: 0 }));
    expect(history.json()).toEqual([]);
  });

  it('a guest header of 10,000 characters or with a session token in it → 401, never 500', async () => {
    expect(
      (await inject('POST', '/api/chat/history', '{"limit":10,"skip":0}', { [CHAT_GUEST_HEADER]: 'x'.repeat(10_000) }))
        .statusCode,
    ).toBe(401);
  });

  it.each([
    '/api/chat/media/..%2F..%2Fsecrets.json?exp=1&sig=x',
    '/api/chat/media/chat/images/../../../etc/passwd',
    '/api/chat/media/slips/abc.png?exp=99999999999&sig=x',
    '/api/chat/media/chat/images/ABC.PNG?exp=1&sig=x',
  ])('media path %s is refused (403/404) without touching storage', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect([403, 404]).toContain(res.statusCode);
  });

  it('an upload that is not multipart, or has two files → 400', async () => {
    const json = await inject('POST', '/api/chat/upload-image', '{"file":"x"}');
    expect(json.statusCode).toBe(400);
    const boundary = '----hostile';
    const part = (name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nxx\r\n`;
    const two = await t.app.inject({
      method: 'POST',
      url: '/api/chat/upload-image',
      headers: { [CHAT_GUEST_HEADER]: guest, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${part('file')}${part('file')}--${boundary}--\r\n`,
    });
    expect(two.statusCode).toBe(400);
  });

  it('the unread count refuses a guest, a forged bearer and a bearer of 10,000 characters (401), never 500', async () => {
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Bearer forged.token.value' },
      { authorization: `Bearer ${'x'.repeat(10_000)}` },
    ];
    for (const headers of cases) {
      const res = await inject('GET', '/api/chat/unread?count=99&memberId=1', undefined, headers);
      expect(res.statusCode).toBe(401);
    }
  });
});
