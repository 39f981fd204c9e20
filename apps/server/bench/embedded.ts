/**
 * `npm run bench:embedded` (docs/design.md §8 "embedded database"): the real server on its zero-setup default, PGlite in
 * DATA_DIR (no DATABASE_URL, no Redis; the member cache on). Seeds members into a fresh PGlite directory, starts the
 * server on it, runs reads and ledger-only money moves with autocannon, then reopens the directory for the ledger
 * invariant. PGlite is one connection inside the server process, so there is no separate raw baseline: the figures
 * are absolute (read them against the load average printed). Knobs: BENCH_DURATION, BENCH_CONNECTIONS,
 * BENCH_MEMBERS, BENCH_NODE_ARGS, BENCH_OUTPUT (JSON).
 */
import autocannon, { type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../src/db/client.ts';
import { checkLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { withdrawalsLedgerCheck } from '../src/modules/withdrawals/withdrawals.api.ts';
import { startServer } from './bench-server.ts';
import { liftWithdrawLimits, seedMembers, type BenchMember } from './seed.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);

type Scenario = { name: string; method: 'GET' | 'POST'; path: string; body?: unknown; target: number };
const scenarios: Scenario[] = [
  { name: `GET /api/wallet, ${MEMBERS} members`, method: 'GET', path: '/api/wallet', target: 3000 },
  {
    name: `POST /api/wallet/withdraw 1 baht (ledger only), ${MEMBERS} members`,
    method: 'POST',
    path: '/api/wallet/withdraw',
    body: { amount: 1 },
    target: 1000,
  },
];

let sequence = 0;
function run(url: string, s: Scenario, members: BenchMember[], duration: number): Promise<Result> {
  const body = s.body === undefined ? undefined : JSON.stringify(s.body);
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    timeout: 30,
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
            headers['idempotency-key'] = `embedded-${process.pid}-${sequence++}`;
          }
          return { ...req, headers };
        },
      },
    ],
  });
}

const rssMb = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : 0;
};

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wallet-bench-embedded-'));
  const secrets = {
    jwt: randomBytes(32).toString('hex'),
    encryption: randomBytes(32).toString('hex'),
    provider: randomBytes(24).toString('hex'),
  };
  let members: BenchMember[];
  {
    const seed = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
    await seed.migrate();
    members = await seedMembers(seed.db, secrets.jwt, MEMBERS, 10_000_000n);
    await liftWithdrawLimits(seed.db);
    await seed.close();
  }
  const server = await startServer('', { secrets, embeddedDataDir: dataDir });
  const rows: Array<Record<string, unknown>> = [];
  try {
    console.log(
      `bench:embedded: PGlite in ${dataDir}; ${MEMBERS} members; ${DURATION_S} s per scenario; ${CONNECTIONS} connections; load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} CPUs`,
    );
    await run(server.url, scenarios[0]!, members, 3); // warm-up
    for (const s of scenarios) {
      const r = await run(server.url, s, members, DURATION_S);
      const row = {
        name: s.name,
        rps: Math.round(r.requests.average),
        target: s.target,
        met: r.requests.average >= s.target,
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors,
        loadAverage: os.loadavg()[0],
        rssMb: server.child.pid ? rssMb(server.child.pid) : null,
      };
      rows.push(row);
      console.log(
        `  ${s.name}: ${row.rps} req/s (docs/design.md §8: ≥ ${s.target}: ${row.met ? 'met' : 'NOT met'}), p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.non2xx} non-2xx, ${row.errors} errors, server RSS ${row.rssMb} MB, load average ${row.loadAverage?.toFixed(1)}`,
      );
    }
  } finally {
    await server.stop();
  }
  const check = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
  const problems = await checkLedgerInvariants(check.db, [withdrawalsLedgerCheck]);
  const [count] = (
    (await check.db.execute(sql`select count(*)::int as n from withdrawals`)) as unknown as {
      rows: Array<{ n: number }>;
    }
  ).rows;
  await check.close();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `ledger invariant after the run (${count?.n} withdrawals): ${problems.length === 0 ? 'OK' : problems.join('; ')}`,
  );
  if (problems.length > 0) process.exitCode = 1;
  const file = process.env.BENCH_OUTPUT ?? path.resolve(import.meta.dirname, 'results', 'embedded-latest.json');
  writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), node: process.version, scenarios: rows }, null, 2)}\n`,
  );
  console.log(`bench:embedded: results written to ${file}`);
}

await main();
