/**
 * Webhook-to-credit latency (docs/design.md §9.5, target p99 ≤ 200 ms including the realtime push): a QR is created, the
 * sandbox plays the payer's bank (POST /sandbox/qr/pay), the provider's signed webhook reaches the server, the
 * payment is credited through the ledger and `deposit.credited` is pushed to the member's socket. Timed from the
 * pay call to (a) the webhook acknowledged (credit committed) and (b) the push received. Runs its own server
 * process with JOBS on (the outbox relay delivers the push) on the same database.
 */
import { SOCKET_PATH } from '@wallet/contract/socket-events';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { startServer } from './bench-server.ts';
import { ms, percentiles } from './percentiles.ts';
import type { Row } from './report.ts';
import type { BenchMember } from './seed.ts';

const PAYMENTS = Number(process.env.BENCH_QR_PAYMENTS ?? 100);
const MEMBERS = 10;
const PUSH_DEADLINE_MS = 5000;
const PROVIDER = 'KBANK';
const DRAIN_DEADLINE_MS = 120_000;

/**
 * The bench server runs with JOBS off, so the earlier scenarios leave their events undelivered; this process's relay
 * inherits them, as a process that starts after an outage would. Wait until it has delivered them (the drain is
 * reported on its own) so the payments measure a running system, not the catch-up.
 */
async function drainOutbox(databaseUrl: string): Promise<{ events: number; seconds: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const pending = async () =>
      Number(
        (await client.query<{ n: string }>('select count(*) as n from outbox_events where delivered_at is null'))
          .rows[0]!.n,
      );
    const events = await pending();
    const t0 = performance.now();
    while ((await pending()) > 0) {
      if (performance.now() - t0 > DRAIN_DEADLINE_MS) throw new Error('outbox: the backlog did not drain in 2 min');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { events, seconds: (performance.now() - t0) / 1000 };
  } finally {
    await client.end();
  }
}

function connect(url: string, token: string): Promise<Socket> {
  const socket = io(url, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true });
  socket.auth = { kind: 'member', token };
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function nextPush(socket: Socket): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no deposit.credited push')), PUSH_DEADLINE_MS);
    socket.once('deposit.credited', () => {
      clearTimeout(timer);
      resolve(performance.now());
    });
  });
}

export async function webhookLatencyScenario(databaseUrl: string, jwt: string, members: BenchMember[]): Promise<Row[]> {
  const name = `QR webhook → credit → push: ${PAYMENTS} payments (${PROVIDER}), one at a time`;
  const server = await startServer(databaseUrl, {
    secrets: { jwt, encryption: randomBytes(32).toString('hex'), provider: randomBytes(24).toString('hex') },
    env: { JOBS: 'true' },
  });
  const sockets: Socket[] = [];
  try {
    const drained = await drainOutbox(databaseUrl);
    const payers = members.slice(0, MEMBERS);
    for (const m of payers) sockets.push(await connect(server.url, m.token));
    const credited: number[] = [];
    const pushed: number[] = [];
    let failures = 0;
    for (let i = 0; i < PAYMENTS; i++) {
      const k = i % payers.length;
      const auth = { authorization: `Bearer ${payers[k]!.token}`, 'content-type': 'application/json' };
      const qr = await fetch(`${server.url}/api/qrcode/${PROVIDER}`, {
        method: 'POST',
        headers: { ...auth, 'idempotency-key': `bench-qr-${process.pid}-${i}` },
        body: JSON.stringify({ amount: 100 }),
      });
      const { payload } = (await qr.json()) as { payload?: string };
      if (!payload) {
        failures += 1;
        continue;
      }
      const push = nextPush(sockets[k]!);
      const t0 = performance.now();
      const paid = await fetch(`${server.url}/sandbox/qr/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payload }),
      });
      const answer = (await paid.json()) as { delivered?: boolean };
      const t1 = performance.now();
      try {
        const t2 = await push;
        if (!answer.delivered) throw new Error('webhook not delivered');
        credited.push(t1 - t0);
        pushed.push(t2 - t0);
      } catch {
        failures += 1;
      }
    }
    const a = percentiles(credited);
    const b = percentiles(pushed);
    const verdict = b.p99 <= 200 ? 'within' : 'OVER';
    const note = `push p50 ${ms(b.p50)} / p95 ${ms(b.p95)} / p99 ${ms(b.p99)} ms (${verdict} the 200 ms target); webhook acknowledged p50 ${ms(a.p50)} / p99 ${ms(a.p99)} ms; ${failures} failed; the inherited outbox backlog (${drained.events.toLocaleString('en-US')} events) drained first in ${drained.seconds.toFixed(1)} s`;
    console.log(`  done: ${name}: ${note}`);
    if (failures > 0) process.exitCode = 1;
    return [{ name, note }];
  } finally {
    for (const s of sockets) s.close();
    await server.stop();
  }
}
