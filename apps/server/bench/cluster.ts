/**
 * `npm run bench:cluster` (issue 15): N real server processes on one PostgreSQL database sharing Redis, behind
 * HAProxy (Debian's `haproxy`, round robin, loopback), first with one process behind it, then with all N. Prints
 * req/s per scenario for 1 and N processes and the scaling factor, checks that a logout through one process is
 * refused by all of them at once (sessions and the member cache are shared through PostgreSQL + Redis), and drops
 * the database. Knobs: BENCH_PROCESSES (default 2), BENCH_DURATION, BENCH_CONNECTIONS, BENCH_MEMBERS,
 * HAPROXY (path of the binary). Never part of the test suite or CI.
 */
import autocannon, { type Result } from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPostgres } from '../src/db/client.ts';
import { createBenchDatabase, freePort, startServer, type BenchServer } from './bench-server.ts';
import { liftWithdrawLimits, seedMembers, type BenchMember } from './seed.ts';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 2);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);
const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';

type Balancer = { url: string; stop(): Promise<void> };

/** HAProxy in the foreground on a free loopback port, round robin over `backends`. */
async function startHaproxy(backends: string[]): Promise<Balancer> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wallet-haproxy-'));
  const config = path.join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 4096',
      'defaults',
      '  mode http',
      '  timeout connect 5s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  option http-keep-alive',
      'frontend wallet',
      `  bind 127.0.0.1:${port}`,
      '  default_backend servers',
      'backend servers',
      '  balance roundrobin',
      '  option forwardfor',
      ...backends.map((b, i) => `  server s${i} ${new URL(b).host}`),
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/health`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (i > 50) throw new Error('haproxy did not answer');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Scenario = { name: string; method: 'GET' | 'POST'; path: string; body?: unknown; money?: boolean };
const scenarios: Scenario[] = [
  { name: 'GET /api/wallet', method: 'GET', path: '/api/wallet' },
  { name: 'POST /api/wallet/withdraw 1 baht', method: 'POST', path: '/api/wallet/withdraw', body: { amount: 1 } },
];

let sequence = 0;
async function measure(url: string, s: Scenario, members: BenchMember[]): Promise<Result> {
  const body = s.body === undefined ? undefined : JSON.stringify(s.body);
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: s.method,
        path: s.path,
        ...(body ? { body } : {}),
        setupRequest: (req) => {
          const m = members[sequence++ % members.length]!;
          const headers: Record<string, string> = { authorization: `Bearer ${m.token}` };
          if (body) {
            headers['content-type'] = 'application/json';
            headers['idempotency-key'] = `cluster-${process.pid}-${sequence++}`;
          }
          return { ...req, headers };
        },
      },
    ],
  });
}

/** A logout through the balancer must be refused by every process at once (shared sessions + cache eviction). */
async function checkLogout(balancer: Balancer, m: BenchMember, processes: number): Promise<string> {
  const wallet = () => fetch(`${balancer.url}/api/wallet`, { headers: { authorization: `Bearer ${m.token}` } });
  for (let i = 0; i < processes * 2; i++) await (await wallet()).arrayBuffer(); // every process caches the session
  const out = await fetch(`${balancer.url}/api/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${m.token}` },
  });
  await out.arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 200)); // the Redis hop
  const statuses: number[] = [];
  for (let i = 0; i < processes * 2; i++) {
    const res = await wallet();
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  return statuses.every((s) => s === 401)
    ? `logout through the balancer: refused by every process (${statuses.join(', ')})`
    : `LOGOUT NOT SEEN EVERYWHERE: ${statuses.join(', ')}`;
}

async function main(): Promise<void> {
  const database = await createBenchDatabase(ADMIN_URL);
  const secrets = {
    jwt: randomBytes(32).toString('hex'),
    encryption: randomBytes(32).toString('hex'),
    provider: randomBytes(24).toString('hex'),
  };
  const env = {
    REDIS_URL,
    REDIS_PREFIX: `bench-cluster-${process.pid}:`,
    MEMBER_CACHE: 'auto',
    TRUST_PROXY: '127.0.0.1',
  };
  const servers: BenchServer[] = [];
  const db = await openPostgres(database.url, 4);
  const rows: string[] = [];
  try {
    for (let i = 0; i < PROCESSES; i++) servers.push(await startServer(database.url, { secrets, env }));
    const members = await seedMembers(db.db, secrets.jwt, MEMBERS + 1, 10_000_000n);
    const loggingOut = members.pop()!;
    await liftWithdrawLimits(db.db);
    console.log(
      `bench:cluster: ${PROCESSES} server processes (PostgreSQL + Redis) behind HAProxy; ${MEMBERS} members; ${DURATION_S} s per run; ${CONNECTIONS} connections; load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} CPUs`,
    );
    const results = new Map<string, number[]>();
    for (const count of [1, PROCESSES]) {
      const balancer = await startHaproxy(servers.slice(0, count).map((s) => s.url));
      try {
        await measure(balancer.url, scenarios[0]!, members); // warm-up
        for (const s of scenarios) {
          const r = await measure(balancer.url, s, members);
          results.set(s.name, [...(results.get(s.name) ?? []), r.requests.average]);
          console.log(
            `  ${count} process(es): ${s.name}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx, ${r.errors} errors (load average ${os.loadavg()[0]?.toFixed(1)})`,
          );
        }
        if (count === PROCESSES) rows.push(await checkLogout(balancer, loggingOut, count));
      } finally {
        await balancer.stop();
      }
    }
    console.log(`\n| scenario | 1 process req/s | ${PROCESSES} processes req/s | scaling |`);
    console.log('| --- | ---: | ---: | ---: |');
    for (const [name, [one, many]] of results) {
      console.log(`| ${name} | ${Math.round(one!)} | ${Math.round(many!)} | ×${(many! / one!).toFixed(2)} |`);
    }
    for (const row of rows) console.log(`\n${row}`);
    if (rows.some((r) => r.includes('NOT'))) process.exitCode = 1;
  } finally {
    for (const s of servers) await s.stop();
    await db.close();
    await database.drop();
  }
}

await main();
