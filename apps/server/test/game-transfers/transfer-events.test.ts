import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxEvents } from '../../src/db/schema/events.ts';
import { useTransferFixture } from './transfer-fixture.ts';

const fx = useTransferFixture();

const events = async (type: 'game.balanceChanged' | 'ledger.posted', memberId: number) =>
  (await fx.h.t.ctx.db.select().from(outboxEvents).where(eq(outboxEvents.type, type)).orderBy(asc(outboxEvents.id)))
    .map((e) => e.payload as Record<string, unknown>)
    .filter((p) => p.memberId === memberId || (p.memberIds as number[] | undefined)?.includes(memberId));

describe('transfer events', () => {
  it('emits game.balanceChanged for each settled leg and ledger.posted for each posting', async () => {
    const p = await fx.player(10_000n);
    const to = await fx.transfer(p.token, 'WALLET', 'pg', 100);
    const from = await fx.transfer(p.token, 'pg', 'WALLET', 40);
    expect(await events('game.balanceChanged', p.id)).toEqual([
      { memberId: p.id, game: 'pg', transferId: to.body.transferId, direction: 'to_game', amount: '10000' },
      { memberId: p.id, game: 'pg', transferId: from.body.transferId, direction: 'from_game', amount: '-4000' },
    ]);
    // funding, the to_game hold and settle, the from_game settle
    expect((await events('ledger.posted', p.id)).map((e) => e.kind)).toHaveLength(4);
    expect(await fx.h.invariants()).toEqual([]);
  });

  it('emits no game.balanceChanged when the provider refuses the transfer', async () => {
    const p = await fx.player(10_000n);
    const res = await fx.transfer(p.token, 'pg', 'WALLET', 40); // nothing in the game
    expect(res.status).not.toBe(200);
    expect(await events('game.balanceChanged', p.id)).toEqual([]);
    expect(await fx.h.invariants()).toEqual([]);
  });
});
