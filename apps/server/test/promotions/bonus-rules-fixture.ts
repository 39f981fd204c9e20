import { eq } from 'drizzle-orm';
import { createGameModules } from '../../src/bootstrap/game-modules.ts';
import { modules } from '../../src/bootstrap/modules.ts';
import { promotionConditions } from '../../src/db/schema/promotions.ts';
import type { ModuleFactory } from '../../src/http/handlers.ts';
import { buildGamesDeps, type GamesModuleOptions } from '../../src/modules/game-accounts/game-accounts.api.ts';
import { gameAccountsModule } from '../../src/modules/game-accounts/game-accounts.module.ts';
import { settleGameBalances } from '../../src/modules/game-transfers/game-transfers.api.ts';
import { gameTransfersModule } from '../../src/modules/game-transfers/game-transfers.module.ts';
import { reconcilePending } from '../../src/modules/game-transfers/reconciler.ts';
import { house, LedgerService, memberWallet } from '../../src/modules/ledger/ledger.api.ts';
import { createPromotionsModule, promotionsModule } from '../../src/modules/promotions/promotions.module.ts';
import { runTurnoverPull } from '../../src/modules/promotions/promotions.routes.ts';
import { walletModule } from '../../src/modules/wallet/wallet.module.ts';
import { createWithdrawalsModule, withdrawalsModule } from '../../src/modules/withdrawals/withdrawals.module.ts';
import { fakeProviders } from '../helpers/games-harness.ts';
import { createTestApp, deliverOutbox, type TestApp } from '../helpers/test-app.ts';
import { createMember } from '../idempotency/wallet-test-module.ts';

/**
 * The whole app with fake game providers behind the game modules, the promotions module (turnover pull, cancel's
 * collection, claim's balance reading) and withdrawAll: a member can move money into a game and back over HTTP.
 */
export async function createBonusRulesApp() {
  const providers = fakeProviders();
  const games: GamesModuleOptions = { providers, timing: { balanceTimeoutMs: 2_000 } };
  const replaced = new Map<ModuleFactory, ModuleFactory[]>([
    [walletModule, createGameModules(games)],
    [gameAccountsModule, []],
    [gameTransfersModule, []],
    [promotionsModule, [createPromotionsModule({ games })]],
    [withdrawalsModule, [createWithdrawalsModule({ games })]],
  ]);
  const t: TestApp = await createTestApp({ modules: modules.flatMap((m) => replaced.get(m) ?? [m]) });
  await t.ctx.settings.set('withdrawLimits', {
    withdrawMin: 100,
    withdrawMax: 50_000,
    perDayCount: 1_000,
    perDayAmount: 10_000_000,
  });
  const gamesDeps = () => buildGamesDeps(t.ctx, games);
  const pg = providers.get('pg')!;

  type Member = Awaited<ReturnType<typeof createMember>>;
  const call = async (m: Member, method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const headers = { ...m.auth, 'idempotency-key': `k-${Math.random()}` };
    const res = await t.app.inject({ method, url, headers, ...(payload ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  };
  const ledger = new LedgerService(t.ctx.db);

  return {
    t,
    pg,
    providers,
    call,
    /** a member with a `pg` account at the fake provider; returns it and its provider username */
    async member() {
      const m = await createMember(t);
      const activated = await call(m, 'GET', '/api/wallet/activate/pg');
      return { ...m, pgUser: String(activated.body.username) };
    },
    transfer: (m: Member, from: string, to: string, amount: number) =>
      call(m, 'POST', '/api/wallet/transfer', { from, to, amount }),
    withdraw: (m: Member, amount: number) => call(m, 'POST', '/api/wallet/withdraw', { amount }),
    wallet: (memberId: number) => ledger.balance(memberWallet(memberId), 'THB'),
    /** a credited bank deposit, as the deposits module posts it (it qualifies a deposit bonus) */
    deposit: (memberId: number, minor: bigint) =>
      ledger.post({
        kind: 'deposit',
        currency: 'THB',
        memberId,
        idempotencyKey: `test-deposit:${memberId}:${Math.random()}`,
        postings: [
          { account: memberWallet(memberId), amount: minor },
          { account: house('deposit:TEST', memberId), amount: -minor },
        ],
      }),
    conditions: (memberId: number) =>
      t.ctx.db.select().from(promotionConditions).where(eq(promotionConditions.memberId, memberId)),
    /** the turnover job: the pull, then every running condition evaluated (balances settled first, ADR 0024) */
    pull: () =>
      runTurnoverPull({ db: t.ctx.db, clock: t.ctx.clock, log: t.ctx.log, providers }, (memberId) =>
        settleGameBalances(gamesDeps(), memberId),
      ),
    reconcile: () => reconcilePending(gamesDeps(), { olderThanMs: 0 }),
    deliver: () => deliverOutbox(t),
  };
}
