import type { Conversation } from '@wallet/contract/chat';
import { CHAT_GUEST_HEADER, CHAT_GUEST_STORAGE_KEY } from '@wallet/contract/socket-events';
import { CHAT_HISTORY_PAGE_SIZE } from '@wallet/contract/limits';
import { storage } from '../../lib/storage.ts';

/** SPEC.md §9: chat uploads time out after 300 s; other calls after 60 s. */
const UPLOAD_TIMEOUT_MS = 300_000;
const CALL_TIMEOUT_MS = 60_000;

class ChatCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

type GuestToken = { guestId: string; token: string };

function readGuest(): GuestToken | null {
  try {
    const raw = localStorage.getItem(CHAT_GUEST_STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<GuestToken>) : null;
    return parsed?.guestId && parsed.token ? { guestId: parsed.guestId, token: parsed.token } : null;
  } catch {
    return null;
  }
}

let guestPromise: Promise<GuestToken> | null = null;

/**
 * The visitor's server-signed guest id, kept in local storage (SPEC.md §3). Renewed once per page load: the
 * server keeps the id for a valid token and hands out a new one for anything else.
 */
function ensureGuest(): Promise<GuestToken> {
  guestPromise ??= (async () => {
    const stored = readGuest();
    const res = await fetch('/api/chat/guest', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(stored ? { token: stored.token } : {}),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    // a refusal keeps its code (REQUEST_LIMIT: too many new guest ids from this address), shown where it was needed
    if (!res.ok) {
      const refused = (await res.json().catch(() => ({}))) as { message?: string };
      throw new ChatCallError(res.status, refused.message ?? 'UNAUTHORIZED');
    }
    const issued = (await res.json()) as GuestToken;
    try {
      localStorage.setItem(CHAT_GUEST_STORAGE_KEY, JSON.stringify(issued));
    } catch {
      // private mode: the id lives for this page only
    }
    return issued;
  })();
  guestPromise.catch(() => {
    guestPromise = null;
  });
  return guestPromise;
}

/** A member's bearer token, and the guest token too while one is stored (the server moves the guest's chat over). */
async function identityHeaders(): Promise<Record<string, string>> {
  const token = storage.getToken();
  if (token) {
    const guest = readGuest();
    return { authorization: `Bearer ${token}`, ...(guest ? { [CHAT_GUEST_HEADER]: guest.token } : {}) };
  }
  return { [CHAT_GUEST_HEADER]: (await ensureGuest()).token };
}

async function chatCall<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: { ...(await identityHeaders()), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const json = (await res.json().catch(() => ({}))) as T & { message?: string };
  if (!res.ok) throw new ChatCallError(res.status, json.message ?? 'INTERNAL_SERVER_ERROR');
  return json;
}

export const chatApi = {
  config: () => chatCall<{ PREFIX: string }>('GET', '/api/chat/config'),
  history: (skip: number) =>
    chatCall<Conversation[]>('POST', '/api/chat/history', { limit: CHAT_HISTORY_PAGE_SIZE, skip }),
  send: (message: Conversation['message']) =>
    chatCall<{ createdAt: string }>('POST', '/api/chat/send-message', { sender: 'customer', message }),
  read: () => chatCall<{ message: string }>('PUT', '/api/chat/read-customer/', {}),
  /** multipart upload with real progress (fetch has none): XMLHttpRequest, 5-minute timeout */
  async upload(kind: 'image' | 'video', file: File, onProgress: (fraction: number) => void): Promise<string> {
    const headers = await identityHeaders();
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `/api/chat/upload-${kind}`);
      xhr.timeout = UPLOAD_TIMEOUT_MS;
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => {
        const body = (() => {
          try {
            return JSON.parse(xhr.responseText) as { path?: string; message?: string };
          } catch {
            return {};
          }
        })();
        if (xhr.status === 200 && body.path) resolve(body.path);
        else reject(new ChatCallError(xhr.status, body.message ?? 'INTERNAL_SERVER_ERROR'));
      };
      xhr.onerror = () => reject(new ChatCallError(0, 'NETWORK_ERROR'));
      xhr.ontimeout = () => reject(new ChatCallError(0, 'TIMEOUT_ERROR'));
      const form = new FormData();
      form.append('file', file);
      xhr.send(form);
    });
  },
  socketAuth: async (): Promise<{ kind: 'member' | 'guest'; token: string; id: string | null }> => {
    const token = storage.getToken();
    if (token) return { kind: 'member', token, id: null };
    const guest = await ensureGuest();
    return { kind: 'guest', token: guest.token, id: guest.guestId };
  },
};
