/**
 * `npm run bench:soak` (docs/reliability.md §3, scenario 24): the real server on PostgreSQL + Redis under mixed load for SOAK_MINUTES (default
 * 30; `-- --short` runs 2) — wallet reads, statement pages, 1-baht game transfers, withdrawal requests —
 * in 10-second slices, with jobs on (outbox relay, pushes, turnover pulls) — and beside it a steady stream of QR
 * deposits paid through the sandbox (create the QR, the sandbox plays the payer's bank, the provider's signed webhook
 * credits the member). Reports the server's RSS per slice (growth after the first slice must stay under 10%), the
 * share of errors and unexpected answers (under 0.1%, deposits included), and the ledger invariant after the run.
 * SOAK_RATE=<req/s> runs the mix open loop at that rate instead of as fast as the connections allow;
 * SOAK_DEPOSITS_PER_S (default 2) sets the deposit stream. The server runs with `--expose-gc`: once a minute the
 * query counter collects garbage and reports the heap left after it (query-counter.ts), and the run ends with the
 * slope of that heap over its second half — a leak climbs there at a constant rate, a working set stays flat (RSS
 * alone also follows the rate served and the allocator keeping freed pages). The simulators run in a process of their
 * own (sandbox-process.ts; the server started without its sandbox module, server-without-sandbox.ts, reaches them over
 * HTTP at PUBLIC_URL as it reaches live providers), so the server's heap is the product's alone; SOAK_SANDBOX=inside
 * mounts them in the server as before. Never part of the test suite or CI.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { systemClock } from '../src/clock.ts';
import { openPostgres } from '../src/db/client.ts';
import { gameTransfersLedgerCheck, pendingTransfersCheck } from '../src/modules/game-transfers/transfer-checks.ts';
import { checkLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { withdrawalsLedgerCheck } from '../src/modules/withdrawals/withdrawals.api.ts';
import { createBenchDatabase, freePort, startServer } from './bench-server.ts';
import { activateGame, liftWithdrawLimits, seedMembers, type BenchMember } from './seed.ts';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SHORT = process.argv.includes('--short');
const MINUTES = Number(process.env.SOAK_MINUTES ?? (SHORT ? 2 : 30));
const SLICE_S = 10;
const RENEW_EVERY_SLICES = Number(process.env.SOAK_RENEW_SLICES ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);
const RATE = Number(process.env.SOAK_RATE ?? 0);
const DEPOSITS_PER_S = Number(process.env.SOAK_DEPOSITS_PER_S ?? 2);
const SANDBOX_INSIDE = process.env.SOAK_SANDBOX === 'inside';

/** The simulators in a child process of their own on `port`; resolves once it answers. */
async function startSandbox(
  port: number,
  walletUrl: string,
  secret: string,
): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, 'sandbox-process.ts')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, SANDBOX_PORT: String(port), PROVIDER_SECRET: secret, WALLET_URL: walletUrl },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) break;
    const up = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, child, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error('bench:soak: the sandbox process did not come up');
}

/** Renew every member's access token through the API, as the player does before its 15 minutes run out. */
async function renewTokens(url: string, members: BenchMember[]): Promise<number> {
  let failed = 0;
  for (const member of members) {
    const res = await fetch(`${url}/api/session/renew`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: member.refreshToken }),
    });
    const body = (await res.json()) as { token?: string; refreshToken?: string };
    if (!res.ok || !body.token) {
      failed += 1;
      continue;
    }
    member.token = body.token;
    if (body.refreshToken) member.refreshToken = body.refreshToken;
  }
  return failed;
}

/** One QR deposit through the sandbox: create, pay as the payer's bank, the webhook credits it. True when credited. */
async function qrDeposit(url: string, sandboxUrl: string, member: BenchMember, key: string): Promise<boolean> {
  try {
    const qr = await fetch(`${url}/api/qrcode/KBANK`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ amount: 100 }),
    });
    const { payload } = (await qr.json()) as { payload?: string };
    if (!qr.ok || !payload) return false;
    const paid = await fetch(`${sandboxUrl}/sandbox/qr/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payload }),
    });
    return paid.ok && ((await paid.json()) as { delivered?: boolean }).delivered === true;
  } catch {
    return false;
  }
}

const rssMb = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
};

/** Least-squares slope of `ys` against `xs` (per unit of x). */
function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  if (n < 2) return 0;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

async function main(): Promise<void> {
  // the heap after a forced collection, once a minute (query-counter.ts answers it on SIGUSR2)
  process.env.BENCH_NODE_ARGS = `${process.env.BENCH_NODE_ARGS ?? ''} --expose-gc`.trim();
  const database = await createBenchDatabase(ADMIN_URL);
  const db = await openPostgres(database.url, 4);
  const secrets = {
    jwt: randomBytes(32).toString('hex'),
    encryption: randomBytes(32).toString('hex'),
    provider: randomBytes(24).toString('hex'),
  };
  const serverPort = await freePort();
  const sandbox = SANDBOX_INSIDE
    ? null
    : await startSandbox(await freePort(), `http://127.0.0.1:${serverPort}`, secrets.provider);
  const server = await startServer(database.url, {
    secrets,
    port: serverPort,
    env: { JOBS: 'true', ...(sandbox ? { PUBLIC_URL: sandbox.url } : {}) },
    ...(sandbox ? { entry: path.resolve(import.meta.dirname, 'server-without-sandbox.ts') } : {}),
  }).catch(async (err: unknown) => {
    await sandbox?.stop();
    throw err;
  });
  const sandboxUrl = sandbox?.url ?? server.url;
  let failed = false;
  try {
    const members = await seedMembers(db.db, server.secrets.jwt, MEMBERS, 100_000_000n);
    await liftWithdrawLimits(db.db);
    const games = await activateGame(server.url, members, 'pg');
    console.log(
      `bench:soak: ${MINUTES} min of mixed load (${RATE > 0 ? `open loop ${RATE} req/s` : `${CONNECTIONS} connections`}, ${MEMBERS} members, game transfers ${games ? 'on' : 'OFF: no game account'}, ${DEPOSITS_PER_S} QR deposits/s, simulators ${sandbox ? 'in a process of their own' : 'inside the server'}); load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} CPUs`,
    );
    const mix: Array<{ method: 'GET' | 'POST'; path: string; body?: unknown; money?: boolean }> = [
      { method: 'GET', path: '/api/wallet' },
      { method: 'GET', path: '/api/wallet' },
      { method: 'POST', path: '/api/statement', body: { page: 1, limit: 10 } },
      ...(games
        ? [
            {
              method: 'POST' as const,
              path: '/api/wallet/transfer',
              body: { from: 'WALLET', to: 'pg', amount: 1 },
              money: true,
            },
          ]
        : []),
      { method: 'POST', path: '/api/wallet/withdraw', body: { amount: 1 }, money: true },
    ];
    let sequence = 0;
    const requests = mix.map((m) => {
      const body = m.body === undefined ? undefined : JSON.stringify(m.body);
      return {
        method: m.method,
        path: m.path,
        ...(body ? { body } : {}),
        setupRequest: (req: { headers?: Record<string, string> }) => {
          const member = members[sequence++ % members.length]!;
          const headers: Record<string, string> = { authorization: `Bearer ${member.token}` };
          if (body) headers['content-type'] = 'application/json';
          if (m.money) headers['idempotency-key'] = `soak-${process.pid}-${sequence++}`;
          return { ...req, headers };
        },
      };
    });
    const slices = Math.max(2, Math.round((MINUTES * 60) / SLICE_S));
    let sent = 0;
    let bad = 0;
    const rss: number[] = [];
    /** minute, heapUsed and RSS (MB) right after a forced collection */
    const heap: Array<{ minute: number; heapMb: number; rssMb: number }> = [];
    // the deposit stream runs beside the slices until they end; one member per QR at a time (one open QR each)
    const deposits = { sent: 0, failed: 0, running: true };
    const depositStream = (async () => {
      while (deposits.running && DEPOSITS_PER_S > 0) {
        const started = performance.now();
        const member = members[deposits.sent % members.length]!;
        deposits.sent += 1;
        if (!(await qrDeposit(server.url, sandboxUrl, member, `soak-qr-${process.pid}-${deposits.sent}`)))
          deposits.failed += 1;
        const wait = 1000 / DEPOSITS_PER_S - (performance.now() - started);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
    })();
    for (let i = 0; i < slices; i++) {
      // access tokens live 15 minutes: renew them every 10 (a renewal that fails counts as failed requests)
      if (i > 0 && i % RENEW_EVERY_SLICES === 0) {
        const failedRenewals = await renewTokens(server.url, members);
        sent += members.length;
        bad += failedRenewals;
      }
      const r = await autocannon({
        url: server.url,
        connections: CONNECTIONS,
        duration: SLICE_S,
        timeout: 30,
        ...(RATE > 0 ? { overallRate: RATE } : {}),
        requests,
      });
      sent += r.requests.sent;
      bad += r.errors + r.non2xx;
      rss.push(rssMb(server.child.pid!));
      if (i % 6 === 0 || i === slices - 1) {
        const minute = ((i + 1) * SLICE_S) / 60;
        const memory = (await server.queries())?.memory;
        if (memory) heap.push({ minute, heapMb: memory.heapUsed / 2 ** 20, rssMb: memory.rss / 2 ** 20 });
        console.log(
          `  ${minute.toFixed(1)} min: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, ${r.errors + r.non2xx} bad, ${deposits.sent} deposits (${deposits.failed} failed), server RSS ${rss.at(-1)!.toFixed(0)} MB` +
            (memory
              ? `, after a forced GC: heap ${(memory.heapUsed / 2 ** 20).toFixed(1)} MB, RSS ${(memory.rss / 2 ** 20).toFixed(0)} MB`
              : '') +
            `, load average ${os.loadavg()[0]?.toFixed(1)}`,
        );
      }
    }
    deposits.running = false;
    await depositStream;
    sent += deposits.sent;
    bad += deposits.failed;
    await new Promise((resolve) => setTimeout(resolve, 3000)); // in-flight requests land
    const growth = (rss.at(-1)! - rss[0]!) / rss[0]!;
    const badShare = sent === 0 ? 1 : bad / sent;
    const problems = await checkLedgerInvariants(db.db, [
      gameTransfersLedgerCheck,
      withdrawalsLedgerCheck,
      (d) => pendingTransfersCheck(d, systemClock),
    ]);
    console.log(
      `\nRSS ${rss[0]!.toFixed(0)} → ${rss.at(-1)!.toFixed(0)} MB (${(growth * 100).toFixed(1)}%, budget < 10%: ${growth < 0.1 ? 'met' : 'NOT met'}); ` +
        `${deposits.sent} QR deposits through the sandbox (${deposits.failed} not credited); ` +
        (sandbox ? `sandbox process RSS ${rssMb(sandbox.child.pid!).toFixed(0)} MB; ` : '') +
        `${bad} of ${sent} requests failed or answered non-2xx (${(badShare * 100).toFixed(3)}%, budget < 0.1%: ${badShare < 0.001 ? 'met' : 'NOT met'}); ` +
        `ledger invariant: ${problems.length === 0 ? 'OK' : problems.slice(0, 10).join('; ')}`,
    );
    const secondHalf = heap.filter((h) => h.minute > MINUTES / 2);
    if (heap.length >= 2) {
      const perMinute = slope(
        secondHalf.map((h) => h.minute),
        secondHalf.map((h) => h.heapMb),
      );
      console.log(
        `heap after a forced GC: ${heap[0]!.heapMb.toFixed(1)} MB at ${heap[0]!.minute.toFixed(1)} min → ${heap.at(-1)!.heapMb.toFixed(1)} MB at ${heap.at(-1)!.minute.toFixed(1)} min ` +
          `(min ${Math.min(...heap.map((h) => h.heapMb)).toFixed(1)}, max ${Math.max(...heap.map((h) => h.heapMb)).toFixed(1)}); ` +
          `second half's slope ${perMinute >= 0 ? '+' : ''}${(perMinute * 1024).toFixed(0)} KB/min over ${secondHalf.length} readings`,
      );
    }
    failed = growth >= 0.1 || badShare >= 0.001 || problems.length > 0;
  } finally {
    await server.stop();
    await sandbox?.stop();
    await db.close();
    await database.drop();
  }
  if (failed) process.exitCode = 1;
}

await main();
