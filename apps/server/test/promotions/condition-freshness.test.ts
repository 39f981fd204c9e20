import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameAccounts } from '../../src/db/schema/game-accounts.ts';
import { promotionConditions } from '../../src/db/schema/promotions.ts';
import { openFromGame, openToGame, resolveTransfer } from '../../src/modules/game-transfers/transfer-settlement.ts';
import { LedgerService } from '../../src/modules/ledger/ledger.api.ts';
import type { FakeGameProvider } from '../helpers/fake-game-provider.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { deliverOutbox, type TestApp } from '../helpers/test-app.ts';
import { createMember } from '../idempotency/wallet-test-module.ts';
import { addPromotion, createPromoApp, deposit, linkGame } from './promo-fixture.ts';

// A bonus's fail and credit rules read the stored game balances; they decide only on a reading taken after the
// member's last settled transfer (ADR 0024).

let t: TestApp;
let game: FakeGameProvider;
beforeAll(async () => {
  ({ t, game } = await createPromoApp());
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

type Member = Awaited<ReturnType<typeof createMember>>;
const statusOf = async (m: Member) =>
  (await t.ctx.db.select().from(promotionConditions).where(eq(promotionConditions.memberId, m.id))).map(
    (c) => c.status,
  );
const storedGameBalance = async (m: Member) =>
  (await t.ctx.db.select().from(gameAccounts).where(eq(gameAccounts.memberId, m.id)))[0]!.balance;

/** A member on a credit-rule bonus (fails below 50 % of a 100-baht base) with 100 in the wallet and a pg account. */
async function memberOnBonus() {
  const p = await addPromotion(t, { successRule: 'credit', successPercent: 300, percentFail: 50, turnoverMultiple: 0 });
  const m = await createMember(t);
  const res = await t.app.inject({ method: 'GET', url: `/api/bonus/activate/${p.code}`, headers: m.auth });
  expect(res.statusCode).toBe(200);
  const username = await linkGame(t, m.id);
  await game.createPlayer(username, 'pw');
  const [account] = await t.ctx.db.select().from(gameAccounts).where(eq(gameAccounts.memberId, m.id));
  await deliverOutbox(t);
  expect(await statusOf(m)).toEqual(['running']);
  return { m, username, accountId: account!.id };
}

const deps = () => ({ db: t.ctx.db, ledger: new LedgerService(t.ctx.db), clock: t.clock });

/** Move the whole wallet into pg, the provider holding `providerHolds`, our stored reading saying `reading`. */
async function moveIntoGame(
  s: Awaited<ReturnType<typeof memberOnBonus>>,
  amount: bigint,
  reading: bigint,
  providerHolds: bigint,
) {
  const askedAt = t.clock.now();
  const transfer = await openToGame(deps(), { memberId: s.m.id, currency: 'THB', game: 'pg', amount });
  game.play(s.username, providerHolds);
  // the answer comes back after another transfer of the account settled: it carries an older balance
  t.clock.advance(1_000);
  await resolveTransfer(deps(), transfer.id, {
    kind: 'success',
    providerRef: 'ref',
    gameBalance: { accountId: s.accountId, reading: { balance: reading, askedAt } },
  });
}

describe('bonus rules on fresh game balances', () => {
  it('a stale low game reading never fails a bonus: the balance is read again first', async () => {
    const s = await memberOnBonus();
    await moveIntoGame(s, 10_000n, 0n, 10_000n);
    expect(await storedGameBalance(s.m)).toBe(0n); // the stale answer is what we stored
    await deliverOutbox(t); // the settlement's ledger.posted evaluates the condition
    expect(await statusOf(s.m)).toEqual(['running']);
    expect(await storedGameBalance(s.m)).toBe(10_000n); // refreshed from the provider before deciding
  });

  it('a stale high game reading never completes a credit bonus', async () => {
    const s = await memberOnBonus();
    // our stored reading says 400 (above the 300 % success line), the provider holds 100
    await moveIntoGame(s, 10_000n, 40_000n, 10_000n);
    await deliverOutbox(t);
    expect(await statusOf(s.m)).toEqual(['running']);
    expect(await storedGameBalance(s.m)).toBe(10_000n);
  });

  it('a real loss still fails it, once a fresh reading confirms it', async () => {
    const s = await memberOnBonus();
    await moveIntoGame(s, 10_000n, 10_000n, 0n); // our reading says 100, the game holds nothing (lost meanwhile)
    await deliverOutbox(t);
    expect(await statusOf(s.m)).toEqual(['fail']);
  });

  it('decides nothing while a transfer of the member is pending or the provider is silent', async () => {
    const s = await memberOnBonus();
    const out = await openFromGame(deps(), { memberId: s.m.id, currency: 'THB', game: 'pg', amount: 1_000n });
    await moveIntoGame(s, 10_000n, 0n, 10_000n); // a stale low reading while the from_game is pending
    await deliverOutbox(t);
    expect(await statusOf(s.m)).toEqual(['running']);
    await resolveTransfer(deps(), out.id, { kind: 'failed', reason: 'REJECTED' });
    game.fault('timeout', ['balance']);
    await deposit(t, s.m.id, 1n);
    await deliverOutbox(t);
    expect(await statusOf(s.m)).toEqual(['running']); // the provider did not answer: still no decision
    expect(await storedGameBalance(s.m)).toBe(0n);
    await deposit(t, s.m.id, 1n);
    await deliverOutbox(t);
    expect(await statusOf(s.m)).toEqual(['running']);
    expect(await storedGameBalance(s.m)).toBe(10_000n);
  });
});
