import { randomInt } from 'node:crypto';
import { GAME_CODES } from '@wallet/contract/limits';
import { eq } from 'drizzle-orm';
import { members } from '../../src/db/schema/account.ts';
import { gameTransfers } from '../../src/db/schema/game-transfers.ts';
import type { GameProvider } from '../../src/providers/games/game-provider.ts';
import { house, memberWallet } from '../../src/modules/ledger/account-codes.ts';
import { checkLedgerInvariants } from '../../src/modules/ledger/invariants.ts';
import { LedgerService } from '../../src/modules/ledger/ledger.service.ts';
import { createGameModules } from '../../src/bootstrap/game-modules.ts';
import { buildGamesDeps, type GamesModuleOptions } from '../../src/modules/game-accounts/game-accounts.api.ts';
import type { GameInfo } from '../../src/modules/game-accounts/games-deps.ts';
import { reconcilePending, type ReconcileReport } from '../../src/modules/game-transfers/reconciler.ts';
import { gameTransfersLedgerCheck, pendingTransfersCheck } from '../../src/modules/game-transfers/transfer-checks.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { FakeGameProvider } from './fake-game-provider.ts';

const TEST_CATALOGUE: GameInfo[] = GAME_CODES.map((code, i) => ({
  code,
  name: code.toUpperCase(),
  category: code === 'huayhd' ? 'lotto' : i % 3 === 1 ? 'sport' : 'slot',
  ftWalletSlot: 1,
  logo: `/games/${code}/logo.png`,
  background: `/games/${code}/bg.png`,
}));

export type GamesHarness = {
  t: TestApp;
  providers: Map<string, GameProvider>;
  options: GamesModuleOptions;
  ledger: LedgerService;
  member(): Promise<{ id: number; token: string }>;
  fund(memberId: number, minor: bigint): Promise<void>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are read as loose JSON in tests
  call(token: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; body: any }>;
  walletMinor(memberId: number): Promise<bigint>;
  reconcile(options?: { olderThanMs?: number }): Promise<ReconcileReport>;
  transfers(memberId: number): Promise<Array<typeof gameTransfers.$inferSelect>>;
  invariants(): Promise<string[]>;
};

/** A fake provider per game, so each test can script faults on one. */
export function fakeProviders(): Map<string, FakeGameProvider> {
  return new Map(GAME_CODES.map((code) => [code, new FakeGameProvider(code)]));
}

let memberSeq = 0;

export async function createGamesHarness(
  providers: Map<string, GameProvider>,
  extra: Partial<GamesModuleOptions> = {},
  env: Record<string, string> = {},
): Promise<GamesHarness> {
  const options: GamesModuleOptions = {
    providers,
    catalogue: TEST_CATALOGUE,
    timing: { balanceTimeoutMs: 2_000, ...extra.timing },
    ...extra,
  };
  const t = await createTestApp({ modules: createGameModules(options), env });
  const ledger = new LedgerService(t.ctx.db);
  return {
    t,
    providers,
    options,
    ledger,
    async member() {
      memberSeq += 1;
      const suffix = String(randomInt(10_000_000)).padStart(7, '0');
      const [row] = await t.ctx.db
        .insert(members)
        .values({
          username: `089${suffix}`,
          passwordHash: 'x',
          name: 'GAME TESTER',
          bankCode: 'KBANK',
          bankAccountName: 'GAME TESTER',
          bankAccountNo: `1${suffix}${String(memberSeq % 100).padStart(2, '0')}`,
        })
        .returning({ id: members.id });
      const id = row!.id;
      return { id, token: await t.ctx.sessions.create(id) };
    },
    async fund(memberId, minor) {
      await ledger.post({
        kind: 'adjustment',
        currency: 'THB',
        memberId,
        idempotencyKey: `fund:${memberId}:${Math.random()}`,
        postings: [
          { account: memberWallet(memberId), amount: minor },
          { account: house('adjustment', memberId), amount: -minor },
        ],
      });
    },
    async call(token, method, url, body) {
      const res = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      return { status: res.statusCode, body: res.json() };
    },
    walletMinor: (memberId) => ledger.balance(memberWallet(memberId), 'THB'),
    reconcile: (opts = {}) => reconcilePending(buildGamesDeps(t.ctx, options), { olderThanMs: 0, ...opts }),
    transfers: (memberId) => t.ctx.db.select().from(gameTransfers).where(eq(gameTransfers.memberId, memberId)),
    invariants: () =>
      checkLedgerInvariants(t.ctx.db, [gameTransfersLedgerCheck, (db) => pendingTransfersCheck(db, t.clock)]),
  };
}
