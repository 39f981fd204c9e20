import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../src/db/schema/ledger.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { controls, createMember, testWalletModule, walletBalance } from './wallet-test-module.ts';

/** docs/reliability.md scenario 6: amounts at the HTTP edge. */
let t: TestApp;
let m: Awaited<ReturnType<typeof createMember>>;
beforeAll(async () => {
  t = await createTestApp({ modules: [testWalletModule(controls())] });
  m = await createMember(t);
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const entryCount = async () => (await t.ctx.db.select({ n: count() }).from(ledgerEntries))[0]?.n ?? 0;
const add = (payload: string, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wallet/add',
    headers: { ...m.auth, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });

const TOO_MANY_DECIMALS = new Set(['0.001', '100.005', '0.999999999', '1e-9', '1.0000000001']);

describe('amounts at the HTTP edge', () => {
  it.each([
    ['0', '{"amount":0}'],
    ['-0', '{"amount":-0}'],
    ['-1', '{"amount":-1}'],
    ['0.001', '{"amount":0.001}'],
    ['100.005', '{"amount":100.005}'],
    ['0.999999999', '{"amount":0.999999999}'],
    ['1e-9', '{"amount":1e-9}'],
    ['1.0000000001', '{"amount":1.0000000001}'],
    ['"100"', '{"amount":"100"}'],
    ['1e21', '{"amount":1e21}'],
    ['NaN (invalid JSON)', '{"amount":NaN}'],
    ['null', '{"amount":null}'],
    ['MAX_SAFE_INTEGER+2', `{"amount":${Number.MAX_SAFE_INTEGER + 2}}`],
    ['1e12 + 0.01', '{"amount":1000000000000.01}'],
    ['missing', '{}'],
    ['an array', '[100]'],
    ['not JSON', 'amount=100'],
  ])('rejects %s with 400 (AMOUNT_DECIMALS or KEY_INVALID) and writes nothing', async (_name, payload) => {
    const before = await entryCount();
    const res = await add(payload, `fuzz-${_name}`);
    expect(res.statusCode).toBe(400);
    // more than 2 decimals is refused by name (the amount fields show the same text); anything else is KEY_INVALID
    expect(res.json()).toEqual({ message: TOO_MANY_DECIMALS.has(_name) ? 'AMOUNT_DECIMALS' : 'KEY_INVALID' });
    expect(await entryCount()).toBe(before);
  });

  it('stores 100.50 as exactly 10,050 satang', async () => {
    const before = await walletBalance(t, m.id);
    const res = await add('{"amount":100.50}');
    expect(res.statusCode).toBe(200);
    expect((await walletBalance(t, m.id)) - before).toBe(10050n);
    const [last] = await t.ctx.db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.amount, 10050n));
    expect(last?.amount).toBe(10050n);
  });

  it('stores every amount with at most 2 decimals exactly, and rejects every one with more (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 10_000_000_00 }),
        fc.integer({ min: 1, max: 9 }),
        async (satang, extra) => {
          const amount = satang / 100;
          const before = await walletBalance(t, m.id);
          const ok = await add(JSON.stringify({ amount }));
          expect(ok.statusCode).toBe(200);
          expect((await walletBalance(t, m.id)) - before).toBe(BigInt(satang));
          const third = await add(JSON.stringify({ amount: (satang * 10 + extra) / 1000 }));
          expect(third.statusCode).toBe(400);
          expect(await walletBalance(t, m.id)).toBe(before + BigInt(satang));
        },
      ),
      { numRuns: 100 },
    );
  });
});
