import { StatementListSchema, type StatementRow } from '@wallet/contract/statement';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock.ts';
import { withdrawals } from '../../src/db/schema/withdrawals.ts';
import { openFromGame, openToGame, resolveTransfer } from '../../src/modules/game-transfers/transfer-settlement.ts';
import { house, memberWallet } from '../../src/modules/ledger/account-codes.ts';
import { LedgerService } from '../../src/modules/ledger/ledger.service.ts';
import { postOpeningBalance } from '../../src/modules/ledger/opening-balance.ts';
import { statementModule } from '../../src/modules/statement/statement.routes.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createMember, fundMember } from '../idempotency/wallet-test-module.ts';
import type { LedgerKind } from '../../src/modules/ledger/ledger-kinds.ts';

let t: TestApp;
let ledger: LedgerService;
type Member = Awaited<ReturnType<typeof createMember>>;
let alice: Member;
let bob: Member;
const transfers: Record<string, string> = {};

const statement = async (m: Member, page: number, limit: number) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/statement', headers: m.auth, payload: { page, limit } });
  expect(res.statusCode).toBe(200);
  // the route writes its answer without zod (statement.routes.ts): the contract must find nothing to strip or change
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
  t = await createTestApp({ modules: [statementModule], clock: new FakeClock(new Date()) });
  ledger = new LedgerService(t.ctx.db);
  const deps = { db: t.ctx.db, ledger, clock: t.clock };
  alice = await createMember(t);
  bob = await createMember(t);
  await fundMember(t, alice.id, 50_000n); // adjustment: a deposit from ADJUSTMENT
  await post(alice.id, 'deposit', 10_050n, house('deposit:KBANK', alice.id), { channel: 'KBANK' });
  // a paid withdrawal: listed from the withdrawals table (its ledger kind is not a statement kind)
  await post(alice.id, 'withdraw', -5_000n, house('withdraw', alice.id));
  await t.ctx.db.insert(withdrawals).values({
    id: 'W-statement-1',
    memberId: alice.id,
    amount: 5_000n,
    currency: 'THB',
    status: 'paid',
    bankCode: 'KBANK',
    bankAccountNo: '1234567890',
    bankAccountName: 'ALICE',
    payoutId: 'W-statement-1',
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  await post(alice.id, 'bonus', 2_000n, house('promotion', alice.id), { name: 'WELCOME 10%' });
  await post(bob.id, 'deposit', 99_900n, house('deposit:QR', bob.id), { channel: 'QR' });

  const open = async (
    name: string,
    direction: 'to_game' | 'from_game',
    game: string,
    minor: bigint,
    outcome: 'success' | 'failed' | null,
  ) => {
    t.clock.advance(1000);
    const input = { memberId: alice.id, currency: 'THB', game, amount: minor };
    const row = direction === 'to_game' ? await openToGame(deps, input) : await openFromGame(deps, input);
    if (outcome === 'success') await resolveTransfer(deps, row.id, { kind: 'success', providerRef: `ref-${name}` });
    if (outcome === 'failed') await resolveTransfer(deps, row.id, { kind: 'failed', reason: 'definite failure' });
    transfers[name] = row.id;
  };
  await open('toPgOk', 'to_game', 'pg', 10_000n, 'success');
  await open('toJokerFailed', 'to_game', 'joker2', 3_000n, 'failed');
  await open('toBetflixPending', 'to_game', 'betflix', 1_000n, null);
  await open('fromPgOk', 'from_game', 'pg', 4_000n, 'success');
  await open('fromPgFailed', 'from_game', 'pg', 7_700n, 'failed');
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

describe('POST /api/statement', () => {
  it('lists the caller’s ledger rows and one row per game transfer, whatever its state', async () => {
    const { total, statements } = await statement(alice, 1, 100);
    expect(total).toBe(9);
    expect(statements).toHaveLength(9);
    const byId = new Map(statements.map((s) => [s._id, s]));
    const transfer = (name: string) => byId.get(transfers[name]!);
    expect(transfer('toPgOk')).toMatchObject({
      statementType: 'transfer',
      from: 'WALLET',
      to: 'pg',
      amount: 100,
      status: 'SUCCESS',
    });
    expect(transfer('toJokerFailed')).toMatchObject({
      statementType: 'transfer',
      from: 'WALLET',
      to: 'joker2',
      amount: 30,
      status: 'FAILED',
    });
    expect(transfer('toBetflixPending')).toMatchObject({
      statementType: 'transfer',
      from: 'WALLET',
      to: 'betflix',
      amount: 10,
      status: 'PENDING',
    });
    expect(transfer('fromPgOk')).toMatchObject({
      statementType: 'transfer',
      from: 'pg',
      to: 'WALLET',
      amount: 40,
      status: 'SUCCESS',
    });
    expect(transfer('fromPgFailed')).toMatchObject({
      statementType: 'transfer',
      from: 'pg',
      to: 'WALLET',
      amount: 77,
      status: 'FAILED',
    });

    const ledgerRows = statements.filter((s) => s.statementType !== 'transfer');
    const strip = ({ _id, createdAt, ...rest }: StatementRow) => (
      expect(_id).toMatch(/^(\d+|W-statement-1)$/),
      expect(Date.parse(createdAt)).not.toBeNaN(),
      rest
    );
    expect(ledgerRows.map(strip)).toEqual([
      {
        statementType: 'bonus',
        from: 'BONUS',
        to: 'WALLET',
        amount: 20,
        status: 'SUCCESS',
        bonus: { name: 'WELCOME 10%' },
      },
      {
        statementType: 'withdraw',
        from: 'WALLET',
        to: 'BANK',
        amount: 50,
        status: 'SUCCESS',
        withdraw: { returned: false },
      },
      { statementType: 'deposit', from: 'KBANK', to: 'WALLET', amount: 100.5, status: 'SUCCESS' },
      { statementType: 'deposit', from: 'ADJUSTMENT', to: 'WALLET', amount: 500, status: 'SUCCESS' },
    ]);
  });

  it('is newest first and pages without overlap or gaps', async () => {
    const all = (await statement(alice, 1, 100)).statements;
    const times = all.map((s) => Date.parse(s.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const paged: StatementRow[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await statement(alice, page, 3);
      expect(res.total).toBe(9);
      paged.push(...res.statements);
    }
    expect(paged.map((s) => s._id)).toEqual(all.map((s) => s._id));
    expect((await statement(alice, 5, 3)).statements).toEqual([]);
  });

  it('shows a member only their own rows', async () => {
    const { total, statements } = await statement(bob, 1, 10);
    expect(total).toBe(1);
    expect(statements[0]).toMatchObject({ statementType: 'deposit', from: 'QR', to: 'WALLET', amount: 999 });
    const fresh = await createMember(t);
    expect(await statement(fresh, 1, 10)).toEqual({ total: 0, statements: [] });
  });

  it('shows the demo opening balance as a deposit from ADJUSTMENT', async () => {
    const m = await createMember(t);
    await postOpeningBalance(t.ctx.db, { id: m.id, currency: 'THB' });
    const { total, statements } = await statement(m, 1, 10);
    expect(total).toBe(1);
    expect(statements[0]).toMatchObject({
      statementType: 'deposit',
      from: 'ADJUSTMENT',
      to: 'WALLET',
      amount: 1000,
      status: 'SUCCESS',
    });
  });

  it('answers 401 without a session and 400 KEY_INVALID for a bad page', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/statement', payload: { page: 1, limit: 10 } })).statusCode,
    ).toBe(401);
    for (const payload of [{ page: 0, limit: 10 }, { page: 1, limit: 101 }, { page: 1.5, limit: 10 }, {}]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/statement', headers: alice.auth, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'KEY_INVALID' });
    }
  });
});
