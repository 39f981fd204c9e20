import type { messagingApi } from '@line/bot-sdk';
import type { LineMessenger, LinePushOutcome } from './line-port.ts';

/** An HTTP client as the adapter needs it (global fetch, or the sandbox's in-process transport). */
export type LineFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ status: number; headers: { get(name: string): string | null }; text(): Promise<string> }>;

export type HttpLineOptions = {
  /** `https://api.line.me` in production; the sandbox's `${PUBLIC_URL}/sandbox/line` */
  baseUrl: string;
  channelAccessToken: string;
  fetch?: () => LineFetch;
  /** waits between attempts (tests record instead of waiting) */
  sleep?: (ms: number) => Promise<void>;
  /** attempts within one push, counting the first (default 3) */
  maxAttempts?: number;
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 8000;
/** a Retry-After longer than this is left to the job's own retry (it never holds a worker for minutes) */
const MAX_WAIT_MS = 10_000;
const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The wait before the next attempt: Retry-After (seconds) when LINE sent one, else 0.5 s doubling. */
function waitMs(retryAfter: string | null, attempt: number): number {
  const seconds = retryAfter === null ? Number.NaN : Number(retryAfter);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_WAIT_MS);
  return Math.min(500 * 2 ** (attempt - 1), MAX_WAIT_MS);
}

/**
 * LINE's Messaging API push (`POST /v2/bot/message/push`) with the channel access token as Bearer and
 * `X-Line-Retry-Key`. 5xx, 429 and network errors are retried here a few times with the same key (Retry-After
 * honoured), then thrown for the job runner's backoff; a 409 on the key means LINE already sent it.
 * The SDK's MessagingApiClient cannot take the sandbox's in-process transport, so the request is built here with
 * the SDK's types (docs/dependencies.md §9).
 */
export class HttpLineMessenger implements LineMessenger {
  constructor(private readonly options: HttpLineOptions) {}

  async push(to: string, texts: string[], retryKey: string): Promise<LinePushOutcome> {
    const request: messagingApi.PushMessageRequest = {
      to,
      messages: texts.map((text): messagingApi.TextMessage => ({ type: 'text', text })),
    };
    const body = JSON.stringify(request);
    const attempts = this.options.maxAttempts ?? 3;
    let lastError = 'no attempt';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      let retryAfter: string | null = null;
      try {
        const fetcher = this.options.fetch?.() ?? (globalThis.fetch as unknown as LineFetch);
        const res = await fetcher(`${this.options.baseUrl.replace(/\/$/, '')}/v2/bot/message/push`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${this.options.channelAccessToken}`,
            'x-line-retry-key': retryKey,
          },
          body,
          signal: AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        });
        const text = await res.text();
        const requestId = res.headers.get('x-line-request-id') ?? res.headers.get('x-line-accepted-request-id');
        if (res.status >= 200 && res.status < 300) return { kind: 'sent', requestId };
        if (res.status === 409) return { kind: 'duplicate', requestId };
        if (res.status !== 429 && res.status < 500) {
          return { kind: 'refused', status: res.status, detail: text.slice(0, 200) };
        }
        retryAfter = res.headers.get('retry-after');
        lastError = `LINE answered ${res.status}`;
      } catch (err) {
        lastError = err instanceof Error ? err.message : String(err);
      }
      if (attempt < attempts) await (this.options.sleep ?? sleepFor)(waitMs(retryAfter, attempt));
    }
    throw new Error(`LINE push failed after ${attempts} attempts: ${lastError}`);
  }
}

/**
 * The transport an app instance's LINE adapter uses, keyed by its context object: the sandbox module binds its
 * in-process transport here (the simulator shares the process); without a binding the adapter uses global fetch.
 */
const transports = new WeakMap<object, LineFetch>();

export function bindLineTransport(owner: object, fetch: LineFetch): void {
  transports.set(owner, fetch);
}

export function boundLineTransport(owner: object): LineFetch | undefined {
  return transports.get(owner);
}
