import { api } from '@wallet/contract/client-api.gen';
import { IDEMPOTENCY_HEADER, UPLOAD_TIMEOUT_MS, WALLET_USER_HEADER } from '@wallet/contract/limits';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, NETWORK_ERROR, TIMEOUT_ERROR, type SessionEvent } from './api-client.ts';
import { errorMessage } from './present-error.ts';

/** A scripted XMLHttpRequest: records what was sent, then plays `script` (progress events, then an outcome). */
type Outcome = { status: number; body: unknown } | 'error' | 'timeout' | 'hang';
const sent: FakeXhr[] = [];
let script: { progress: [number, number][]; outcome: Outcome } = { progress: [], outcome: { status: 200, body: {} } };

class FakeXhr {
  method = '';
  url = '';
  timeout = 0;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  body: unknown;
  isAborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.isAborted = true;
    this.onabort?.();
  }
  send(body: unknown) {
    this.body = body;
    sent.push(this);
    const { progress, outcome } = script;
    queueMicrotask(() => {
      for (const [loaded, total] of progress) this.upload.onprogress?.({ lengthComputable: true, loaded, total });
      if (outcome === 'hang') return;
      if (outcome === 'error') return this.onerror?.();
      if (outcome === 'timeout') return this.ontimeout?.();
      this.status = outcome.status;
      this.responseText = typeof outcome.body === 'string' ? outcome.body : JSON.stringify(outcome.body);
      this.onload?.();
    });
  }
}

const tokenStore = {
  token: 'tok-1' as string | null,
  get: () => tokenStore.token,
  clear: () => (tokenStore.token = null),
};
const client = createApiClient({ tokenStore, headers: () => ({ 'X-CSRF-Token': 'csrf-1' }) });
const form = () => {
  const f = new FormData();
  f.append('file', new Blob(['png']), 'a.png');
  return f;
};

afterEach(() => {
  sent.length = 0;
  tokenStore.token = 'tok-1';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
const useXhr = (next: typeof script) => {
  script = next;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
};

describe('call() with upload progress (XMLHttpRequest)', () => {
  it('reports progress, sends the client and per-call headers, the idempotency key and the upload timeout', async () => {
    useXhr({
      progress: [
        [1, 4],
        [4, 4],
      ],
      outcome: { status: 200, body: { message: 'OK', status: 'review' } },
    });
    const seen: number[] = [];
    const result = await client.call(api.wallet.slip, {
      body: {},
      formData: form(),
      idempotencyKey: 'key-1',
      headers: { 'x-chat-guest': 'g-token' },
      onUploadProgress: (f) => seen.push(f),
    });
    expect(result).toEqual({ message: 'OK', status: 'review' });
    expect(seen).toEqual([0.25, 1]);
    const xhr = sent[0]!;
    expect([xhr.method, xhr.url, xhr.timeout]).toEqual(['POST', '/api/wallet/slip', UPLOAD_TIMEOUT_MS]);
    expect(xhr.body).toBeInstanceOf(FormData);
    expect(xhr.headers).toMatchObject({
      Authorization: 'Bearer tok-1',
      [WALLET_USER_HEADER]: '1',
      [IDEMPOTENCY_HEADER]: 'key-1',
      'X-CSRF-Token': 'csrf-1',
      'x-chat-guest': 'g-token',
    });
  });

  it('maps a refusal to an ApiError with the catalogue code, translated by errorMessage', async () => {
    useXhr({ progress: [], outcome: { status: 413, body: { message: 'SLIP_INVALID_FILE' } } });
    const err = await client
      .call(api.chat.uploadImage, { formData: form(), onUploadProgress: () => undefined })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'SLIP_INVALID_FILE', status: 413 });
    expect(typeof errorMessage(err)).toBe('string');
  });

  it('a non-JSON error page is INTERNAL_SERVER_ERROR; no answer is NETWORK_ERROR; a stall is TIMEOUT_ERROR', async () => {
    const upload = () => client.call(api.chat.uploadImage, { formData: form(), onUploadProgress: () => undefined });
    useXhr({ progress: [], outcome: { status: 502, body: '<html>Bad gateway</html>' } });
    await expect(upload()).rejects.toMatchObject({ code: 'INTERNAL_SERVER_ERROR', status: 502 });
    useXhr({ progress: [], outcome: 'error' });
    await expect(upload()).rejects.toMatchObject({ code: NETWORK_ERROR, status: 0 });
    useXhr({ progress: [], outcome: 'timeout' });
    await expect(upload()).rejects.toMatchObject({ code: TIMEOUT_ERROR, status: 0 });
  });

  it('aborts the request when the caller aborts (an AbortError, as fetch rejects)', async () => {
    useXhr({ progress: [[1, 10]], outcome: 'hang' });
    const controller = new AbortController();
    const pending = client.call(api.chat.uploadImage, {
      formData: form(),
      signal: controller.signal,
      onUploadProgress: () => undefined,
    });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(sent[0]!.isAborted).toBe(true);
  });

  it('a refused token over XHR signs out as over fetch', async () => {
    const events: SessionEvent[] = [];
    const off = client.onSessionEvent((e) => events.push(e));
    useXhr({ progress: [], outcome: { status: 401, body: { message: 'invalid-token' } } });
    await expect(
      client.call(api.chat.uploadImage, { formData: form(), onUploadProgress: () => undefined }),
    ).rejects.toMatchObject({ code: 'invalid-token' });
    expect(events).toEqual(['signed-out']);
    expect(tokenStore.token).toBeNull();
    off();
  });
});

describe('call() per-call headers over fetch', () => {
  it('adds them beside the client headers', async () => {
    const seen: RequestInit[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      seen.push(init ?? {});
      return Response.json({ PREFIX: 'wallet' });
    });
    await client.call(api.chat.config, { headers: { 'x-chat-guest': 'g-2' } });
    expect(seen[0]!.headers).toMatchObject({ 'x-chat-guest': 'g-2', 'X-CSRF-Token': 'csrf-1' });
  });
});
