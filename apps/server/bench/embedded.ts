/**
 * `npm run bench:embedded` (docs/design.md §8 "embedded database"): the real server on its zero-setup default, PGlite in
 * DATA_DIR (no DATABASE_URL, no Redis; the member cache on). Seeds members into a fresh PGlite directory, starts the
 * server on it, runs reads and money moves with autocannon, then reopens the directory for the ledger invariant.
 * In the same run it first measures a **bare PGlite baseline** (embedded-baseline.ts: bare Fastify + PGlite in one
 * process, on a copy of the seeded directory): the wallet query and a one-row debit in autocommit. Every product
 * figure is printed as a share of the matching baseline (targets: reads ≥ 80 % of the bare read, money moves ≥ 40 %
 * of the bare debit) and with its database round trips per request (query-counter.ts, BENCH_COUNT_PGLITE: every
 * PGlite `query`/`exec`, a transaction's BEGIN and COMMIT included), beside the absolute budgets of docs/design.md §8.
 * Knobs: BENCH_DURATION, BENCH_CONNECTIONS, BENCH_MEMBERS, BENCH_NODE_ARGS, BENCH_OUTPUT (JSON), BENCH_ONLY=<text>
 * (the baselines and the scenarios whose name contains it).
 */
import autocannon, { type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../src/db/client.ts';
import { checkLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { withdrawalsLedgerCheck } from '../src/modules/withdrawals/withdrawals.api.ts';
import { systemClock } from '../src/clock.ts';
import { gameTransfersLedgerCheck, pendingTransfersCheck } from '../src/modules/game-transfers/transfer-checks.ts';
import { BASELINE_TABLE, startBaseline, startServer, type QueryCounts } from './bench-server.ts';
import { activateGame, liftWithdrawLimits, seedMembers, type BenchMember } from './seed.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);

const GAME = 'pg';
type Target = 'baseline' | 'server';
type Scenario = {
  name: string;
  method: 'GET' | 'POST';
  /** the path, or one per member (the baseline's routes name the member) */
  path: string | ((m: BenchMember) => string);
  body?: unknown;
  on: Target;
  /** this scenario is the baseline of its kind, or is measured against one (share ≥ `share`) */
  baselineOf?: 'read' | 'debit';
  against?: { kind: 'read' | 'debit'; share: number };
  /** docs/design.md §8's absolute budget for the embedded database */
  target?: number;
  money?: boolean;
  requires?: () => boolean;
};
let gamesReady = false;
const scenarios: Scenario[] = [
  {
    name: `baseline: bare Fastify + PGlite, the wallet query, ${MEMBERS} members`,
    method: 'GET',
    path: (m) => `/read/${m.id}`,
    on: 'baseline',
    baselineOf: 'read',
  },
  {
    name: `baseline: bare Fastify + PGlite, one-row debit (autocommit), ${MEMBERS} members`,
    method: 'POST',
    path: (m) => `/debit/${m.id}`,
    on: 'baseline',
    baselineOf: 'debit',
  },
  {
    name: `GET /api/wallet, ${MEMBERS} members`,
    method: 'GET',
    path: '/api/wallet',
    on: 'server',
    against: { kind: 'read', share: 0.8 },
    target: 3000,
  },
  {
    name: `POST /api/statement (page 1, 10 rows), ${MEMBERS} members`,
    method: 'POST',
    path: '/api/statement',
    body: { page: 1, limit: 10 },
    on: 'server',
    against: { kind: 'read', share: 0.8 },
  },
  {
    name: `POST /api/wallet/withdraw 1 baht (ledger only), ${MEMBERS} members`,
    method: 'POST',
    path: '/api/wallet/withdraw',
    body: { amount: 1 },
    on: 'server',
    against: { kind: 'debit', share: 0.4 },
    target: 1000,
    money: true,
  },
  {
    name: `POST /api/wallet/transfer WALLET→${GAME} 1 baht, ${MEMBERS} members`,
    method: 'POST',
    path: '/api/wallet/transfer',
    body: { from: 'WALLET', to: GAME, amount: 1 },
    on: 'server',
    against: { kind: 'debit', share: 0.4 },
    money: true,
    requires: () => gamesReady,
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
        path: typeof s.path === 'string' ? s.path : s.path(members[0]!),
        ...(body ? { body } : {}),
        setupRequest: (req) => {
          const m = members[sequence++ % members.length]!;
          const headers: Record<string, string> = { authorization: `Bearer ${m.token}` };
          if (body) headers['content-type'] = 'application/json';
          if (s.money) headers['idempotency-key'] = `embedded-${process.pid}-${sequence++}`;
          return { ...req, headers, ...(typeof s.path === 'string' ? {} : { path: s.path(m) }) };
        },
      },
    ],
  });
}

/** BENCH_STATEMENTS=1: each statement's count per request in a scenario (what the round trips are). */
function printStatements(before: QueryCounts, after: QueryCounts, sent: number): void {
  const diff = Object.entries(after.statements)
    .map(([text, n]) => [text, n - (before.statements[text] ?? 0)] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  for (const [text, n] of diff) console.log(`      ${(n / sent).toFixed(2)} × ${text}`);
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
    await seed.db.execute(sql.raw(`create table ${BASELINE_TABLE} (id integer primary key, balance bigint not null)`));
    await seed.db.execute(
      sql.raw(
        `insert into ${BASELINE_TABLE} select id, 10000000 from members where id in (${members.map((m) => m.id).join(',')})`,
      ),
    );
    await seed.close();
  }
  // the baseline's own copy of the seeded database (one PGlite per directory)
  cpSync(path.join(dataDir, 'pglite'), path.join(dataDir, 'baseline-pglite'), { recursive: true });
  const counting = { BENCH_COUNT_PGLITE: '1' };
  const server = await startServer('', { secrets, embeddedDataDir: dataDir, env: counting });
  const baseline = await startBaseline('', {
    entry: path.resolve(import.meta.dirname, 'embedded-baseline.ts'),
    env: { ...counting, BASELINE_PGLITE_DIR: path.join(dataDir, 'baseline-pglite') },
  });
  const rows: Array<Record<string, unknown>> = [];
  const baselines: Partial<Record<'read' | 'debit', number>> = {};
  try {
    gamesReady = await activateGame(server.url, members, GAME);
    console.log(
      `bench:embedded: PGlite in ${dataDir}; ${MEMBERS} members; ${DURATION_S} s per scenario; ${CONNECTIONS} connections; load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} CPUs`,
    );
    await run(baseline.url, scenarios[0]!, members, 3); // warm-up
    await run(server.url, scenarios[2]!, members, 3);
    const only = process.env.BENCH_ONLY;
    for (const s of scenarios.filter((x) => !only || x.baselineOf || x.name.includes(only))) {
      if (s.requires && !s.requires()) {
        console.log(`  ${s.name}: skipped (no game account)`);
        continue;
      }
      const target = s.on === 'baseline' ? baseline : server;
      const before = await target.queries();
      const r = await run(target.url, s, members, DURATION_S);
      const after = await target.queries();
      const rps = r.requests.average;
      if (s.baselineOf) baselines[s.baselineOf] = rps;
      const base = s.against ? baselines[s.against.kind] : undefined;
      const share = base ? rps / base : null;
      const roundTrips = before && after && r.requests.sent > 0 ? (after.total - before.total) / r.requests.sent : null;
      const row = {
        name: s.name,
        rps: Math.round(rps),
        share,
        against: s.against?.kind ?? null,
        shareTarget: s.against?.share ?? null,
        shareMet: share === null || !s.against ? null : share >= s.against.share,
        target: s.target ?? null,
        met: s.target === undefined ? null : rps >= s.target,
        roundTrips,
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors,
        loadAverage: os.loadavg()[0],
        rssMb: s.on === 'server' && server.child.pid ? rssMb(server.child.pid) : null,
      };
      rows.push(row);
      const parts = [
        `${row.rps} req/s`,
        s.baselineOf
          ? '100% (baseline)'
          : share === null
            ? 'no baseline'
            : `${(share * 100).toFixed(0)}% of the bare ${s.against!.kind} (≥ ${s.against!.share * 100}%: ${row.shareMet ? 'met' : 'NOT met'})`,
        ...(s.target === undefined ? [] : [`docs/design.md §8 ≥ ${s.target}/s: ${row.met ? 'met' : 'NOT met'}`]),
        `${roundTrips === null ? '?' : roundTrips.toFixed(1)} round trips/req`,
        `p50 ${row.p50} ms, p99 ${row.p99} ms`,
        `${row.non2xx} non-2xx, ${row.errors} errors`,
        ...(row.rssMb === null ? [] : [`server RSS ${row.rssMb} MB`]),
        `load average ${row.loadAverage?.toFixed(1)}`,
      ];
      console.log(`  ${s.name}: ${parts.join(', ')}`);
      if (process.env.BENCH_STATEMENTS === '1' && before && after) printStatements(before, after, r.requests.sent);
    }
  } finally {
    await baseline.stop();
    await server.stop();
  }
  const check = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
  const problems = await checkLedgerInvariants(check.db, [
    withdrawalsLedgerCheck,
    gameTransfersLedgerCheck,
    (d) => pendingTransfersCheck(d, systemClock),
  ]);
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
    `${JSON.stringify({ at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, scenarios: rows }, null, 2)}\n`,
  );
  console.log(`bench:embedded: results written to ${file}`);
}

await main();
