/**
 * The rolling restart under load (docs/decisions/0032-rolling-restarts-and-migrations.md), run as
 * `npx tsx scripts/ops/rolling-restart.ts --size ci|full [--old <git-ref>]`: a fresh PostgreSQL database
 * `wallet_roll`, Redis under a key prefix of its own, 3 server processes (jobs on, sandbox providers) behind HAProxy
 * checking /ready every 250 ms; mixed traffic through HAProxy (traffic.ts) while each process in turn gets SIGTERM,
 * drains, exits and starts again on its port. Fails unless: no request failed (nothing is retried), every process
 * was taken out by HAProxy before it exited and exited 0, every socket reconnected and got every push, the database
 * checks of checks.ts pass. `--old <ref>` starts the 3 processes on that release (a git worktree) and rolls them
 * onto this checkout's code, so old and new run side by side on the schema this checkout migrated.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { openPostgres } from '../../src/db/client.ts';
import { createBenchDatabase, freePort, startServer, type BenchServer } from '../bench-server.ts';
import { startHaproxy, type Balancer } from '../haproxy.ts';
import { percentiles } from '../percentiles.ts';
import { activateGame, liftWithdrawLimits, seedMembers } from '../seed.ts';
import { checkDatabase, checkPushes } from './checks.ts';
import { checkoutOldRelease } from './old-release.ts';
import { depositOnce, openSocket, runDeposits, runWorkers, Tally, type MemberSocket } from './traffic.ts';

const SIZES = {
  ci: { members: 40, workers: 6, sockets: 6, depositsPerS: 2, rounds: 1, settleMs: 2000, drainMs: 1500 },
  full: { members: 200, workers: 16, sockets: 30, depositsPerS: 4, rounds: 3, settleMs: 5000, drainMs: 2000 },
} as const;
const PROCESSES = 3;
// a draining process answers 503 at once (out in 2 × 250 ms); a busy one may answer slowly and must stay in
const CHECK = { path: '/ready', interMs: 250, fall: 2, rise: 2, timeoutMs: 10_000 };

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const sizeName = (option('--size') ?? 'ci') as keyof typeof SIZES;
const size = SIZES[sizeName];
if (!size) throw new Error(`--size ci|full, not ${sizeName}`);
const oldRef = option('--old');
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// a restart waits for the boot: on a machine busy with other work (CI runners, other test runs) that can take a while
process.env.BENCH_BOOT_SECONDS ??= '180';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Poll `probe` until it is true (a deadline, not a fixed sleep). */
async function until(what: string, probe: () => Promise<boolean> | boolean, deadlineMs = 60_000): Promise<number> {
  const t0 = performance.now();
  while (!(await probe())) {
    if (performance.now() - t0 > deadlineMs) throw new Error(`rolling restart: ${what} within ${deadlineMs} ms`);
    await sleep(50);
  }
  return performance.now() - t0;
}

type Restart = { server: number; code: number | null; outBeforeExit: boolean; drainMs: number; backMs: number };

async function main(): Promise<void> {
  const started = performance.now();
  const old = oldRef ? checkoutOldRelease(oldRef) : null;
  const database = await createBenchDatabase(ADMIN_URL, option('--database') ?? 'wallet_roll');
  const db = await openPostgres(database.url, 4);
  const ports = [await freePort(), await freePort(), await freePort()];
  const balancerPort = await freePort();
  const base = `http://127.0.0.1:${balancerPort}`;
  const secrets = {
    jwt: randomBytes(32).toString('hex'),
    encryption: randomBytes(32).toString('hex'),
    provider: randomBytes(24).toString('hex'),
  };
  const sandboxPort = await freePort();
  const env = {
    JOBS: 'true',
    REDIS_URL,
    REDIS_PREFIX: `wallet-roll-${process.pid}:`,
    TRUST_PROXY: '127.0.0.1',
    // the outside world (game providers, the payout bank) is one sandbox process the restarts leave alone: each
    // server process's own sandbox keeps its state in memory and would forget it on restart
    PUBLIC_URL: `http://127.0.0.1:${sandboxPort}`,
    SHUTDOWN_DRAIN_MS: String(size.drainMs),
  };
  const serverUrls = Object.fromEntries(ports.map((p, i) => [`s${i}`, `http://127.0.0.1:${p}`]));
  const servers: BenchServer[] = [];
  let sandbox: BenchServer | undefined;
  const start = (i: number, entry?: string) =>
    startServer(database.url, { secrets, env, port: ports[i]!, ...(entry ? { entry } : {}) });
  let balancer: Balancer | undefined;
  const sockets: MemberSocket[] = [];
  let failed: string[] = [];
  try {
    // the schema this checkout migrates (with --old: the old release runs on it), settings before any process reads them
    await db.migrate();
    await liftWithdrawLimits(db.db);
    sandbox = await startServer(database.url, {
      secrets,
      port: sandboxPort,
      env: { ...env, JOBS: 'false', REDIS_PREFIX: `wallet-roll-sandbox-${process.pid}:` },
    });
    servers[0] = await start(0, old?.entry);
    const rest = await Promise.all([1, 2].map((i) => start(i, old?.entry)));
    servers.push(...rest);
    balancer = await startHaproxy(
      ports.map((p) => `http://127.0.0.1:${p}`),
      { port: balancerPort, healthCheck: CHECK, retries: 0, servedBy: true },
    );
    const lb = balancer;
    const allUp = async () => Object.values(await lb.states()).filter((s) => s === 'UP').length === PROCESSES;
    await until('every process UP in HAProxy', allUp);
    const members = await seedMembers(db.db, secrets.jwt, size.members, 100_000_000n);
    const games = await activateGame(base, members, 'pg');
    const socketMembers = members.slice(0, size.sockets);
    for (const m of socketMembers) sockets.push(await openSocket(base, m));
    const tally = new Tally();
    // one push each first: a socket recovers from the offset of the last packet it got
    for (const m of socketMembers) await depositOnce(base, serverUrls, m, tally);
    await until('the first push on every socket', () => sockets.every((s) => s.pushes.size > 0), 30_000).catch(
      (err: Error) => {
        for (const f of tally.failures.slice(0, 5)) console.log(`  failure: ${f.kind} ${f.status} ${f.body}`);
        throw err;
      },
    );
    console.log(
      `rolling restart (${sizeName}${old ? `, from ${oldRef} = ${old.commit.slice(0, 12)}` : ''}): ${PROCESSES} processes behind HAProxy, ` +
        `${size.workers} HTTP workers over ${size.members} members (game transfers ${games ? 'on' : 'OFF'}), ` +
        `${size.sockets} sockets, ${size.depositsPerS} QR deposits/s; load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} CPUs`,
    );
    const running = { value: true };
    const load = Promise.all([
      runWorkers(base, members.slice(size.sockets), size.workers, tally, running, games),
      runDeposits(base, serverUrls, socketMembers, tally, running, size.depositsPerS),
    ]);
    await sleep(size.settleMs);
    const restarts: Restart[] = [];
    for (let round = 0; round < size.rounds; round++) {
      for (let i = 0; i < PROCESSES; i++) {
        const server = servers[i]!;
        const t0 = performance.now();
        const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
        let outBeforeExit = false;
        let exitedYet = false;
        void exited.then(() => (exitedYet = true));
        server.child.kill('SIGTERM');
        await until(`s${i} out of HAProxy`, async () => (await lb.states())[`s${i}`] !== 'UP', 30_000);
        outBeforeExit = !exitedYet;
        const code = await exited;
        const drainMs = performance.now() - t0;
        servers[i] = await start(i);
        await until(`s${i} back UP in HAProxy`, async () => (await lb.states())[`s${i}`] === 'UP', 180_000);
        restarts.push({ server: i, code, outBeforeExit, drainMs, backMs: performance.now() - t0 - drainMs });
        console.log(
          `  s${i} restarted${old && round === 0 ? ' onto this checkout' : ''}: out of HAProxy before exit ${outBeforeExit ? 'yes' : 'NO'}, ` +
            `exit ${code}, drained in ${(drainMs / 1000).toFixed(1)} s, back in ${((performance.now() - t0 - drainMs) / 1000).toFixed(1)} s`,
        );
        await sleep(size.settleMs);
      }
    }
    running.value = false;
    await load;
    // every event delivered first (the relays run on), then every push has had its chance to arrive
    const figures = await checkDatabase(db.db, tally);
    const expected = (s: MemberSocket) => tally.deposits.get(s.memberId) ?? 0;
    await until('every push', () => sockets.every((s) => s.pushes.size >= expected(s)), 30_000).catch(() => 0);
    for (const s of sockets) s.socket.close();
    const pushes = await checkPushes(db.db, sockets);
    for (const s of servers) await s.stop();
    servers.length = 0;
    const after = await checkDatabase(db.db, tally, 0);
    figures.runsUnfinished = after.runsUnfinished;

    const lat = percentiles(tally.latencies);
    const requests = tally.latencies.length;
    const rows: Array<[string, string | number, boolean]> = [
      ['HTTP requests through HAProxy (no retries)', requests, true],
      ['failed requests (network error or non-2xx)', tally.failures.length, tally.failures.length === 0],
      ['latency p50 / p99 / max (ms)', `${lat.p50.toFixed(0)} / ${lat.p99.toFixed(0)} / ${lat.max.toFixed(0)}`, true],
      ['restarts (SIGTERM → exit → start → UP)', restarts.length, restarts.length === size.rounds * PROCESSES],
      [
        '… taken out by HAProxy before exiting',
        restarts.filter((r) => r.outBeforeExit).length,
        restarts.every((r) => r.outBeforeExit),
      ],
      ['… exited 0', restarts.filter((r) => r.code === 0).length, restarts.every((r) => r.code === 0)],
      [
        'sockets held / reconnected',
        `${sockets.length} / ${sockets.filter((s) => s.reconnects > 0).length}`,
        sockets.every((s) => s.reconnects > 0),
      ],
      [
        'reconnects / of them recovered (rooms + missed pushes)',
        `${sockets.reduce((t, s) => t + s.reconnects, 0)} / ${sockets.reduce((t, s) => t + s.recovered, 0)}`,
        true,
      ],
      [
        'deposit pushes delivered / missed / missed in a reconnect handshake (refetched on connect)',
        `${pushes.expected} / ${pushes.missed} / ${pushes.refetched}`,
        pushes.missed === 0 && pushes.refetched === 0,
      ],
      [
        'ledger invariant',
        figures.ledger.length === 0 ? 'OK' : figures.ledger.slice(0, 3).join('; '),
        figures.ledger.length === 0,
      ],
      [
        'withdrawals told OK / rows',
        `${figures.withdrawals.told} / ${figures.withdrawals.rows}`,
        figures.withdrawals.off.length === 0,
      ],
      [
        'game transfers told OK / rows',
        `${figures.transfers.told} / ${figures.transfers.rows}`,
        figures.transfers.off.length === 0,
      ],
      [
        'job slots run / by runners / run twice',
        `${figures.slotRuns} / ${figures.slotRunners} / ${figures.slotsRepeated}`,
        figures.slotsRepeated === 0,
      ],
      ['job runs left running', figures.runsUnfinished, figures.runsUnfinished === 0],
      [
        'outbox events / redelivered / undelivered',
        `${figures.outboxEvents} / ${figures.outboxRedelivered} / ${figures.outboxUndelivered}`,
        figures.outboxRedelivered === 0 && figures.outboxUndelivered === 0,
      ],
    ];
    console.log('\n| check | figure | |\n| --- | ---: | --- |');
    for (const [name, value, ok] of rows) console.log(`| ${name} | ${value} | ${ok ? 'ok' : 'FAILED'} |`);
    console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s in all`);
    failed = rows.filter(([, , ok]) => !ok).map(([name]) => name);
    const kinds = new Map<string, number>();
    for (const f of tally.failures) {
      const key = `${f.kind} ${f.status} ${f.body.replace(/\s+/g, ' ').slice(0, 80)}`;
      kinds.set(key, (kinds.get(key) ?? 0) + 1);
    }
    for (const [key, n] of kinds) console.log(`  failed: ${n} × ${key}`);
    for (const o of [...figures.withdrawals.off, ...figures.transfers.off].slice(0, 10)) console.log(`  money: ${o}`);
    const reasons = new Map<string, number>();
    for (const s of sockets) for (const [r, n] of s.reasons) reasons.set(r, (reasons.get(r) ?? 0) + n);
    console.log(`  socket drops by reason: ${[...reasons].map(([r, n]) => `${r} ${n}`).join(', ')}`);
    for (const s of sockets.filter((x) => x.pushes.size < expected(x))) {
      console.log(
        `  member ${s.memberId}: ${s.pushes.size} of ${expected(s)} pushes, ${s.reconnects} reconnects (${s.recovered} recovered)`,
      );
    }
  } finally {
    for (const s of sockets) s.socket.close();
    for (const s of servers) await s.stop();
    await sandbox?.stop();
    await balancer?.stop();
    await db.close();
    await database.drop();
    old?.remove();
  }
  if (failed.length > 0) {
    console.log(`rolling restart FAILED: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
