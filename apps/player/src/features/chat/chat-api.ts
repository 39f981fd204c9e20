import type { Conversation } from '@wallet/contract/chat';
import { api } from '@wallet/contract/client-api.gen';
import { CHAT_HISTORY_PAGE_SIZE } from '@wallet/contract/limits';
import { CHAT_GUEST_HEADER, CHAT_GUEST_STORAGE_KEY } from '@wallet/contract/socket-events';
import { createApiClient } from '@wallet/web-core/api-client';
import i18next from 'i18next';
import { storage } from '../../lib/storage.ts';

/**
 * The chat's calls go through the one API client (docs/decisions/0035-chat-team-and-api-client.md): its own instance,
 * so that a refused guest token never sends a visitor to the sign-in page (nobody listens to this instance's
 * session events); a member's token is renewed as everywhere else.
 */
const { call } = createApiClient({
  tokenStore: storage.token,
  renewPath: '/api/session/renew',
  language: () => i18next.language || undefined,
});

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
 * The visitor's server-signed guest id, kept in local storage. Renewed once per page load: the server keeps the id
 * for a valid token and hands out a new one for anything else. A refusal keeps its code (REQUEST_LIMIT: too many new
 * guest ids from this address), shown where it was needed.
 */
function ensureGuest(): Promise<GuestToken> {
  guestPromise ??= (async () => {
    const stored = readGuest();
    const issued = await call(api.chat.guest, { body: stored ? { token: stored.token } : {} });
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

/** The guest token header: the guest's own, or a member's stored one (the server moves the guest's chat over). */
async function guestHeaders(): Promise<Record<string, string>> {
  if (storage.getToken()) {
    const guest = readGuest();
    return guest ? { [CHAT_GUEST_HEADER]: guest.token } : {};
  }
  return { [CHAT_GUEST_HEADER]: (await ensureGuest()).token };
}

export const chatApi = {
  config: () => call(api.chat.config),
  history: async (skip: number) =>
    call(api.chat.history, { body: { limit: CHAT_HISTORY_PAGE_SIZE, skip }, headers: await guestHeaders() }),
  send: async (message: Conversation['message']) =>
    call(api.chat.send, { body: { sender: 'customer', message }, headers: await guestHeaders() }),
  read: async () => call(api.chat.readCustomer, { body: {}, headers: await guestHeaders() }),
  /** multipart upload with real progress (the client's XMLHttpRequest path), 5-minute timeout */
  async upload(kind: 'image' | 'video', file: File, onProgress: (fraction: number) => void): Promise<string> {
    const formData = new FormData();
    formData.append('file', file);
    const endpoint = kind === 'video' ? api.chat.uploadVideo : api.chat.uploadImage;
    const { path } = await call(endpoint, { formData, headers: await guestHeaders(), onUploadProgress: onProgress });
    return path;
  },
  socketAuth: async (): Promise<{ kind: 'member' | 'guest'; token: string; id: string | null }> => {
    const token = storage.getToken();
    if (token) return { kind: 'member', token, id: null };
    const guest = await ensureGuest();
    return { kind: 'guest', token: guest.token, id: guest.guestId };
  },
};
