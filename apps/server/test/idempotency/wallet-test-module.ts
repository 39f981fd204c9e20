import { randomUUID } from 'node:crypto';
import { members } from '../../src/db/schema/account.ts';
import { AppError } from '../../src/errors.ts';
import type { ModuleFactory } from '../../src/http/handlers.ts';
import { house, memberWallet } from '../../src/modules/ledger/account-codes.ts';
import { LedgerService } from '../../src/modules/ledger/ledger.service.ts';
import { toMinor } from '../../src/modules/ledger/money.ts';
import type { TestApp } from '../helpers/test-app.ts';
import type { LedgerKind } from '../../src/modules/ledger/ledger-kinds.ts';

/** Test switches of the module below: a gate the handler waits on, a failure to throw once. */
export type TestWalletControls = {
  /** when set, the next handler awaits it after `entered` resolves */
  gate: Promise<void> | null;
  onEnter: (() => void) | null;
  failNext: Error | null;
  calls: number;
};

export const controls = (): TestWalletControls => ({ gate: null, onEnter: null, failNext: null, calls: 0 });

/**
 * A test-only module implementing `wallet.add` (credit from house:deposit) and `wallet.withdraw` (debit to
 * house:withdraw) straight on the ledger. Each run posts under a fresh ledger key, so a double execution would
 * move money twice: only the HTTP idempotency layer can keep these at once.
 */
export const testWalletModule =
  (c: TestWalletControls): ModuleFactory =>
  (ctx) => {
    const ledger = new LedgerService(ctx.db);
    const move = async (memberId: number, currency: string, amount: number, direction: 1n | -1n, kind: string) => {
      c.calls++;
      c.onEnter?.();
      if (c.gate) await c.gate;
      if (c.failNext) {
        const err = c.failNext;
        c.failNext = null;
        throw err;
      }
      const minor = toMinor(amount);
      const { transactionId } = await ledger.post({
        kind: kind as LedgerKind,
        currency,
        memberId,
        idempotencyKey: `test:${randomUUID()}`,
        postings: [
          { account: memberWallet(memberId), amount: direction * minor },
          { account: house(kind === 'deposit' ? 'deposit:TEST' : 'withdraw', memberId), amount: -direction * minor },
        ],
      });
      return { message: `SUCCESS ${transactionId}` };
    };
    return {
      name: 'test-wallet',
      handlers: {
        'wallet.add': async ({ member, body }) => {
          if (!member) throw new AppError('invalid-token');
          return move(member.id, member.currency, body.amount, 1n, 'deposit');
        },
        'wallet.withdraw': async ({ member, body }) => {
          if (!member) throw new AppError('invalid-token');
          return move(member.id, member.currency, body.amount, -1n, 'withdraw');
        },
      },
    };
  };

let memberSeq = 0;

/** Insert a member row and open a session for it; returns the id and a bearer header. */
export async function createMember(
  t: TestApp,
  currency = 'THB',
): Promise<{ id: number; auth: { authorization: string } }> {
  memberSeq++;
  const n = String(memberSeq).padStart(8, '0');
  const [row] = await t.ctx.db
    .insert(members)
    .values({
      username: `09${n}`,
      passwordHash: 'not-a-hash',
      name: `TEST MEMBER ${memberSeq}`,
      currency,
      bankCode: 'KBANK',
      bankAccountName: 'TEST MEMBER',
      bankAccountNo: `77${n}`,
    })
    .returning({ id: members.id });
  if (!row) throw new Error('member insert failed');
  const token = await t.ctx.sessions.create(row.id);
  return { id: row.id, auth: { authorization: `Bearer ${token}` } };
}

/** Fund a member's wallet directly through the ledger. */
export async function fundMember(t: TestApp, memberId: number, minor: bigint, currency = 'THB'): Promise<void> {
  await new LedgerService(t.ctx.db).post({
    kind: 'adjustment',
    currency,
    memberId,
    idempotencyKey: `test-fund:${randomUUID()}`,
    postings: [
      { account: memberWallet(memberId), amount: minor },
      { account: house('adjustment', memberId), amount: -minor },
    ],
  });
}

export const walletBalance = (t: TestApp, memberId: number, currency = 'THB') =>
  new LedgerService(t.ctx.db).balance(memberWallet(memberId), currency);
