/**
 * `npm run bench:cluster` (docs/performance.md): N real server processes on one PostgreSQL database sharing Redis, behind
 * HAProxy (Debian's `haproxy`, one thread, round robin, keep-alive, loopback): one balancer in front of the first
 * process and one in front of all N, both up all along, so each scenario alternates 1 and N processes for
 * BENCH_ROUNDS rounds (the machine's load drifts between runs). Every run prints req/s, p99 and the cores each part
 * used (servers, HAProxy, PostgreSQL, Redis, the load generator, the rest of the machine, idle: cpu-usage.ts), which
 * is what says whether more processes could have helped; then the scaling factor of the means, and the checks of
 * cluster-checks.ts through the balancer (a logout refused by every process at once, the login limit counted
 * across processes). Drops the database. Knobs: BENCH_PROCESSES (default 2), BENCH_ROUNDS (2), BENCH_DURATION,
 * BENCH_CONNECTIONS, BENCH_MEMBERS, HAPROXY (path of the binary). Never part of the test suite or CI.
 */
import autocannon, { type Result } from 'autocannon';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { openPostgres } from '../src/db/client.ts';
import { createBenchDatabase, startServer, type BenchServer } from './bench-server.ts';
import { startHaproxy, type Balancer } from './haproxy.ts';
import { liftWithdrawLimits, seedMembers, type BenchMember } from './seed.ts';
import { checkLoginLimit, checkLogout } from './cluster-checks.ts';
import { formatCores, measureCpu } from './cpu-usage.ts';
import { LOGIN_PAIR_RULE } from '../src/modules/auth/login.service.ts';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 2);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

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
  const balancers = new Map<number, Balancer>();
  try {
    for (let i = 0; i < PROCESSES; i++) servers.push(await startServer(database.url, { secrets, env }));
    const members = await seedMembers(db.db, secrets.jwt, MEMBERS + 2, 10_000_000n);
    members.pop(); // member MEMBERS + 1: the login-limit check's phone (seed.ts numbers usernames 06<index>)
    const loggingOut = members.pop()!;
    await liftWithdrawLimits(db.db);
    console.log(
      `bench:cluster: ${PROCESSES} server processes (PostgreSQL + Redis) behind HAProxy; ${MEMBERS} members; ${DURATION_S} s per run, ${ROUNDS} rounds alternating 1 and ${PROCESSES} processes; ${CONNECTIONS} connections; load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} CPUs`,
    );
    // one balancer per process count, both up all along, so the runs can alternate (the machine's load drifts)
    for (const count of [1, PROCESSES])
      balancers.set(count, await startHaproxy(servers.slice(0, count).map((s) => s.url)));
    for (const b of balancers.values()) await measure(b.url, scenarios[0]!, members); // warm-up: every member cache
    const results = new Map<string, Map<number, number[]>>();
    for (const s of scenarios) {
      for (let round = 0; round < ROUNDS; round++) {
        for (const [count, balancer] of balancers) {
          const cpu = measureCpu({
            servers: servers.slice(0, count).map((x) => x.child.pid!),
            haproxy: [balancer.pid],
          });
          const r = await measure(balancer.url, s, members);
          const cores = cpu.stop();
          const byCount = results.get(s.name) ?? new Map<number, number[]>();
          byCount.set(count, [...(byCount.get(count) ?? []), r.requests.average]);
          results.set(s.name, byCount);
          console.log(
            `  ${count} process(es): ${s.name}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx, ${r.errors} errors (load average ${os.loadavg()[0]?.toFixed(1)})\n    cores used: ${formatCores(cores)}`,
          );
        }
      }
    }
    const many = balancers.get(PROCESSES)!;
    rows.push(await checkLogout(many, loggingOut, PROCESSES));
    rows.push(await checkLoginLimit(many, `06${String(MEMBERS + 1).padStart(8, '0')}`, LOGIN_PAIR_RULE.limit));
    const mean = (xs: number[]) => xs.reduce((t, x) => t + x, 0) / xs.length;
    const round = (xs: number[]) => xs.map((x) => Math.round(x)).join(' / ');
    console.log(
      `\n| scenario | 1 process req/s (each run) | ${PROCESSES} processes req/s (each run) | scaling (means) |`,
    );
    console.log('| --- | ---: | ---: | ---: |');
    for (const [name, byCount] of results) {
      const one = byCount.get(1)!;
      const n = byCount.get(PROCESSES)!;
      console.log(`| ${name} | ${round(one)} | ${round(n)} | ×${(mean(n) / mean(one)).toFixed(2)} |`);
    }
    for (const row of rows) console.log(`\n${row}`);
    if (rows.some((r) => r.includes('NOT'))) process.exitCode = 1;
  } finally {
    for (const b of balancers.values()) await b.stop();
    for (const s of servers) await s.stop();
    await db.close();
    await database.drop();
  }
}

await main();
