import { describe, expect, it } from 'vitest';
import { recordBets } from '../../src/modules/promotions/promotions.api.ts';
import { useTransferFixture } from '../game-transfers/transfer-fixture.ts';
import { AppError } from '../../src/errors.ts';
import { providerActivity } from '../../src/modules/backoffice/member360.ts';

/**
 * The member 360 page's bets and P/L per provider (docs/decisions/0034-member-360-and-exports.md): the stored bets
 * of each game beside the settled transfers into and out of it, real transfers through fake providers (the
 * endpoint's roles are walked by test/operators/admin-access.test.ts).
 */
const fx = useTransferFixture();

describe('bets and P/L by provider', () => {
  it('sums each game: bets, stakes, payouts and win/loss from the bet history, transfers in and out', async () => {
    const p = await fx.player(50_000n, ['pg', 'joker2']);
    const other = await fx.player(10_000n, ['pg']);
    expect((await fx.transfer(p.token, 'WALLET', 'pg', 200)).status).toBe(200);
    expect((await fx.transfer(p.token, 'pg', 'WALLET', 50.5)).status).toBe(200);
    expect((await fx.transfer(p.token, 'WALLET', 'joker2', 100)).status).toBe(200);
    expect((await fx.transfer(other.token, 'WALLET', 'pg', 80)).status).toBe(200);
    const now = fx.h.t.clock.now();
    await recordBets(
      fx.h.t.ctx.db,
      [
        { game: 'pg', betId: `p-${p.id}-1`, memberId: p.id, stake: 10_000n, payout: 0n, placedAt: now },
        { game: 'pg', betId: `p-${p.id}-2`, memberId: p.id, stake: 5_000n, payout: 12_550n, placedAt: now },
        { game: 'joker2', betId: `j-${p.id}-1`, memberId: p.id, stake: 2_000n, payout: 0n, placedAt: now },
        // another member's bet is not this member's
        { game: 'pg', betId: `p-${other.id}-1`, memberId: other.id, stake: 8_000n, payout: 0n, placedAt: now },
      ],
      now,
    );
    const db = fx.h.t.ctx.db;
    expect(await providerActivity(db, p.id, {})).toEqual([
      {
        game: 'joker2',
        bets: 1,
        stake: 20,
        payout: 0,
        winLoss: -20,
        transferredIn: 100,
        transferredOut: 0,
        net: -100,
      },
      {
        game: 'pg',
        bets: 2,
        stake: 150,
        payout: 125.5,
        winLoss: -24.5,
        transferredIn: 200,
        transferredOut: 50.5,
        net: -149.5,
      },
    ]);
    // a date range before anything happened: nothing
    const before = new Date(now.getTime() - 86_400_000).toISOString();
    expect(await providerActivity(db, p.id, { to: before })).toEqual([]);
    await expect(providerActivity(db, 999_999, {})).rejects.toBeInstanceOf(AppError);
  });
});
