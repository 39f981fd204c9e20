import { GameSandboxStore } from '@wallet/sandbox/games/game-store';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock.ts';
import { gameBets, memberTurnoverDaily } from '../../src/db/schema/promotions.ts';
import { bangkokDate } from '../../src/lib/bangkok-time.ts';
import { runTurnoverPull } from '../../src/modules/promotions/promotions.routes.ts';
import { createGameProviders } from '../../src/providers/games/create-game-providers.ts';
import { startGameSandbox, type GameSandbox } from '../helpers/game-sandbox.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createMember } from '../idempotency/wallet-test-module.ts';
import { linkGame } from './promo-fixture.ts';

/** The demo slot's bets, over the signed wire protocol, reach the turnover summary. */
let t: TestApp;
let sandbox: GameSandbox;
const clock = new FakeClock(new Date('2026-11-23T10:00:00Z'));
beforeAll(async () => {
  sandbox = await startGameSandbox({ store: new GameSandboxStore({ now: () => clock.now() }) });
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
  await sandbox.close();
});

describe('turnover from the sandbox aggregator', () => {
  it('spins of the demo slot count once in the member’s daily valid bets and win/loss', async () => {
    const m = await createMember(t);
    const user = await linkGame(t, m.id);
    sandbox.store.createPlayer('pg', user, 'secret-pw');
    sandbox.store.setBalance('pg', user, 100_000n);
    const token = sandbox.store.issueLaunchToken('pg', user, { mobile: true, exitUrl: 'http://localhost/' });
    const session = sandbox.store.redeemLaunchToken(token);
    let payouts = 0n;
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${sandbox.baseUrl}/play/spin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session: session?.id, bet: 10 }),
      });
      const spin = (await res.json()) as { status: string; payout: string };
      expect(spin.status).toBe('SUCCESS');
      payouts += BigInt(spin.payout);
    }
    clock.advance(5_000);
    const providers = createGameProviders(t.config, {
      baseUrl: sandbox.baseUrl,
      secret: sandbox.secret,
      timeoutMs: 2_000,
    });
    const pull = () => runTurnoverPull({ db: t.ctx.db, clock, log: t.ctx.log, providers });
    expect(await pull()).toMatchObject({ bets: 3, failed: [] });
    expect(await pull()).toMatchObject({ bets: 0 });
    const [day] = await t.ctx.db.select().from(memberTurnoverDaily).where(eq(memberTurnoverDaily.memberId, m.id));
    expect(day).toMatchObject({ day: bangkokDate(clock.now()), validBets: 3_000n, winLoss: payouts - 3_000n });
    expect(await t.ctx.db.select().from(gameBets).where(eq(gameBets.memberId, m.id))).toHaveLength(3);
    // the aggregator's own daily figure agrees
    const report = await providers.get('pg')?.dailyWinLoss(bangkokDate(clock.now()));
    expect(report?.find((r) => r.playerUsername === user)).toMatchObject({ validBets: 3_000n, betCount: 3 });
  });
});
