import { useQueryClient } from '@tanstack/react-query';
import { SOCKET_PATH, type SocketServerEvents } from '@wallet/contract/socket-events';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { inboxAdded, inboxQueries } from '../../api/inbox.ts';
import { walletQueries } from '../../api/wallet.ts';
import { memberEvents } from '../../lib/member-events.ts';
import { storage } from '../../lib/storage.ts';

/**
 * Refetch the wallet when the server pushes `wallet.changed` (a transfer in another tab, a settled game transfer).
 * Connects only while signed in; socket.io-client loads on first use, so it stays out of the login bundle.
 */
export function useWalletPush(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = storage.getToken();
    if (!token) return;
    let socket: Socket<SocketServerEvents> | undefined;
    let isClosed = false;
    const close = () => {
      isClosed = true;
      socket?.close();
    };
    const stopOnSignOut = memberEvents.onSigningOut(close);
    void import('socket.io-client').then(({ io }) => {
      if (isClosed) return;
      const refetch = () => void queryClient.invalidateQueries({ queryKey: walletQueries.summary().queryKey });
      // the current (silently renewed) token on every (re)connect, not the one the page started with
      // websocket first (polling only where it fails): no long-poll left open for the server to refuse after a logout
      socket = io({
        path: SOCKET_PATH,
        transports: ['websocket', 'polling'],
        auth: (send) => send({ kind: 'member', token: storage.getToken() ?? token }),
      });
      socket.on('wallet.changed', refetch);
      // the server put this socket out: its session was revoked (a password change, a sign-out elsewhere); the read
      // that follows is refused and the app takes the member to the login screen, which says why
      socket.on('disconnect', (reason) => {
        if (reason === 'io server disconnect') refetch();
      });
      // the contact tab's unread badge (the member shell's query of this key)
      // a read still in flight (the one started on connect) may have begun before this push's message and would land
      // after it with the older count: cancel it, then set the pushed count
      socket.on('chat.unread', (payload) => {
        void queryClient
          .cancelQueries({ queryKey: ['chat', 'unread'] })
          .then(() => queryClient.setQueryData(['chat', 'unread'], payload));
      });
      // a new notification: the top bar's badge and the member shell's toast (docs/decisions/0043-in-app-notifications.md)
      socket.on('inbox.added', ({ entry, unread }) => {
        inboxAdded(queryClient, unread);
        memberEvents.publishInbox(entry);
      });
      socket.on('deposit.credited', (event) => {
        refetch();
        memberEvents.publishDeposit(event);
      });
      // a change made before the socket joined (or while it was away) had no push to carry it: read once now (the
      // wallet, and the contact tab's unread count)
      socket.on('connect', () => {
        refetch();
        void queryClient.invalidateQueries({ queryKey: ['chat', 'unread'] });
        void queryClient.invalidateQueries({ queryKey: inboxQueries.all });
      });
    });
    return () => {
      stopOnSignOut();
      close();
    };
  }, [queryClient]);
}
