import type { Conversation } from '@wallet/contract/chat';
import {
  CHAT_HISTORY_PAGE_SIZE,
  CHAT_MARK_READ_DEBOUNCE_MS,
  CHAT_SOCKET_CHECK_MS,
  CHAT_TEXT_MAX_CHARS,
} from '@wallet/contract/limits';
import { SOCKET_PATH, type SocketClientEvents, type SocketServerEvents } from '@wallet/contract/socket-events';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { chatApi } from './chat-api.ts';

type DeliveryStatus = 'uploading_file' | 'sending' | 'succeed' | 'failed';

/** A message in the list: the server's, or one of ours still on its way (with its delivery status). */
export type ChatItem = Conversation & {
  key: string;
  status?: DeliveryStatus;
  /** 0..1 while uploading */
  progress?: number;
  /** what a failed item resends */
  retry?: { file?: File; kind?: 'image' | 'video'; message?: Conversation['message'] };
  /** a local preview of an attachment (object URL) */
  preview?: string;
};

export type ChatConnection = 'connecting' | 'ready' | 'failed';

let localCounter = 0;
const keyOf = (m: Conversation) => m._id ?? `${m.createdAt ?? ''}-${JSON.stringify(m.message).slice(0, 40)}`;

/** Whether a server message is the echo of a local item not yet matched (same text, or the same stored media). */
function isEcho(local: ChatItem, message: Conversation): boolean {
  if (!local.key.startsWith('local-') || local._id || local.message.message_type !== message.message.message_type) {
    return false;
  }
  const mine = local.message.payload;
  const theirs = message.message.payload;
  if (typeof mine === 'string') return mine === theirs;
  if (
    mine &&
    theirs &&
    typeof mine === 'object' &&
    typeof theirs === 'object' &&
    !Array.isArray(mine) &&
    !Array.isArray(theirs)
  ) {
    return theirs.filePath.includes(mine.filePath);
  }
  return false;
}

/** Merge server messages (newest first pages) into the list kept oldest first, without duplicates. */
function merge(list: ChatItem[], incoming: Conversation[]): ChatItem[] {
  const seen = new Set(list.flatMap((m) => (m._id ? [m.key, m._id] : [m.key])));
  const fresh: ChatItem[] = incoming.filter((m) => !seen.has(keyOf(m))).map((m) => ({ ...m, key: keyOf(m) }));
  return [...list, ...fresh].sort((a, b) => {
    if (a.status && a.status !== 'succeed') return 1;
    if (b.status && b.status !== 'succeed') return -1;
    return (a.createdAt ?? '').localeCompare(b.createdAt ?? '') || a.key.localeCompare(b.key);
  });
}

/**
 * The widget's state: history pages, the socket (room `{prefix}-{id}`, checked every 5 s), sending with delivery
 * statuses, unread support messages and the debounced read receipt.
 */
export function useChat({ isOpen, userId }: { isOpen: boolean; userId?: string }) {
  const [items, setItems] = useState<ChatItem[]>([]);
  const [hasMore, setHasMore] = useState(true);
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const [connection, setConnection] = useState<ChatConnection>('connecting');
  const [unread, setUnread] = useState(0);
  const [endedSession, setEndedSession] = useState<string | null>(null);
  const loaded = useRef(0);
  const openRef = useRef(isOpen);
  useEffect(() => {
    openRef.current = isOpen;
  }, [isOpen]);

  const loadOlder = useCallback(async () => {
    if (isLoadingOlder || !hasMore) return;
    setIsLoadingOlder(true);
    try {
      const page = await chatApi.history(loaded.current);
      loaded.current += page.length;
      if (page.length < CHAT_HISTORY_PAGE_SIZE) setHasMore(false);
      setItems((list) => merge(list, page));
    } catch {
      setHasMore(false);
    } finally {
      setIsLoadingOlder(false);
    }
  }, [hasMore, isLoadingOlder]);

  // the first page, and the unread count of support messages on it
  useEffect(() => {
    let isCancelled = false;
    void chatApi.history(0).then(
      (page) => {
        if (isCancelled) return;
        loaded.current = page.length;
        setHasMore(page.length >= CHAT_HISTORY_PAGE_SIZE);
        setItems((list) => merge(list, page));
      },
      () => setHasMore(false),
    );
    return () => {
      isCancelled = true;
    };
  }, []);

  // the socket: joins the room the server already put it in; "Cannot start chatting" when that fails
  useEffect(() => {
    let socket: Socket<SocketServerEvents, SocketClientEvents> | undefined;
    let isClosed = false;
    let check: ReturnType<typeof setInterval> | undefined;
    void Promise.all([import('socket.io-client'), chatApi.socketAuth(), chatApi.config()]).then(
      ([{ io }, auth, config]) => {
        if (isClosed) return;
        const room = `${config.PREFIX}-${auth.id ?? userId ?? ''}`;
        socket = io({
          path: SOCKET_PATH,
          reconnectionDelay: CHAT_SOCKET_CHECK_MS,
          reconnectionDelayMax: CHAT_SOCKET_CHECK_MS,
          auth: (send) => void chatApi.socketAuth().then((a) => send({ kind: a.kind, token: a.token })),
        });
        socket.on('connect', () => {
          socket?.emit('join', { room }, (ack) => setConnection(ack.ok ? 'ready' : 'failed'));
        });
        socket.on('connect_error', () => setConnection('failed'));
        socket.on('messaging', (message) => {
          setItems((list) => {
            if (list.some((m) => m.key === keyOf(message) || m._id === message._id)) return list;
            // our own message coming back: it becomes the local item it was sent from (same key, no duplicate)
            const own = message.sender === 'customer' ? list.findIndex((m) => isEcho(m, message)) : -1;
            if (own >= 0)
              return list.map((m, i) =>
                i === own ? { ...message, key: m.key, preview: m.preview, status: m.status } : m,
              );
            return merge(list, [message]);
          });
          loaded.current += 1;
          if (message.sender === 'other' && !openRef.current) setUnread((n) => n + 1);
        });
        socket.on('chat.ended', ({ session_id }) => setEndedSession(session_id));
        // socket check every 5 s (SPEC.md §9): a socket that gave up is started again
        check = setInterval(() => {
          if (socket && !socket.connected && !socket.active) socket.connect();
        }, CHAT_SOCKET_CHECK_MS);
      },
      () => setConnection('failed'),
    );
    return () => {
      isClosed = true;
      clearInterval(check);
      socket?.close();
    };
  }, [userId]);

  // unread = support messages after our last read; opening the widget reads them (debounced 1 s)
  const lastSupport = items.filter((m) => m.sender === 'other').length;
  useEffect(() => {
    if (!isOpen) return;
    const timer = setTimeout(() => void chatApi.read().catch(() => undefined), CHAT_MARK_READ_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [isOpen, lastSupport]);

  const update = (key: string, patch: Partial<ChatItem>) =>
    setItems((list) => list.map((m) => (m.key === key ? { ...m, ...patch } : m)));

  const deliver = useCallback(async (key: string, message: Conversation['message']) => {
    update(key, { status: 'sending', message });
    try {
      const { createdAt } = await chatApi.send(message);
      update(key, { status: 'succeed', createdAt, retry: undefined });
    } catch {
      update(key, { status: 'failed', retry: { message } });
    }
  }, []);

  const sendText = useCallback(
    (text: string, type: 'text' | 'postback' = 'text') => {
      const payload = text.trim();
      if (payload.length === 0 || payload.length > CHAT_TEXT_MAX_CHARS) return false;
      localCounter += 1;
      const key = `local-${localCounter}`;
      const message: Conversation['message'] = { message_type: type, payload };
      setItems((list) => [...list, { key, sender: 'customer', message, status: 'sending' }]);
      void deliver(key, message);
      return true;
    },
    [deliver],
  );

  const upload = useCallback(
    async (key: string, file: File, kind: 'image' | 'video') => {
      update(key, { status: 'uploading_file', progress: 0 });
      try {
        const filePath = await chatApi.upload(kind, file, (progress) => update(key, { progress }));
        await deliver(key, { message_type: 'media', payload: { fileType: kind, filePath } });
        return true;
      } catch {
        update(key, { status: 'failed', retry: { file, kind } });
        return false;
      }
    },
    [deliver],
  );

  const sendFile = useCallback(
    (file: File, kind: 'image' | 'video') => {
      localCounter += 1;
      const key = `local-${localCounter}`;
      const preview = URL.createObjectURL(file);
      setItems((list) => [
        ...list,
        {
          key,
          sender: 'customer',
          preview,
          message: { message_type: 'media', payload: { fileType: kind, filePath: preview } },
          status: 'uploading_file',
          progress: 0,
        },
      ]);
      return upload(key, file, kind);
    },
    [upload],
  );

  const resend = useCallback(
    (item: ChatItem) => {
      if (item.retry?.file && item.retry.kind) return void upload(item.key, item.retry.file, item.retry.kind);
      if (item.retry?.message) void deliver(item.key, item.retry.message);
    },
    [deliver, upload],
  );

  const remove = useCallback((item: ChatItem) => {
    if (item.preview) URL.revokeObjectURL(item.preview);
    setItems((list) => list.filter((m) => m.key !== item.key));
  }, []);

  /** a pressed postback button or quick reply: the customer "says" its title */
  const sendPostback = useCallback((title: string) => sendText(title, 'postback'), [sendText]);

  return {
    items,
    hasMore,
    isLoadingOlder,
    loadOlder,
    connection,
    unread,
    clearUnread: () => setUnread(0),
    endedSession,
    sendText,
    sendFile,
    sendPostback,
    resend,
    remove,
  };
}
