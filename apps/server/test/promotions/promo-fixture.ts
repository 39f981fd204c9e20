import { randomUUID } from 'node:crypto';
import { modules } from '../../src/bootstrap/modules.ts';
import type { Clock } from '../../src/clock.ts';
import { gameAccounts } from '../../src/db/schema/game-accounts.ts';
import { promotions } from '../../src/db/schema/promotions.ts';
import { house, LedgerService, memberWallet } from '../../src/modules/ledger/ledger.api.ts';
import { createPromotionsModule, promotionsModule } from '../../src/modules/promotions/promotions.module.ts';
import { runTurnoverPull } from '../../src/modules/promotions/promotions.routes.ts';
import { FakeGameProvider } from '../helpers/fake-game-provider.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** The app with every module; the promotions module reads bet history from one fake provider (`pg`). */
export async function createPromoApp(options: { env?: Record<string, string>; clock?: Clock } = {}) {
  const game = new FakeGameProvider('pg');
  const providers = new Map([['pg', game]]);
  const t = await createTestApp({
    ...options,
    modules: [...modules.filter((m) => m !== promotionsModule), createPromotionsModule({ games: { providers } })],
  });
  return { t, game, pull: () => runTurnoverPull({ db: t.ctx.db, clock: t.ctx.clock, log: t.ctx.log, providers }) };
}

type NewPromotion = typeof promotions.$inferInsert;
const TEXT = { th: 'โบนัส', la: 'ໂບນັດ', en: 'Bonus' };

/** A bonus (defaults: 100 baht fixed, no deposit, limit 1, 3× turnover, fail below 10 %, no balance rule at claim). */
export async function addPromotion(t: TestApp, overrides: Partial<NewPromotion> = {}) {
  const [row] = await t.ctx.db
    .insert(promotions)
    .values({
      kind: 'bonus',
      code: `B${randomUUID().slice(0, 8).toUpperCase()}`,
      name: TEXT,
      description: TEXT,
      type: 'limit',
      maxReceived: 1,
      percent: 0,
      minDeposit: 0n,
      maxAmount: 10_000n,
      successRule: 'turnover',
      turnoverMultiple: 3,
      successPercent: 0,
      percentFail: 10,
      maxBalanceAtClaim: null,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('promotion insert failed');
  return row;
}

/** A credited deposit as the deposits module posts it. */
export async function deposit(t: TestApp, memberId: number, minor: bigint) {
  await new LedgerService(t.ctx.db).post({
    kind: 'deposit',
    currency: 'THB',
    memberId,
    idempotencyKey: `test-deposit:${randomUUID()}`,
    postings: [
      { account: memberWallet(memberId), amount: minor },
      { account: house('deposit:TEST', memberId), amount: -minor },
    ],
  });
}

/** Money leaves the wallet (a loss elsewhere), through the ledger. */
export async function spend(t: TestApp, memberId: number, minor: bigint) {
  await new LedgerService(t.ctx.db).post({
    kind: 'adjustment',
    currency: 'THB',
    memberId,
    idempotencyKey: `test-spend:${randomUUID()}`,
    postings: [
      { account: memberWallet(memberId), amount: -minor },
      { account: house('adjustment', memberId), amount: minor },
    ],
  });
}

/** The member's player account at the fake `pg` provider. */
export async function linkGame(t: TestApp, memberId: number): Promise<string> {
  const username = `wl${memberId}t`;
  await t.ctx.db.insert(gameAccounts).values({ memberId, game: 'pg', username, passwordEnc: 'x' });
  return username;
}
