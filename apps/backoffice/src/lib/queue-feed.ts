import { adminApi } from '@wallet/contract/admin/admin-api';
import { actionableCount, type QueueChanged, type QueueCounts, type QueueKind } from '@wallet/contract/admin/queues';
import { SOCKET_PATH, type SocketClientEvents, type SocketServerEvents } from '@wallet/contract/socket-events';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { safe } from '@wallet/web-core/storage';
import { useEffect, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { adminCall } from './api.ts';

export const QUEUES_KEY = ['admin', 'queues'] as const;
/** the queries each queue's page reads: refetched when a row of that queue changes */
const PAGE_KEYS: Record<QueueKind, readonly string[]> = {
  withdrawals: ['admin', 'withdrawals'],
  deposits: ['admin', 'deposits'],
  adjustments: ['admin', 'adjustments'],
  approvals: ['admin', 'approvals'],
  chats: ['admin', 'chat', 'list'],
};
/** states that put new work in front of a person (the chime rings for these only) */
const NEW_WORK = new Set(['pending_review', 'payout_failed', 'review', 'pending']);
const CHIME_KEY = 'wallet.queues.chime';

/** The operator's chime preference for new queue work: off unless turned on, kept in this browser. */
export const queueChime = {
  isOn: (): boolean => safe(() => localStorage.getItem(CHIME_KEY), null) === 'on',
  set: (on: boolean): void => safe(() => localStorage.setItem(CHIME_KEY, on ? 'on' : 'off'), undefined),
};

/** One short tone (the browser refuses audio before the page had a click or key press: then it stays silent). */
function ring(): void {
  safe(() => {
    const context = new AudioContext();
    const tone = context.createOscillator();
    const gain = context.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.35);
    tone.connect(gain).connect(context.destination);
    tone.start();
    tone.stop(context.currentTime + 0.35);
    tone.onended = () => void context.close();
  }, undefined);
}

/** The queues' counts (the navigation's badges, the tab title), kept live by `useQueueFeed`. */
export function useQueueCounts(): QueueCounts | undefined {
  return useQuery({
    queryKey: QUEUES_KEY,
    queryFn: () => adminCall(adminApi.reports.queues),
    // the socket keeps it live; this only repairs a missed signal
    refetchInterval: 120_000,
  }).data;
}

/** The count a navigation entry shows for its feature, if it is a queue (null: no badge). */
export function badgeOf(counts: QueueCounts | undefined, feature: string): number | null {
  if (!counts) return null;
  switch (feature) {
    case 'withdrawals':
      return counts.withdrawals.pending_review + counts.withdrawals.payout_failed;
    case 'deposits':
      return counts.deposits;
    case 'adjustments':
      return counts.adjustments;
    case 'approvals':
      return counts.approvals;
    case 'chat':
      return counts.chats;
    default:
      return null;
  }
}

/** "(3) Back office": the work waiting, in front of the tab's own title. */
export function titleWithCount(title: string, counts: QueueCounts | undefined): string {
  const base = title.replace(/^\(\d+\)\s/, '');
  const n = counts ? actionableCount(counts) : 0;
  return n > 0 ? `(${n}) ${base}` : base;
}

/**
 * The operator socket's queue feed (docs/decisions/0033-live-queues.md): a `queue.changed` signal updates the counts
 * and refetches the queue's pages in the background — react-query keeps the rows on screen meanwhile, so the
 * operator's scroll, selection and open dialog stay. Back after an outage the server could not replay, everything
 * is read again. Also keeps the tab title's count and rings the optional chime for new work.
 */
export function useQueueFeed(): { isLive: boolean } {
  const queryClient = useQueryClient();
  const counts = useQueueCounts();
  const [isLive, setIsLive] = useState(false);

  useEffect(() => {
    let isClosed = false;
    let socket: Socket<SocketServerEvents, SocketClientEvents> | undefined;
    void import('socket.io-client').then(({ io }) => {
      if (isClosed) return;
      // no token: the server reads the console's session cookie from the handshake (docs/decisions/0021)
      socket = io({ path: SOCKET_PATH, auth: { kind: 'operator', purpose: 'queues' } });
      let hasConnected = false;
      socket.on('connect', () => {
        setIsLive(true);
        if (hasConnected && !socket?.recovered) {
          void queryClient.invalidateQueries({ queryKey: QUEUES_KEY });
          for (const key of Object.values(PAGE_KEYS)) void queryClient.invalidateQueries({ queryKey: key });
        }
        hasConnected = true;
      });
      socket.on('disconnect', () => setIsLive(false));
      socket.on('queue.changed', (signal: QueueChanged) => {
        queryClient.setQueryData(QUEUES_KEY, signal.counts);
        void queryClient.invalidateQueries({ queryKey: PAGE_KEYS[signal.kind] });
        void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
        if (NEW_WORK.has(signal.state) && queueChime.isOn()) ring();
      });
    });
    return () => {
      isClosed = true;
      socket?.close();
    };
  }, [queryClient]);

  useEffect(() => {
    document.title = titleWithCount(document.title, counts);
  }, [counts]);

  return { isLive };
}
