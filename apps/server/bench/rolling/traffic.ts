/**
 * The rolling restart's load (scripts/ops/rolling-restart.ts): closed-loop HTTP workers through the balancer (wallet
 * reads, statement pages, 1-baht game transfers and withdrawals with a fresh Idempotency-Key each, never retried),
 * a QR deposit stream paid by the sandbox, and member sockets (socket.io, WebSocket, reconnecting) that count the
 * `deposit.credited` pushes they get against the deposits credited.
 */
import { SOCKET_PATH, type SocketClientEvents, type SocketServerEvents } from '@wallet/contract/socket-events';
import { io, type Socket } from 'socket.io-client';
import type { BenchMember } from '../seed.ts';

type Kind = 'wallet' | 'statement' | 'transfer' | 'withdraw' | 'qr' | 'pay';
export type Failure = { kind: Kind; status: number | string; body: string; at: number; memberId?: number };

/** What the clients saw: every answer's latency, every failure, the money moves that succeeded per member. */
export class Tally {
  readonly latencies: number[] = [];
  readonly failures: Failure[] = [];
  readonly byKind = new Map<Kind, number>();
  /** member id → failed transfers / withdrawals (the move may exist all the same: an answer lost is not a move lost) */
  readonly failedMoves = new Map<number, number>();
  /** member id → successful transfers / withdrawals / credited deposits */
  readonly transfers = new Map<number, number>();
  readonly withdrawals = new Map<number, number>();
  readonly deposits = new Map<number, number>();
  readonly started = performance.now();

  count(map: Map<number, number>, memberId: number): void {
    map.set(memberId, (map.get(memberId) ?? 0) + 1);
  }
}

let sequence = 0;
const runId = `${process.pid}-${Date.now().toString(36)}`;

/** One request through the balancer; a network error or a non-2xx answer is a failure (no retry). */
async function call(
  tally: Tally,
  base: string,
  kind: Kind,
  method: 'GET' | 'POST',
  path: string,
  token: string | null,
  body?: unknown,
  money = false,
  served?: { by?: string },
  memberId?: number,
): Promise<unknown> {
  const fail = (failure: Failure) => {
    tally.failures.push(failure);
    if (memberId !== undefined && money) tally.count(tally.failedMoves, memberId);
  };
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (money) headers['idempotency-key'] = `roll-${runId}-${sequence++}`;
  const t0 = performance.now();
  tally.byKind.set(kind, (tally.byKind.get(kind) ?? 0) + 1);
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    tally.latencies.push(performance.now() - t0);
    if (served) served.by = res.headers.get('x-served-by') ?? undefined;
    if (res.status < 200 || res.status >= 300) {
      fail({ kind, status: res.status, body: text.slice(0, 200), at: performance.now(), memberId });
      return undefined;
    }
    return text ? (JSON.parse(text) as unknown) : {};
  } catch (err) {
    tally.latencies.push(performance.now() - t0);
    const cause = (err as { cause?: { code?: string } }).cause;
    fail({ kind, status: cause?.code ?? String(err), body: '', at: performance.now(), memberId });
    return undefined;
  }
}

/** `workers` closed loops over `members` until `running.value` turns false. */
export async function runWorkers(
  base: string,
  members: BenchMember[],
  workers: number,
  tally: Tally,
  running: { value: boolean },
  games: boolean,
): Promise<void> {
  const loop = async (w: number) => {
    for (let i = w; running.value; i += workers) {
      const m = members[i % members.length]!;
      const pick = i % 10;
      if (pick < 4) await call(tally, base, 'wallet', 'GET', '/api/wallet', m.token);
      else if (pick < 5)
        await call(tally, base, 'statement', 'POST', '/api/statement', m.token, { page: 1, limit: 10 });
      else if (pick < 8 && games) {
        const body = { from: 'WALLET', to: 'pg', amount: 1 };
        const ok = await call(
          tally,
          base,
          'transfer',
          'POST',
          '/api/wallet/transfer',
          m.token,
          body,
          true,
          undefined,
          m.id,
        );
        if (ok !== undefined) tally.count(tally.transfers, m.id);
      } else {
        const ok = await call(
          tally,
          base,
          'withdraw',
          'POST',
          '/api/wallet/withdraw',
          m.token,
          { amount: 1 },
          true,
          undefined,
          m.id,
        );
        if (ok !== undefined) tally.count(tally.withdrawals, m.id);
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, w) => loop(w)));
}

/** QR deposits for the socket members in turn (one open QR per member at a time): create, the sandbox pays. */
export async function runDeposits(
  base: string,
  servers: Record<string, string>,
  members: BenchMember[],
  tally: Tally,
  running: { value: boolean },
  perSecond: number,
): Promise<void> {
  for (let i = 0; running.value; i++) {
    const t0 = performance.now();
    await depositOnce(base, servers, members[i % members.length]!, tally);
    const wait = 1000 / perSecond - (performance.now() - t0);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/**
 * One QR deposit, created through the balancer; counted as credited when the sandbox's webhook was acknowledged.
 * The QR sandbox lives in the memory of the process that made the QR (apps/server/src/bootstrap/sandbox.ts), so the
 * payer's bank pays there directly (the balancer says which process it was), as a bank would pay its own QR.
 */
export async function depositOnce(
  base: string,
  servers: Record<string, string>,
  m: BenchMember,
  tally: Tally,
): Promise<boolean> {
  const served: { by?: string } = {};
  const qr = (await call(tally, base, 'qr', 'POST', '/api/qrcode/KBANK', m.token, { amount: 100 }, true, served)) as
    { payload?: string } | undefined;
  const at = servers[served.by ?? ''];
  if (!qr?.payload || !at) return false;
  const paid = (await call(tally, at, 'pay', 'POST', '/sandbox/qr/pay', null, { payload: qr.payload })) as
    { delivered?: boolean } | undefined;
  if (paid?.delivered !== true) {
    if (paid) tally.failures.push({ kind: 'pay', status: 'not delivered', body: '', at: performance.now() });
    return false;
  }
  tally.count(tally.deposits, m.id);
  return true;
}

export type MemberSocket = {
  memberId: number;
  socket: Socket<SocketServerEvents, SocketClientEvents>;
  /** deposit ids pushed to this socket */
  pushes: Set<string>;
  disconnects: number;
  /** why it was dropped (socket.io's reasons), with counts */
  reasons: Map<string, number>;
  reconnects: number;
  /** reconnects that recovered the session (rooms and missed pushes) */
  recovered: number;
  /** when each reconnect happened (ms since the epoch): the player refetches its state on every connect */
  reconnectedAt: number[];
};

/** A member's socket through the balancer: WebSocket only, reconnecting at once and then every second at most. */
export function openSocket(base: string, m: BenchMember): Promise<MemberSocket> {
  const socket: Socket<SocketServerEvents, SocketClientEvents> = io(base, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 1000,
    auth: { kind: 'member', token: m.token },
  });
  const held: MemberSocket = {
    memberId: m.id,
    socket,
    pushes: new Set(),
    reasons: new Map(),
    disconnects: 0,
    reconnects: 0,
    recovered: 0,
    reconnectedAt: [],
  };
  socket.on('deposit.credited', (payload) => held.pushes.add(payload.depositId));
  socket.on('disconnect', (reason) => {
    held.disconnects += 1;
    held.reasons.set(reason, (held.reasons.get(reason) ?? 0) + 1);
  });
  let first = true;
  return new Promise((resolve, reject) => {
    socket.on('connect', () => {
      if (first) {
        first = false;
        resolve(held);
        return;
      }
      held.reconnects += 1;
      held.reconnectedAt.push(Date.now());
      if (socket.recovered) held.recovered += 1;
    });
    socket.once('connect_error', (err) => {
      if (first) reject(err);
    });
  });
}
