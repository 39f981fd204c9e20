import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGamesKit, type GamesKit } from './games-test-kit.ts';

let kit: GamesKit;
beforeEach(async () => {
  kit = await startGamesKit();
  kit.store.createPlayer('pg', 'agt_alice', 'secret-1');
  kit.store.createPlayer('pg', 'agt_bob', 'secret-2');
  kit.store.setBalance('pg', 'agt_alice', 10_000n);
  kit.store.setBalance('pg', 'agt_bob', 10_000n);
});
afterEach(() => kit.close());

describe('the aggregator reports (bet history by time range, daily win/loss)', () => {
  it("answers every player's bets in [from, to) and a Bangkok day's win/loss per player", async () => {
    kit.store.recordBet('pg', 'agt_alice', 1_000n, 0n);
    kit.store.recordBet('pg', 'agt_alice', 1_000n, 2_500n);
    kit.store.recordBet('pg', 'agt_bob', 500n, 0n);
    const from = new Date(Date.now() - 60_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const bets = await kit.signed('GET', 'pg', `bets?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    expect(bets.status).toBe(200);
    expect(bets.body).toHaveLength(3);
    expect((bets.body as Array<{ username: string }>).map((b) => b.username).sort()).toEqual([
      'agt_alice',
      'agt_alice',
      'agt_bob',
    ]);
    const day = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const report = await kit.signed('GET', 'pg', `winloss?date=${day}`);
    expect(report.body).toMatchObject({
      status: 'SUCCESS',
      players: expect.arrayContaining([
        { username: 'agt_alice', validBets: '2000', winLoss: '500', betCount: 2 },
        { username: 'agt_bob', validBets: '500', winLoss: '-500', betCount: 1 },
      ]),
    });
  });

  it('refuses a missing or malformed range or date', async () => {
    expect((await kit.signed('GET', 'pg', 'bets')).status).toBe(400);
    expect((await kit.signed('GET', 'pg', 'bets?from=yesterday&to=today')).status).toBe(400);
    expect((await kit.signed('GET', 'pg', 'winloss?date=2026-13-45')).status).toBe(400);
    expect((await kit.signed('GET', 'pg', 'winloss?date=%27or%271')).status).toBe(400);
  });
});
