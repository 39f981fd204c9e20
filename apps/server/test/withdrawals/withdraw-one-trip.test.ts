import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../src/db/raw.ts';
import { idempotencyKeys } from '../../src/db/schema/http.ts';
import { AppError } from '../../src/errors.ts';
import { buildWithdrawalDeps } from '../../src/modules/withdrawals/withdrawals.routes.ts';
import { requestWithdrawal } from '../../src/modules/withdrawals/withdrawal-request.ts';
import { addPromotion } from '../promotions/promo-fixture.ts';
import { createWithdrawalsHarness, type WithdrawalsHarness } from './withdrawals-harness.ts';

/**
 * The withdrawal request in one round trip (docs/decisions/0051-one-round-trip-money-moves.md): each refusal raised in
 * the script rolls back all of it (no withdrawal, no ledger transaction, no outbox row, no key answered 200), a
 * replayed key answers its stored reply, and hostile Idempotency-Keys are data, never SQL. PGlite and PostgreSQL.
 */
let h: WithdrawalsHarness;
beforeAll(async () => {
  h = await createWithdrawalsHarness();
});
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  await h.close();
});

const withdraw = async (token: string, amount: number, key?: string) => {
  const res = await h.t.app.inject({
    method: 'POST',
    url: '/api/wallet/withdraw',
    headers: { authorization: `Bearer ${token}`, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: { amount },
  });
  return {
    status: res.statusCode,
    body: res.json() as { message: string },
    replayed: res.headers['idempotent-replayed'] === 'true',
  };
};

/** What a request of `memberId` can leave behind: its rows, postings, outbox rows and keys answered 200. */
async function traces(memberId: number) {
  const [row] = await rawRows<{ withdrawals: number; postings: number; outbox: number; keys: number }>(
    h.t.ctx.db,
    sql`select (select count(*)::int from withdrawals where member_id = ${memberId}::int) as withdrawals,
      (select count(*)::int from ledger_transactions where member_id = ${memberId}::int) as postings,
      (select count(*)::int from outbox_events where payload->'memberId' = to_jsonb(${memberId}::int)
        or payload->'memberIds' @> to_jsonb(array[${memberId}::int])) as outbox,
      (select count(*)::int from idempotency_keys where principal_id = ${memberId}::int and response_status = 200) as keys`,
  );
  return row;
}

describe('withdrawal request in one round trip', () => {
  it('each refusal leaves nothing behind and is the key’s answer', async () => {
    // MONEY_NOT_ENOUGH: 100 in the wallet, 200 asked
    const poor = await h.member(100n * 100n);
    const before = await traces(poor.id);
    expect(await withdraw(poor.token, 200, 'poor')).toMatchObject({
      status: 400,
      body: { message: 'MONEY_NOT_ENOUGH' },
    });
    expect(await traces(poor.id)).toEqual(before);
    expect(await withdraw(poor.token, 200, 'poor')).toMatchObject({
      body: { message: 'MONEY_NOT_ENOUGH' },
      replayed: true,
    });

    // REQUEST_LIMIT: one request a day
    await h.t.ctx.settings.set('withdrawLimits', {
      withdrawMin: 100,
      withdrawMax: 50_000,
      perDayCount: 1,
      perDayAmount: 10_000_000,
    });
    try {
      const capped = await h.member(1_000n * 100n);
      expect((await withdraw(capped.token, 100, 'first')).status).toBe(200);
      const after = await traces(capped.id);
      expect(await withdraw(capped.token, 100, 'second')).toMatchObject({ body: { message: 'REQUEST_LIMIT' } });
      expect(await traces(capped.id)).toEqual(after);
    } finally {
      await h.t.ctx.settings.set('withdrawLimits', {
        withdrawMin: 100,
        withdrawMax: 50_000,
        perDayCount: 1_000,
        perDayAmount: 10_000_000,
      });
    }

    // BONUS_REMAINING: a claimed promotion code's condition runs
    const { code } = await addPromotion(h.t, { kind: 'code', code: 'ONETRIP100', maxAmount: 10_000n });
    const bonus = await h.member(100n * 100n);
    expect((await h.call(bonus.token, 'GET', `/api/promotion/activate/${code}`)).status).toBe(200);
    const claimed = await traces(bonus.id);
    expect(await withdraw(bonus.token, 100, 'bonus')).toMatchObject({ body: { message: 'BONUS_REMAINING' } });
    expect(await traces(bonus.id)).toEqual(claimed);

    // NO_BANK: no such member (the script's read after the lock)
    const deps = buildWithdrawalDeps(h.t.ctx, { memberFlags: async () => ({ flagged: false, payoutHold: false }) });
    const ghost = 2_000_000_000;
    await expect(requestWithdrawal(deps, { id: ghost, currency: 'THB' }, 100)).rejects.toEqual(new AppError('NO_BANK'));
    expect(await traces(ghost)).toEqual({ withdrawals: 0, postings: 0, outbox: 0, keys: 0 });
    expect(await h.invariants()).toEqual([]);
  });

  it('a replayed key answers the stored reply and moves nothing more', async () => {
    const m = await h.member(1_000n * 100n);
    expect(await withdraw(m.token, 300, 'once')).toEqual({
      status: 200,
      body: { message: 'SUCCESS' },
      replayed: false,
    });
    const after = await traces(m.id);
    expect(await withdraw(m.token, 300, 'once')).toEqual({ status: 200, body: { message: 'SUCCESS' }, replayed: true });
    expect(await traces(m.id)).toEqual(after);
    expect(await h.walletMinor(m.id)).toBe(700n * 100n);
    const [row] = await h.withdrawalsOf(m.id);
    // the payout account copied by the script's statement
    expect({ bank: row?.bankCode, no: row?.bankAccountNo }).toEqual({ bank: 'KBANK', no: m.bankAccountNo });
    expect(await h.invariants()).toEqual([]);
  });

  it('every request is the same prepared statements, whatever the member, amount or key (ADR 0053)', async () => {
    const trips = async () =>
      (
        await rawRows<{ name: string }>(
          h.t.ctx.db,
          sql`select name from pg_prepared_statements where name like 'trip_%' order by name`,
        )
      ).map((r) => r.name);
    const first = await h.member(1_000n * 100n);
    expect((await withdraw(first.token, 100, 'shape-1')).status).toBe(200);
    const before = await trips();
    for (const [i, amount] of [150, 275, 800].entries()) {
      const m = await h.member(1_000n * 100n);
      expect((await withdraw(m.token, amount, `shape-${i}-x`)).status).toBe(200);
      expect((await withdraw(m.token, 100, `shape-${i}-y`)).status).toBe(200);
    }
    const after = await trips();
    // one connection on PGlite: exactly the same statements; on a PostgreSQL pool, whichever connection answers holds
    // at most the request's few shapes, never one per request
    if (h.t.database.kind === 'pglite') expect(after).toEqual(before);
    expect(after.length).toBeLessThanOrEqual(8);
  });

  it('hostile Idempotency-Keys are data: the members table stands, each key is stored as sent', async () => {
    const m = await h.member(1_000n * 100n);
    const keys = [
      "'; drop table members; --",
      "x'); delete from ledger_entries; --",
      "\\'; select pg_sleep(10); --",
      '$trip_0$ end $trip_0$; drop table members; --',
      '$$; rollback; --',
    ];
    for (const key of keys) {
      expect(await withdraw(m.token, 100, key)).toEqual({ status: 200, body: { message: 'SUCCESS' }, replayed: false });
      expect(await withdraw(m.token, 100, key)).toMatchObject({ status: 200, replayed: true });
    }
    const stored = await h.t.ctx.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.principalKind, 'member'), eq(idempotencyKeys.principalId, m.id)));
    expect(stored.map((k) => k.key).sort()).toEqual([...keys].sort());
    expect(await h.walletMinor(m.id)).toBe((1_000n - 500n) * 100n);

    // outside printable ASCII (NUL, unicode, newline): KEY_INVALID before anything runs, nothing moved
    const before = await traces(m.id);
    for (const key of ['a\0b', 'กุญแจ', 'a\nb']) {
      const res = await h.t.app.inject({
        method: 'POST',
        url: '/api/wallet/withdraw',
        headers: { authorization: `Bearer ${m.token}`, 'idempotency-key': Buffer.from(key).toString('latin1') },
        payload: { amount: 100 },
      });
      expect({ status: res.statusCode, body: res.json() as unknown }).toEqual({
        status: 400,
        body: { message: 'KEY_INVALID' },
      });
    }
    expect(await traces(m.id)).toEqual(before);
    expect(await h.walletMinor(m.id)).toBe((1_000n - 500n) * 100n);
    expect(await h.invariants()).toEqual([]);
  });
});
