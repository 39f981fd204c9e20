/**
 * `npm run bench` (docs/design.md §8): the real server on PostgreSQL in a child process, loopback only, driven by
 * autocannon (closed loop) or an open loop of evenly staggered arrivals (scenario-load.ts). Creates `bench_<ts>` next to DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), seeds
 * members with opening balances and sessions, runs each scenario for BENCH_DURATION seconds (default 10), prints
 * a table, runs the ledger invariant and drops the database. Never part of the test suite.
 */
import autocannon from 'autocannon';
import { count, sql } from 'drizzle-orm';
import os from 'node:os';
import { systemClock } from '../src/clock.ts';
import { openPostgres } from '../src/db/client.ts';
import { gameTransfers } from '../src/db/schema/game-transfers.ts';
import { gameTransfersLedgerCheck, pendingTransfersCheck } from '../src/modules/game-transfers/transfer-checks.ts';
import { withdrawalsLedgerCheck } from '../src/modules/withdrawals/withdrawals.api.ts';
import { checkLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { BASELINE_TABLE, createBenchDatabase, startBaseline, startServer } from './bench-server.ts';
import { runChatBench } from './chat-bench.ts';
import { measureCpu } from './cpu-usage.ts';
import { cpuPerRequest, diffCounts, printTable, writeJson, type Row } from './report.ts';
import { drive, openLoopNote, requestFor, type Scenario } from './scenario-load.ts';
import { activateGame, liftWithdrawLimits, seedMembers, type BenchMember } from './seed.ts';
import { slipVerifyScenario } from './slip-verify-scenario.ts';
import { webhookLatencyScenario } from './webhook-latency-scenario.ts';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);
const BALANCE_MINOR = 10_000_000n; // 100,000 baht each: no scenario runs a wallet dry
const GAME = 'pg';

async function probe(url: string, s: Scenario, m: BenchMember): Promise<string | null> {
  const res = await fetch(`${url}${s.path}${s.baselineOf ? `/${m.id}` : ''}`, {
    method: s.method,
    headers: { authorization: `Bearer ${m.token}`, ...(s.body ? { 'content-type': 'application/json' } : {}) },
    ...(s.body ? { body: JSON.stringify(s.body) } : {}),
  });
  const text = await res.text();
  if (res.status === 501) return 'not yet measurable (endpoint not implemented)';
  if (res.status >= 300) return `not measurable: probe answered ${res.status} ${text.slice(0, 80)}`;
  return null;
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main(): Promise<void> {
  const database = await createBenchDatabase(ADMIN_URL);
  console.log(
    `bench: database ${database.name}; ${MEMBERS} members; ${DURATION_S} s per scenario; ${CONNECTIONS} connections`,
  );
  console.log(
    `bench: 1-min load average before the run ${fmt(os.loadavg()[0] ?? 0, 1)} on ${os.cpus().length} CPUs (other work on the machine skews every figure)`,
  );
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  let baseline: Awaited<ReturnType<typeof startBaseline>> | null = null;
  const db = await openPostgres(database.url, 5);
  try {
    server = await startServer(database.url);
    const members = await seedMembers(db.db, server.secrets.jwt, MEMBERS, BALANCE_MINOR);
    await db.db.execute(sql.raw(`create table ${BASELINE_TABLE} (id integer primary key, balance bigint not null)`));
    await db.db.execute(
      sql.raw(
        `insert into ${BASELINE_TABLE} select id, ${BALANCE_MINOR} from members where id in (${members.map((m) => m.id).join(',')})`,
      ),
    );
    baseline = await startBaseline(database.url);
    const gamesReady = await activateGame(server.url, members, GAME);
    await liftWithdrawLimits(db.db);
    const transfer = { from: 'WALLET', to: GAME, amount: 1 };
    const scenarios: Scenario[] = [
      {
        name: `baseline: bare Fastify + pg Pool(10), the wallet query, ${MEMBERS} members`,
        method: 'GET',
        path: '/read',
        baselineOf: 'read',
      },
      {
        name: `baseline: bare Fastify + pg Pool(10), one-row debit (autocommit), ${MEMBERS} members`,
        method: 'POST',
        path: '/debit',
        baselineOf: 'debit',
      },
      { name: `GET /api/wallet, ${MEMBERS} members`, method: 'GET', path: '/api/wallet', against: 'read' },
      { name: 'GET /api/wallet, one hot member', method: 'GET', path: '/api/wallet', hot: true, against: 'read' },
      {
        name: `GET /api/wallet, open loop 2,000 req/s`,
        method: 'GET',
        path: '/api/wallet',
        rate: 2000,
        against: 'read',
      },
      {
        name: `POST /api/statement (page 1, 10 rows), ${MEMBERS} members`,
        method: 'POST',
        path: '/api/statement',
        body: { page: 1, limit: 10 },
        against: 'read',
      },
      {
        name: `POST /api/wallet/transfer WALLET→${GAME} 1 baht, ${MEMBERS} members`,
        method: 'POST',
        path: '/api/wallet/transfer',
        body: transfer,
        money: true,
        against: 'debit',
        requires: () => gamesReady,
      },
      {
        name: `POST /api/wallet/transfer WALLET→${GAME} 1 baht, ${MEMBERS} members, no Idempotency-Key`,
        method: 'POST',
        path: '/api/wallet/transfer',
        body: transfer,
        money: true,
        against: 'debit',
        noKey: true,
        requires: () => gamesReady,
      },
      {
        name: `POST /api/wallet/transfer WALLET→${GAME}, one hot member`,
        method: 'POST',
        path: '/api/wallet/transfer',
        body: transfer,
        money: true,
        against: 'debit',
        hot: true,
        requires: () => gamesReady,
      },
      {
        name: `POST /api/wallet/transfer WALLET→${GAME}, open loop 500 req/s`,
        method: 'POST',
        path: '/api/wallet/transfer',
        body: transfer,
        money: true,
        against: 'debit',
        rate: 500,
        requires: () => gamesReady,
      },
      {
        name: `POST /api/wallet/withdraw 1 baht (ledger only: pending review), ${MEMBERS} members`,
        method: 'POST',
        path: '/api/wallet/withdraw',
        body: { amount: 1 },
        money: true,
        against: 'debit',
      },
      {
        name: `POST /api/wallet/withdraw 1 baht (ledger only: pending review), one hot member`,
        method: 'POST',
        path: '/api/wallet/withdraw',
        body: { amount: 1 },
        money: true,
        against: 'debit',
        hot: true,
      },
      // POST /api/wallet/add is not measured: it records a manual deposit notice for an operator (no ledger move),
      // and only while the manual mode is on
    ];

    // warm up both servers, their pools and PostgreSQL's caches (not reported)
    for (const [url, s] of [
      [baseline.url, scenarios[0]!],
      [server.url, scenarios[2]!],
    ] as const) {
      await autocannon({ url, connections: CONNECTIONS, duration: 3, requests: requestFor(s, members) });
    }

    const rows: Row[] = [];
    // BENCH_ONLY=transfer runs the baselines and the scenarios whose name contains it
    const only = process.env.BENCH_ONLY;
    for (const s of scenarios.filter((x) => !only || x.baselineOf || x.name.includes(only))) {
      if (s.requires && !s.requires()) {
        rows.push({ name: s.name, note: `not yet measurable (game accounts at ${GAME} could not be opened)` });
        continue;
      }
      const target = s.baselineOf ? baseline.url : server.url;
      const skip = await probe(target, s, s.hot ? members[0]! : members[1 % members.length]!);
      if (skip) {
        rows.push({ name: s.name, note: skip });
        continue;
      }
      const counter = s.baselineOf ? baseline : server;
      const queriesBefore = await counter.queries();
      const before = s.money ? ((await db.db.select({ n: count() }).from(gameTransfers))[0]?.n ?? 0) : 0;
      const cpu = measureCpu({ server: counter.child.pid === undefined ? [] : [counter.child.pid] });
      const result = await drive(target, s, members);
      const cores = cpu.stop();
      let check = openLoopNote(result);
      if (s.money && s.path === '/api/wallet/transfer') {
        // requests still in flight when autocannon stops complete on the server without being counted: let them land
        await new Promise((resolve) => setTimeout(resolve, 3000));
        const after = (await db.db.select({ n: count() }).from(gameTransfers))[0]?.n ?? 0;
        const created = after - before;
        const sound = result['2xx'] <= created && created <= result.requests.sent;
        check = `${check ? `${check}; ` : ''}${fmt(result.requests.sent)} sent, ${fmt(result['2xx'])} answered 2xx, ${fmt(created)} transfers created (${sound ? 'consistent: 2xx ≤ created ≤ sent' : 'INCONSISTENT'})`;
        if (!sound) process.exitCode = 1;
      }
      const load = os.loadavg()[0] ?? 0;
      // requests still in flight when autocannon stops complete on the server: count them all, per request sent
      if (!check) await new Promise((resolve) => setTimeout(resolve, 3000));
      const queries = diffCounts(queriesBefore, await counter.queries(), result.requests.sent);
      rows.push({
        name: s.name,
        result,
        load,
        ...(queries ? { queries } : {}),
        ...(cpuPerRequest(cores, result.requests.average)
          ? { cpu: cpuPerRequest(cores, result.requests.average) }
          : {}),
        ...(check ? { check } : {}),
        ...(s.baselineOf ? { baselineOf: s.baselineOf } : {}),
        ...(s.against ? { against: s.against } : {}),
      });
      console.log(`  done: ${s.name} (1-min load average ${fmt(load, 1)})`);
    }

    // deposits (docs/design.md §9.5): scenarios that time each operation themselves (scenario files of their own)
    if (!only || only.includes('slip')) rows.push(...(await slipVerifyScenario(server.url, members)));
    if (!only || only.includes('webhook'))
      rows.push(...(await webhookLatencyScenario(database.url, server.secrets.jwt, members)));

    const pgVersion = (
      (await db.db.execute(sql`show server_version`)) as unknown as { rows: Array<{ server_version: string }> }
    ).rows[0]?.server_version;
    console.log(
      `\nNode ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), PostgreSQL ${pgVersion}; server, database and load generator on one machine\n`,
    );
    printTable(rows);
    // chat (docs/design.md §9.8): its own server process, sockets and relay (chat-bench.ts); BENCH_ONLY=chat runs it alone
    if (!only || only === 'chat') await runChatBench(database.url, db.db);

    const problems = await checkLedgerInvariants(db.db, [
      gameTransfersLedgerCheck,
      withdrawalsLedgerCheck,
      (d) => pendingTransfersCheck(d, systemClock),
    ]);
    const [totals] = (
      (await db.db.execute(sql`
      select (select count(*) from ledger_transactions)::int as transactions, (select count(*) from ledger_entries)::int as entries,
             (select count(*) from game_transfers where status = 'pending')::int as pending`)) as unknown as {
        rows: Array<Record<string, number>>;
      }
    ).rows;
    console.log(
      `\nledger invariant after the run (${totals?.transactions} transactions, ${totals?.entries} entries, ${totals?.pending} pending transfers): ${problems.length === 0 ? 'OK' : `${problems.length} violation(s)`}`,
    );
    for (const p of problems.slice(0, 20)) console.log(`  - ${p}`);
    if (problems.length > 0) process.exitCode = 1;
    const file = writeJson(rows, {
      at: new Date().toISOString(),
      node: process.version,
      postgres: pgVersion,
      durationS: DURATION_S,
      connections: CONNECTIONS,
      members: MEMBERS,
      ledgerInvariant: problems.length === 0 ? 'OK' : problems.slice(0, 20),
    });
    console.log(`bench: results written to ${file}`);
  } finally {
    await baseline?.stop();
    await server?.stop();
    await db.close();
    await database.drop();
  }
}

await main();
