// Longer than 300 lines by choice: one hook owns the chat connection's life (connect, recover, send, upload, read
// marks, guest merge); split, one state machine would be spread over files that must change together.
import type { Conversation } from '@wallet/contract/chat';
import {
  CHAT_HISTORY_PAGE_SIZE,
  CHAT_MARK_READ_DEBOUNCE_MS,
  CHAT_SOCKET_CHECK_MS,
  CHAT_TEXT_MAX_CHARS,
  CHAT_TYPING_THROTTLE_MS,
  CHAT_TYPING_TTL_MS,
} from '@wallet/contract/limits';
import { SOCKET_PATH, type SocketClientEvents, type SocketServerEvents } from '@wallet/contract/socket-events';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { memberEvents } from '../../lib/member-events.ts';
import { chatApi } from './chat-api.ts';
import { isEcho, keyOf, merge, nextLocalKey, type ChatItem } from './chat-list.ts';

export type { ChatItem } from './chat-list.ts';

/** After this long without a keystroke the player is no longer typing. */
const TYPING_IDLE_MS = 3_000;

export type ChatConnection = 'connecting' | 'ready' | 'failed';

/** The server's code of a refused call (the chat calls throw it as the error's message); none for a network error. */
const codeOf = (error: unknown) =>
  error instanceof Error && /^[A-Z][A-Z0-9_]+$/.test(error.message) ? error.message : undefined;

/**
 * The widget's state: history pages, the socket (room `{prefix}-{id}`, checked every 5 s), sending with delivery
 * statuses, unread support messages and the debounced read receipt.
 */
export function useChat({
  isOpen,
  userId,
  onUnread,
}: {
  isOpen: boolean;
  userId?: string;
  /** a member's unread count pushed by the server */
  onUnread?: (count: number) => void;
}) {
  const [items, setItems] = useState<ChatItem[]>([]);
  const [hasMore, setHasMore] = useState(true);
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const [connection, setConnection] = useState<ChatConnection>('connecting');
  const [unread, setUnread] = useState(0);
  const [endedSession, setEndedSession] = useState<string | null>(null);
  const [isSupportTyping, setIsSupportTyping] = useState(false);
  const onUnreadRef = useRef(onUnread);
  useEffect(() => {
    onUnreadRef.current = onUnread;
  }, [onUnread]);
  const socketRef = useRef<Socket<SocketServerEvents, SocketClientEvents> | undefined>(undefined);
  const typingSentAt = useRef(Number.NEGATIVE_INFINITY);
  const typingIdle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const loaded = useRef(0);
  const openRef = useRef(isOpen);
  useEffect(() => {
    openRef.current = isOpen;
  }, [isOpen]);
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);

  /**
   * Read the newest page again and add what is not in the list: after a reconnect the server could not recover
   * (it restarted, or the socket was away too long), messages sent meanwhile were never replayed to it.
   */
  const catchUp = useCallback(async () => {
    const page = await chatApi.history(0).catch(() => []);
    const known = new Set(itemsRef.current.flatMap((m) => (m._id ? [m.key, m._id] : [m.key])));
    const fresh = page.filter((m) => !known.has(keyOf(m)));
    if (fresh.length === 0) return;
    loaded.current += fresh.length;
    setItems((list) => merge(list, fresh));
    const fromSupport = fresh.filter((m) => m.sender === 'other').length;
    if (fromSupport > 0 && !openRef.current) setUnread((n) => n + fromSupport);
  }, []);

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
    let typingTtl: ReturnType<typeof setTimeout> | undefined;
    void Promise.all([import('socket.io-client'), chatApi.socketAuth(), chatApi.config()]).then(
      ([{ io }, auth, config]) => {
        if (isClosed) return;
        const room = `${config.PREFIX}-${auth.id ?? userId ?? ''}`;
        socket = io({
          path: SOCKET_PATH,
          // websocket first, polling only where it fails (as the wallet socket)
          transports: ['websocket', 'polling'],
          reconnectionDelay: CHAT_SOCKET_CHECK_MS,
          reconnectionDelayMax: CHAT_SOCKET_CHECK_MS,
          auth: (send) => void chatApi.socketAuth().then((a) => send({ kind: a.kind, token: a.token })),
        });
        socketRef.current = socket;
        let hasConnected = false;
        socket.on('connect', () => {
          socket?.emit('join', { room }, (ack) => setConnection(ack.ok ? 'ready' : 'failed'));
          if (hasConnected && !socket?.recovered) void catchUp();
          hasConnected = true;
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
          if (message.sender === 'other') {
            setIsSupportTyping(false);
            if (!openRef.current) setUnread((n) => n + 1);
          }
        });
        socket.on('chat.ended', ({ session_id }) => setEndedSession(session_id));
        // support typing: shown until it stops, its message arrives, or no refresh came for CHAT_TYPING_TTL_MS
        socket.on('chat.typing', ({ from, typing }) => {
          if (from !== 'support') return;
          clearTimeout(typingTtl);
          setIsSupportTyping(typing);
          if (typing) typingTtl = setTimeout(() => setIsSupportTyping(false), CHAT_TYPING_TTL_MS);
        });
        // a member's unread count (shared with the contact tab's badge)
        socket.on('chat.unread', ({ count }) => onUnreadRef.current?.(count));
        // socket check every 5 s (docs/spec.md §9): a socket that gave up is started again
        check = setInterval(() => {
          if (socket && !socket.connected && !socket.active) socket.connect();
        }, CHAT_SOCKET_CHECK_MS);
      },
      () => setConnection('failed'),
    );
    const close = () => {
      isClosed = true;
      clearInterval(check);
      clearTimeout(typingTtl);
      socket?.close();
      socketRef.current = undefined;
    };
    // a member's chat socket closes before logout revokes its session (see memberEvents.publishSigningOut)
    const stopOnSignOut = memberEvents.onSigningOut(close);
    return () => {
      stopOnSignOut();
      close();
    };
  }, [userId, catchUp]);

  /** The player types (or cleared the box): tell support, at most every CHAT_TYPING_THROTTLE_MS. */
  const notifyTyping = useCallback((isTyping: boolean) => {
    const socket = socketRef.current;
    clearTimeout(typingIdle.current);
    if (!socket?.connected) return;
    const stop = () => {
      if (typingSentAt.current === Number.NEGATIVE_INFINITY) return;
      typingSentAt.current = Number.NEGATIVE_INFINITY;
      socket.emit('typing', { typing: false });
    };
    if (!isTyping) return stop();
    const now = Date.now();
    if (now - typingSentAt.current >= CHAT_TYPING_THROTTLE_MS) {
      typingSentAt.current = now;
      socket.emit('typing', { typing: true });
    }
    typingIdle.current = setTimeout(stop, TYPING_IDLE_MS);
  }, []);
  useEffect(() => () => clearTimeout(typingIdle.current), []);

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
      update(key, { status: 'succeed', createdAt, retry: undefined, error: undefined });
    } catch (error) {
      update(key, { status: 'failed', retry: { message }, error: codeOf(error) });
    }
  }, []);

  const sendText = useCallback(
    (text: string, type: 'text' | 'postback' = 'text') => {
      const payload = text.trim();
      if (payload.length === 0 || payload.length > CHAT_TEXT_MAX_CHARS) return false;
      const key = nextLocalKey();
      const message: Conversation['message'] = { message_type: type, payload };
      notifyTyping(false);
      setItems((list) => [...list, { key, sender: 'customer', message, status: 'sending' }]);
      void deliver(key, message);
      return true;
    },
    [deliver, notifyTyping],
  );

  const upload = useCallback(
    async (key: string, file: File, kind: 'image' | 'video') => {
      update(key, { status: 'uploading_file', progress: 0 });
      try {
        const filePath = await chatApi.upload(kind, file, (progress) => update(key, { progress }));
        await deliver(key, { message_type: 'media', payload: { fileType: kind, filePath } });
        return true;
      } catch (error) {
        update(key, { status: 'failed', retry: { file, kind }, error: codeOf(error) });
        return false;
      }
    },
    [deliver],
  );

  const sendFile = useCallback(
    (file: File, kind: 'image' | 'video') => {
      const key = nextLocalKey();
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
    isSupportTyping,
    notifyTyping,
    sendText,
    sendFile,
    sendPostback,
    resend,
    remove,
  };
}
