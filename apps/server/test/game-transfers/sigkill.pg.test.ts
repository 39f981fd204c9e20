import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock, systemClock } from '../../src/clock.ts';
import type { Config } from '../../src/config/env.ts';
import { openPostgres, type Database } from '../../src/db/client.ts';
import { members } from '../../src/db/schema/account.ts';
import { gameTransfers } from '../../src/db/schema/game-transfers.ts';
import { SessionService } from '../../src/modules/auth/session.service.ts';
import { sessionMembers } from '../../src/modules/account/account.api.ts';
import { DEFAULT_TIMING } from '../../src/modules/game-accounts/games-deps.ts';
import { reconcilePending } from '../../src/modules/game-transfers/reconciler.ts';
import { gameTransfersLedgerCheck, pendingTransfersCheck } from '../../src/modules/game-transfers/transfer-checks.ts';
import { house, memberWallet } from '../../src/modules/ledger/account-codes.ts';
import { checkLedgerInvariants } from '../../src/modules/ledger/invariants.ts';
import { LedgerService } from '../../src/modules/ledger/ledger.service.ts';
import { createGameProviders } from '../../src/providers/games/create-game-providers.ts';
import { GAME_CATALOGUE } from '../../src/providers/games/game-catalogue.ts';
import { startGameSandbox, type GameSandbox } from '../helpers/game-sandbox.ts';

/**
 * docs/reliability.md scenario 11: the real server process, killed with SIGKILL at random points while transfers
 * are in flight against a slow provider, several rounds; after the restarts the reconciler must leave
 * 0 lost and 0 doubled: every member's wallet + game balances equal what was funded, our books match the
 * provider transfer by transfer, and the ledger invariant holds.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const ROUNDS = 8;
const REQUESTS_PER_ROUND = 30;
const MEMBERS = 4;
const GAMES = ['pg', 'joker2'] as const;
const FUNDED = 100_000n; // 1,000 baht each
const JWT_SECRET = 'sigkill-test-jwt-secret-0123456789abcdef';
const ENCRYPTION_KEY = 'ab'.repeat(32);

let sandbox: GameSandbox;
let database: Database;
let dbUrl: string;
let dbName: string;
let server: ChildProcess | undefined;
let serverOutput = '';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: dbUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: sandbox.origin, // the game providers live at PUBLIC_URL/sandbox/games: our sandbox
      PROVIDER_SECRET: sandbox.secret,
      JWT_SECRET,
      ENCRYPTION_KEY,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wallet-sigkill-')),
      JOBS: 'false',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    serverOutput = (serverOutput + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  server = child;
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${serverOutput}`);
    const up = await fetch(`${base}/api/lookup/active`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return base;
    await sleep(100);
  }
  throw new Error(`server did not start:\n${serverOutput}`);
}

async function kill(signal: NodeJS.Signals): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

type Player = { id: number; token: string };
const players: Player[] = [];

const post = (base: string, p: Player, url: string, body: unknown) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(
    async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }),
    () => ({ status: 0, body: {} as Record<string, unknown> }), // connection killed
  );

beforeAll(async () => {
  sandbox = await startGameSandbox({ holdMs: 10_000 });
  const adminUrl = process.env.DATABASE_URL!;
  dbName = `wt_sigkill_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const target = new URL(adminUrl);
  target.pathname = `/${dbName}`;
  dbUrl = target.toString();
  database = await openPostgres(dbUrl, 10);
  await database.migrate();

  const sessions = new SessionService(database.db, JWT_SECRET, systemClock, sessionMembers(database.db));
  const ledger = new LedgerService(database.db);
  for (let i = 0; i < MEMBERS; i++) {
    const [row] = await database.db
      .insert(members)
      .values({
        username: `08800000${i}${i}`,
        passwordHash: 'x',
        name: 'KILL TEST',
        bankCode: 'KBANK',
        bankAccountName: 'KILL TEST',
        bankAccountNo: `55500000${i}${i}`,
      })
      .returning({ id: members.id });
    const id = row!.id;
    await ledger.post({
      kind: 'adjustment',
      currency: 'THB',
      memberId: id,
      idempotencyKey: `sigkill-fund-${id}`,
      postings: [
        { account: memberWallet(id), amount: FUNDED },
        { account: house('adjustment', id), amount: -FUNDED },
      ],
    });
    players.push({ id, token: await sessions.create(id) });
  }
}, 60_000);

afterAll(async () => {
  await kill('SIGKILL');
  await database?.close();
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL! });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  await sandbox?.close();
});

describe('SIGKILL during game transfers (docs/reliability.md scenario 11)', () => {
  it('loses nothing and doubles nothing across kills, restarts and reconciliation', async () => {
    // open the game accounts through the real server
    let base = await startServer();
    for (const p of players) {
      for (const game of GAMES) {
        const res = await fetch(`${base}/api/wallet/activate/${game}`, {
          headers: { authorization: `Bearer ${p.token}` },
        });
        expect(res.status, serverOutput).toBe(200);
      }
    }
    await kill('SIGTERM');

    const answers: Array<{ status: number; body: Record<string, unknown> }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      base = await startServer();
      // a slow provider keeps calls in flight when the kill lands
      sandbox.setFault({ mode: 'latency', latencyMs: 100 + randomInt(300) });
      const inFlight = Array.from({ length: REQUESTS_PER_ROUND }, (_, i) => {
        const p = players[randomInt(players.length)]!;
        const game = GAMES[randomInt(GAMES.length)]!;
        const roll = randomInt(10);
        if (roll < 6)
          return post(base, p, '/api/wallet/transfer', { from: 'WALLET', to: game, amount: 1 + randomInt(50) });
        if (roll < 9)
          return post(base, p, '/api/wallet/transfer', { from: game, to: 'WALLET', amount: 1 + randomInt(30) });
        return post(base, p, '/api/wallet/transferAll', { to: i % 2 ? 'WALLET' : game });
      });
      // the first round's kill lands while calls are surely in flight (each provider call takes 100 ms or more); the
      // others anywhere in the next two seconds (transfers got faster: a late kill may find every request answered)
      await sleep(round === 0 ? 20 + randomInt(60) : 20 + randomInt(2_000));
      await kill('SIGKILL');
      answers.push(...(await Promise.all(inFlight)));
      sandbox.clearFaults();
      // requests that reached the provider before the kill finish there (the grace window's job): wait until the
      // provider has handled every one of them
      await sandbox.idle();
    }
    expect(
      answers.filter((a) => a.status >= 500 && a.body.message !== 'TRANSFER_FAIL'),
      serverOutput,
    ).toEqual([]);
    expect(answers.some((a) => a.status === 0)).toBe(true);

    const pendingBefore = (await database.db.select().from(gameTransfers)).filter((t) => t.status === 'pending').length;

    // restart once more: the server boots on whatever the kills left
    base = await startServer();
    const wallet = await fetch(`${base}/api/wallet`, { headers: { authorization: `Bearer ${players[0]!.token}` } });
    expect(wallet.status).toBe(200);
    await kill('SIGTERM');

    // the reconciler, past the grace window
    const clock = new FakeClock(new Date(Date.now() + 5 * 60_000));
    const deps = {
      db: database.db,
      clock,
      config: { publicUrl: sandbox.origin } as Config,
      log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
      ledger: new LedgerService(database.db),
      providers: createGameProviders(
        { providers: 'sandbox', publicUrl: sandbox.origin, secrets: { provider: sandbox.secret } } as Config,
        {
          baseUrl: sandbox.baseUrl,
          secret: sandbox.secret,
        },
      ),
      catalogue: GAME_CATALOGUE,
      timing: DEFAULT_TIMING,
    };
    const report = await reconcilePending(deps, { olderThanMs: 0, limit: 10_000 });
    expect(report.checked).toBe(pendingBefore);
    expect(report.stillPending).toBe(0);
    expect(await reconcilePending(deps, { olderThanMs: 0 })).toMatchObject({ checked: 0 });

    // 0 lost, 0 doubled: transfer by transfer against the provider's own records ...
    const rows = await database.db.select().from(gameTransfers);
    const ours = new Set(rows.map((r) => r.id));
    for (const row of rows) {
      const theirs = sandbox.store.findTransfer(row.game, row.id);
      if (row.status === 'success') {
        expect(theirs, `${row.id} success here but unknown at the provider`).toMatchObject({
          amount: row.amount,
          // the provider speaks wire words: our to_game is its deposit, from_game its withdraw
          direction: row.direction === 'to_game' ? 'deposit' : 'withdraw',
        });
      } else {
        expect(row.status).toBe('failed');
        expect(theirs, `${row.id} failed here but applied at the provider`).toBeUndefined();
      }
    }
    for (const entry of sandbox.log()) {
      if ((entry.op === 'deposit' || entry.op === 'withdraw') && entry.transferId) {
        expect(ours.has(entry.transferId), `provider saw ${entry.transferId} we never wrote down`).toBe(true);
      }
    }
    // ... member by member (wallet + games = what was funded) ...
    const ledger = new LedgerService(database.db);
    for (const p of players) {
      const rowsOf = rows.filter((r) => r.memberId === p.id);
      const [accounts] = [
        await database.db.query.gameAccounts.findMany({ where: (a, { eq }) => eq(a.memberId, p.id) }),
      ];
      let atGames = 0n;
      for (const account of accounts) atGames += sandbox.store.player(account.game, account.username)!.balance;
      expect((await ledger.balance(memberWallet(p.id), 'THB')) + atGames, `member ${p.id}`).toBe(FUNDED);
      expect(rowsOf.every((r) => r.status !== 'pending')).toBe(true);
    }
    // ... and the ledger invariant, including each transfer's postings and nothing pending
    expect(
      await checkLedgerInvariants(database.db, [
        gameTransfersLedgerCheck,
        (db) => pendingTransfersCheck(db, systemClock),
      ]),
    ).toEqual([]);
    // the kills did interrupt transfers (otherwise this test proves nothing)
    expect(pendingBefore + answers.filter((a) => a.status === 0).length).toBeGreaterThan(0);
    const answered = answers.filter((a) => a.status === 200).length;
    console.info(
      `sigkill: ${answers.length} requests (${answered} answered 200), ${rows.length} transfers, ${pendingBefore} left pending by the kills, reconciled ${JSON.stringify(report)}`,
    );
  }, 600_000); // ten server starts: seconds each when idle, far longer beside a busy CI (240 s ran out)
});
