import { StatementListSchema, StatementReceiptSchema } from '@wallet/contract/statement';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock.ts';
import { deposits } from '../../src/db/schema/deposits.ts';
import { withdrawals } from '../../src/db/schema/withdrawals.ts';
import { openToGame, resolveTransfer } from '../../src/modules/game-transfers/transfer-settlement.ts';
import { house, memberWallet } from '../../src/modules/ledger/account-codes.ts';
import { LedgerService } from '../../src/modules/ledger/ledger.service.ts';
import { statementModule } from '../../src/modules/statement/statement.routes.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createMember } from '../idempotency/wallet-test-module.ts';
import type { LedgerKind } from '../../src/modules/ledger/ledger-kinds.ts';

/** Statement filters by type and month with totals of the whole filtered history, review rows, and receipts. */
let t: TestApp;
let ledger: LedgerService;
type Member = Awaited<ReturnType<typeof createMember>>;
let alice: Member;
let bob: Member;
let depositTx = '';
let transferId = '';

const list = async (m: Member, payload: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/statement', headers: m.auth, payload });
  expect(res.statusCode).toBe(200);
  // written without zod (statement.routes.ts): the contract must find nothing to strip or change, totals included
  const body: unknown = res.json();
  const parsed = StatementListSchema.parse(body);
  expect(parsed).toStrictEqual(body);
  return parsed;
};
const post = (memberId: number, kind: string, minor: bigint, other: string, metadata: Record<string, unknown> = {}) =>
  ledger.post({
    kind: kind as LedgerKind,
    currency: 'THB',
    memberId,
    metadata,
    postings: [
      { account: memberWallet(memberId), amount: minor },
      { account: other, amount: -minor },
    ],
  });

beforeAll(async () => {
  t = await createTestApp({ modules: [statementModule], clock: new FakeClock(new Date('2026-11-02T03:00:00Z')) });
  ledger = new LedgerService(t.ctx.db);
  alice = await createMember(t);
  bob = await createMember(t);
  const october = await post(alice.id, 'deposit', 30_000n, house('deposit:qr', alice.id), {
    channel: 'qr',
    reference: 'KBANK.TXN-OCT',
  });
  // October 31st 23:30 Bangkok time is still October (November begins at 17:00 UTC on the 31st)
  await t.ctx.db.execute(
    sql`update ledger_transactions set created_at = '2026-10-31T16:30:00Z' where id = ${october.transactionId}`,
  );
  const tx = await post(alice.id, 'deposit', 20_000n, house('deposit:qr', alice.id), {
    channel: 'qr',
    reference: 'KBANK.TXN-NOV',
  });
  depositTx = String(tx.transactionId);
  await post(alice.id, 'bonus', 1_000n, house('promotion', alice.id), { name: 'WELCOME' });
  await post(alice.id, 'withdraw', -5_000n, house('withdraw', alice.id));
  const now = t.clock.now();
  await t.ctx.db.insert(withdrawals).values([
    {
      id: 'W-receipt-paid',
      memberId: alice.id,
      amount: 5_000n,
      currency: 'THB',
      status: 'paid',
      bankCode: 'KBANK',
      bankAccountNo: '1234567890',
      bankAccountName: 'ALICE',
      payoutId: 'W-receipt-paid',
      bankRef: 'BANK-PAYOUT-77',
      createdAt: now,
      updatedAt: now,
    },
    {
      id: 'W-receipt-rejected',
      memberId: alice.id,
      amount: 9_000n,
      currency: 'THB',
      status: 'rejected',
      bankCode: 'KBANK',
      bankAccountNo: '1234567890',
      bankAccountName: 'ALICE',
      payoutId: 'W-receipt-rejected',
      createdAt: now,
      updatedAt: now,
    },
  ]);
  await t.ctx.db.insert(deposits).values({
    id: 'D-notice-1',
    memberId: alice.id,
    channel: 'manual',
    reference: 'NOTICE-1',
    amount: 70_000n,
    currency: 'THB',
    status: 'review',
    createdAt: now,
  });
  const deps = { db: t.ctx.db, ledger, clock: t.clock };
  const transfer = await openToGame(deps, { memberId: alice.id, currency: 'THB', game: 'pg', amount: 4_000n });
  await resolveTransfer(deps, transfer.id, { kind: 'success', providerRef: 'PG-REF-9' });
  transferId = transfer.id;
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

describe('statement filters and totals', () => {
  it('a transfer notice waiting for review is a deposit row In review; the plain statement counts it', async () => {
    const { total, statements, totals } = await list(alice, { page: 1, limit: 50 });
    expect(total).toBe(7);
    expect(totals).toBeUndefined();
    expect(statements.find((s) => s._id === 'D-notice-1')).toMatchObject({
      statementType: 'deposit',
      from: 'manual',
      to: 'WALLET',
      amount: 700,
      status: 'REVIEW',
    });
  });

  it('a month is Thai time and its totals count the whole month, not the page', async () => {
    const october = await list(alice, { page: 1, limit: 50, month: '2026-10' });
    expect(october.statements.map((s) => s.amount)).toEqual([300]);
    expect(october.totals).toEqual({ in: 300, out: 0 });
    const november = await list(alice, { page: 1, limit: 1, month: '2026-11' });
    expect(november.total).toBe(6);
    expect(november.statements).toHaveLength(1);
    // in: deposit 200 + bonus 10; out: paid withdrawal 50 + game 40 (the rejected one and the notice count 0)
    expect(november.totals).toEqual({ in: 210, out: 90 });
    expect((await list(alice, { page: 1, limit: 50, month: '2026-12' })).totals).toEqual({ in: 0, out: 0 });
  });

  it('a type narrows every source: deposits include the notice, withdrawals the refused one', async () => {
    const deposit = await list(alice, { page: 1, limit: 50, type: 'deposit' });
    const ids = deposit.statements.map((s) => s._id);
    expect(ids).toHaveLength(3);
    expect(ids).toEqual(expect.arrayContaining(['D-notice-1', depositTx]));
    expect(deposit.totals).toEqual({ in: 500, out: 0 });
    const withdraw = await list(alice, { page: 1, limit: 50, type: 'withdraw', month: '2026-11' });
    expect(withdraw.statements.map((s) => s._id).sort()).toEqual(['W-receipt-paid', 'W-receipt-rejected']);
    expect(withdraw.totals).toEqual({ in: 0, out: 50 });
    const transfer = await list(alice, { page: 1, limit: 50, type: 'transfer' });
    expect(transfer.statements.map((s) => s._id)).toEqual([transferId]);
    expect(transfer.totals).toEqual({ in: 0, out: 40 });
    expect((await list(bob, { page: 1, limit: 50, type: 'deposit' })).total).toBe(0);
  });
});

describe('GET /api/statement/receipt/:id', () => {
  const receipt = async (m: Member, id: string) => {
    const res = await t.app.inject({ url: `/api/statement/receipt/${encodeURIComponent(id)}`, headers: m.auth });
    return { status: res.statusCode, body: res.json() as unknown };
  };

  it('gives a deposit its channel and reference, a paid withdrawal the bank reference, a transfer the provider’s', async () => {
    expect(StatementReceiptSchema.parse((await receipt(alice, depositTx)).body)).toEqual({
      id: depositTx,
      channel: 'qr',
      reference: 'KBANK.TXN-NOV',
    });
    expect((await receipt(alice, 'W-receipt-paid')).body).toEqual({
      id: 'W-receipt-paid',
      bankCode: 'KBANK',
      accountNo: '••••7890',
      bankReference: 'BANK-PAYOUT-77',
    });
    expect((await receipt(alice, transferId)).body).toEqual({ id: transferId, providerReference: 'PG-REF-9' });
    expect((await receipt(alice, 'D-notice-1')).body).toEqual({
      id: 'D-notice-1',
      channel: 'manual',
      reference: 'NOTICE-1',
      row: {
        _id: 'D-notice-1',
        statementType: 'deposit',
        from: 'manual',
        to: 'WALLET',
        amount: 700,
        status: 'REVIEW',
        createdAt: '2026-11-02T03:00:00.000Z',
      },
    });
  });
});
