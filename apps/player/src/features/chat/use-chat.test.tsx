import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useChat } from './use-chat.ts';

type Listener = (...args: unknown[]) => void;
const fake = vi.hoisted(() => ({
  sockets: [] as Array<{
    listeners: Map<string, Listener>;
    emitted: Array<[string, unknown]>;
    connected: boolean;
    recovered: boolean;
  }>,
  /** what GET history answers, call by call (then []) */
  pages: [] as unknown[][],
  /** a refusal the next send throws (the server's code), once */
  refuseSend: null as string | null,
}));
vi.mock('socket.io-client', () => ({
  io: () => {
    const socket = {
      listeners: new Map<string, Listener>(),
      emitted: [] as Array<[string, unknown]>,
      connected: true,
      recovered: false,
    };
    fake.sockets.push(socket);
    return {
      get connected() {
        return socket.connected;
      },
      get recovered() {
        return socket.recovered;
      },
      active: true,
      on: (event: string, listener: Listener) => socket.listeners.set(event, listener),
      emit: (event: string, payload: unknown) => socket.emitted.push([event, payload]),
      connect: () => undefined,
      close: () => undefined,
    };
  },
}));
vi.mock('./chat-api.ts', () => ({
  chatApi: {
    history: () => Promise.resolve(fake.pages.shift() ?? []),
    config: () => Promise.resolve({ PREFIX: 'wallet' }),
    socketAuth: () => Promise.resolve({ kind: 'guest', token: 't', id: 'g1' }),
    send: () => {
      const code = fake.refuseSend;
      fake.refuseSend = null;
      return code ? Promise.reject(new Error(code)) : Promise.resolve({ createdAt: '2026-11-23T10:00:00.000Z' });
    },
    read: () => Promise.resolve({ message: 'OK' }),
  },
}));

beforeEach(() => {
  fake.sockets.length = 0;
  fake.pages.length = 0;
  fake.refuseSend = null;
});
afterEach(() => vi.useRealTimers());

async function connected(onUnread?: (n: number) => void) {
  const hook = renderHook(() => useChat({ isOpen: true, ...(onUnread ? { onUnread } : {}) }));
  await waitFor(() => expect(fake.sockets).toHaveLength(1));
  return { hook, socket: fake.sockets[0]! };
}
const typingSignals = (socket: (typeof fake.sockets)[number]) => socket.emitted.filter(([e]) => e === 'typing');

describe('useChat typing', () => {
  it('tells support the player types at most every 2 s, and that it stopped on send', async () => {
    const { hook, socket } = await connected();
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') });
    act(() => hook.result.current.notifyTyping(true));
    act(() => hook.result.current.notifyTyping(true));
    vi.advanceTimersByTime(1_000);
    act(() => hook.result.current.notifyTyping(true));
    expect(typingSignals(socket)).toEqual([['typing', { typing: true }]]);
    vi.advanceTimersByTime(1_500);
    act(() => hook.result.current.notifyTyping(true));
    act(() => void hook.result.current.sendText('hello'));
    expect(typingSignals(socket)).toEqual([
      ['typing', { typing: true }],
      ['typing', { typing: true }],
      ['typing', { typing: false }],
    ]);
  });

  it('stops by itself 3 s after the last keystroke', async () => {
    const { hook, socket } = await connected();
    vi.useFakeTimers();
    act(() => hook.result.current.notifyTyping(true));
    vi.advanceTimersByTime(3_000);
    expect(typingSignals(socket)).toEqual([
      ['typing', { typing: true }],
      ['typing', { typing: false }],
    ]);
  });

  it('shows support typing until it stops, its message arrives, or 5 s pass without a refresh', async () => {
    const { hook, socket } = await connected();
    vi.useFakeTimers();
    const typing = socket.listeners.get('chat.typing')!;
    act(() => typing({ from: 'support', typing: true }));
    expect(hook.result.current.isSupportTyping).toBe(true);
    act(() => typing({ from: 'customer', typing: false }));
    expect(hook.result.current.isSupportTyping).toBe(true);
    act(() => vi.advanceTimersByTime(5_000));
    expect(hook.result.current.isSupportTyping).toBe(false);
    act(() => typing({ from: 'support', typing: true }));
    act(() =>
      socket.listeners.get('messaging')!({
        _id: '9',
        sender: 'other',
        message: { message_type: 'text', payload: 'hi' },
        createdAt: '2026-11-23T10:00:01.000Z',
      }),
    );
    expect(hook.result.current.isSupportTyping).toBe(false);
  });

  it("passes a member's pushed unread count on", async () => {
    const onUnread = vi.fn();
    const { socket } = await connected(onUnread);
    act(() => socket.listeners.get('chat.unread')!({ count: 3 }));
    expect(onUnread).toHaveBeenCalledWith(3);
  });
});

describe('useChat reconnects', () => {
  const support = (id: string, at: string) => ({
    _id: id,
    sender: 'other',
    message: { message_type: 'text', payload: `support ${id}` },
    createdAt: at,
  });

  it('reads the newest page again after a reconnect the server did not recover, and counts what it missed', async () => {
    fake.pages.push([support('1', '2026-11-23T10:00:00.000Z')]);
    const hook = renderHook(() => useChat({ isOpen: false }));
    await waitFor(() => expect(fake.sockets).toHaveLength(1));
    const socket = fake.sockets[0]!;
    const connect = socket.listeners.get('connect')!;
    act(() => connect());
    await waitFor(() => expect(hook.result.current.items.map((m) => m._id)).toEqual(['1']));
    // away, and back on a server that has no record of the socket: what support sent meanwhile comes from history
    fake.pages.push([support('2', '2026-11-23T10:01:00.000Z'), support('1', '2026-11-23T10:00:00.000Z')]);
    act(() => connect());
    await waitFor(() => expect(hook.result.current.items.map((m) => m._id)).toEqual(['1', '2']));
    expect(hook.result.current.unread).toBe(1);
  });

  it('reads nothing again when the server replayed what was missed', async () => {
    const hook = renderHook(() => useChat({ isOpen: true }));
    await waitFor(() => expect(fake.sockets).toHaveLength(1));
    const socket = fake.sockets[0]!;
    act(() => socket.listeners.get('connect')!());
    socket.recovered = true;
    fake.pages.push([support('3', '2026-11-23T10:02:00.000Z')]);
    act(() => socket.listeners.get('connect')!());
    await act(() => Promise.resolve());
    expect(fake.pages).toHaveLength(1);
    expect(hook.result.current.items).toEqual([]);
  });

  it('keeps the code of a refused message (too many open chats) for the widget to show, and clears it on resend', async () => {
    const { hook } = await connected();
    fake.refuseSend = 'CHAT_GUEST_LIMIT';
    act(() => void hook.result.current.sendText('hello'));
    await waitFor(() =>
      expect(hook.result.current.items.at(-1)).toMatchObject({ status: 'failed', error: 'CHAT_GUEST_LIMIT' }),
    );
    act(() => hook.result.current.resend(hook.result.current.items.at(-1)!));
    await waitFor(() => expect(hook.result.current.items.at(-1)).toMatchObject({ status: 'succeed' }));
    expect(hook.result.current.items.at(-1)?.error).toBeUndefined();
  });
});
