import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGamesHarness, fakeProviders, type GamesHarness } from '../helpers/games-harness.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';

let h: GamesHarness;
const providers = fakeProviders();
beforeAll(async () => {
  h = await createGamesHarness(providers);
});
afterAll(async () => {
  await expectLedgerSound(h.t);
  await h.t.close();
});

describe('Idempotency-Key on POST /api/wallet/transfer under concurrency (PostgreSQL)', () => {
  it('one key sent 30 times at once: one transfer, one provider call, one debit; every reply the original or 409', async () => {
    const m = await h.member();
    await h.fund(m.id, 100_000n);
    expect((await h.call(m.token, 'GET', '/api/wallet/activate/pg')).status).toBe(200);
    const replies = await Promise.all(
      Array.from({ length: 30 }, () =>
        h.t.app.inject({
          method: 'POST',
          url: '/api/wallet/transfer',
          headers: { authorization: `Bearer ${m.token}`, 'idempotency-key': 'one-action' },
          payload: { from: 'WALLET', to: 'pg', amount: 100 },
        }),
      ),
    );
    const fresh = replies.filter((r) => r.statusCode === 200 && r.headers['idempotent-replayed'] === undefined);
    expect(fresh).toHaveLength(1);
    for (const r of replies) {
      if (r.statusCode === 200) expect(r.body).toBe(fresh[0]!.body);
      else expect([r.statusCode, r.json()]).toEqual([409, { message: 'IDEMPOTENCY_IN_PROGRESS' }]);
    }
    expect(await h.transfers(m.id)).toHaveLength(1);
    expect(providers.get('pg')!.log.filter((l) => l.op === 'deposit')).toHaveLength(1);
    expect(await h.walletMinor(m.id)).toBe(100_000n - 10_000n);
  });
});
