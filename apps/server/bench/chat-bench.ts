/**
 * The chat part of `npm run bench` (docs/design.md §8): one server process of its own (so its memory is the
 * chat's), loopback only, the Redis streams adapter on as in production. Two figures:
 * - memory: RSS of the server before and after CHAT_BENCH_SOCKETS (5,000) guest sockets connect (target ≤ +100 MB);
 * - relay: typing signals through the gateway at CHAT_BENCH_RATE (2,000) msg/s for BENCH_DURATION seconds, both
 *   ways (players → the operators' room; one operator → players' rooms), latency from emit to arrival
 *   (target p99 ≤ 50 ms). The load generator runs in this process on the same machine: its own work is in the figures.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { SOCKET_PATH, type SocketClientEvents, type SocketServerEvents } from '@wallet/contract/socket-events';
import { io, type Socket } from 'socket.io-client';
import { systemClock } from '../src/clock.ts';
import type { Db } from '../src/db/client.ts';
import { operators } from '../src/db/schema/auth.ts';
import { OperatorSessionService } from '../src/modules/auth/operator-sessions.ts';
import { GuestTokens } from '../src/realtime/guest-token.ts';
import { startServer } from './bench-server.ts';

const SOCKETS = Number(process.env.CHAT_BENCH_SOCKETS ?? 5_000);
const RATE = Number(process.env.CHAT_BENCH_RATE ?? 2_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECT_BATCH = 100;
/** the server drops a socket's `typing: true` within 1 s of its last one: each player socket sends less often */
const PER_SOCKET_GAP_MS = 1_100;

type ChatSocket = Socket<SocketServerEvents, SocketClientEvents>;

const rssOf = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
  return line ? Number(line[1]) * 1024 : Number.NaN;
};
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function connect(url: string, auth: { kind: 'guest' | 'operator'; token: string }): Promise<ChatSocket> {
  const socket: ChatSocket = io(url, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false, auth });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Emit `send(i)` at `rate` per second for `seconds` (open loop, 10 ms ticks); latencies from `received`. */
async function openLoop(rate: number, seconds: number, send: (i: number) => void, latencies: number[]) {
  const total = rate * seconds;
  const started = performance.now();
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
    while (sent < due) send(sent++);
    await pause(10);
  }
  await pause(2_000); // the stragglers
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    sent: total,
    received: sorted.length,
    achievedRate: total / ((performance.now() - started - 2_000) / 1000),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/**
 * Where a tail comes from: the server's event-loop delay over a window (prom-client's histogram, reset by each scrape
 * of /metrics, which answers loopback callers) and this generator's own, both p99 / max in ms.
 */
async function loopDelays(url: string, generator: ReturnType<typeof monitorEventLoopDelay>) {
  const text = await (await fetch(`${url}/metrics`)).text();
  const seconds = (name: string) => Number(text.match(new RegExp(`^${name} ([0-9.e+-]+)$`, 'm'))?.[1] ?? Number.NaN);
  const own = { p99: generator.percentile(99) / 1e6, max: generator.max / 1e6 };
  generator.reset();
  return {
    server: {
      p99: seconds('nodejs_eventloop_lag_p99_seconds') * 1000,
      max: seconds('nodejs_eventloop_lag_max_seconds') * 1000,
    },
    generator: own,
  };
}
const delayNote = (d: Awaited<ReturnType<typeof loopDelays>>) =>
  `event-loop delay p99 / max: server ${d.server.p99.toFixed(1)} / ${d.server.max.toFixed(1)} ms, load generator ${d.generator.p99.toFixed(1)} / ${d.generator.max.toFixed(1)} ms`;

/** Runs the chat bench on `databaseUrl` (migrated, as run.ts makes it) and prints its lines; false when a target is missed. */
export async function runChatBench(databaseUrl: string, db: Db): Promise<boolean> {
  const server = await startServer(databaseUrl);
  const sockets: ChatSocket[] = [];
  try {
    const pid = server.child.pid!;
    const guests = new GuestTokens(server.secrets.jwt, systemClock);
    const [operator] = await db
      .insert(operators)
      .values({
        username: `bench-support-${process.pid}`,
        passwordHash: 'bench-operator-has-no-password',
        roles: ['support'],
        totpSecretBox: 'bench',
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning({ id: operators.id });
    const operatorToken = await new OperatorSessionService(db, server.secrets.jwt, systemClock).create(operator!.id);
    // one socket first (lazy imports, the adapter's first stream read), then the baseline
    sockets.push(await connect(server.url, { kind: 'guest', token: (await guests.issue()).token }));
    await pause(2_000);
    const before = rssOf(pid);
    const tokens = await Promise.all(Array.from({ length: SOCKETS }, () => guests.issue()));
    const connectStart = performance.now();
    for (let i = 0; i < tokens.length; i += CONNECT_BATCH) {
      const batch = tokens.slice(i, i + CONNECT_BATCH);
      sockets.push(...(await Promise.all(batch.map((g) => connect(server.url, { kind: 'guest', token: g.token })))));
    }
    const connectS = (performance.now() - connectStart) / 1000;
    await pause(3_000);
    const after = rssOf(pid);
    const grew = after - before;
    console.log(
      `chat: ${SOCKETS.toLocaleString('en-US')} guest sockets connected in ${connectS.toFixed(1)} s; server RSS ${mb(before)} → ${mb(after)} MB (+${mb(grew)} MB, ${(grew / SOCKETS / 1024).toFixed(1)} KB a socket; target ≤ +100 MB) ${grew <= 100 * 1024 * 1024 ? 'OK' : 'OVER'}`,
    );

    const players = sockets.slice(1);
    const support = await connect(server.url, { kind: 'operator', token: operatorToken });
    sockets.push(support);
    const guestIds = tokens.map((g) => g.guestId);

    // players → operators: each player's typing reaches the operators' room
    const sentAt = new Map<string, number>();
    const inbound: number[] = [];
    support.on('chat.typing', (t) => {
      const at = t.guestId ? sentAt.get(t.guestId) : undefined;
      if (at !== undefined) inbound.push(performance.now() - at);
    });
    const lastSent = new Array<number>(players.length).fill(Number.NEGATIVE_INFINITY);
    const generatorDelay = monitorEventLoopDelay({ resolution: 10 });
    generatorDelay.enable();
    await loopDelays(server.url, generatorDelay);
    const fanIn = await openLoop(
      RATE,
      DURATION_S,
      (i) => {
        // the next player whose own gap has passed (the server throttles a socket's typing to one a second)
        let k = i % players.length;
        while (performance.now() - lastSent[k]! < PER_SOCKET_GAP_MS) k = (k + 1) % players.length;
        lastSent[k] = performance.now();
        sentAt.set(guestIds[k]!, performance.now());
        players[k]!.emit('typing', { typing: true });
      },
      inbound,
    );
    const fanInDelays = await loopDelays(server.url, generatorDelay);

    // one operator → players' rooms: the room is looked up per signal, as for a reply
    const outbound: number[] = [];
    const outAt = new Array<number>(players.length).fill(0);
    players.forEach((p, k) => p.on('chat.typing', () => outbound.push(performance.now() - outAt[k]!)));
    const fanOut = await openLoop(
      RATE,
      DURATION_S,
      (i) => {
        const k = i % players.length;
        outAt[k] = performance.now();
        support.emit('typing', { typing: true, guestId: guestIds[k]! });
      },
      outbound,
    );
    const fanOutDelays = await loopDelays(server.url, generatorDelay);
    generatorDelay.disable();

    let ok = grew <= 100 * 1024 * 1024;
    for (const [name, r, delays] of [
      ['players → operators', fanIn, fanInDelays],
      ['operator → players', fanOut, fanOutDelays],
    ] as const) {
      const hit = r.p99 <= 50 && r.received >= r.sent * 0.99;
      ok &&= hit;
      console.log(
        `chat relay ${name}: ${r.sent.toLocaleString('en-US')} sent at ${r.achievedRate.toFixed(0)}/s, ${r.received.toLocaleString('en-US')} arrived; p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms (target p99 ≤ 50 ms) ${hit ? 'OK' : 'MISSED'}; ${delayNote(delays)}`,
      );
    }
    console.log(
      `chat: 1-min load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} CPUs during the chat bench`,
    );
    return ok;
  } finally {
    for (const s of sockets) s.close();
    await server.stop();
  }
}
