// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InboxProvider, useInbox, type InboxSocket } from './inbox-socket.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Listener = (...args: unknown[]) => void;
const fake = vi.hoisted(() => ({
  sockets: [] as Array<{ listeners: Map<string, Listener>; emitted: Array<[string, unknown]>; recovered: boolean }>,
  chimes: 0,
}));
vi.mock('socket.io-client', () => ({
  io: () => {
    const socket = {
      listeners: new Map<string, Listener>(),
      emitted: [] as Array<[string, unknown]>,
      recovered: false,
    };
    fake.sockets.push(socket);
    return {
      connected: true,
      get recovered() {
        return socket.recovered;
      },
      on: (event: string, listener: Listener) => socket.listeners.set(event, listener),
      emit: (event: string, payload: unknown) => socket.emitted.push([event, payload]),
      close: () => undefined,
    };
  },
}));
vi.mock('./chime.ts', () => ({
  playChime: () => {
    fake.chimes += 1;
  },
}));

const guestRow = { memberId: null, guestId: 'g1' };
const memberRow = { memberId: 7, guestId: null };

/** The provider with a probe that hands out the current context value (renderHook without a testing library). */
function renderInbox(client = new QueryClient()) {
  const hook = { result: { current: null as unknown as InboxSocket } };
  function Probe() {
    hook.result.current = useInbox();
    return null;
  }
  const root = createRoot(document.createElement('div'));
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <InboxProvider>
          <Probe />
        </InboxProvider>
      </QueryClientProvider>,
    ),
  );
  return hook;
}

async function mounted(client?: QueryClient) {
  const hook = renderInbox(client);
  await vi.waitFor(() => expect(fake.sockets).toHaveLength(1));
  return { hook, socket: fake.sockets[0]! };
}

beforeEach(() => {
  fake.sockets.length = 0;
  fake.chimes = 0;
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('the console socket', () => {
  it('tells the server its stored status on connect, and the new one when the operator changes it', async () => {
    localStorage.setItem('wallet.chat.status', 'away');
    const { hook, socket } = await mounted();
    act(() => socket.listeners.get('connect')!());
    expect(socket.emitted).toEqual([['presence', { status: 'away' }]]);
    expect(hook.result.current.isLive).toBe(true);
    act(() => hook.result.current.setStatus('online'));
    expect(socket.emitted.at(-1)).toEqual(['presence', { status: 'online' }]);
    expect(localStorage.getItem('wallet.chat.status')).toBe('online');
    act(() => socket.listeners.get('chat.presence')!({ operators: [{ operatorId: '1', status: 'online' }] }));
    expect(hook.result.current.presence.operators).toHaveLength(1);
  });

  it("shows a customer's typing on its conversation until the message comes, and chimes for it", async () => {
    const { hook, socket } = await mounted();
    act(() => socket.listeners.get('chat.typing')!({ from: 'customer', typing: true, guestId: 'g1' }));
    expect(hook.result.current.isTyping(guestRow)).toBe(true);
    expect(hook.result.current.isTyping(memberRow)).toBe(false);
    act(() =>
      socket.listeners.get('messaging')!({
        sender: 'customer',
        guestId: 'g1',
        conversationId: 3,
        message: { message_type: 'text', payload: 'hi' },
      }),
    );
    expect(hook.result.current.isTyping(guestRow)).toBe(false);
    expect(fake.chimes).toBe(1);
    // support's own replies do not chime
    act(() => socket.listeners.get('messaging')!({ sender: 'other', guestId: 'g1', message: {} }));
    expect(fake.chimes).toBe(1);
  });

  it('drops a typing indicator 5 s after its last refresh', async () => {
    const { hook, socket } = await mounted();
    vi.useFakeTimers();
    act(() => socket.listeners.get('chat.typing')!({ from: 'customer', typing: true, userId: '7' }));
    expect(hook.result.current.isTyping(memberRow)).toBe(true);
    act(() => vi.advanceTimersByTime(5_000));
    expect(hook.result.current.isTyping(memberRow)).toBe(false);
  });

  it("sends the operator's typing for the conversation's party, throttled, and one stop", async () => {
    const { hook, socket } = await mounted();
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') });
    act(() => hook.result.current.sendTyping(memberRow, true));
    act(() => hook.result.current.sendTyping(memberRow, true));
    act(() => hook.result.current.sendTyping(memberRow, false));
    act(() => hook.result.current.sendTyping(memberRow, false));
    expect(socket.emitted).toEqual([
      ['typing', { typing: true, userId: '7' }],
      ['typing', { typing: false, userId: '7' }],
    ]);
  });

  it('reads the lists and the open conversation again after a reconnect the server did not replay', async () => {
    const client = new QueryClient();
    const { socket } = await mounted(client);
    client.setQueryData(['admin', 'chat', 'list', 'open', 'all'], []);
    client.setQueryData(['admin', 'chat', 'conversation', 3], { messages: [] });
    client.setQueryData(['admin', 'members', 7], { id: 7 });
    const stale = () =>
      client
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.isInvalidated)
        .map((q) => q.queryKey.join('/'));
    const connect = socket.listeners.get('connect')!;
    act(() => connect());
    expect(stale()).toEqual([]);
    // replayed by the server: nothing to read again
    socket.recovered = true;
    act(() => connect());
    expect(stale()).toEqual([]);
    socket.recovered = false;
    act(() => connect());
    expect(stale().sort()).toEqual(['admin/chat/conversation/3', 'admin/chat/list/open/all']);
  });
});
