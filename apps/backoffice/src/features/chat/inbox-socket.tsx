import type { ChatConversationSummary } from '@wallet/contract/admin/chat';
import { CHAT_TYPING_THROTTLE_MS, CHAT_TYPING_TTL_MS } from '@wallet/contract/limits';
import {
  SOCKET_PATH,
  type ChatPresence,
  type OperatorStatus,
  type SocketClientEvents,
  type SocketServerEvents,
} from '@wallet/contract/socket-events';
import { useQueryClient } from '@tanstack/react-query';
import { safe } from '@wallet/web-core/storage';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Socket } from 'socket.io-client';
import { playChime } from './chime.ts';

const STATUS_KEY = 'wallet.chat.status';
/** Every query of the chat console (the lists and the conversations) starts with this. */
const chatKey = ['admin', 'chat'] as const;
export const listKey = [...chatKey, 'list'] as const;
export const conversationKey = (id: number) => [...chatKey, 'conversation', id] as const;
export const cannedKey = [...chatKey, 'canned'] as const;
export const labelsKey = [...chatKey, 'labels'] as const;
export const agentsKey = [...chatKey, 'agents'] as const;

type Party = Pick<ChatConversationSummary, 'memberId' | 'guestId'>;
const partyKeyOf = (p: { userId?: string | undefined; guestId?: string | null | undefined }) =>
  p.userId ? `u:${p.userId}` : `g:${p.guestId ?? ''}`;
const keyOfSummary = (c: Party) =>
  partyKeyOf(c.memberId !== null ? { userId: String(c.memberId) } : { guestId: c.guestId });

export type InboxSocket = {
  isLive: boolean;
  /** the team as the server sees the operator sockets (every process) */
  presence: ChatPresence;
  status: OperatorStatus;
  setStatus(status: OperatorStatus): void;
  /** the customer of this conversation is typing */
  isTyping(c: Party): boolean;
  /** the operator types a reply (throttled) or stopped */
  sendTyping(c: Party, typing: boolean): void;
};

const InboxContext = createContext<InboxSocket | null>(null);

export function useInbox(): InboxSocket {
  const inbox = useContext(InboxContext);
  if (!inbox) throw new Error('useInbox outside InboxProvider');
  return inbox;
}

/**
 * The operator socket (Chatwoot's live inbox): new messages and inbox changes invalidate what they touch, a new
 * customer message chimes, customers' typing shows for CHAT_TYPING_TTL_MS after its last signal, and the operator's
 * own status (online / away, kept in this browser) is told to the server on every (re)connect.
 */
export function InboxProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [isLive, setIsLive] = useState(false);
  const [presence, setPresence] = useState<ChatPresence>({ operators: [] });
  const [status, setStatusState] = useState<OperatorStatus>(() =>
    safe(() => localStorage.getItem(STATUS_KEY), null) === 'away' ? 'away' : 'online',
  );
  const [typing, setTyping] = useState<ReadonlySet<string>>(new Set());
  const socketRef = useRef<Socket<SocketServerEvents, SocketClientEvents> | undefined>(undefined);
  const statusRef = useRef(status);
  const sentAt = useRef(new Map<string, number>());

  useEffect(() => {
    let isClosed = false;
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const markTyping = (key: string, on: boolean) => {
      clearTimeout(timers.get(key));
      setTyping((set) => {
        if (set.has(key) === on) return set;
        const next = new Set(set);
        if (on) next.add(key);
        else next.delete(key);
        return next;
      });
      if (on)
        timers.set(
          key,
          setTimeout(() => markTyping(key, false), CHAT_TYPING_TTL_MS),
        );
    };
    void import('socket.io-client').then(({ io }) => {
      if (isClosed) return;
      const socket: Socket<SocketServerEvents, SocketClientEvents> = io({
        path: SOCKET_PATH,
        // no token: the server reads the console's session cookie from the handshake (docs/decisions/0021)
        auth: { kind: 'operator' },
      });
      socketRef.current = socket;
      let hasConnected = false;
      socket.on('connect', () => {
        setIsLive(true);
        socket.emit('presence', { status: statusRef.current }, setPresence);
        // back after an outage the server could not replay: what happened meanwhile is read again (the list and
        // any open conversation)
        if (hasConnected && !socket.recovered) void queryClient.invalidateQueries({ queryKey: chatKey });
        hasConnected = true;
      });
      socket.on('disconnect', () => setIsLive(false));
      socket.on('messaging', (m) => {
        if (m.conversationId) void queryClient.invalidateQueries({ queryKey: conversationKey(m.conversationId) });
        if (m.sender === 'customer') {
          markTyping(partyKeyOf(m), false);
          playChime();
        }
      });
      socket.on('chat.conversation', () => void queryClient.invalidateQueries({ queryKey: listKey }));
      socket.on('chat.typing', (t) => {
        if (t.from === 'customer') markTyping(partyKeyOf(t), t.typing);
      });
      socket.on('chat.presence', setPresence);
    });
    return () => {
      isClosed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      socketRef.current?.close();
      socketRef.current = undefined;
    };
  }, [queryClient]);

  const setStatus = useCallback((next: OperatorStatus) => {
    statusRef.current = next;
    setStatusState(next);
    safe(() => localStorage.setItem(STATUS_KEY, next), undefined);
    socketRef.current?.emit('presence', { status: next }, setPresence);
  }, []);

  const sendTyping = useCallback((c: Party, on: boolean) => {
    const socket = socketRef.current;
    if (!socket?.connected) return;
    const key = keyOfSummary(c);
    const last = sentAt.current.get(key) ?? Number.NEGATIVE_INFINITY;
    if (on && Date.now() - last < CHAT_TYPING_THROTTLE_MS) return;
    if (!on && last === Number.NEGATIVE_INFINITY) return;
    if (on) sentAt.current.set(key, Date.now());
    else sentAt.current.delete(key);
    const party = c.memberId !== null ? { userId: String(c.memberId) } : { guestId: c.guestId ?? '' };
    socket.emit('typing', { typing: on, ...party });
  }, []);

  const value = useMemo<InboxSocket>(
    () => ({
      isLive,
      presence,
      status,
      setStatus,
      isTyping: (c) => typing.has(keyOfSummary(c)),
      sendTyping,
    }),
    [isLive, presence, status, setStatus, typing, sendTyping],
  );
  return <InboxContext.Provider value={value}>{children}</InboxContext.Provider>;
}
