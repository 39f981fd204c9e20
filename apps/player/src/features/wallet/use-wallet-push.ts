import { useQueryClient } from '@tanstack/react-query';
import { SOCKET_PATH, type SocketServerEvents } from '@wallet/contract/socket-events';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { walletQueries } from '../../api/wallet.ts';
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
    void import('socket.io-client').then(({ io }) => {
      if (isClosed) return;
      socket = io({ path: SOCKET_PATH, auth: { kind: 'member', token } });
      socket.on('wallet.changed', () => {
        void queryClient.invalidateQueries({ queryKey: walletQueries.summary().queryKey });
      });
    });
    return () => {
      isClosed = true;
      socket?.close();
    };
  }, [queryClient]);
}
